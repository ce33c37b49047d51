import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { PaymentEvent, PaymentProvider, SubscriptionStatus } from "../payments/provider.ts";
import { handlePaymentEvent, receivePaymentWebhook } from "./payment-events.server.ts";
import { createSignedLinks } from "./signed-link.server.ts";
import { testCustomer } from "../../tests/support/order-fixtures.ts";
import { openTestStore } from "../../tests/support/store.ts";
import { storesOver, type Stores } from "../stores.server.ts";

let repo: Stores;
let subscription: SubscriptionStatus;
const provider: PaymentProvider = {
  name: "stripe",
  createCheckout: async () => ({ id: "cs", url: "" }),
  getSession: async () => undefined,
  verifyWebhook: () => null,
  getSubscription: async (id) => (id === subscription.id ? { ...subscription } : undefined),
  portalUrl: async () => null,
  getChargeCustomer: async () => "cus_1",
};

/** A paid formateur-ia order with its Stripe subscription, in a fresh store. */
async function freshPaidOrder() {
  await repo?.close();
  repo = storesOver(await openTestStore());
  const { order } = await repo.createOrder({
    id: "ord_1", submissionToken: "t1", lang: "pt", offer: "formateur-ia", currency: "EUR", amountDueNow: 53_600, monthly: 3_900, customer: testCustomer, provider: "stripe",
  });
  await repo.setCheckout(order.id, "cs_1", "https://pay");
  await repo.markPaid(order.id, "confirmation");
  await repo.setBillingRefs(order.id, { customerRef: "cus_1", subscriptionRef: "sub_1", state: "active", periodEnd: "2026-12-24T00:00:00.000Z" });
  subscription = { id: "sub_1", reference: "ord_1", customerRef: "cus_1", status: "active", cancelAtPeriodEnd: false, periodEnd: "2026-12-24T00:00:00.000Z" };
}

beforeEach(freshPaidOrder);
afterEach(() => repo.close());

const updated: PaymentEvent = { id: "evt_updated", kind: "subscription.updated", subscriptionRef: "sub_1", customerRef: "cus_1", reference: "ord_1" };
const deleted: PaymentEvent = { id: "evt_deleted", kind: "subscription.deleted", subscriptionRef: "sub_1", customerRef: "cus_1", reference: "ord_1" };
const failed: PaymentEvent = { id: "evt_failed", kind: "invoice.payment_failed", invoiceId: "in_1", subscriptionRef: "sub_1", customerRef: "cus_1", reference: null, renewal: true };
const kinds = async () => (await repo.listEmails("ord_1")).map((email) => email.kind).sort();

describe("events after checkout", () => {
  test("cancellation then end, in either order and replayed: cancelled, each email once, each event recorded once", async () => {
    for (const order of [[updated, deleted], [deleted, updated]]) {
      await freshPaidOrder();
      // Both events are delivered after the subscription ended: Stripe's truth is what counts.
      subscription = { ...subscription, status: "cancelled", cancelAtPeriodEnd: true, periodEnd: "2026-12-24T00:00:00.000Z" };
      for (const event of [...order, ...order]) await handlePaymentEvent(event as Exclude<PaymentEvent, { kind: "ignored" }>, { repo, provider });
      expect((await repo.findById("ord_1"))!.billingState).toBe("cancelled");
      expect(await kinds()).toEqual(["confirmation", "owner-cancellation", "subscription-ended"]);
      expect((await repo.listPaymentEvents("ord_1")).map((e) => e.id).sort()).toEqual(["evt_deleted", "evt_updated"]);
    }
  });

  test("a payment failure reported after the retry succeeded sends no failure email", async () => {
    expect(await handlePaymentEvent(failed as Exclude<PaymentEvent, { kind: "ignored" }>, { repo, provider })).toBe("active");
    expect(await kinds()).toEqual(["confirmation"]);
  });

  test("a refund or dispute is not undone by a later subscription event", async () => {
    await handlePaymentEvent({ id: "evt_refund", kind: "charge.refunded", chargeId: "ch_1", customerRef: "cus_1", fullyRefunded: true, amountRefunded: 53_600, currency: "eur" }, { repo, provider });
    expect(await handlePaymentEvent(updated as Exclude<PaymentEvent, { kind: "ignored" }>, { repo, provider })).toBe("refunded");
    expect(await kinds()).toEqual(["confirmation", "owner-refund.ch_1.53600"]);
  });

  test("the webhook answers: 404 for a provider without webhooks, 503 when the provider cannot be asked (not recorded, so Stripe's retry is handled)", async () => {
    expect(await receivePaymentWebhook("{}", "sig", { repo, provider })).toEqual({ status: 404, body: "Not found" });
    const flaky: PaymentProvider = { ...provider, verifyWebhook: () => updated, getSubscription: async () => Promise.reject(new Error("down")) };
    expect((await receivePaymentWebhook("{}", "sig", { repo, provider: flaky })).status).toBe(503);
    expect(await repo.hasPaymentEvent("evt_updated")).toBe(false);
    expect(await receivePaymentWebhook("{}", "sig", { repo, provider: { ...provider, verifyWebhook: () => updated } })).toEqual({ status: 200, body: "ok active" });
  });
});

describe("signed links", () => {
  const links = createSignedLinks("x".repeat(32));
  test("genuine, of its purpose, unexpired; anything else is refused", () => {
    const token = links.sign("ord_1", "manage", 1000, 0);
    expect(links.verify(token, "manage", 999)).toEqual({ ok: true, orderId: "ord_1" });
    expect(links.verify(token, "manage", 2000)).toEqual({ ok: false, reason: "expired" });
    expect(links.verify(token, "invoice", 0)).toEqual({ ok: false, reason: "invalid" });
    expect(links.verify(token.replace("ord_1", "ord_2"), "manage", 0)).toEqual({ ok: false, reason: "invalid" });
    expect(createSignedLinks("y".repeat(32)).verify(token, "manage", 0)).toEqual({ ok: false, reason: "invalid" });
    expect(links.verify("", "manage")).toEqual({ ok: false, reason: "invalid" });
  });
});
