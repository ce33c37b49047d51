import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { freePort, startServer } from "../support/server.ts";
import { orderForm, postOrder, readStore, startSmtp, waitFor, type SmtpSink } from "../support/orders.ts";
import { stripeEnv, suiteStripeShop } from "../support/suite.ts";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { deliverHandled } from "../support/stripe-webhooks.ts";

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const order = Object.fromEntries(LANGUAGES.map((lang) => [lang, locale(lang, "order")]));
const email = Object.fromEntries(LANGUAGES.map((lang) => [lang, locale(lang, "email")]));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

const MAIL_AND_OUTBOX = {
  MAIL_FROM: "Lumen Automation <orders@example.com>",
  CONTACT_EMAIL: "hello@example.com",
  OUTBOX_POLL_MS: "100",
  OUTBOX_BACKOFF_MS: "200",
  OUTBOX_MAX_BACKOFF_MS: "400",
};
const { stripe, smtp, server } = suiteStripeShop(MAIL_AND_OUTBOX);

async function createCheckout(offer: string, lang: string, form = orderForm()) {
  const res = await postOrder(server.url, offer, lang, form);
  expect(res.status, (await res.clone().text()).slice(0, 200)).toBe(303);
  const url = new URL(res.headers.get("location")!);
  expect(url.origin).toBe(stripe.url);
  const sessionId = url.pathname.split("/").pop()!;
  return { sessionId, session: stripe.sessions.get(sessionId)!, payUrl: url.href };
}

/** The visitor pays on the (fake) hosted page and is sent back to the success URL. */
async function payAndReturn(payUrl: string) {
  const res = await fetch(`${payUrl}?action=pay`, { redirect: "manual" });
  const back = res.headers.get("location")!;
  expect(back.startsWith(server.url)).toBe(true);
  const page = await fetch(back);
  return { back, status: page.status, body: await page.text(), headers: page.headers };
}

async function sendWebhook(type: string, sessionId: string, options?: { secret?: string; signature?: string }) {
  const event = stripe.signedEvent(type, sessionId, options);
  return fetch(`${server.url}/webhooks/stripe`, {
    method: "POST",
    body: event.body,
    headers: { "Content-Type": "application/json", "Stripe-Signature": options?.signature ?? event.signature },
  });
}

const mailsTo = (email: string) => smtp.messages.filter((message) => message.to.includes(email));

describe("Stripe Checkout sessions from the catalogue", () => {
  test("short videos: subscription with a setup fee, monthly from month 2, French checkout, idempotency key = order id", async () => {
    const { session } = await createCheckout("short-videos", "fr");
    const stored = (await readStore(server.dataDir)).orders.find((o) => o.sessionId === session.id)!;
    expect(stored.state).toBe("checkout_created");
    expect(session.idempotencyKey).toBe(stored.id);
    expect(session.client_reference_id).toBe(stored.id);
    expect(session.metadata).toEqual({ order_id: stored.id, offer: "short-videos", lang: "fr" });
    expect(session.mode).toBe("subscription");
    expect(session.locale).toBe("fr");
    expect(session.customer_email).toBe("camille.martin@example.com");
    expect(session.success_url).toBe(`${server.url}/merci?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${server.url}/commander?offre=short-videos&lang=fr&cancelled=1`);
    const p = session.params;
    expect(p["line_items[0][price_data][recurring][interval]"]).toBe("month");
    expect(p["line_items[0][price_data][unit_amount]"]).toBe("10000");
    expect(p["line_items[1][price_data][unit_amount]"]).toBe("49700");
    expect(p["line_items[1][price_data][recurring][interval]"]).toBeUndefined();
    expect(p["line_items[0][price_data][currency]"]).toBe("eur");
    expect(p["subscription_data[trial_period_days]"]).toBe("30");
  });

  test("Veo3 in English: one-time payment in pounds; the subscription has no trial; the Telegram agent charges 497 + 39", async () => {
    const single = (await createCheckout("veo3-single", "en")).session;
    expect(single.mode).toBe("payment");
    expect(single.params["line_items[0][price_data][currency]"]).toBe("gbp");
    expect(single.params["line_items[0][price_data][unit_amount]"]).toBe("4900");
    expect(single.locale).toBe("en");
    expect(single.success_url).toBe(`${server.url}/thank-you?session_id={CHECKOUT_SESSION_ID}`);
    const subscription = (await createCheckout("veo3-subscription", "es")).session;
    expect(subscription.mode).toBe("subscription");
    expect(subscription.params["line_items[0][price_data][currency]"]).toBe("eur");
    expect(subscription.params["line_items[0][price_data][unit_amount]"]).toBe("49000");
    expect(subscription.params["subscription_data[trial_period_days]"]).toBeUndefined();
    const agent = (await createCheckout("formateur-ia", "it")).session;
    expect(agent.amount_total).toBe(49_700 + 3_900);
  });
});

