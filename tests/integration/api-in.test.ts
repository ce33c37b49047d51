import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, test, vi } from "vitest";
import routes from "../../app/routes.ts";
import { createApiToken } from "../../app/api/tokens.server.ts";
import { openStores } from "../../app/stores.server.ts";
import { ownerReset, setUpOwner, type AdminClient } from "../support/admin.ts";
import { orderForm, payInSandbox, postOrder } from "../support/orders.ts";
import { rawBody, rawRequest } from "../support/raw-http.ts";
import { startServer, tempDataDir, type RunningServer } from "../support/server.ts";
import { testPostgres } from "../support/store.ts";
import { suiteServer } from "../support/suite.ts";

// The API in for the owner's automation (docs/api.md), over HTTP against the built server: tokens
// made and revoked in the back office, 401s, an order delivered end to end with its email queued
// once, Idempotency-Key replays and mismatches, hostile JSON on every /api/v1 route of the route
// configuration, the OpenAPI document listing every one of them, and three concurrent duplicates
// on two instances of one PostgreSQL.

vi.setConfig({ testTimeout: 240_000 });

const PASSWORD = "correct horse battery staple";
// The back office speaks OWNER_LANG (the browser's language does not move it).
const server = suiteServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0", OWNER_LANG: "en" });

interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
}
/** Every path of app/routes.ts under /api/v1 (a route added later is checked here without anyone remembering to). */
const apiRoutes = (): string[] =>
  (routes as unknown as RouteEntry[]).flatMap((entry) =>
    entry.path?.startsWith("/api/v1/") || entry.path === "/api/v1" ? [entry.path] : [],
  );

const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });

