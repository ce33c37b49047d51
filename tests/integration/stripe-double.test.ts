import fs from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import { afterEach, describe, expect, test, vi } from "vitest";
import { checkoutRequest } from "../../app/orders/checkout-request.server.ts";
import type { Order } from "../../app/orders/types.ts";
import { createStripeClient, StripeProvider } from "../../app/payments/stripe-provider.server.ts";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { startFakeStripe } from "../support/fake-stripe.ts";
import { orderForm, postOrder, readStore, waitFor } from "../support/orders.ts";
import { suiteFakeStripe, suiteStripeShop } from "../support/suite.ts";
import { handledEntry, postEvent } from "../support/stripe-webhooks.ts";
import { testCustomer } from "../support/order-fixtures.ts";

/**
 * The fake Stripe refuses what Stripe refuses (tests/support/fake-stripe-rules.md lists each rule
 * with its documentation page), and the site stays within those rules: retries across midnight,
 * webhooks answered while Stripe is slow, thin payloads named, Stripe Tax, delayed payments.
 */
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** What the real Stripe client threw for a refused request: status, error type, code and parameter. */
async function refusal(request: Promise<unknown>) {
  try {
    await request;
  } catch (error) {
    const e = error as Stripe.errors.StripeError;
    return {
      status: e.statusCode,
      type: e.type === "StripeIdempotencyError" ? "idempotency_error" : e.rawType,
      code: e.code,
      param: e.param,
    };
  }
  throw new Error("expected a refusal");
}

