import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Webhook } from "standardwebhooks";
import { createApiToken } from "../../app/api/tokens.server.ts";
import { openStores } from "../../app/stores.server.ts";
import { emlFiles, orderForm, payInSandbox, waitFor } from "../support/orders.ts";
import { databaseUrlFor } from "../support/store.ts";
import { suiteServer } from "../support/suite.ts";
import { ownerReset, setUpOwner, type AdminClient } from "../support/admin.ts";

// Signed webhooks out (docs/automation.md): a local receiver checks every request with the
// Standard Webhooks reference verifier (npm `standardwebhooks`), never with the site's own code.

const SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const verifier = new Webhook(SECRET);

interface Received {
  path: string;
  id: string;
  body: string;
  /** What the reference verifier returned, or its error. */
  verified:
    | { ok: true; payload: { type: string; timestamp: string; data: Record<string, any> } }
    | { ok: false; error: string };
  answered: number;
}

/** A receiver answering from a script (500, 302, …) then 200, keeping every request it got. */
function receiver() {
  const received: Received[] = [];
  const script: number[] = [];
  let always: number | null = null;
  const server = http.createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const headers = {
        "webhook-id": String(request.headers["webhook-id"] ?? ""),
        "webhook-timestamp": String(request.headers["webhook-timestamp"] ?? ""),
        "webhook-signature": String(request.headers["webhook-signature"] ?? ""),
      };
      let verified: Received["verified"];
      try {
        verified = { ok: true, payload: verifier.verify(body, headers) as any };
      } catch (error) {
        verified = { ok: false, error: String(error) };
      }
      const status = always ?? script.shift() ?? 200;
      received.push({ path: request.url ?? "", id: headers["webhook-id"], body, verified, answered: status });
      if (status >= 300 && status < 400) response.setHeader("location", `http://127.0.0.1:${port()}/followed`);
      response.writeHead(status, { "content-type": "text/plain" });
      response.end(status === 200 ? "ok" : "no");
    });
  });
  const port = () => (server.address() as AddressInfo).port;
  return {
    received,
    /** The next answers, in order (then 200). */
    answer: (...statuses: number[]) => script.push(...statuses),
    /** Every answer from now on (null: back to the script). */
    answerAlways: (status: number | null) => (always = status),
    start: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    url: () => `http://127.0.0.1:${port()}/hook`,
  };
}

const hook = receiver();
beforeAll(() => hook.start());
afterAll(() => hook.stop());

const server = suiteServer(() => ({
  LOG_LEVEL: "silent",
  ORDER_RATE_LIMIT: "0",
  OUTBOX_POLL_MS: "100",
  AUTOMATION_WEBHOOK_URL: hook.url(),
  AUTOMATION_WEBHOOK_SECRET: SECRET,
  // Seconds instead of hours, so a test sees retries, and a pause "after a day".
  AUTOMATION_WEBHOOK_BACKOFF_MS: "50",
  AUTOMATION_WEBHOOK_MAX_BACKOFF_MS: "200",
  AUTOMATION_WEBHOOK_PAUSE_AFTER_MS: "1500",
}));

let owner: AdminClient;
beforeAll(async () => {
  owner = (
    await setUpOwner(
      server.url,
      ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
      "correct horse battery staple",
    )
  ).client;
});

async function stored() {
  return openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
}

/** A customer pays a sandbox order over HTTP; its id, read back from the store. */
async function paidOrder(email: string): Promise<string> {
  await payInSandbox(
    server.url,
    "test-workflow",
    "en",
    orderForm({ offre: "test-workflow", email, firstName: "Rosa", lastName: "Lindqvist" }),
  );
  const repo = await stored();
  try {
    return (await repo.listOrders(100)).find((order) => order.customer.email === email)!.id;
  } finally {
    await repo.close();
  }
}

const about = (orderId: string) =>
  hook.received.filter((request) => request.verified.ok && request.verified.payload.data.orderId === orderId);