async function api(base: string, secret: string | null, pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (secret) headers.set("Authorization", `Bearer ${secret}`);
  if (init.body) headers.set("Content-Type", "application/json");
  const res = await fetch(base + pathname, { ...init, headers });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

/** The secret the automation page shows once after "Create a token". */
async function createTokenInBackOffice(client: AdminClient, name: string): Promise<string> {
  const res = await client.post(
    "/admin/automation",
    { intent: "createToken", name },
    { headers: { "Accept-Language": "en" } },
  );
  expect(res.status).toBe(200);
  const html = await res.text();
  const secret = /data-testid="token-secret"[^>]*>(la_api_[\w-]+)</.exec(html)?.[1];
  expect(secret, "the secret is shown once").toBeTruthy();
  return secret!;
}

let owner: AdminClient | undefined;
async function signedIn(): Promise<AdminClient> {
  owner ??= (await setUpOwner(server.url, ownerReset(server.dataDir, server.url), PASSWORD)).client;
  return owner;
}

/** A paid sandbox order, as a customer makes it; its readable reference. */
async function paidOrder(
  base: string,
  dataDir: string,
  email: string,
  databaseUrl?: string,
): Promise<{ id: string; reference: string }> {
  const sessionId = decodeURIComponent(await payInSandbox(base, "test-workflow", "en", orderForm({ email })));
  const repo = await openStores({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  try {
    const order = (await repo.listOrders(1000)).find((candidate) => candidate.sessionId === sessionId)!;
    expect(order.state).toBe("paid");
    return { id: order.id, reference: order.reference };
  } finally {
    await repo.close();
  }
}

async function deliveredTrail(dataDir: string, orderId: string, databaseUrl?: string) {
  const repo = await openStores({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  try {
    return {
      events: (await repo.listOrderEvents(orderId)).filter((event) => event.kind === "delivered"),
      // The one deliver function's email: "your delivery is ready", one per delivery.
      emails: (await repo.listEmails(orderId)).filter((email) => email.kind.startsWith("work-delivered.")),
      deliveries: (await repo.orderWork(orderId)).deliveries,
    };
  } finally {
    await repo.close();
  }
}

describe("tokens", () => {
  test("created in the back office (shown once, stored as a hash), listed with their last use, revoked → 401", async () => {
    const client = await signedIn();
    const secret = await createTokenInBackOffice(client, "n8n on the laptop");

    const page = await (await client.get("/admin/automation", { headers: { "Accept-Language": "en" } })).text();
    expect(page).toContain("n8n on the laptop");
    expect(page).toContain("never used");
    expect(page, "the secret is never shown again").not.toContain(secret);

    const repo = await openStores({ DATA_DIR: server.dataDir });
    try {
      const [stored] = await repo.db
        .selectFrom("api_tokens")
        .selectAll()
        .where("name", "=", "n8n on the laptop")
        .execute();
      expect(stored!.token_hash).toBe(createHash("sha256").update(secret).digest("hex"));
      expect(JSON.stringify(stored)).not.toContain(secret);
    } finally {
      await repo.close();
    }

    expect((await api(server.url, secret, "/api/v1/orders?state=to-deliver")).status).toBe(200);
    expect(await (await client.get("/admin/automation", { headers: { "Accept-Language": "en" } })).text()).toContain(
      "last used",
    );

    const tokenId = /name="target" value="(tok_[\w-]+)"/.exec(page)![1]!;
    const revoked = await client.post("/admin/automation", { intent: "revokeToken", target: tokenId });
    expect(revoked.status).toBe(303);
    const after = await api(server.url, secret, "/api/v1/orders");
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect(after.headers.get("content-type")).toBe("application/problem+json");
    expect(after.body).toMatchObject({ status: 401, code: "unauthorized" });
  });

  test("npm run owner -- token create NAME prints a working token once", async () => {
    const out = execFileSync(process.execPath, ["scripts/owner.ts", "token", "create", "cron job"], {
      env: { ...process.env, DATA_DIR: server.dataDir, PUBLIC_ORIGIN: server.url },
      encoding: "utf8",
    });
    const secret = /la_api_[\w-]+/.exec(out)?.[0];
    expect(secret).toBeTruthy();
    expect((await api(server.url, secret!, "/api/v1/quotes")).status).toBe(200);
  });

  test("no token, a wrong one or a malformed header → 401 problem+json with WWW-Authenticate: Bearer, on every route", async () => {
    const wrong = ["", "Bearer la_api_nottherightone", "Basic dXNlcjpwYXNz", "Bearer ", `Bearer ${"x".repeat(5000)}`];
    for (const target of ["/api/v1/orders", "/api/v1/orders/LA-1001", "/api/v1/quotes"]) {
      for (const authorization of wrong) {
        const res = await fetch(server.url + target, {
          headers: authorization ? { Authorization: authorization } : {},
        });
        expect(res.status, `${target} with "${authorization.slice(0, 30)}"`).toBe(401);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer /);
        expect((await res.json()) as unknown).toMatchObject({ status: 401, code: "unauthorized" });
      }
    }
    const post = await fetch(`${server.url}/api/v1/orders/LA-1001/deliveries`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(post.status).toBe(401);
    expect(post.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });
});

describe("an order delivered by the API", () => {
  test("sandbox order → listed to deliver → read by reference → delivered with a link and a note; the customer's email is queued once; Idempotency-Key replays and mismatches", async () => {
    const secret = await createTokenInBackOffice(await signedIn(), "end to end");
    const order = await paidOrder(server.url, server.dataDir, "api-e2e@example.com");

    const list = await api(server.url, secret, "/api/v1/orders?state=to-deliver");
    expect(list.status).toBe(200);
    const listed = (list.body!.orders as Array<Record<string, unknown>>).find(
      (row) => row.reference === order.reference,
    );
    expect(listed).toMatchObject({
      id: order.id,
      state: "paid",
      delivered: false,
      customer: { email: "api-e2e@example.com" },
    });
    expect(typeof listed!.due).toBe("string");

    const one = await api(server.url, secret, `/api/v1/orders/${order.reference}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ reference: order.reference, delivered: false });
    expect((await api(server.url, secret, "/api/v1/orders/LA-999999")).status).toBe(404);

    const body = JSON.stringify({ link: "https://files.example.com/result.mp4", note: "Your video is ready." });
    const headers = { "Idempotency-Key": "deliver-e2e-1" };
    const first = await api(server.url, secret, `/api/v1/orders/${order.reference}/deliveries`, {
      method: "POST",
      body,
      headers,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ reference: order.reference, delivered: true });
    // The same key and body: the first answer again, nothing done twice.
    for (let i = 0; i < 2; i++) {
      const again = await api(server.url, secret, `/api/v1/orders/${order.reference}/deliveries`, {
        method: "POST",
        body,
        headers,
      });
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
    }
    // The same key with another body: 422.
    const mismatch = await api(server.url, secret, `/api/v1/orders/${order.reference}/deliveries`, {
      method: "POST",
      body: JSON.stringify({ note: "other" }),
      headers,
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body).toMatchObject({ code: "idempotency_key_reused" });
    // Without a key (or with a new one), a second delivery is refused: already delivered.
    const twice = await api(server.url, secret, `/api/v1/orders/${order.reference}/deliveries`, {
      method: "POST",
      body,
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: "already_delivered" });

    const trail = await deliveredTrail(server.dataDir, order.id);
    expect(trail.events).toHaveLength(1);
    // A delivery record like the back office's: its link and note (the delivered event keeps the note).
    expect(trail.deliveries).toHaveLength(1);
    expect(trail.deliveries[0]!.links).toEqual([{ url: "https://files.example.com/result.mp4", label: null }]);
    expect(trail.deliveries[0]!.note).toBe("Your video is ready.");
    expect(trail.events[0]!.detail).toContain("Your video is ready.");
    expect(trail.emails).toHaveLength(1);
    expect((await api(server.url, secret, "/api/v1/orders")).body!.orders as unknown[]).not.toContainEqual(
      expect.objectContaining({ reference: order.reference }),
    );
  });

  test("the id every event names and the reference both open the order, by exact look-up: 21 look-alike unpaid orders do not hide a paid one", async () => {
    const secret = await createTokenInBackOffice(await signedIn(), "look-alikes");
    const order = await paidOrder(server.url, server.dataDir, "api-lookalike@example.com");
    // A stranger places 21 orders (never paid) whose names carry the paid order's reference: a
    // search for it, newest first and limited, would see only them.
    for (let i = 0; i < 21; i++) {
      const placed = await postOrder(
        server.url,
        "test-workflow",
        "en",
        orderForm({
          firstName: order.reference,
          lastName: `${order.reference}${i}`,
          email: `lookalike${i}@example.com`,
        }),
      );
      expect(placed.status).toBe(303);
    }
    for (const key of [order.reference, order.id, order.reference.toLowerCase()]) {
      const read = await api(server.url, secret, `/api/v1/orders/${encodeURIComponent(key)}`);
      expect(read.status, key).toBe(200);
      expect(read.body, key).toMatchObject({ id: order.id, reference: order.reference, state: "paid" });
    }
    // Near misses are not found: another prefix, a bare number, a piece of the id.
    for (const key of [`ZZ-${order.reference.split("-")[1]}`, order.reference.split("-")[1]!, order.id.slice(0, 12)]) {
      const miss = await api(server.url, secret, `/api/v1/orders/${encodeURIComponent(key)}`);
      expect(miss.status, key).toBe(404);
      expect(miss.body).toMatchObject({ code: "not_found" });
    }
    const delivered = await api(server.url, secret, `/api/v1/orders/${order.id}/deliveries`, {
      method: "POST",
      body: JSON.stringify({ note: "Delivered by id." }),
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ reference: order.reference, delivered: true });
    expect((await deliveredTrail(server.dataDir, order.id)).emails).toHaveLength(1);
  });

  test("POST …/status says the work is in progress: the answer, the order and the customer's page show it; an order not paid is refused", async () => {
    const client = await signedIn();
    const secret = await createTokenInBackOffice(client, "status");
    const order = await paidOrder(server.url, server.dataDir, "api-status@example.com");
    const detail = await (await client.get(`/admin/orders/${order.id}`)).text();
    const customerPage = new RegExp(
      `href="(${server.url}/order/[\\w.-]+\\?lang=\\w\\w)" data-testid="customer-page"`,
    ).exec(detail)?.[1];
    expect(customerPage).toBeTruthy();
    expect(await (await fetch(customerPage!)).text()).not.toContain('data-testid="order-in-progress"');

    const set = await api(server.url, secret, `/api/v1/orders/${order.id}/status`, {
      method: "POST",
      body: JSON.stringify({ status: "in_progress", note: "Filming starts today." }),
      headers: { "Idempotency-Key": "status-1" },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      id: order.id,
      workStatus: { status: "in_progress", note: "Filming starts today." },
    });
    const read = await api(server.url, secret, `/api/v1/orders/${order.reference}`);
    expect(read.body).toMatchObject({ workStatus: { status: "in_progress" }, deliveries: [], revisions: [] });
    expect(read.body!.billingAddress).toMatchObject({ address: expect.any(String), country: expect.any(String) });
    const page = await (await fetch(customerPage!)).text();
    expect(page).toContain('data-testid="order-in-progress"');
    expect(page).toContain("Filming starts today.");

    const wrong = await api(server.url, secret, `/api/v1/orders/${order.id}/status`, {
      method: "POST",
      body: JSON.stringify({ status: "done" }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: "invalid_body", issues: [{ path: "status" }] });
    expect(
      (
        await api(server.url, secret, "/api/v1/orders/LA-999999/status", {
          method: "POST",
          body: '{"status":"in_progress"}',
        })
      ).status,
    ).toBe(404);
  });

  test("quote requests are listed", async () => {
    const secret = await createTokenInBackOffice(await signedIn(), "quotes");
    const res = await api(server.url, secret, "/api/v1/quotes");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body!.quotes)).toBe(true);
  });
});

describe("protected by construction", () => {
  test("the OpenAPI 3.1 document lists every /api/v1 route of app/routes.ts", async () => {
    const res = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.keys(doc.paths);
    const served = apiRoutes().filter((path) => path !== "/api/v1/openapi.json" && path !== "/api/v1/*");
    expect(served.length).toBeGreaterThanOrEqual(4);
    for (const path of served) expect(documented, path).toContain(path.replace(/:(\w+)/g, "{$1}"));
    expect(doc.paths["/api/v1/orders/{id}/deliveries"]!.post).toBeTruthy();
  });

  test("hostile JSON at every /api/v1 route, with a valid token: a small 4xx, never a 500, the site still answers", async () => {
    const secret = await createTokenInBackOffice(await signedIn(), "hostile");
    const order = await paidOrder(server.url, server.dataDir, "api-hostile@example.com");
    const JSON_TYPE = "application/json";
    const bodies: Array<{
      label: string;
      body: string | Buffer;
      type?: string;
      extra?: Record<string, string>;
      noContentLength?: boolean;
    }> = [
      { label: "deep nesting (arrays)", body: `${"[".repeat(5_000)}${"]".repeat(5_000)}`, type: JSON_TYPE },
      { label: "deep nesting (objects)", body: `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`, type: JSON_TYPE },
      { label: "wrong types", body: JSON.stringify({ link: 42, note: { a: [1, 2] } }), type: JSON_TYPE },
      { label: "link not a URL", body: JSON.stringify({ link: "javascript:alert(1)" }), type: JSON_TYPE },
      { label: "note too long", body: JSON.stringify({ note: "n".repeat(20_000) }), type: JSON_TYPE },
      { label: "sparse array", body: '{"note":[1,,,,2]}', type: JSON_TYPE },
      { label: "huge sparse index", body: '{"note":{"99999999":1},"link":[]}', type: JSON_TYPE },
      { label: "a bare array", body: "[1,2,3]", type: JSON_TYPE },
      {
        label: "prototype keys",
        body: '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}},"note":1}',
        type: JSON_TYPE,
      },
      { label: "truncated", body: '{"note":"abc', type: JSON_TYPE },
      {
        label: "invalid UTF-8",
        body: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        type: JSON_TYPE,
      },
      { label: "a form", body: "note=x&x[99999999]=1", type: "application/x-www-form-urlencoded" },
      { label: "no content type", body: '{"note":"x"}' },
      { label: "70 KB", body: JSON.stringify({ note: "x".repeat(70_000) }), type: JSON_TYPE },
      // 10 MB announced (the first 100 KB written: the answer comes before the rest would be read).
      {
        label: "10 MB",
        body: Buffer.alloc(100 * 1024, 0x20),
        type: JSON_TYPE,
        extra: { "Content-Length": String(10 * 1024 * 1024) },
      },
      {
        label: "10 MB chunked",
        body: `${(100 * 1024).toString(16)}\r\n${"[".repeat(100 * 1024)}\r\n`,
        type: JSON_TYPE,
        extra: { "Transfer-Encoding": "chunked" },
        noContentLength: true,
      },
    ];
    const targets = apiRoutes().map((path) => path.replace(/:\w+/, order.reference).replace("*", "no-such-thing"));
    let largest = 0;
    for (const target of targets) {
      for (const { label, body, type, extra, noContentLength } of bodies) {
        const headers = { ...bearer(secret), ...(type ? { "Content-Type": type } : {}), ...extra };
        const res = await rawRequest(server.port, { method: "POST", target, body, headers, noContentLength }, 30_000);
        expect(res.status, `${label}: POST ${target}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${label}: POST ${target}`).toBeLessThan(500);
        largest = Math.max(largest, res.body.length);
        expect(res.body.length, `${label}: POST ${target} answer size`).toBeLessThan(2_000);
        // Refused inside the app: a problem+json (the Node front refuses an oversized or unframed body before, in one line of text).
        if (res.status !== 413 && res.status !== 411)
          expect(res.headers, `${label}: POST ${target}`).toMatch(/^content-type: application\/problem\+json\r?$/im);
      }
      expect((await fetch(`${server.url}/healthz`)).status, `after ${target}`).toBe(200);
    }
    // Nothing hostile delivered the order.
    expect((await deliveredTrail(server.dataDir, order.id)).events).toHaveLength(0);
    const deliveries = `/api/v1/orders/${order.reference}/deliveries`;
    const invalid = await api(server.url, secret, deliveries, { method: "POST", body: JSON.stringify({ link: 42 }) });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: "invalid_body", issues: [{ path: "link" }] });
    console.log(`hostile JSON: ${targets.length} routes × ${bodies.length} bodies; largest answer ${largest} B`);
  });
});

describe("a delivery with files (multipart)", () => {
  const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  const OTHER_PDF = Buffer.concat([PDF, Buffer.from("% another version\n")]);
  // A Windows executable's header, sent as "final.pdf" with the type application/pdf.
  const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(2000, 0x90)]);
  const storedFiles = (orderId: string) => {
    const dir = path.join(server.dataDir, "files", "orders", orderId);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const form = (fields: Record<string, string>, files: Array<[string, Buffer, string]> = []) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    for (const [name, bytes, type] of files) data.append("files", new Blob([new Uint8Array(bytes)], { type }), name);
    return data;
  };
  const post = async (secret: string, target: string, body: FormData, headers: Record<string, string> = {}) => {
    const res = await fetch(server.url + target, { method: "POST", body, headers: { ...bearer(secret), ...headers } });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Record<string, unknown> };
  };

  test("odd multipart bodies get a JSON problem 4xx, never a 500, and store nothing; then a file and a labelled link are delivered once, a replay stores nothing, another file under the same key is 422", async () => {
    const secret = await createTokenInBackOffice(await signedIn(), "multipart");
    const order = await paidOrder(server.url, server.dataDir, "api-multipart@example.com");
    const target = `/api/v1/orders/${order.reference}/deliveries`;
    const boundary = "----hostile0123";
    const multipart = (parts: string, type = `multipart/form-data; boundary=${boundary}`) => ({
      body: Buffer.from(parts),
      headers: { ...bearer(secret), "Content-Type": type },
    });
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const cases: Array<{
      label: string;
      body: Buffer;
      headers: Record<string, string>;
      status: number;
      code?: string;
    }> = [
      { label: "no boundary", ...multipart(part("note", "x"), "multipart/form-data"), status: 400 },
      { label: "cut short", ...multipart(`${part("note", "x")}--${boundary}\r\nContent-Disp`), status: 400 },
      { label: "no parts at all", ...multipart(`--${boundary}--\r\n`), status: 400 },
      {
        label: "an empty link and note",
        ...multipart(`${part("link", "")}${part("note", "  ")}--${boundary}--\r\n`),
        status: 400,
        code: "empty",
      },
      {
        label: "a part without a name, a file part without a file name",
        ...multipart(
          `--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"\r\nContent-Type: application/pdf\r\n\r\n\r\n--${boundary}--\r\n`,
        ),
        status: 400,
      },
      {
        label: "5,000 fields",
        ...multipart(`${Array.from({ length: 5_000 }, (_, i) => part(`f${i}`, "1")).join("")}--${boundary}--\r\n`),
        status: 413,
        code: "too_large",
      },
      {
        label: "a 300-character field name",
        ...multipart(`${part("n".repeat(300), "1")}--${boundary}--\r\n`),
        status: 400,
      },
      {
        label: "links that are not JSON",
        ...multipart(`${part("links", "[{url: nope")}--${boundary}--\r\n`),
        status: 400,
        code: "invalid_body",
      },
      {
        label: "a javascript: link",
        ...multipart(`${part("link", "javascript:alert(1)")}--${boundary}--\r\n`),
        status: 400,
        code: "invalid_body",
      },
      {
        label: "links nested 5,000 deep",
        ...multipart(`${part("links", `${"[".repeat(5_000)}${"]".repeat(5_000)}`)}--${boundary}--\r\n`),
        status: 400,
      },
      {
        label: "an executable named final.pdf",
        ...multipart(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="final.pdf"\r\nContent-Type: application/pdf\r\n\r\n${EXE.toString("latin1")}\r\n--${boundary}--\r\n`,
        ),
        status: 415,
        code: "unsupported_file_type",
      },
      {
        label: "six files",
        ...multipart(
          `${Array.from(
            { length: 6 },
            (_, i) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="f${i}.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF.toString("latin1")}\r\n`,
          ).join("")}--${boundary}--\r\n`,
        ),
        status: 413,
        code: "too_many_files",
      },
      {
        label: "2 GB announced",
        body: Buffer.from(part("note", "x")),
        headers: {
          ...bearer(secret),
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(2 * 1024 ** 3),
        },
        status: 413,
      },
    ];
    for (const { label, body, headers, status, code } of cases) {
      const res = await rawRequest(server.port, { method: "POST", target, body, headers }, 30_000);
      expect(res.status, label).toBe(status);
      expect(res.headers, label).toMatch(/^content-type: application\/problem\+json\r?$/im);
      const problem = JSON.parse(rawBody(res)) as { status: number; code: string };
      expect(problem.status, label).toBe(status);
      if (code) expect(problem.code, label).toBe(code);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(storedFiles(order.id), "nothing stored").toEqual([]);
    expect((await deliveredTrail(server.dataDir, order.id)).deliveries).toHaveLength(0);

    // A file, a labelled link (as JSON in `links`) and a note, under an Idempotency-Key.
    const key = { "Idempotency-Key": "multipart-1" };
    const fields = {
      links: JSON.stringify([{ url: "https://files.example.com/cut.mp4", label: "The final cut" }]),
      note: "Here it is.",
    };
    const first = await post(secret, target, form(fields, [["final.pdf", PDF, "application/pdf"]]), key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ reference: order.reference, delivered: true });
    expect(storedFiles(order.id)).toHaveLength(1);
    const replay = await post(secret, target, form(fields, [["final.pdf", PDF, "application/pdf"]]), key);
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const otherFile = await post(secret, target, form(fields, [["final.pdf", OTHER_PDF, "application/pdf"]]), key);
    expect(otherFile.status).toBe(422);
    expect(otherFile.body).toMatchObject({ code: "idempotency_key_reused" });
    // Without the key: already delivered (a one-off order has one delivery), its file not kept.
    const twice = await post(secret, target, form(fields, [["final.pdf", PDF, "application/pdf"]]));
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: "already_delivered" });
    expect(storedFiles(order.id), "one file, whatever was posted after").toHaveLength(1);
    const trail = await deliveredTrail(server.dataDir, order.id);
    expect(trail.deliveries).toHaveLength(1);
    expect(trail.deliveries[0]!.links).toEqual([{ url: "https://files.example.com/cut.mp4", label: "The final cut" }]);
    expect(trail.emails).toHaveLength(1);
    const read = await api(server.url, secret, `/api/v1/orders/${order.id}`);
    expect(read.body).toMatchObject({
      deliveries: [{ files: [{ name: "final.pdf", contentType: "application/pdf", size: PDF.length }] }],
    });
  });
});

describe("limits that protect the owner", () => {
  test("40 wrong tokens from one address do not stop a valid token from the same address; the wrong ones get 429", async () => {
    const secret = await createTokenInBackOffice(await signedIn(), "shared egress");
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await api(server.url, `la_api_wrong${i}`, "/api/v1/orders")).status);
    expect(statuses.slice(0, 20).every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.at(-1), "the address's wrong guesses are limited").toBe(429);
    const valid = await api(server.url, secret, "/api/v1/orders");
    expect(valid.status, "the valid token is never refused for its address").toBe(200);
    expect((await api(server.url, secret, "/api/v1/quotes")).status).toBe(200);
  });
});

describe("two instances, one PostgreSQL", () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((running) => running.kill()));
  });

  test("the same Idempotency-Key posted three times at once across two instances: one delivery, one email, three identical answers", async () => {
    const url = await (await testPostgres()).createDatabase();
    const env = { LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0", DATABASE_URL: url };
    const dataDir = tempDataDir();
    const [a, b] = await Promise.all([
      startServer({ ...env, DATA_DIR: dataDir }),
      startServer({ ...env, DATA_DIR: tempDataDir() }),
    ]);
    servers.push(a!, b!);
    const order = await paidOrder(a!.url, dataDir, "api-twins@example.com", url);
    const repo = await openStores({ DATA_DIR: dataDir, DATABASE_URL: url });
    let secret: string;
    try {
      ({ secret } = await createApiToken(repo, "n8n"));
    } finally {
      await repo.close();
    }
    const body = JSON.stringify({ note: "Done, enjoy." });
    const answers = await Promise.all(
      [a!, b!, a!].map((instance) =>
        api(instance.url, secret, `/api/v1/orders/${order.reference}/deliveries`, {
          method: "POST",
          body,
          headers: { "Idempotency-Key": "twins-1" },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    const trail = await deliveredTrail(dataDir, order.id, url);
    expect(trail.events).toHaveLength(1);
    expect(trail.emails).toHaveLength(1);
  });
});