describe("the double refuses what Stripe refuses", () => {
  const fake = suiteFakeStripe();
  const client = () => createStripeClient({ secretKey: fake.secretKey, apiBase: fake.url });
  const base: Stripe.Checkout.SessionCreateParams = {
    mode: "payment",
    line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 100, product_data: { name: "Test" } } }],
    success_url: "https://shop.example/merci?session_id={CHECKOUT_SESSION_ID}",
  };

  test("an idempotency key reused with other parameters is refused; the same request is replayed; keys are forgotten after 24 hours", async () => {
    const stripe = client();
    const first = await stripe.checkout.sessions.create(base, { idempotencyKey: "ord_same" });
    expect((await stripe.checkout.sessions.create(base, { idempotencyKey: "ord_same" })).id).toBe(first.id);
    expect(
      await refusal(stripe.checkout.sessions.create({ ...base, locale: "fr" }, { idempotencyKey: "ord_same" })),
    ).toMatchObject({ status: 400, type: "idempotency_error" });
    fake.clockOffset += 24 * 60 * 60 + 1;
    try {
      expect(
        (await stripe.checkout.sessions.create({ ...base, locale: "fr" }, { idempotencyKey: "ord_same" })).id,
      ).not.toBe(first.id);
    } finally {
      fake.clockOffset = 0;
    }
  });

  test("mode-only parameters in the wrong mode, a subscription without a recurring price, an unknown locale, too small an amount, no line items", async () => {
    const stripe = client();
    const monthly: Stripe.Checkout.SessionCreateParams.LineItem = {
      quantity: 1,
      price_data: {
        currency: "eur",
        unit_amount: 3_900,
        recurring: { interval: "month" },
        product_data: { name: "M" },
      },
    };
    const cases: Array<[Stripe.Checkout.SessionCreateParams, Record<string, unknown>]> = [
      [
        { ...base, mode: "subscription", line_items: [monthly], customer_creation: "always" },
        { param: "customer_creation" },
      ],
      [
        { ...base, mode: "subscription", line_items: [monthly], invoice_creation: { enabled: true } },
        { param: "invoice_creation" },
      ],
      [
        { ...base, mode: "subscription", line_items: [monthly], payment_intent_data: { metadata: { a: "b" } } },
        { param: "payment_intent_data" },
      ],
      [{ ...base, subscription_data: { metadata: { a: "b" } } }, { param: "subscription_data" }],
      [{ ...base, mode: "subscription" }, { param: "line_items" }],
      [{ ...base, line_items: [monthly] }, { param: "line_items[0][price_data][recurring]" }],
      [{ ...base, locale: "xx" as Stripe.Checkout.SessionCreateParams.Locale }, { param: "locale" }],
      [
        {
          ...base,
          line_items: [{ quantity: 1, price_data: { currency: "eur", unit_amount: 20, product_data: { name: "T" } } }],
        },
        { code: "amount_too_small" },
      ],
      [
        { ...base, line_items: [] },
        { param: "line_items", code: "parameter_missing" },
      ],
    ];
    for (const [params, expected] of cases) {
      expect(await refusal(client().checkout.sessions.create(params)), JSON.stringify(params)).toMatchObject({
        status: 400,
        type: "invalid_request_error",
        ...expected,
      });
    }
    expect(fake.refusals.length).toBeGreaterThanOrEqual(cases.length);
    // And what Stripe accepts, it accepts: a subscription with a setup fee and a trial.
    const ok = await stripe.checkout.sessions.create({
      ...base,
      mode: "subscription",
      line_items: [monthly, ...base.line_items!],
      subscription_data: { trial_period_days: 30 },
    });
    expect(ok.amount_total).toBe(100);
  });

  test("Billing Portal: an unknown customer is resource_missing; without a portal configuration Stripe refuses the session", async () => {
    expect(
      await refusal(
        client().billingPortal.sessions.create({ customer: "cus_nobody", return_url: "https://shop.example/" }),
      ),
    ).toMatchObject({ status: 400, code: "resource_missing", param: "customer" });
    const fresh = await startFakeStripe();
    try {
      const stripe = createStripeClient({ secretKey: fresh.secretKey, apiBase: fresh.url });
      const session = await stripe.checkout.sessions.create({ ...base, customer_creation: "always" });
      fresh.complete(session.id);
      const customer = fresh.sessions.get(session.id)!.customer!;
      expect(
        await refusal(stripe.billingPortal.sessions.create({ customer, return_url: "https://shop.example/" })),
      ).toMatchObject({ status: 400, type: "invalid_request_error" });
      fresh.configurePortal();
      expect(
        (await stripe.billingPortal.sessions.create({ customer, return_url: "https://shop.example/", locale: "it" }))
          .url,
      ).toMatch(/\/portal\/bps_/);
    } finally {
      await fresh.close();
    }
  });

  test("responses carry ids, not objects (no expand); a delayed (SEPA-like) session creates its customer and an incomplete subscription at once", async () => {
    const stripe = client();
    const created = await stripe.checkout.sessions.create({
      ...base,
      mode: "subscription",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "eur",
            unit_amount: 3_900,
            recurring: { interval: "month" },
            product_data: { name: "M" },
          },
        },
      ],
    });
    fake.complete(created.id, "unpaid");
    const session = await stripe.checkout.sessions.retrieve(created.id);
    expect(session.status).toBe("complete");
    expect(session.payment_status).toBe("unpaid");
    expect(typeof session.customer).toBe("string");
    expect(typeof session.subscription).toBe("string");
    expect((await stripe.subscriptions.retrieve(session.subscription as string)).status).toBe("incomplete");
    fake.settleDelayed(created.id, true);
    expect((await stripe.subscriptions.retrieve(session.subscription as string)).status).toBe("active");
  });
});