describe("webhooks out", () => {
  test("a paid sandbox order sends order.paid, signed so the reference verifier accepts it, with the order and no more of the customer than the owner's notice", async () => {
    const orderId = await paidOrder("rosa.paid@example.com");
    const [request] = await waitFor(() => (about(orderId).length ? about(orderId) : false), 15_000, "order.paid");
    expect(request!.verified.ok).toBe(true);
    if (!request!.verified.ok) return;
    const { payload } = request!.verified;
    expect(payload.type).toBe("order.paid");
    expect((payload as { apiVersion?: string }).apiVersion, "the API version the event's ids open under").toBe("v1");
    expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
    expect(request!.id).toMatch(/^msg_[\w-]+$/);
    expect(payload.data).toMatchObject({
      orderId,
      offerId: "test-workflow",
      offerName: "Test workflow",
      language: "en",
      state: "paid",
      currency: "EUR",
      amountDueNow: 100,
      monthly: 0,
      customer: { firstName: "Rosa", lastName: "Lindqvist", email: "rosa.paid@example.com" },
    });
    // The readable reference rides along, and both names open the order in the API.
    expect(payload.data.reference).toMatch(/^[A-Z0-9]{1,3}-\d+$/);
    const repo = await stored();
    let secret: string;
    try {
      ({ secret } = await createApiToken(repo, "webhooks"));
    } finally {
      await repo.close();
    }
    for (const key of [orderId, payload.data.reference as string]) {
      const read = await fetch(`${server.url}/api/v1/orders/${encodeURIComponent(key)}`, {
        headers: { Authorization: `Bearer ${secret}` },
      });
      expect(read.status, key).toBe(200);
      expect(await read.json(), key).toMatchObject({ id: orderId, reference: payload.data.reference });
    }
    // The form's other answers (phone, address, company) stay out of the request.
    expect(request!.body).not.toContain("12 rue des Lilas");
    expect(request!.body).not.toContain("+33");
    // Exactly once, even though the thank-you page fulfilled it too.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(about(orderId)).toHaveLength(1);
  });

  test("a receiver answering 500 then 200 gets the same webhook-id twice; the log shows both attempts", async () => {
    hook.answer(500);
    const orderId = await paidOrder("rosa.retry@example.com");
    const requests = await waitFor(() => (about(orderId).length >= 2 ? about(orderId) : false), 15_000, "the retry");
    expect(requests.map((request) => request.answered)).toEqual([500, 200]);
    expect(requests[1]!.id).toBe(requests[0]!.id);
    const repo = await stored();
    try {
      const delivery = (await repo.listWebhookDeliveries(50)).find((row) => row.orderId === orderId)!;
      expect(delivery).toMatchObject({
        type: "order.paid",
        status: "sent",
        attempts: 2,
        lastStatus: 200,
        eventId: requests[0]!.id,
      });
      expect((await repo.listWebhookAttempts(delivery.id)).map((attempt) => attempt.statusCode)).toEqual([500, 200]);
    } finally {
      await repo.close();
    }
  });

  test("a redirect is not followed: the same request is retried at the configured URL", async () => {
    hook.answer(302);
    const orderId = await paidOrder("rosa.redirect@example.com");
    const requests = await waitFor(
      () => (about(orderId).length >= 2 ? about(orderId) : false),
      15_000,
      "the retry after a redirect",
    );
    expect(requests.map((request) => [request.path, request.answered])).toEqual([
      ["/hook", 302],
      ["/hook", 200],
    ]);
    expect(hook.received.some((request) => request.path === "/followed")).toBe(false);
  });

  test("a quote request sends quote.requested in its visitor's language, without the message", async () => {
    const posted = await fetch(`${server.url}/quote?offer=whatsapp&lang=de`, {
      method: "POST",
      body: new URLSearchParams({
        offer: "whatsapp",
        name: "Anna Schmidt",
        email: "anna.hook@example.com",
        company: "Schmidt GmbH",
        message: "Wir möchten einen WhatsApp-Agenten für Termine.",
      }),
      redirect: "manual",
      headers: { Origin: server.url },
    });
    expect(posted.status).toBe(303);
    const request = await waitFor(
      () => hook.received.find((entry) => entry.verified.ok && entry.verified.payload.type === "quote.requested"),
      15_000,
      "quote.requested",
    );
    if (!request.verified.ok) return;
    expect(request.verified.payload.data).toMatchObject({
      offerId: "whatsapp",
      language: "de",
      customer: { name: "Anna Schmidt", email: "anna.hook@example.com" },
    });
    expect(request.verified.payload.data.quoteId).toMatch(/^quo_/);
    expect(request.body).not.toContain("Termine");
    expect(request.body).not.toContain("Schmidt GmbH");
  });

  test("an endpoint failing for longer than the pause delay is paused, the owner emailed once, and nothing more is sent", async () => {
    hook.answerAlways(500);
    const orderId = await paidOrder("rosa.dead@example.com");
    const repo = await stored();
    try {
      const paused = await waitFor(
        async () => (await repo.listWebhookEndpoints()).find((endpoint) => endpoint.pausedAt),
        20_000,
        "the pause",
      );
      expect(paused.failingSince! <= paused.pausedAt!).toBe(true);
      const notices = await waitFor(
        async () => {
          const emails = (await repo.listEmails(orderId)).filter((email) =>
            email.kind.startsWith("owner-webhook-paused."),
          );
          return emails.length && emails.every((email) => email.status === "sent") ? emails : false;
        },
        15_000,
        "the owner's notice",
      );
      expect(notices).toHaveLength(1);
      expect(emlFiles(server.dataDir).filter((file) => file.includes("owner-webhook-paused"))).toHaveLength(1);
      // Paused: the worker sends nothing more until the owner resumes it.
      const attempts = about(orderId).length;
      expect(attempts).toBeGreaterThan(2);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(about(orderId).length).toBe(attempts);
      expect((await repo.listWebhookDeliveries(50)).find((row) => row.orderId === orderId)?.status).toBe("pending");
    } finally {
      await repo.close();
      hook.answerAlways(null);
    }
  });
});

