import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { type SignedEvent } from "../support/fake-stripe.ts";
import { orderForm, postOrder, readStore, waitFor } from "../support/orders.ts";
import { suiteStripeShop } from "../support/suite.ts";
import { databaseUrlFor } from "../support/store.ts";
import { deliverHandled, inboxEntry, postEvent } from "../support/stripe-webhooks.ts";

/**
 * A subscription's life after checkout, against the fake Stripe: renewal, failed renewal,
 * cancellation through the Billing Portal, refund and dispute. Every event is also replayed and
 * delivered out of order: each change is recorded once and emailed once.
 */
const OWNER = "owner@example.com";
const { stripe, smtp, server } = suiteStripeShop({
  MAIL_FROM: "Lumen Automation <orders@example.com>",
  CONTACT_EMAIL: "hello@example.com",
  OWNER_EMAIL: OWNER,
  OWNER_LANG: "en",
  OUTBOX_POLL_MS: "100",
});

const mailsTo = (email: string) => smtp.messages.filter((message) => message.to.includes(email));
/** The decoded Subject header (folded lines and RFC 2047 encoded words). */
function subjectOf(raw: string): string {
  const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  return folded
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, text: string) =>
      decodeURIComponent(
        text
          .replace(/_/g, " ")
          .replace(/%/g, "%25")
          .replace(/=([0-9A-F]{2})/gi, "%$1"),
      ),
    )
    .trim();
}
const orderOf = async (email: string) =>
  (await readStore(server.dataDir)).orders.find((o) => o.customer.email === email)!;
/** The outbox kinds of an order, without the owner's notice of the first payment (owner-paid, another lane's). */
const kindsOf = async (orderId: string) =>
  (await readStore(server.dataDir)).emails
    .get(orderId)!
    .map((e) => e.kind)
    .filter((kind) => kind !== "owner-paid");
/** The owner's notices about an order whose subject starts with `prefix`. */
const ownerNotices = (orderId: string, prefix: string) =>
  mailsTo(OWNER).filter((m) => m.text.includes(orderId) && subjectOf(m.raw).startsWith(prefix));

/** Delivers an event (the answer comes at once) and waits for the worker's outcome. */
const deliver = (event: SignedEvent) => deliverHandled(server, event);

/** Orders, pays on the fake hosted page, comes back, and Stripe's checkout.session.completed arrives. */
async function paidOrder(offer: string, lang: string, email: string) {
  const res = await postOrder(server.url, offer, lang, orderForm({ email, firstName: "Rosa" }));
  expect(res.status).toBe(303);
  const payUrl = res.headers.get("location")!;
  const sessionId = new URL(payUrl).pathname.split("/").pop()!;
  const back = (await fetch(`${payUrl}?action=pay`, { redirect: "manual" })).headers.get("location")!;
  expect((await fetch(back)).status).toBe(200);
  const session = stripe.sessions.get(sessionId)!;
  const completed = stripe.signedEvent("checkout.session.completed", sessionId);
  expect((await deliver(completed)).status).toBe(200);
  await waitFor(() => mailsTo(email).length > 0, 10_000, "confirmation");
  return { session, order: await orderOf(email) };
}