describe("payment and fulfilment", () => {
  test("full flow in each language: paid on return, summary shown, exactly one SMTP email in that language", async () => {
    const emails: Record<string, string> = {};
    for (const lang of LANGUAGES) {
      const email = `flow-${lang}@example.com`;
      emails[lang] = email;
      const { payUrl } = await createCheckout("test-workflow", lang, orderForm({ email, firstName: `Rosa${lang}` }));
      const page = await payAndReturn(payUrl);
      expect(page.back.startsWith(`${server.url}${THANK_YOU_PATHS[lang]}?session_id=cs_test_`)).toBe(true);
      expect(page.status).toBe(200);
      expect(page.body).toContain(html(order[lang].thankYou.title));
      expect(page.body).toContain(`Rosa${lang} Martin`);
      expect(page.headers.get("refresh")).toBeNull();
    }
    for (const lang of LANGUAGES) {
      const [mail] = await waitFor(
        () => mailsTo(emails[lang]!).length > 0 && mailsTo(emails[lang]!),
        10_000,
        `email ${lang}`,
      );
      expect(mail!.text).toContain(email[lang].greeting.replace("{{name}}", `Rosa${lang}`));
      expect(mail!.text).toContain("hello@example.com");
      expect(mail!.text).toContain("From: Lumen Automation <orders@example.com>");
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const lang of LANGUAGES) expect(mailsTo(emails[lang]!)).toHaveLength(1);
  });

  test("webhook before the visitor returns, then the visitor, then replays and a late expiry event: paid once, one email", async () => {
    const email = "webhook-first@example.com";
    const { sessionId, payUrl } = await createCheckout("veo3-pack", "de", orderForm({ email }));
    stripe.complete(sessionId);
    const hook = await sendWebhook("checkout.session.completed", sessionId);
    expect(hook.status).toBe(200);
    // Answered at once; the worker marks it paid from the queue.
    await waitFor(
      async () => (await readStore(server.dataDir)).orders.find((o) => o.sessionId === sessionId)!.state === "paid",
      10_000,
      "paid by the webhook",
    );
    const page = await payAndReturn(payUrl);
    expect(page.body).toContain(html(order.de.thankYou.title));
    for (let i = 0; i < 3; i++) expect((await sendWebhook("checkout.session.completed", sessionId)).status).toBe(200);
    expect((await sendWebhook("checkout.session.async_payment_succeeded", sessionId)).status).toBe(200);
    // Out of order: an expiry event after payment cannot move the order backwards.
    expect((await sendWebhook("checkout.session.expired", sessionId)).status).toBe(200);
    await waitFor(() => mailsTo(email).length > 0, 10_000, "email");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(email)).toHaveLength(1);
    const stored = await readStore(server.dataDir);
    const o = stored.orders.find((x) => x.sessionId === sessionId)!;
    expect(o.state).toBe("paid");
    expect(stored.emails.get(o.id)!.filter((e) => e.kind === "confirmation")).toHaveLength(1);
    // The billing address Checkout asked (billing_address_collection: "required"), read from the session's customer_details.
    expect(stripe.sessions.get(sessionId)!.params.billing_address_collection).toBe("required");
    expect(o.customer).toMatchObject({ address: "Torstraße 1", postalCode: "10119", city: "Berlin", country: "DE" });
  });

  test("visitor first, webhook after (and replayed): one email", async () => {
    const email = "visitor-first@example.com";
    const { sessionId, payUrl } = await createCheckout("formateur-ia", "pt", orderForm({ email }));
    expect((await payAndReturn(payUrl)).body).toContain(html(order.pt.thankYou.title));
    for (let i = 0; i < 3; i++) expect((await sendWebhook("checkout.session.completed", sessionId)).status).toBe(200);
    await waitFor(() => mailsTo(email).length > 0, 10_000, "email");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(email)).toHaveLength(1);
  });

  test("webhook signature: bad, missing or from another secret → 400 and nothing changes", async () => {
    const { sessionId } = await createCheckout("test-workflow", "en");
    stripe.complete(sessionId);
    const bad = await sendWebhook("checkout.session.completed", sessionId, { signature: "t=1,v1=deadbeef" });
    expect(bad.status).toBe(400);
    const otherSecret = await sendWebhook("checkout.session.completed", sessionId, { secret: "whsec_someoneelse" });
    expect(otherSecret.status).toBe(400);
    const missing = await fetch(`${server.url}/webhooks/stripe`, { method: "POST", body: "{}" });
    expect(missing.status).toBe(400);
    const tampered = stripe.signedEvent("checkout.session.completed", sessionId);
    const res = await fetch(`${server.url}/webhooks/stripe`, {
      method: "POST",
      body: tampered.body.replace("checkout.session.completed", "checkout.session.expired"),
      headers: { "Stripe-Signature": tampered.signature },
    });
    expect(res.status).toBe(400);
    expect((await readStore(server.dataDir)).orders.find((o) => o.sessionId === sessionId)!.state).toBe(
      "checkout_created",
    );
  });

  test("payment still processing: the page refreshes itself 3 times (3 s), then the notice with the session id", async () => {
    const { sessionId } = await createCheckout("test-workflow", "es");
    let url = `${server.url}/gracias?session_id=${sessionId}`;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(html(order.es.thankYou.processingTitle));
      const refresh = res.headers.get("refresh")!;
      expect(refresh).toBe(`3; url=/gracias?session_id=${sessionId}&attempt=${attempt}`);
      url = server.url + refresh.slice("3; url=".length);
    }
    const last = await fetch(url);
    expect(last.headers.get("refresh")).toBeNull();
    const body = await last.text();
    expect(body).toContain(html(order.es.thankYou.unavailableTitle));
    expect(body).toContain(sessionId);
    // Paid later: the same URL now shows the order.
    stripe.complete(sessionId);
    expect(await (await fetch(url)).text()).toContain(html(order.es.thankYou.title));
  });

  test("async payment failure and session expiry mark the order, without email", async () => {
    const failing = await createCheckout("veo3-single", "fr", orderForm({ email: "async-fail@example.com" }));
    stripe.complete(failing.sessionId, "unpaid");
    expect(
      (await deliverHandled(server, stripe.signedEvent("checkout.session.completed", failing.sessionId))).outcome,
    ).toBe("processing");
    expect((await readStore(server.dataDir)).orders.find((o) => o.sessionId === failing.sessionId)!.state).toBe(
      "checkout_created",
    );
    stripe.settleDelayed(failing.sessionId, false);
    expect(
      (await deliverHandled(server, stripe.signedEvent("checkout.session.async_payment_failed", failing.sessionId)))
        .status,
    ).toBe(200);
    expect((await readStore(server.dataDir)).orders.find((o) => o.sessionId === failing.sessionId)!.state).toBe(
      "failed",
    );

    const expiring = await createCheckout("veo3-single", "fr");
    stripe.expire(expiring.sessionId);
    expect(
      (await deliverHandled(server, stripe.signedEvent("checkout.session.expired", expiring.sessionId))).status,
    ).toBe(200);
    expect((await readStore(server.dataDir)).orders.find((o) => o.sessionId === expiring.sessionId)!.state).toBe(
      "expired",
    );
    expect(mailsTo("async-fail@example.com")).toHaveLength(0);
  });

  test("provider down: translated 'payment URL not received' on the form (503, values kept), order stored as failed; works again after", async () => {
    const pending = await createCheckout("test-workflow", "it");
    stripe.complete(pending.sessionId);
    stripe.down = true;
    try {
      const res = await postOrder(
        server.url,
        "short-videos",
        "it",
        orderForm({ email: "down@example.com", lastName: "Rossi" }),
      );
      expect(res.status).toBe(503);
      const body = await res.text();
      expect(body).toContain(html(order.it.errors.paymentUrl));
      expect(body).toContain('value="Rossi"');
      const failed = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === "down@example.com")!;
      expect(failed.state).toBe("failed");
      expect(failed.failureReason).toMatch(/stripe/);
      // Webhooks meanwhile are stored and acknowledged; the site retries them itself.
      expect((await sendWebhook("checkout.session.completed", pending.sessionId)).status).toBe(200);
      await waitFor(
        async () =>
          (await readStore(server.dataDir)).orders.find((o) => o.sessionId === pending.sessionId)!.state ===
          "checkout_created"
            ? true
            : undefined,
        5_000,
        "not paid while Stripe is down",
      );
    } finally {
      stripe.down = false;
    }
    const retry = await postOrder(server.url, "short-videos", "it", orderForm({ email: "down@example.com" }));
    expect(retry.status).toBe(303);
    // Once Stripe answers again, the queued event goes through without a new delivery.
    await waitFor(
      async () =>
        (await readStore(server.dataDir)).orders.find((o) => o.sessionId === pending.sessionId)!.state === "paid",
      20_000,
      "paid from the queue",
    );
  });
});