describe("refunds and subscription changes, as Stripe answers them", () => {
  const fake = suiteFakeStripe();
  const client = () => createStripeClient({ secretKey: fake.secretKey, apiBase: fake.url });
  /** A paid one-time session (its PaymentIntent on the session) and a paid subscription session. */
  async function paid(mode: "payment" | "subscription") {
    const stripe = client();
    const recurring = mode === "subscription" ? { recurring: { interval: "month" as const } } : {};
    const session = await stripe.checkout.sessions.create({
      mode,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "eur", unit_amount: 10_000, product_data: { name: "Test" }, ...recurring },
        },
      ],
      success_url: "https://shop.example/merci?session_id={CHECKOUT_SESSION_ID}",
      ...(mode === "payment" ? { customer_creation: "always" as const } : {}),
    });
    fake.complete(session.id);
    return { stripe, session: await stripe.checkout.sessions.retrieve(session.id) };
  }

  test("refunds: by PaymentIntent, partial then the rest; more than is left is amount_too_large, a refunded charge charge_already_refunded; a key replays the same refund, other parameters under it are refused; events follow", async () => {
    const { stripe, session } = await paid("payment");
    const paymentIntent = session.payment_intent as string;
    expect(paymentIntent).toMatch(/^pi_/);
    const sent = fake.sent.length;
    const first = await stripe.refunds.create(
      { payment_intent: paymentIntent, amount: 4_000, reason: "requested_by_customer" },
      { idempotencyKey: "refund-a" },
    );
    expect(first).toMatchObject({
      object: "refund",
      amount: 4_000,
      status: "succeeded",
      payment_intent: paymentIntent,
    });
    expect(
      (
        await stripe.refunds.create(
          { payment_intent: paymentIntent, amount: 4_000, reason: "requested_by_customer" },
          { idempotencyKey: "refund-a" },
        )
      ).id,
    ).toBe(first.id);
    expect(
      await refusal(
        stripe.refunds.create(
          { payment_intent: paymentIntent, amount: 5_000, reason: "requested_by_customer" },
          { idempotencyKey: "refund-a" },
        ),
      ),
    ).toMatchObject({ status: 400, type: "idempotency_error" });
    expect(fake.charges.get(first.charge as string)!.amount_refunded).toBe(4_000);
    expect(await refusal(stripe.refunds.create({ payment_intent: paymentIntent, amount: 6_001 }))).toMatchObject({
      status: 400,
      code: "amount_too_large",
      param: "amount",
    });
    expect(await refusal(stripe.refunds.create({ payment_intent: paymentIntent, amount: 0 }))).toMatchObject({
      status: 400,
      param: "amount",
    });
    expect(
      await refusal(stripe.refunds.create({ payment_intent: paymentIntent, reason: "because" as "duplicate" })),
    ).toMatchObject({ status: 400, param: "reason" });
    expect(await refusal(stripe.refunds.create({ payment_intent: "pi_unknown" }))).toMatchObject({
      status: 400,
      code: "resource_missing",
      param: "payment_intent",
    });
    // Without an amount: what is left.
    expect((await stripe.refunds.create({ payment_intent: paymentIntent })).amount).toBe(6_000);
    expect(fake.charges.get(first.charge as string)).toMatchObject({ amount_refunded: 10_000, refunded: true });
    expect(await refusal(stripe.refunds.create({ payment_intent: paymentIntent, amount: 1 }))).toMatchObject({
      status: 400,
      code: "charge_already_refunded",
    });
    expect(fake.refunds.size).toBe(2);
    expect(fake.sent.slice(sent).map((event) => event.type)).toEqual([
      "charge.refunded",
      "refund.created",
      "charge.refunded",
      "refund.created",
    ]);
    const last = JSON.parse(fake.sent.at(-2)!.body).data.object;
    expect(last).toMatchObject({ object: "charge", amount_refunded: 10_000, refunded: true });
  });

  test("a subscription's first payment is found through its invoice's payments (only when expanded); cancel at period end, then cancel; a canceled subscription refuses both", async () => {
    const { stripe, session } = await paid("subscription");
    expect(session.payment_intent).toBeNull();
    const invoiceId = session.invoice as string;
    expect((await stripe.invoices.retrieve(invoiceId)).payments).toBeUndefined();
    const expanded = await stripe.invoices.retrieve(invoiceId, { expand: ["payments"] });
    expect(expanded.payments!.data[0]!.payment.payment_intent).toBe(fake.chargeOf(session.id)!.payment_intent);

    const subscriptionId = session.subscription as string;
    const sent = fake.sent.length;
    const updated = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ cancel_at_period_end: true, status: "active" });
    expect(updated.cancel_at).toBe(updated.items.data[0]!.current_period_end);
    const cancelled = await stripe.subscriptions.cancel(subscriptionId);
    expect(cancelled.status).toBe("canceled");
    expect(fake.sent.slice(sent).map((event) => event.type)).toEqual([
      "customer.subscription.updated",
      "customer.subscription.deleted",
    ]);
    expect(await refusal(stripe.subscriptions.cancel(subscriptionId))).toMatchObject({ status: 400 });
    expect(await refusal(stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }))).toMatchObject({
      status: 400,
    });
    expect((await stripe.subscriptions.update(subscriptionId, { metadata: { note: "kept" } })).metadata).toMatchObject({
      note: "kept",
    });
  });

  test("the site's adapter: a refund Stripe refuses for being too much is 'tooMuch', a cancelled subscription 'alreadyCancelled'", async () => {
    const { session } = await paid("payment");
    const provider = new StripeProvider({ secretKey: fake.secretKey, apiBase: fake.url });
    expect(
      await provider.refund({
        sessionId: session.id,
        reference: "ord_x",
        amount: 10_001,
        reason: null,
        note: "",
        idempotencyKey: "k-1",
      }),
    ).toEqual({ ok: false, reason: "tooMuch" });
    const done = await provider.refund({
      sessionId: session.id,
      reference: "ord_x",
      amount: 10_000,
      reason: "duplicate",
      note: "twice",
      idempotencyKey: "k-2",
    });
    expect(done).toMatchObject({ ok: true, chargeAmount: 10_000, amountRefunded: 10_000, currency: "EUR" });
    expect(
      await provider.refund({
        sessionId: session.id,
        reference: "ord_x",
        amount: 1,
        reason: null,
        note: "",
        idempotencyKey: "k-3",
      }),
    ).toEqual({ ok: false, reason: "tooMuch" });
    const sub = await paid("subscription");
    const ref = sub.session.subscription as string;
    expect(
      await provider.cancelSubscription({
        subscriptionRef: ref,
        reference: "ord_y",
        atPeriodEnd: false,
        idempotencyKey: "c-1",
        periodEnd: null,
      }),
    ).toMatchObject({ ok: true, subscription: { status: "cancelled" } });
    expect(
      await provider.cancelSubscription({
        subscriptionRef: ref,
        reference: "ord_y",
        atPeriodEnd: true,
        idempotencyKey: "c-2",
        periodEnd: null,
      }),
    ).toEqual({ ok: false, reason: "alreadyCancelled" });
  });
});

