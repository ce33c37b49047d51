import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { orderForm, postOrder, readStore, waitFor } from "../support/orders.ts";
import { startServer, tempDataDir, type RunningServer } from "../support/server.ts";
import { deliverHandled } from "../support/stripe-webhooks.ts";
import { stripeEnv, suiteFakeStripe, suiteServer } from "../support/suite.ts";

// Payments against a fake Stripe, session ids kept out of the log; one logger, a request id on
// every line, personal data redacted.

const root = path.resolve(import.meta.dirname, "../..");
const stripe = suiteFakeStripe();
// These tests read the log: info unless a test says otherwise.
const stripeInfoEnv = (extra: Record<string, string> = {}) => stripeEnv(stripe, { LOG_LEVEL: "info", ...extra });

async function checkout(server: RunningServer, email: string) {
  const res = await postOrder(server.url, "test-workflow", "en", orderForm({ email }), {
    headers: { Origin: server.url },
  });
  expect(res.status).toBe(303);
  const sessionId = new URL(res.headers.get("location")!).pathname.split("/").pop()!;
  return { sessionId, order: (await readStore(server.dataDir)).orders.find((o) => o.sessionId === sessionId)! };
}

const logLines = (server: RunningServer) =>
  server
    .logs()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("thank-you look-ups, amounts and logs", () => {
  const server = suiteServer(() => stripeInfoEnv());

  test("100 random session ids on the thank-you page cost no Stripe call; ours are looked up, at a bounded rate per IP", async () => {
    const server = await startServer(stripeInfoEnv({ LOOKUP_RATE_LIMIT: "5", LOG_LEVEL: "silent" }));
    try {
      await lookups(server);
    } finally {
      await server.stop();
    }
  });

  async function lookups(server: RunningServer) {
    const before = stripe.retrieveRequests;
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${server.url}${THANK_YOU_PATHS.en}?session_id=cs_test_random${i}x${Date.now()}`);
      expect(res.status).toBeLessThan(500);
      await res.arrayBuffer();
    }
    expect(stripe.retrieveRequests - before).toBe(0);

    const { sessionId } = await checkout(server, "lookup@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${server.url}${THANK_YOU_PATHS.en}?session_id=${sessionId}`);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(stripe.retrieveRequests - before).toBe(5);
  }

  test("a paid session whose amount differs from the order is not marked paid, and says so in the log", async () => {
    const { sessionId, order } = await checkout(server, "tampered@example.com");
    stripe.sessions.get(sessionId)!.amount_total = 1;
    stripe.complete(sessionId);
    const event = stripe.signedEvent("checkout.session.completed", sessionId);
    const hook = await fetch(`${server.url}/webhooks/stripe`, {
      method: "POST",
      body: event.body,
      headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
    });
    expect(hook.status).toBe(200);
    expect((await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!.state).toBe("checkout_created");
    const currency = await checkout(server, "currency@example.com");
    stripe.sessions.get(currency.sessionId)!.currency = "usd";
    stripe.complete(currency.sessionId);
    const page = await fetch(`${server.url}${THANK_YOU_PATHS.en}?session_id=${currency.sessionId}`);
    expect(await page.text()).not.toContain("currency@example.com");
    expect((await readStore(server.dataDir)).orders.find((o) => o.id === currency.order.id)!.state).toBe(
      "checkout_created",
    );
    await waitFor(
      () =>
        logLines(server).filter((line) => line.level === "error" && /amount or currency/.test(String(line.msg)))
          .length >= 2,
      5_000,
      "mismatch errors logged",
    );
  });

  test("a 70 KB signed event (an invoice with many lines, long metadata) is taken, not refused with 413", async () => {
    const { sessionId, order } = await checkout(server, "big.event@example.com");
    stripe.complete(sessionId);
    // Stripe's events carry whole objects: a session with a hundred line items passes 64 KB. A 413
    // is retried by Stripe for days, then the endpoint is disabled.
    const session = stripe.sessions.get(sessionId)! as unknown as Record<string, unknown>;
    session.line_items = {
      object: "list",
      data: Array.from({ length: 100 }, (_, i) => ({ id: `li_${i}`, description: `line ${i} ${"d".repeat(680)}` })),
    };
    const event = stripe.signedEvent("checkout.session.completed", sessionId);
    expect(Buffer.byteLength(event.body)).toBeGreaterThan(70_000);
    const answer = await deliverHandled(server, event);
    expect(answer.status).toBe(200);
    expect((await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!.state).toBe("paid");
    // Larger than any event Stripe sends is still refused before it is read.
    const huge = await fetch(`${server.url}/webhooks/stripe`, {
      method: "POST",
      body: "x".repeat(2 * 1024 * 1024),
      headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
    });
    expect(huge.status).toBe(413);
  });

  test("one logger: JSON lines with the request id on the app's own lines too; no session ids or personal data", async () => {
    const { sessionId } = await checkout(server, "private.person@example.com");
    stripe.complete(sessionId);
    const res = await fetch(`${server.url}${THANK_YOU_PATHS.en}?session_id=${sessionId}&attempt=0`);
    expect(await res.text()).toContain("private.person@example.com");
    const requestId = res.headers.get("x-request-id")!;
    await waitFor(
      () => logLines(server).some((line) => line.reqId === requestId && line.msg === "request"),
      5_000,
      "request line",
    );
    const raw = server.logs();
    for (const line of raw.split("\n").filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
    expect(raw).not.toContain(sessionId);
    expect(raw).not.toContain("private.person@example.com");
    expect(raw).not.toContain("tampered@example.com");
    const request = logLines(server).find((line) => line.reqId === requestId && line.msg === "request")!;
    expect(request.path).toMatch(/session_id=\[redacted\]/);
    // The app's own line (the mismatch error above) carries the id of the request that caused it.
    const appLines = logLines(server).filter((line) => line.msg !== "request" && line.reqId);
    expect(appLines.length).toBeGreaterThan(0);
    const requestIds = new Set(
      logLines(server)
        .filter((line) => line.msg === "request")
        .map((line) => line.reqId),
    );
    for (const line of appLines) expect(requestIds.has(line.reqId), JSON.stringify(line)).toBe(true);
  });
});

describe("an order killed between storing it and storing its checkout", () => {
  // One public origin for the killed server and the one after it, as in production: the return
  // URLs are part of the checkout parameters, and Stripe refuses a retried idempotency key whose
  // parameters differ (the fake does too).
  const PUBLIC_ORIGIN = "http://shop.invalid";
  async function killDuringCheckout(dataDir: string, email: string, token: string) {
    const server = await startServer(stripeInfoEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", PUBLIC_ORIGIN }));
    stripe.hangCreate = true;
    const before = stripe.createRequests;
    const pending = postOrder(server.url, "test-workflow", "en", orderForm({ email, token }), {
      headers: { Origin: server.url },
    }).catch((error) => error);
    try {
      await waitFor(() => stripe.createRequests > before, 10_000, "checkout creation in flight");
      const order = (await readStore(dataDir)).orders.find((o) => o.customer.email === email)!;
      expect(order.state).toBe("pending");
      await server.kill();
      await pending;
      return order;
    } finally {
      stripe.hangCreate = false;
    }
  }

  test("the visitor's retry with the same form token goes to checkout (same idempotency key), no 409 loop", async () => {
    const dataDir = tempDataDir();
    const order = await killDuringCheckout(dataDir, "killed@example.com", "killed-token-0000000001");
    const server = await startServer(stripeInfoEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", PUBLIC_ORIGIN }));
    try {
      const started = Date.now();
      const retried = await postOrder(
        server.url,
        "test-workflow",
        "en",
        orderForm({ email: "killed@example.com", token: "killed-token-0000000001" }),
        {
          headers: { Origin: server.url },
        },
      );
      expect(retried.status, JSON.stringify(stripe.refusals)).toBe(303);
      expect(retried.headers.get("location")).toMatch(/\/pay\/cs_test_/);
      // Taken over once the order is a few seconds stale, not after a fixed 10 s wait.
      expect(Date.now() - started).toBeLessThan(9_000);
      const stored = (await readStore(dataDir)).orders.filter((o) => o.customer.email === "killed@example.com");
      expect(stored).toHaveLength(1);
      expect(stored[0]!.state).toBe("checkout_created");
      expect([...stripe.sessions.values()].filter((s) => s.idempotencyKey === order.id)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  test("with no visitor coming back, the reconciler settles it at start-up; npm run orders shows it", async () => {
    const dataDir = tempDataDir();
    const order = await killDuringCheckout(dataDir, "abandoned@example.com", "abandoned-token-00000001");
    // Older than the few seconds a live request may still need.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const server = await startServer(stripeInfoEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", PUBLIC_ORIGIN }));
    try {
      await waitFor(
        async () => (await readStore(dataDir)).orders.find((o) => o.id === order.id)?.state === "checkout_created",
        10_000,
        "reconciled order",
      );
      const listing = spawnSync(process.execPath, ["scripts/orders.ts"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
      });
      expect(listing.stdout).toMatch(new RegExp(`${order.id}\\s+checkout_created`));
    } finally {
      await server.stop();
    }
  });
});
