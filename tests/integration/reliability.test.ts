import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFlakyProxy, type FlakyProxy } from "../support/flaky-proxy.ts";
import {
  emlFiles,
  integrityCheck,
  orderForm,
  postOrder,
  readStore,
  startSmtp,
  waitFor,
  SANDBOX_PAY,
} from "../support/orders.ts";
import { freePort, startServer, tempDataDir, type RunningServer } from "../support/server.ts";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { stripeEnv, suiteFakeStripe, suiteServer } from "../support/suite.ts";

// Load and fault tests on loopback, bounded in count and time: concurrency, crashes, shutdown under
// load, replayed webhooks, SMTP and payment-provider outages.

const FAST_OUTBOX = { OUTBOX_POLL_MS: "100", OUTBOX_BACKOFF_MS: "100", OUTBOX_MAX_BACKOFF_MS: "300" };
const frOrder = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../locales/fr/order.json"), "utf8"));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

const confirmations = async (dataDir: string, orderId: string) =>
  (await readStore(dataDir)).emails.get(orderId)?.filter((row) => row.kind === "confirmation") ?? [];
/** The customer's emails of an order (the owner's notice is another file). */
const emlFor = (dataDir: string, orderId: string) =>
  emlFiles(dataDir).filter((file) => file.startsWith(orderId) && !file.includes("-owner-"));

describe("sandbox provider under load", () => {
  const server = suiteServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0", ...FAST_OUTBOX });

  test("200 concurrent order POSTs (plus 20 double submits): all answered, no 5xx, each accepted order stored once", async () => {
    const single = Array.from({ length: 200 }, (_, i) => ({
      email: `load-${i}@example.com`,
      token: `load-token-${String(i).padStart(8, "0")}`,
    }));
    const doubled = Array.from({ length: 20 }, (_, i) => ({
      email: `double-${i}@example.com`,
      token: `double-token-${String(i).padStart(8, "0")}`,
    }));
    const posts = [...single, ...doubled, ...doubled].map(({ email, token }) =>
      postOrder(server.url, "test-workflow", "en", orderForm({ email, token }), {
        headers: { Origin: server.url },
      }).then(async (res) => ({
        email,
        status: res.status,
        location: res.headers.get("location"),
        body: await res.text(),
      })),
    );
    const answers = await Promise.all(posts);
    expect(answers).toHaveLength(240);
    const fivexx = answers.filter((a) => a.status >= 500);
    expect(fivexx.map((a) => `${a.status} ${a.email}`)).toEqual([]);
    const accepted = answers.filter((a) => a.status === 303);
    // A double submit may be told "still being prepared" (409), never a second order. A request the
    // server could not read within its own time limits (server/app.ts: headers in 20 s, the whole
    // request in 30 s) is answered 408 and stores nothing: on a quiet machine none is, on one at
    // load 20 the odd one is (the visitor sends it again).
    expect(answers.filter((a) => ![303, 408, 409].includes(a.status)).map((a) => `${a.status} ${a.email}`)).toEqual([]);
    for (const a of accepted) expect(a.location).toMatch(/^\/checkout\/sandbox\/[\w-]+/);
    expect(accepted.length, "most orders placed").toBeGreaterThan(answers.length / 2);
    const placed = new Set(accepted.map((a) => a.email));

    const { orders } = await readStore(server.dataDir);
    const byEmail = new Map<string, number>();
    for (const order of orders) byEmail.set(order.customer.email, (byEmail.get(order.customer.email) ?? 0) + 1);
    for (const { email } of [...single, ...doubled])
      expect(byEmail.get(email), email).toBe(placed.has(email) ? 1 : undefined);
    expect(orders).toHaveLength(placed.size);
    expect(orders.every((order) => order.state === "checkout_created")).toBe(true);
    // Both answers to a double submit point at the same checkout.
    for (const { email } of doubled) {
      const locations = new Set(accepted.filter((a) => a.email === email).map((a) => a.location));
      expect(locations.size, email).toBe(1);
    }
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    console.log(
      `reliability: 240 concurrent POSTs → ${accepted.length} × 303, ${count(409)} × 409, ${count(408)} × 408, ${orders.length} orders stored`,
    );
  });
});