/** Lets the outbox run, then checks nothing more arrives. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));

describe("checkout: taxes included, billing address, VAT number, invoices", () => {
  test("subscription and one-time sessions carry the tax and invoice settings; one-time payments create a customer and an invoice", async () => {
    const sub = stripe.sessions.get(
      (await paidOrder("formateur-ia", "en", "params-sub@example.com")).session.id,
    )!.params;
    expect(sub["line_items[0][price_data][tax_behavior]"]).toBe("inclusive");
    expect(sub["line_items[1][price_data][tax_behavior]"]).toBe("inclusive");
    expect(sub.billing_address_collection).toBe("required");
    expect(sub["tax_id_collection[enabled]"]).toBe("true");
    expect(sub["invoice_creation[enabled]"]).toBeUndefined();
    const once = stripe.sessions.get(
      (await paidOrder("veo3-single", "en", "params-once@example.com")).session.id,
    )!.params;
    expect(once["line_items[0][price_data][tax_behavior]"]).toBe("inclusive");
    expect(once["invoice_creation[enabled]"]).toBe("true");
    expect(once.customer_creation).toBe("always");
    expect(once["tax_id_collection[enabled]"]).toBe("true");
  });
});

describe("a subscription's life", () => {
  test("renewal: recorded once, emailed once, next period stored; replays change nothing", async () => {
    const email = "renewal@example.com";
    const { session, order } = await paidOrder("formateur-ia", "fr", email);
    expect(order.billingState).toBe("active");
    expect(order.subscriptionRef).toBe(session.subscription);
    const invoice = stripe.renew(session.subscription!);
    const event = stripe.objectEvent("invoice.paid", invoice);
    expect(await deliver(event)).toEqual({ status: 200, outcome: "active" });
    for (let i = 0; i < 3; i++) expect(await postEvent(server.url, event)).toEqual({ status: 200, body: "duplicate" });
    await settle();
    const renewed = await orderOf(email);
    expect(renewed.billingState).toBe("active");
    const period = stripe.subscriptions.get(session.subscription!)!.items.data[0]!.current_period_end;
    expect(renewed.periodEnd).toBe(new Date(period * 1000).toISOString());
    expect(await kindsOf(order.id)).toEqual(["confirmation", `renewal.${invoice.id}`]);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(subjectOf(mails[1]!.raw)).toContain("renouvel");
  });

  test("failed renewal: past due, one email with a working manage link; out of order and replayed; recovery makes it active", async () => {
    const email = "failing@example.com";
    const { session, order } = await paidOrder("short-videos", "de", email);
    const subscriptionId = session.subscription!;
    // Stripe sends subscription.updated (past_due) and invoice.payment_failed; they arrive the other way round.
    const failedInvoice = stripe.renew(subscriptionId, "failed");
    const updated = stripe.objectEvent("customer.subscription.updated", stripe.subscriptions.get(subscriptionId)!);
    const failed = stripe.objectEvent("invoice.payment_failed", failedInvoice);
    expect(await deliver(failed)).toEqual({ status: 200, outcome: "past_due" });
    expect(await deliver(updated)).toEqual({ status: 200, outcome: "past_due" });
    expect((await postEvent(server.url, failed)).body).toBe("duplicate");
    expect((await orderOf(email)).billingState).toBe("past_due");
    await waitFor(() => mailsTo(email).length === 2, 10_000, "failed-payment email");
    await settle();
    expect(mailsTo(email)).toHaveLength(2);
    const mail = mailsTo(email)[1]!.text;
    expect(subjectOf(mailsTo(email)[1]!.raw)).toContain("fehlgeschlagen");
    const link = new RegExp(`${server.url}/subscription/[\\w.-]+\\?lang=de`).exec(mail)?.[0];
    expect(link).toBeTruthy();
    // The link opens a Billing Portal session for this customer and returns to the site.
    const portal = await fetch(link!, { redirect: "manual" });
    expect(portal.status).toBe(303);
    expect(portal.headers.get("location")).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    // In the order's language.
    expect(stripe.portalSessions.at(-1)).toMatchObject({
      customer: session.customer,
      return_url: `${server.url}/`,
      locale: "de",
    });

    // The card is fixed: the retry is paid. A late replay of the stale "past_due" update cannot undo it.
    const paid = stripe.renew(subscriptionId, "paid");
    expect(await deliver(stripe.objectEvent("invoice.paid", paid))).toEqual({ status: 200, outcome: "active" });
    expect(
      (
        await deliver({
          ...updated,
          ...stripe.objectEvent("customer.subscription.updated", {
            ...stripe.subscriptions.get(subscriptionId)!,
            status: "past_due",
          }),
        })
      ).outcome,
    ).toBe("active");
    expect((await orderOf(email)).billingState).toBe("active");
    expect((await kindsOf(order.id)).filter((kind) => kind.startsWith("payment-failed"))).toEqual([
      `payment-failed.${failedInvoice.id}`,
    ]);
  });

  test("cancellation through the Billing Portal: cancelling, then ended; owner told once, customer told once, deleted-before-updated is harmless", async () => {
    const email = "cancel@example.com";
    const { session, order } = await paidOrder("veo3-subscription", "en", email);
    const subscriptionId = session.subscription!;
    const confirmation = mailsTo(email)[0]!.text;
    const link = new RegExp(`${server.url}/subscription/[\\w.-]+\\?lang=en`).exec(confirmation)?.[0];
    expect(link, "the confirmation carries the manage link").toBeTruthy();
    const portalUrl = (await fetch(link!, { redirect: "manual" })).headers.get("location")!;
    // The customer cancels on Stripe's hosted portal (a form post there).
    expect((await fetch(portalUrl, { method: "POST" })).status).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    const updated = stripe.objectEvent("customer.subscription.updated", stripe.subscriptions.get(subscriptionId)!);
    stripe.endSubscription(subscriptionId);
    const deleted = stripe.objectEvent("customer.subscription.deleted", stripe.subscriptions.get(subscriptionId)!);
    // Out of order: the end arrives before the cancellation, then both again.
    expect(await deliver(deleted)).toEqual({ status: 200, outcome: "cancelled" });
    expect(await deliver(updated)).toEqual({ status: 200, outcome: "cancelled" });
    expect((await postEvent(server.url, deleted)).body).toBe("duplicate");
    expect((await postEvent(server.url, updated)).body).toBe("duplicate");
    const stored = await orderOf(email);
    expect(stored.billingState).toBe("cancelled");
    expect((await kindsOf(order.id)).sort()).toEqual(["confirmation", "owner-cancellation", "subscription-ended"]);
    await waitFor(
      () => mailsTo(email).length === 2 && ownerNotices(order.id, "Cancellation: ").length > 0,
      10_000,
      "ended + owner notice",
    );
    await settle();
    expect(subjectOf(mailsTo(email)[1]!.raw)).toContain("your subscription has ended");
    expect(ownerNotices(order.id, "Cancellation: ")).toHaveLength(1);
    // A cancelled subscription's link no longer opens anything but the portal (Stripe shows it ended).
    const readStates = await readStore(server.dataDir);
    expect(readStates.orders.find((o) => o.id === order.id)!.periodEnd).toBeTruthy();
  });

  test("a cancellation at the period end (cancel_at_period_end) is confirmed to the customer once, with the end date (L215-1-1)", async () => {
    const email = "cancel-later@example.com";
    const { session, order } = await paidOrder("formateur-ia", "de", email);
    const subscriptionId = session.subscription!;
    const link = new RegExp(`${server.url}/subscription/[\\w.-]+\\?lang=de`).exec(mailsTo(email)[0]!.text)?.[0];
    const portalUrl = (await fetch(link!, { redirect: "manual" })).headers.get("location")!;
    expect((await fetch(portalUrl, { method: "POST" })).status).toBe(200);
    const subscription = stripe.subscriptions.get(subscriptionId)!;
    expect(subscription.cancel_at_period_end).toBe(true);
    const updated = stripe.objectEvent("customer.subscription.updated", subscription);
    expect(await deliver(updated)).toEqual({ status: 200, outcome: "cancelling" });
    expect((await deliver(updated)).status).toBe(200);
    // Another update while it stays cancelled for the same day (Stripe sends them for many reasons): no second email.
    expect(
      await deliver(stripe.objectEvent("customer.subscription.updated", stripe.subscriptions.get(subscriptionId)!)),
    ).toEqual({ status: 200, outcome: "cancelling" });
    const periodEnd = (await orderOf(email)).periodEnd!;
    expect((await kindsOf(order.id)).filter((kind) => kind.startsWith("cancellation-confirmed."))).toEqual([
      `cancellation-confirmed.${periodEnd.replace(/\.\d+Z$/, "Z")}`,
    ]);
    await waitFor(() => mailsTo(email).length === 2, 10_000, "cancellation confirmation");
    await settle();
    expect(mailsTo(email)).toHaveLength(2);
    expect(subjectOf(mailsTo(email)[1]!.raw)).toContain("Ihre Kündigung ist bestätigt");
    expect(mailsTo(email)[1]!.text).toContain(
      `Es endet am ${new Intl.DateTimeFormat("de-DE", { dateStyle: "long", timeZone: "Europe/Paris" }).format(new Date(periodEnd))}`,
    );
  });

  test("refund: refunded, owner notified once (to OWNER_EMAIL); replays and partial-then-full refunds are each told once", async () => {
    const email = "refund@example.com";
    const { session, order } = await paidOrder("veo3-pack", "en", email);
    const charge = stripe.chargeOf(session.id)!;
    expect(charge.customer).toBe(session.customer);
    const partial = stripe.objectEvent("charge.refunded", stripe.refund(charge.id, 5_000));
    const full = stripe.objectEvent("charge.refunded", stripe.refund(charge.id));
    expect(await deliver(full)).toEqual({ status: 200, outcome: "refunded" });
    // The partial refund's event arrives late: the order stays refunded.
    expect((await deliver(partial)).outcome).toBe("refunded");
    expect((await postEvent(server.url, full)).body).toBe("duplicate");
    expect((await orderOf(email)).billingState).toBe("refunded");
    await waitFor(() => ownerNotices(order.id, "Refund: ").length === 2, 10_000, "refund notices");
    await settle();
    const notices = ownerNotices(order.id, "Refund: ");
    expect(notices).toHaveLength(2);
    expect(notices.some((m) => m.text.includes("£197"))).toBe(true);
    expect(mailsTo(email)).toHaveLength(1);
  });

  test("dispute: disputed, owner notified once; a later subscription update cannot clear it", async () => {
    const email = "dispute@example.com";
    const { session, order } = await paidOrder("formateur-ia", "it", email);
    const dispute = stripe.objectEvent("charge.dispute.created", stripe.dispute(stripe.chargeOf(session.id)!.id));
    expect(await deliver(dispute)).toEqual({ status: 200, outcome: "disputed" });
    expect((await postEvent(server.url, dispute)).body).toBe("duplicate");
    expect(
      (
        await deliver(
          stripe.objectEvent("customer.subscription.updated", stripe.subscriptions.get(session.subscription!)!),
        )
      ).outcome,
    ).toBe("disputed");
    expect((await orderOf(email)).billingState).toBe("disputed");
    await waitFor(() => ownerNotices(order.id, "Dispute: ").length > 0, 10_000, "dispute notice");
    await settle();
    expect(ownerNotices(order.id, "Dispute: ")).toHaveLength(1);
  });

  test("a refunded month of a subscription leaves it active: later renewals count and a fresh link is sent", async () => {
    const email = "month-refund@example.com";
    const { session, order } = await paidOrder("formateur-ia", "en", email);
    const subscriptionId = session.subscription!;
    const month = stripe.renew(subscriptionId);
    expect((await deliver(stripe.objectEvent("invoice.paid", month))).outcome).toBe("active");
    // The owner refunds that one month (a whole charge, of one invoice).
    const charge = stripe.latestChargeOf(subscriptionId)!;
    expect(await deliver(stripe.objectEvent("charge.refunded", stripe.refund(charge.id)))).toEqual({
      status: 200,
      outcome: "charge refunded",
    });
    expect((await orderOf(email)).billingState).toBe("active");
    // Stripe keeps billing: the next renewal is recorded and emailed.
    const next = stripe.renew(subscriptionId);
    expect((await deliver(stripe.objectEvent("invoice.paid", next))).outcome).toBe("active");
    expect(await kindsOf(order.id)).toContain(`renewal.${next.id}`);
    // "Send me a fresh link" is not refused.
    const form = await fetch(`${server.url}/subscription`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ email }),
    });
    expect(form.status).toBeLessThan(400);
    await waitFor(
      async () => (await kindsOf(order.id)).some((kind) => kind.startsWith("manage-link.")),
      10_000,
      "fresh manage link",
    );
  });

  test("a dispute that is won returns the order to its state before the dispute", async () => {
    const email = "dispute-won@example.com";
    const { session, order } = await paidOrder("veo3-subscription", "en", email);
    const dispute = stripe.dispute(stripe.chargeOf(session.id)!.id);
    expect((await deliver(stripe.objectEvent("charge.dispute.created", dispute))).outcome).toBe("disputed");
    expect(await deliver(stripe.objectEvent("charge.dispute.closed", stripe.closeDispute(dispute, "won")))).toEqual({
      status: 200,
      outcome: "active",
    });
    expect((await orderOf(email)).billingState).toBe("active");
    await waitFor(() => ownerNotices(order.id, "Dispute won: ").length > 0, 10_000, "dispute won notice");
  });

  test("a paused subscription shows as paused and the owner is told once", async () => {
    const email = "paused@example.com";
    const { session, order } = await paidOrder("formateur-ia", "en", email);
    const paused = stripe.objectEvent("customer.subscription.updated", stripe.pause(session.subscription!));
    expect(await deliver(paused)).toEqual({ status: 200, outcome: "paused" });
    expect(
      (
        await deliver(
          stripe.objectEvent("customer.subscription.updated", stripe.subscriptions.get(session.subscription!)!),
        )
      ).outcome,
    ).toBe("paused");
    await waitFor(() => ownerNotices(order.id, "Subscription paused: ").length > 0, 10_000, "paused notice");
    await settle();
    expect(ownerNotices(order.id, "Subscription paused: ")).toHaveLength(1);
  });

  test("npm run orders shows each order's subscription state", async () => {
    const databaseUrl = await databaseUrlFor(server.dataDir);
    const out = execFileSync(process.execPath, ["scripts/orders.ts"], {
      env: { ...process.env, DATA_DIR: server.dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      encoding: "utf8",
    });
    const stored = (await readStore(server.dataDir)).orders;
    const line = (email: string) =>
      out.split("\n").find((l) => l.includes(stored.find((o) => o.customer.email === email)!.id)) ?? "";
    expect(line("cancel@example.com")).toContain("cancelled");
    expect(line("refund@example.com")).toContain("refunded");
    expect(line("dispute@example.com")).toContain("disputed");
    expect(line("renewal@example.com")).toMatch(/active \d{4}-\d{2}-\d{2}/);
    expect(line("paused@example.com")).toContain("paused");
  });
});

describe("events in every shape Stripe sends", () => {
  test("an endpoint on 2024-06-20: the renewal and the failed renewal are read (invoice.subscription, top-level period end) and emailed", async () => {
    const email = "legacy-renewal@example.com";
    const { session, order } = await paidOrder("formateur-ia", "es", email);
    const subscriptionId = session.subscription!;
    const paid = stripe.renew(subscriptionId);
    const legacy = stripe.objectEvent("invoice.paid", paid, { shape: "legacy" });
    expect(JSON.parse(legacy.body).data.object).toMatchObject({ subscription: subscriptionId });
    expect(JSON.parse(legacy.body).data.object.parent).toBeUndefined();
    expect(await deliver(legacy)).toEqual({ status: 200, outcome: "active" });
    const failed = stripe.renew(subscriptionId, "failed");
    expect(await deliver(stripe.objectEvent("invoice.payment_failed", failed, { shape: "legacy" }))).toEqual({
      status: 200,
      outcome: "past_due",
    });
    expect(
      (
        await deliver(
          stripe.objectEvent("customer.subscription.updated", stripe.subscriptions.get(subscriptionId)!, {
            shape: "legacy",
          }),
        )
      ).outcome,
    ).toBe("past_due");
    expect(await kindsOf(order.id)).toEqual(["confirmation", `renewal.${paid.id}`, `payment-failed.${failed.id}`]);
    await waitFor(() => mailsTo(email).length === 3, 10_000, "renewal and failed-payment emails");
  });

  test("the first invoice of a subscription and the invoice of a one-time payment, in both shapes: handled, no extra email", async () => {
    const sub = await paidOrder("short-videos", "it", "first-invoice@example.com");
    const first = stripe.invoiceOf(sub.session.id)!;
    expect(first.billing_reason).toBe("subscription_create");
    expect((await deliver(stripe.objectEvent("invoice.paid", first))).outcome).toBe("active");
    expect((await deliver(stripe.objectEvent("invoice.paid", first, { shape: "legacy" }))).outcome).toBe("active");
    const once = await paidOrder("veo3-single", "en", "one-time-invoice@example.com");
    const invoice = stripe.invoiceOf(once.session.id)!;
    expect(invoice.parent).toBeNull();
    expect((await deliver(stripe.objectEvent("invoice.paid", invoice))).outcome).toBe("one-time invoice");
    expect((await deliver(stripe.objectEvent("invoice.paid", invoice, { shape: "legacy" }))).outcome).toBe(
      "one-time invoice",
    );
    await settle();
    expect(await kindsOf(sub.order.id)).toEqual(["confirmation"]);
    expect(await kindsOf(once.order.id)).toEqual(["confirmation"]);
  });

  test("an invoice we cannot read is never answered 2xx: stored unhandled, the owner told, and Stripe's retry is refused the same way", async () => {
    const email = "unreadable@example.com";
    const { session, order } = await paidOrder("formateur-ia", "en", email);
    // Neither `parent` nor `subscription`: a shape we do not know.
    const odd = stripe.objectEvent("invoice.paid", {
      id: "in_odd",
      object: "invoice",
      customer: session.customer,
      billing_reason: "subscription_cycle",
      metadata: {},
    });
    expect(await postEvent(server.url, odd)).toEqual({
      status: 500,
      body: "Event not understood: stored as unhandled",
    });
    expect(await postEvent(server.url, odd)).toEqual({
      status: 500,
      body: "Event not understood: stored as unhandled",
    });
    expect((await inboxEntry(server.dataDir, odd.id))?.status).toBe("unhandled");
    await waitFor(() => ownerNotices(order.id, "Payment event not handled").length > 0, 10_000, "owner told");
    await settle();
    expect(ownerNotices(order.id, "Payment event not handled")).toHaveLength(1);
    // A subscription Stripe does not know (deleted, another account): unhandled after handling, owner told.
    const ghost = stripe.objectEvent("invoice.paid", {
      ...stripe.renew(session.subscription!),
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: "sub_ghost", metadata: { order_id: order.id } },
      },
    });
    const handled = await deliver(ghost);
    expect(handled.outcome).toMatch(/^unhandled: the provider does not know subscription sub_ghost/);
  });
});
