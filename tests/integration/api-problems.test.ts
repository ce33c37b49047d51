import { describe, expect, test } from "vitest";
import routes from "../../app/routes.ts";
import { createApiToken } from "../../app/api/tokens.server.ts";
import { openStores } from "../../app/stores.server.ts";
import { rawBody, rawRequest, type RawResponse } from "../support/raw-http.ts";
import { suiteServer } from "../support/suite.ts";

// Every answer under /api/ is JSON, the errors problem+json (docs/api.md): every route of
// app/routes.ts under /api/ with every method, and every way a request is refused before a route
// runs (by the Node front, or by Node's own parser), over raw HTTP against the built server.

const server = suiteServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0" });

interface RouteEntry {
  path?: string;
  children?: RouteEntry[];
}
/** Every path of app/routes.ts under /api (a route added later is checked here without anyone remembering to). */
const apiRoutes = (): string[] =>
  (routes as unknown as RouteEntry[]).flatMap((entry) =>
    entry.path === "/api" || entry.path?.startsWith("/api/") ? [entry.path] : [],
  );

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

let token: string | undefined;
async function secret(): Promise<string> {
  if (token) return token;
  const repo = await openStores({ DATA_DIR: server.dataDir });
  try {
    token = (await createApiToken(repo, "problems")).secret;
  } finally {
    await repo.close();
  }
  return token;
}

const header = (res: RawResponse, name: string) =>
  new RegExp(`^${name}: *(.*?)\\r?$`, "im").exec(res.headers)?.[1] ?? null;

/** A problem+json answer with this status (HEAD: the headers only), and its `code`. */
function expectProblem(res: RawResponse, status: number, label: string, method = "GET"): string | null {
  expect(res.status, label).toBe(status);
  expect(header(res, "content-type"), label).toBe("application/problem+json");
  if (method === "HEAD") return null;
  const body = JSON.parse(rawBody(res)) as { status: number; code: string; type: string };
  expect(body, label).toMatchObject({ status, type: "about:blank", code: expect.any(String) });
  return body.code;
}

describe("every /api/ route, every method", () => {
  test("the documented methods answer JSON; any other gets 405 problem+json with the route's own Allow", async () => {
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const auth = { Authorization: `Bearer ${await secret()}` };
    const paths = apiRoutes();
    expect(paths).toEqual(expect.arrayContaining(["/api/v1/orders", "/api/*"]));
    let checked = 0;
    for (const path of paths) {
      const documented = doc.paths[path.replace(/:(\w+)/g, "{$1}")];
      const target = path.replace(/:\w+/g, "LA-999999").replace("*", "v2/orders");
      const allowed = documented
        ? Object.keys(documented)
            .filter((key) => ["get", "post"].includes(key))
            .map((key) => key.toUpperCase())
        : [];
      if (allowed.includes("GET")) allowed.push("HEAD");
      for (const method of METHODS) {
        const label = `${method} ${target}`;
        const res = await rawRequest(server.port, {
          method,
          target,
          headers: { ...auth, ...(method === "POST" ? { "Content-Type": "application/json" } : {}) },
          body: method === "POST" ? "{}" : undefined,
        });
        checked++;
        expect(res.status, label).not.toBe(500);
        expect(header(res, "content-type") ?? "", label).toMatch(/^application\/(problem\+)?json/);
        if (!documented) {
          // Not an endpoint (another version, the catch-all): 404 whatever the method.
          expect(expectProblem(res, 404, label, method)).toSatisfy(
            (code) => code === null || code === "no_such_endpoint",
          );
        } else if (!allowed.includes(method)) {
          expectProblem(res, 405, label, method);
          expect(header(res, "allow"), label).toBe(allowed.join(", "));
        } else if (res.status >= 400) {
          expectProblem(res, res.status, label, method);
        }
      }
    }
    console.log(`${paths.length} /api/ routes × ${METHODS.length} methods: ${checked} answers, all JSON`);
  });
});

