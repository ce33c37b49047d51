import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { AdminClient, ownerReset, setUpOwner, signIn } from "../support/admin.ts";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe.ts";
import { orderForm, postOrder, readStore, startSmtp, waitFor, type SmtpSink, SANDBOX_PAY } from "../support/orders.ts";
import { freePort, startServer, tempDataDir, type RunningServer } from "../support/server.ts";
import { testPostgres } from "../support/store.ts";

// Two instances of the site on one PostgreSQL, as behind a load balancer: an order placed on A is
// paid through B's pages, webhooks land on either, the rate limit is one count, the owner's
// back-office session and credentials work on both, and one instance
// is SIGKILLed under load (placing orders, then sending emails). Every order is stored once and
// every confirmation email reaches the SMTP server once.

const servers: RunningServer[] = [];
let stripe: FakeStripe;

async function start(env: Record<string, string>, dataDir = tempDataDir()) {
  const server = await startServer({
    LOG_LEVEL: "silent",
    OUTBOX_POLL_MS: "100",
    OUTBOX_BACKOFF_MS: "200",
    OUTBOX_MAX_BACKOFF_MS: "400",
    ...env,
    DATA_DIR: dataDir,
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  await stripe?.close();
});

describe("two instances, one PostgreSQL", () => {
  test("an order placed on A is paid through B's pages; the rate limit counts both; the back office is signed in on both", async () => {
    const url = await (await testPostgres()).createDatabase();
    const env = { DATABASE_URL: url, ORDER_RATE_LIMIT: "3" };
    const [a, b] = await Promise.all([start(env), start(env)]);

    const placed = await postOrder(a.url, "test-workflow", "en", orderForm({ email: "across@example.com" }));
    expect(placed.status).toBe(303);
    const checkout = placed.headers.get("location")!;
    expect(checkout).toMatch(/^\/checkout\/sandbox\//);
    const sessionId = decodeURIComponent(checkout.split("?")[0]!.split("/").pop()!);

    // B shows A's checkout and takes the payment; B's thank-you page fulfils it.
    const page = await fetch(`${b.url}${checkout}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("across@example.com");
    const pay = await fetch(`${b.url}${checkout}`, {
      method: "POST",
      body: new URLSearchParams(SANDBOX_PAY),
      redirect: "manual",
    });
    expect(pay.status).toBe(303);
    const thanks = await fetch(`${b.url}${pay.headers.get("location")}`);
    expect(thanks.status).toBe(200);
    expect(await thanks.text()).toContain("across@example.com");
    // A sees it paid too.
    const onA = await fetch(`${a.url}${THANK_YOU_PATHS.en}?session_id=${encodeURIComponent(sessionId)}`);
    expect(await onA.text()).toContain("across@example.com");
    const { orders } = await readStore(a.dataDir, url);
    expect(orders.map((o) => [o.customer.email, o.state])).toEqual([["across@example.com", "paid"]]);

    // Limit 3 per IP across the site: one order on A above, then B, A, and the fourth is refused on B.
    expect((await postOrder(b.url, "test-workflow", "en", orderForm())).status).toBe(303);
    expect((await postOrder(a.url, "test-workflow", "en", orderForm())).status).toBe(303);
    const refused = await postOrder(b.url, "test-workflow", "en", orderForm());
    expect(refused.status).toBe(429);

    // The back office: the owner set up on A is signed in on B with the same session cookie, and
    // signs in on B with the password and code saved through A.
    const password = "correct horse battery staple";
    const { client, secret } = await setUpOwner(a.url, ownerReset(a.dataDir, a.url, url), password);
    const sameSessionOnB = new AdminClient(b.url);
    sameSessionOnB.cookie = client.cookie;
    const list = await sameSessionOnB.get("/admin/orders");
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("across@example.com");
    const onB = await signIn(b.url, password, secret);
    expect((await onB.get("/admin")).status).toBe(200);
  });

  test("SIGKILL under load: every order stored once, every email sent once, webhooks to either instance", async () => {
    const url = await (await testPostgres()).createDatabase();
    // The SMTP server holds its answers until told: B is killed while one of its emails waits for
    // the 250, so it dies mid-send. A short lease lets A send what B had claimed.
    const smtp: SmtpSink = await startSmtp(await freePort(), { hold: true });
    const env = {
      DATABASE_URL: url,
      ORDER_RATE_LIMIT: "0",
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      OUTBOX_LEASE_MS: "3000",
      // One public origin for every instance, as behind one proxy in production: the checkout's
      // return URLs are part of its parameters, and the order id is its idempotency key, so an
      // order B sent to Stripe before dying is asked for again by A with the same request.
      PUBLIC_ORIGIN: "http://shop.invalid",
    };
    try {
      const a = await start(env);
      const bDir = tempDataDir();
      let b = await start(env, bDir);

      // 1. 40 orders at once, half on each; B is killed after its fifth answer.
      const visitors = Array.from({ length: 40 }, (_, i) => ({
        email: `two-${i}@example.com`,
        token: `two-instances-${String(i).padStart(8, "0")}`,
      }));
      let bAnswers = 0;
      const post = (server: RunningServer, v: (typeof visitors)[number]) =>
        postOrder(server.url, "test-workflow", "en", orderForm({ email: v.email, token: v.token }), {
          headers: { Origin: server.url },
        }).then((res) => res.status);
      const firstTry = await Promise.all(
        visitors.map((v, i) =>
          i % 2 === 0
            ? post(a, v)
            : post(b, v).then(
                (status) => {
                  if (++bAnswers === 5) void b.kill();
                  return status;
                },
                () => "dropped" as const,
              ),
        ),
      );
      expect(firstTry.filter((status) => status === "dropped").length).toBeGreaterThan(0);
      // Visitors whose request died with B post the same form again, on A, and get their checkout
      // (an order B stored but never sent to Stripe is taken over after a short wait).
      const retried = await Promise.all(visitors.map((v, i) => (firstTry[i] === "dropped" ? post(a, v) : firstTry[i])));
      expect(retried).toEqual(visitors.map(() => 303));

      const afterPlacing = (await readStore(a.dataDir, url)).orders;
      for (const v of visitors)
        expect(
          afterPlacing.filter((o) => o.submissionToken === v.token),
          v.token,
        ).toHaveLength(1);
      expect(afterPlacing).toHaveLength(40);

      // 2. B comes back; every checkout is paid and Stripe's webhooks alternate between A and B.
      b = await start(env, bDir);
      const payable = afterPlacing.filter((o) => o.sessionId);
      expect(payable).toHaveLength(40);
      for (const o of payable) stripe.complete(o.sessionId!);
      const deliver = (server: RunningServer, sessionId: string) => {
        const event = stripe.signedEvent("checkout.session.completed", sessionId);
        return fetch(`${server.url}/webhooks/stripe`, {
          method: "POST",
          body: event.body,
          headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature },
        }).then(
          (res) => res.status,
          () => 0,
        );
      };
      const statuses = await Promise.all(payable.map((o, i) => deliver(i % 2 ? b : a, o.sessionId!)));
      // Each instance sends one email at a time: two held means both are mid-send. Kill B then.
      await waitFor(() => smtp.held() >= 2, 20_000, "an email in flight from each instance");
      await b.kill();
      // Let the SMTP server see B's connection close before it answers the held messages.
      await new Promise((resolve) => setTimeout(resolve, 500));
      smtp.release();
      // Stripe retries what was not acknowledged; A is still up.
      const redelivered = await Promise.all(
        payable.map((o, i) => (statuses[i] === 200 ? 200 : deliver(a, o.sessionId!))),
      );
      expect(redelivered.every((status) => status === 200)).toBe(true);

      // 3. Every paid order's confirmation reaches the SMTP server, once (B's leases expire; A sends them).
      const received = (email: string) => smtp.messages.filter((message) => message.to.includes(email)).length;
      await waitFor(() => payable.every((o) => received(o.customer.email) >= 1), 60_000, "every confirmation");
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      for (const o of payable) expect(received(o.customer.email), o.id).toBe(1);
      const { orders, emails } = await readStore(a.dataDir, url);
      for (const o of payable) {
        expect(orders.find((stored) => stored.id === o.id)!.state).toBe("paid");
        expect(
          emails
            .get(o.id)!
            .filter((e) => e.kind === "confirmation")
            .map((e) => [e.kind, e.status]),
        ).toEqual([["confirmation", "sent"]]);
      }
    } finally {
      await smtp.close();
    }
  }, 300_000);
});