describe("the back office's automation page (after the pause above)", () => {
  test("signed-in owners only; it lists the deliveries and the paused endpoint, without the secret", async () => {
    const anonymous = await fetch(`${server.url}/admin/automation`, { redirect: "manual" });
    expect([302, 303]).toContain(anonymous.status);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    const page = await owner.get("/admin/automation?lang=en");
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('<meta name="robots" content="noindex"/>');
    expect(body).toContain('data-testid="automation-paused"');
    expect(body).toContain("order.paid");
    expect(body).toContain("quote.requested");
    expect(body).not.toContain(SECRET.slice(6, 20));
  });

  test("resume sends what waited; a test event reaches the receiver, verified; a wrong retry gets a translated 400", async () => {
    hook.answerAlways(null);
    const waiting = hook.received.length;
    const resumed = await owner.post("/admin/automation?lang=en", { intent: "resume", target: "env" });
    expect(resumed.status).toBe(303);
    expect(resumed.headers.get("location")).toBe("/admin/automation?done=resume");
    await waitFor(
      () => hook.received.slice(waiting).some((request) => request.answered === 200),
      15_000,
      "the waiting delivery",
    );
    const tested = await owner.post("/admin/automation?lang=en", { intent: "test" });
    expect(tested.status).toBe(303);
    const test = await waitFor(
      // The test event is a sample of the chosen type (order.paid unless another is chosen), marked as a test.
      () =>
        hook.received.find(
          (request) => request.verified.ok && (request.verified.payload as { test?: boolean }).test === true,
        ),
      15_000,
      "the test event",
    );
    expect(test.verified.ok).toBe(true);

    // A sample of the chosen type: its real shape, made-up values, marked as a test.
    const sampled = await owner.post("/admin/automation?lang=en", { intent: "test", target: "order.refunded" });
    expect(sampled.status).toBe(303);
    const sample = await waitFor(
      () => hook.received.find((request) => request.verified.ok && request.verified.payload.type === "order.refunded"),
      15_000,
      "the sample order.refunded",
    );
    if (!sample.verified.ok) throw new Error("unverified sample");
    expect(sample.verified.payload).toMatchObject({ type: "order.refunded", apiVersion: "v1", test: true });
    expect(sample.verified.payload.data).toMatchObject({
      orderId: expect.stringMatching(/^ord_/),
      reference: expect.any(String),
      offerName: expect.any(String),
      currency: "EUR",
      customer: { email: expect.stringContaining("@") },
      refundedTotal: expect.any(Number),
      fullyRefunded: true,
    });
    expect((await owner.post("/admin/automation?lang=en", { intent: "test", target: "order.exploded" })).status).toBe(
      400,
    );

    // Any delivery can be sent again from the log, a sent one too, under the same webhook-id.
    const repo = await stored();
    let sent;
    try {
      sent = (await repo.listWebhookDeliveries(100)).find((row) => row.status === "sent" && row.type === "order.paid");
    } finally {
      await repo.close();
    }
    expect(sent).toBeTruthy();
    const log = await (await owner.get("/admin/automation?lang=en")).text();
    expect(log).toContain("Send again");
    const before = hook.received.filter((request) => request.id === sent!.eventId).length;
    const again = await owner.post("/admin/automation?lang=en", { intent: "retry", target: String(sent!.id) });
    expect(again.status).toBe(303);
    await waitFor(
      () => hook.received.filter((request) => request.id === sent!.eventId).length > before,
      15_000,
      "the sent delivery, sent again",
    );

    const wrong = await owner.post("/admin/automation?lang=de", { intent: "retry", target: "999999" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(
      JSON.parse(fs.readFileSync("locales/de/automation.json", "utf8")).errors.notFound,
    );
    const odd = await owner.post("/admin/automation?lang=en", { intent: "explode", target: "x" });
    expect(odd.status).toBe(400);
  });
});