describe("with (fake) Stripe", () => {
  const stripe = suiteFakeStripe();
  let proxy: FlakyProxy;
  beforeAll(async () => {
    proxy = await startFlakyProxy(stripe.url);
  });
  afterAll(async () => {
    await proxy?.close();
  });
  // The server reaches Stripe through a proxy that can cut the line.
  const stripeViaProxy = (extra: Record<string, string> = {}) =>
    stripeEnv(stripe, { STRIPE_API_BASE: proxy.url, ...FAST_OUTBOX, ...extra });

  async function checkout(server: RunningServer, email: string, lang = "en") {
    const res = await postOrder(server.url, "test-workflow", lang, orderForm({ email }), {
      headers: { Origin: server.url },
    });
    expect(res.status, (await res.clone().text()).slice(0, 300)).toBe(303);
    const sessionId = new URL(res.headers.get("location")!).pathname.split("/").pop()!;
    const order = (await readStore(server.dataDir)).orders.find((o) => o.sessionId === sessionId)!;
    expect(order.state).toBe("checkout_created");
    return { sessionId, order };
  }

  async function webhook(server: RunningServer, type: string, sessionId: string) {
    const event = stripe.signedEvent(type, sessionId);
    const res = await fetch(`${server.url}/webhooks/stripe`, {
      method: "POST",
      body: event.body,
      headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
    });
    return { status: res.status, text: await res.text() };
  }

  test("SIGKILL between order creation and payment: restart, payment completes, one email", async () => {
    const dataDir = tempDataDir();
    let server = await startServer(stripeViaProxy({ DATA_DIR: dataDir }));
    const { sessionId, order } = await checkout(server, "crash@example.com");
    await server.kill();
    // The visitor pays on Stripe while our server is down.
    stripe.complete(sessionId);
    server = await startServer(stripeViaProxy({ DATA_DIR: dataDir }));
    try {
      // Stripe retries its webhook; the visitor comes back to the thank-you page: both fulfil.
      const [hook, page] = await Promise.all([
        webhook(server, "checkout.session.completed", sessionId),
        fetch(`${server.url}${THANK_YOU_PATHS.en}?session_id=${sessionId}`).then((r) => r.text()),
      ]);
      expect(hook.status).toBe(200);
      expect(page).toContain("crash@example.com");
      const stored = (await readStore(dataDir)).orders.find((o) => o.id === order.id)!;
      expect(stored.state).toBe("paid");
      await waitFor(
        async () => (await confirmations(dataDir, order.id)).some((row) => row.status === "sent"),
        undefined,
        "confirmation sent",
      );
    } finally {
      await server.stop();
    }
    expect(await server.stop()).toBe(0);
    // Counted once the server has stopped (its outbox pass in flight finished first): a second
    // delivery cannot still be on its way, however slow the machine.
    expect(emlFor(dataDir, order.id)).toHaveLength(1);
    expect(await confirmations(dataDir, order.id)).toHaveLength(1);
    expect(await integrityCheck(dataDir)).toBe("ok");
  });

  test("webhook replayed 10× and out of order: one paid state, one email", async () => {
    const server = await startServer(stripeViaProxy());
    try {
      const { sessionId, order } = await checkout(server, "replay@example.com");
      // An "expired" event delivered late, after the payment, must not undo it.
      stripe.complete(sessionId);
      const events = [
        ...Array.from({ length: 10 }, () => "checkout.session.completed"),
        "checkout.session.async_payment_succeeded",
        "checkout.session.expired",
        "checkout.session.async_payment_failed",
      ];
      const answers = await Promise.all(events.map((type) => webhook(server, type, sessionId)));
      expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.text}`)).toEqual([]);
      // And once more, one by one, in reverse order.
      for (const type of [...events].reverse()) expect((await webhook(server, type, sessionId)).status).toBe(200);
      // Answered at once, handled from the queue: wait until the queue holds none of them.
      await waitFor(
        async () => (await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!.state === "paid",
        undefined,
        "paid",
      );
      await waitFor(
        async () => (await confirmations(server.dataDir, order.id)).some((row) => row.status === "sent"),
        undefined,
        "confirmation sent",
      );
      expect(await server.stop()).toBe(0);
      // Read once the server has stopped (its queue passes in flight finished first): a late event
      // that undid the payment, or a second email, cannot still be on its way.
      const stored = (await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!;
      expect(stored.state).toBe("paid");
      expect(emlFor(server.dataDir, order.id)).toHaveLength(1);
      expect(await confirmations(server.dataDir, order.id)).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });

  test("SIGTERM during load: in-flight requests finish, database intact", async () => {
    const server = await startServer(stripeViaProxy());
    // Each checkout takes 700 ms at "Stripe", so the POSTs below are in flight when SIGTERM lands.
    proxy.delayMs = 700;
    const before = proxy.requests;
    try {
      const posts = Array.from({ length: 30 }, (_, i) =>
        postOrder(server.url, "test-workflow", "en", orderForm({ email: `term-${i}@example.com` }), {
          headers: { Origin: server.url },
        }).then(
          (res) => res.status,
          (error) => `error: ${String(error)}`,
        ),
      );
      await waitFor(() => proxy.requests - before >= 30, undefined, "all checkouts in flight");
      const exited = server.stop();
      const statuses = await Promise.all(posts);
      expect(await exited).toBe(0);
      expect(statuses.filter((s) => s !== 303)).toEqual([]);
      expect(await integrityCheck(server.dataDir)).toBe("ok");
      const { orders } = await readStore(server.dataDir);
      expect(orders).toHaveLength(30);
      expect(orders.every((o) => o.state === "checkout_created" && o.sessionId)).toBe(true);
    } finally {
      proxy.delayMs = 0;
      await server.stop();
    }
  });

  test("provider answering 500, then timing out: translated error, values kept, order retryable", async () => {
    const server = await startServer(stripeViaProxy());
    try {
      const form = orderForm({ email: "retry@example.com", firstName: "Rémi" });
      proxy.mode = "error";
      const failed = await postOrder(server.url, "test-workflow", "fr", form, { headers: { Origin: server.url } });
      const body = await failed.text();
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(failed.status).toBeLessThan(600);
      expect(failed.status).not.toBe(500);
      expect(body).toContain(html(frOrder.errors.paymentUrl));
      expect(body).toContain('value="Rémi"');
      expect(
        (await readStore(server.dataDir)).orders.find((o) => o.customer.email === "retry@example.com")?.state,
      ).toBe("failed");

      // A provider that never answers: the visitor still gets an answer, in bounded time.
      proxy.mode = "hang";
      const started = Date.now();
      const hung = await postOrder(server.url, "test-workflow", "fr", orderForm({ email: "retry@example.com" }), {
        headers: { Origin: server.url },
      });
      expect(await hung.text()).toContain(html(frOrder.errors.paymentUrl));
      expect(hung.status).toBe(failed.status);
      expect(Date.now() - started).toBeLessThan(25_000);

      // The provider is back: the same visitor retries and goes to checkout.
      proxy.mode = "pass";
      const token = /name="token" value="([^"]+)"/.exec(body)?.[1];
      expect(token).toBeTruthy();
      form.set("token", token!);
      const retried = await postOrder(server.url, "test-workflow", "fr", form, { headers: { Origin: server.url } });
      expect(retried.status).toBe(303);
      expect(retried.headers.get("location")).toMatch(/\/pay\/cs_test_/);
      const mine = (await readStore(server.dataDir)).orders.filter((o) => o.customer.email === "retry@example.com");
      expect(mine.filter((o) => o.state === "checkout_created")).toHaveLength(1);
    } finally {
      proxy.mode = "pass";
      await server.stop();
    }
  });
});

test("SMTP down for a while: the confirmation is delivered once when it comes back", async () => {
  const smtpPort = await freePort();
  const server = await startServer({
    LOG_LEVEL: "silent",
    ORDER_RATE_LIMIT: "0",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ...FAST_OUTBOX,
  });
  try {
    const res = await postOrder(server.url, "test-workflow", "en", orderForm({ email: "smtp-outage@example.com" }), {
      headers: { Origin: server.url },
    });
    expect(res.status).toBe(303);
    const checkoutPath = res.headers.get("location")!;
    const paid = await fetch(server.url + checkoutPath, {
      method: "POST",
      body: new URLSearchParams(SANDBOX_PAY),
      redirect: "manual",
      headers: { Origin: server.url },
    });
    expect(paid.status).toBe(303);
    expect(await (await fetch(server.url + paid.headers.get("location")!)).text()).toContain("smtp-outage@example.com");
    const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === "smtp-outage@example.com")!;
    expect(order.state).toBe("paid");
    // Nothing listens on the SMTP port: attempts fail and are retried.
    await waitFor(
      async () => ((await confirmations(server.dataDir, order.id))[0]?.attempts ?? 0) >= 2,
      undefined,
      "failed delivery attempts",
    );
    expect((await confirmations(server.dataDir, order.id))[0]!.status).toBe("pending");
    const smtp = await startSmtp(smtpPort);
    try {
      // The customer's confirmation, not merely the first message back (the owner's notice may come first).
      await waitFor(
        async () => (await confirmations(server.dataDir, order.id))[0]?.status === "sent",
        undefined,
        "delivery after SMTP is back",
      );
      // Counted once the server has stopped (its outbox pass in flight finished first): a second
      // delivery cannot still be on its way, however slow the machine.
      expect(await server.stop()).toBe(0);
      expect(smtp.messages.filter((m) => m.to.includes("smtp-outage@example.com"))).toHaveLength(1);
      expect(await confirmations(server.dataDir, order.id)).toHaveLength(1);
      expect((await confirmations(server.dataDir, order.id))[0]!.status).toBe("sent");
    } finally {
      await smtp.close();
    }
  } finally {
    await server.stop();
  }
});