describe("SMTP outage", () => {
  test("SMTP down then up: the email waits in the outbox and is delivered exactly once", async () => {
    const smtpPort = await freePort();
    const local = await startServer(
      stripeEnv(stripe, { ...MAIL_AND_OUTBOX, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
    );
    let late: SmtpSink | undefined;
    try {
      const res = await postOrder(local.url, "test-workflow", "de", orderForm({ email: "outage@example.com" }));
      expect(res.status).toBe(303);
      const payUrl = res.headers.get("location")!;
      const back = (await fetch(`${payUrl}?action=pay`, { redirect: "manual" })).headers.get("location")!;
      const page = await fetch(back);
      expect(page.status).toBe(200);
      const confirmation = async () => {
        const o = (await readStore(local.dataDir)).orders[0];
        return o
          ? (await readStore(local.dataDir)).emails.get(o.id)?.filter((e) => e.kind === "confirmation")
          : undefined;
      };
      // The page was answered without the email: it is still waiting in the outbox (nothing
      // delivered it, nothing can while SMTP is down).
      expect((await confirmation())?.map((e) => e.status)).toEqual(["pending"]);
      await waitFor(
        async () => {
          const row = (await confirmation())?.[0];
          return row && row.attempts >= 2 && row.status === "pending" && row.lastError;
        },
        undefined,
        "failed delivery attempts",
      );
      late = await startSmtp(smtpPort);
      // The customer's confirmation, not merely the first message back (the owner's notice may come first).
      await waitFor(
        async () => (await confirmation())?.[0]?.status === "sent",
        undefined,
        "delivery after SMTP is back",
      );
      // Counted once the server has stopped (its outbox pass in flight finished first): a second
      // delivery cannot still be on its way, however slow the machine.
      expect(await local.stop()).toBe(0);
      // The customer's confirmation, once (the owner's notice goes to CONTACT_EMAIL).
      expect(late.messages.filter((message) => message.to.includes("outage@example.com"))).toHaveLength(1);
      expect((await confirmation())!.map((e) => e.status)).toEqual(["sent"]);
    } finally {
      await local.stop();
      await late?.close();
    }
  });
});