describe("refused before any route runs", () => {
  test("a bad path encoding, a chunked body, an oversized body, a cross-site post, /api/v2 and /api: problem+json", async () => {
    const auth = { Authorization: `Bearer ${await secret()}` };
    const cases: Array<{ label: string; status: number; code: string; request: Parameters<typeof rawRequest>[1] }> = [
      { label: "bad path encoding", status: 400, code: "bad_request", request: { target: "/api/v1/orders/%E0%A4%A" } },
      {
        label: "chunked body",
        status: 411,
        code: "length_required",
        request: {
          method: "POST",
          target: "/api/v1/orders/LA-1001/deliveries",
          headers: { ...auth, "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
          body: "2\r\n{}\r\n0\r\n\r\n",
          noContentLength: true,
        },
      },
      {
        label: "a body announced over 64 KB",
        status: 413,
        code: "too_large",
        request: {
          method: "POST",
          target: "/api/v1/orders/LA-1001/status",
          headers: { ...auth, "Content-Type": "application/json", "Content-Length": String(10 * 1024 * 1024) },
          body: "{}",
        },
      },
      {
        // A delivery takes files: its cap is the back office's delivery's (400 MB of files).
        label: "a delivery announced over 400 MB",
        status: 413,
        code: "too_large",
        request: {
          method: "POST",
          target: "/api/v1/orders/LA-1001/deliveries",
          headers: {
            ...auth,
            "Content-Type": "multipart/form-data; boundary=x",
            "Content-Length": String(2 * 1024 ** 3),
          },
          body: "--x--\r\n",
        },
      },
      {
        label: "a cross-site post",
        status: 403,
        code: "cross_site",
        request: {
          method: "POST",
          target: "/api/v1/orders/LA-1001/deliveries",
          headers: { ...auth, "Content-Type": "application/json", Origin: "https://evil.example" },
          body: "{}",
        },
      },
      { label: "/api/v2", status: 404, code: "no_such_endpoint", request: { target: "/api/v2/orders", headers: auth } },
      {
        label: "/api/v2 POST",
        status: 404,
        code: "no_such_endpoint",
        request: { method: "POST", target: "/api/v2/orders", headers: auth, body: "{}" },
      },
      { label: "/api", status: 404, code: "no_such_endpoint", request: { target: "/api" } },
      { label: "PUT /api/v2", status: 404, code: "no_such_endpoint", request: { method: "PUT", target: "/api/v2/x" } },
      {
        label: "an 80 KB header",
        status: 431,
        code: "headers_too_large",
        request: { target: "/api/v1/orders", headers: { ...auth, "X-Padding": "a".repeat(80 * 1024) } },
      },
      {
        label: "a malformed request line",
        status: 400,
        code: "bad_request",
        request: { target: "/api/v1/orders bogus" },
      },
    ];
    for (const { label, status, code, request } of cases) {
      const res = await rawRequest(server.port, request);
      expect(expectProblem(res, status, label), label).toBe(code);
    }
    // Pages keep their own answers: the front's text, the site's HTML.
    const page = await rawRequest(server.port, { target: "/commander/%E0%A4%A" });
    expect(page.status).toBe(400);
    expect(header(page, "content-type")).toMatch(/^text\/plain/);
    const big = await rawRequest(server.port, { target: "/", headers: { "X-Padding": "a".repeat(80 * 1024) } });
    expect(big.status).toBe(431);
    expect(header(big, "content-type")).toBeNull();
  });

  test("a body is taken as JSON only when it says application/json (not any *+json)", async () => {
    const auth = { Authorization: `Bearer ${await secret()}` };
    for (const type of [
      "application/merge-patch+json",
      "application/problem+json",
      "text/json",
      "application/x-www-form-urlencoded",
    ]) {
      const res = await rawRequest(server.port, {
        method: "POST",
        target: "/api/v1/orders/LA-999999/deliveries",
        headers: { ...auth, "Content-Type": type },
        body: '{"note":"x"}',
      });
      expect(expectProblem(res, 415, type, "POST"), type).toBe("unsupported_media_type");
    }
    const plain = await rawRequest(server.port, {
      method: "POST",
      target: "/api/v1/orders/LA-999999/deliveries",
      headers: { ...auth, "Content-Type": "application/json; charset=utf-8" },
      body: '{"note":"x"}',
    });
    expect(expectProblem(plain, 404, "application/json reaches the route", "POST")).toBe("not_found");
  });
});