describe("retries that Stripe accepts", () => {
  const fake = suiteFakeStripe();
  afterEach(() => vi.useRealTimers());

  test("a retry across midnight sends the same parameters under the same key: the same session, not a 400", async () => {
    const provider = new StripeProvider({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiBase: fake.url,
    });
    const order: Order = {
      acceptance: null,
      id: "ord_20261124_midnight01",
      submissionToken: "t".repeat(20),
      state: "pending",
      lang: "fr",
      offer: "short-videos",
      currency: "EUR",
      amountDueNow: 49_700,
      monthly: 10_000,
      customer: testCustomer,
      provider: "stripe",
      sessionId: null,
      checkoutUrl: null,
      failureReason: null,
      createdAt: "2026-11-24T22:59:40.000Z",
      updatedAt: "2026-11-24T22:59:40.000Z",
      paidAt: null,
      customerRef: null,
      subscriptionRef: null,
      billingState: null,
      periodEnd: null,
      subscriptionStatus: null,
      reference: "LA-1001",
    };
    const urls = {
      success: "https://shop.example/merci?session_id={CHECKOUT_SESSION_ID}",
      cancel: "https://shop.example/commander",
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T22:59:50.000Z"));
    const first = await provider.createCheckout(checkoutRequest(order, urls));
    // The reconciler retries ten minutes later, after midnight in Paris: Stripe still has the key.
    vi.setSystemTime(new Date("2026-11-24T23:05:00.000Z"));
    const retried = await provider.createCheckout(checkoutRequest(order, urls));
    expect(retried.id).toBe(first.id);
    expect(fake.refusals.filter((r) => r.error.type === "idempotency_error")).toEqual([]);
  });
});

describe("webhooks answered fast, thin payloads named, Stripe Tax, delayed payments", () => {
  const { stripe, server } = suiteStripeShop({
    LOG_LEVEL: "info",
    STRIPE_AUTOMATIC_TAX: "true",
    OUTBOX_POLL_MS: "100",
  });
  const logLines = () =>
    server
      .logs()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number | string; msg: string; reason?: string });

  async function checkout(offer: string, lang: string, email: string) {
    const res = await postOrder(server.url, offer, lang, orderForm({ email }));
    expect(res.status).toBe(303);
    const payUrl = res.headers.get("location")!;
    return { payUrl, sessionId: new URL(payUrl).pathname.split("/").pop()! };
  }

  test("with a slow Stripe API the webhook answers 2xx without waiting for it, and the event is handled once Stripe answers", async () => {
    const { sessionId } = await checkout("test-workflow", "en", "slow-stripe@example.com");
    stripe.complete(sessionId);
    // Slower than the site's own Stripe timeout: handling on the request path would answer 503 (or not at all).
    stripe.latencyMs = 20_000;
    const event = stripe.signedEvent("checkout.session.completed", sessionId);
    try {
      const answer = await postEvent(server.url, event);
      expect(answer).toEqual({ status: 200, body: "queued" });
      expect((await readStore(server.dataDir)).orders.find((o) => o.sessionId === sessionId)!.state).toBe(
        "checkout_created",
      );
    } finally {
      stripe.latencyMs = 0;
    }
    // The worker retries until Stripe answers.
    expect((await handledEntry(server.dataDir, event.id, 60_000)).outcome).toBe("paid");
  });

  test("a thin (v2.core.event) payload is answered with a clear log line telling to choose snapshot payloads, not 'invalid signature'", async () => {
    const answer = await postEvent(server.url, stripe.thinEvent("v1.invoice.paid", "in_123"));
    expect(answer.status).toBe(400);
    expect(answer.body).not.toMatch(/signature/i);
    expect(answer.body).toMatch(/snapshot/i);
    await waitFor(
      () => logLines().some((line) => /thin payloads/.test(line.msg) && /Snapshot/.test(String(line.reason))),
      5_000,
      "log line about thin payloads",
    );
  });

  test("STRIPE_AUTOMATIC_TAX=true turns on automatic_tax for one-time and subscription sessions; prices stay tax-inclusive", async () => {
    for (const offer of ["test-workflow", "formateur-ia"]) {
      const { sessionId } = await checkout(offer, "fr", `tax-${offer}@example.com`);
      const params = stripe.sessions.get(sessionId)!.params;
      expect(params["automatic_tax[enabled]"], offer).toBe("true");
      expect(params["line_items[0][price_data][tax_behavior]"]).toBe("inclusive");
    }
  });

  test("Stripe Tax's amount inside the price is kept with the paid order (the owner's CSV 'tax included' column)", async () => {
    const { payUrl, sessionId } = await checkout("test-workflow", "fr", "tax-kept@example.com");
    const back = (await fetch(`${payUrl}?action=pay`, { redirect: "manual" })).headers.get("location")!;
    expect((await fetch(back)).status).toBe(200);
    const session = stripe.sessions.get(sessionId)!;
    expect(session.total_details.amount_tax).toBe(Math.round((session.amount_total * 20) / 120));
    const event = stripe.signedEvent("checkout.session.completed", sessionId);
    expect(await postEvent(server.url, event)).toEqual({ status: 200, body: "queued" });
    expect((await handledEntry(server.dataDir, event.id)).outcome).toBe("paid");
    const order = (await readStore(server.dataDir)).orders.find((o) => o.sessionId === sessionId)!;
    expect(order.state).toBe("paid");
    expect(order.taxAmount).toBe(session.total_details.amount_tax);
  });

  test("a session paid by a delayed method shows 'payment processing — you will get an email' in six languages, then the email comes", async () => {
    for (const lang of ["fr", "en", "es", "de", "pt", "it"] as const) {
      const { payUrl, sessionId } = await checkout("veo3-single", lang, `delayed-${lang}@example.com`);
      const back = (await fetch(`${payUrl}?action=pay-delayed`, { redirect: "manual" })).headers.get("location")!;
      expect(back.startsWith(`${server.url}${THANK_YOU_PATHS[lang]}`)).toBe(true);
      const page = await fetch(back);
      const body = await page.text();
      expect(page.status).toBe(200);
      expect(page.headers.get("refresh")).toBeNull();
      expect(body).toContain(html(locale(lang, "order").thankYou.delayedTitle));
      expect(body).toContain(html(locale(lang, "order").thankYou.delayedText));
      expect(body).toContain('data-testid="payment-delayed"');
      expect(body).not.toContain('data-testid="session-id"');
      if (lang === "de") {
        stripe.settleDelayed(sessionId, true);
        const event = stripe.signedEvent("checkout.session.async_payment_succeeded", sessionId);
        expect(await postEvent(server.url, event)).toEqual({ status: 200, body: "queued" });
        expect((await handledEntry(server.dataDir, event.id)).outcome).toBe("paid");
      }
    }
  });
});
