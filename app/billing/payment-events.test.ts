import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { HandledPaymentEvent, PaymentEvent, PaymentProvider, SubscriptionStatus } from "../payments/provider.ts";
import { handlePaymentEvent, receivePaymentWebhook } from "./payment-events.server.ts";
import { renderOutboxEmail } from "../mail/outbox-emails.server.ts";
import { createSignedLinks } from "./signed-link.server.ts";
import { testCustomer } from "../../tests/support/order-fixtures.ts";
import { openTestStore } from "../../tests/support/store.ts";
import { storesOver, type Stores } from "../stores.server.ts";
import { KyselyWebhookInbox } from "./webhook-inbox.server.ts";

let repo: Stores;
let billing: KyselyWebhookInbox;
let subscription: SubscriptionStatus;
const provider: PaymentProvider = {
  name: "stripe",
  createCheckout: async () => ({ id: "cs", url: "" }),
  getSession: async () => undefined,
  verifyWebhook: () => null,
  getSubscription: async (id) => (id === subscription.id ? { ...subscription } : undefined),
  portalUrl: async () => null,
  getCharge: async () => ({ customerRef: "cus_1", refunded: false }),
  refund: async () => ({ ok: false, reason: "notPaid" }),
  cancelSubscription: async () => ({ ok: false, reason: "unknown" }),
  documents: async () => null,
};

/** A paid formateur-ia order with its Stripe subscription, in a fresh store. */
async function freshPaidOrder() {
  await repo?.close();
  repo = storesOver(await openTestStore());
  billing = new KyselyWebhookInbox(repo.db, repo.dialect);
  const { order } = await repo.createOrder({
    id: "ord_1",
    submissionToken: "t1",
    lang: "pt",
    offer: "formateur-ia",
    currency: "EUR",
    amountDueNow: 53_600,
    monthly: 3_900,
    customer: testCustomer,
    provider: "stripe",
    acceptance: null,
  });
  await repo.setCheckout(order.id, "cs_1", "https://pay");
  await repo.markPaid(order.id, "confirmation");
  await repo.setBillingRefs(order.id, {
    customerRef: "cus_1",
    subscriptionRef: "sub_1",
    state: "active",
    periodEnd: "2026-12-24T00:00:00.000Z",
  });
  subscription = {
    id: "sub_1",
    reference: "ord_1",
    customerRef: "cus_1",
    status: "active",
    providerStatus: "active",
    cancelAtPeriodEnd: false,
    periodEnd: "2026-12-24T00:00:00.000Z",
  };
}

beforeEach(freshPaidOrder);
afterEach(() => repo.close());

const updated: PaymentEvent = {
  id: "evt_updated",
  kind: "subscription.updated",
  subscriptionRef: "sub_1",
  customerRef: "cus_1",
  reference: "ord_1",
};
const deleted: PaymentEvent = {
  id: "evt_deleted",
  kind: "subscription.deleted",
  subscriptionRef: "sub_1",
  customerRef: "cus_1",
  reference: "ord_1",
};
const failed: PaymentEvent = {
  id: "evt_failed",
  kind: "invoice.payment_failed",
  invoiceId: "in_1",
  subscriptionRef: "sub_1",
  customerRef: "cus_1",
  reference: null,
  renewal: true,
};
const kinds = async () => (await repo.listEmails("ord_1")).map((email) => email.kind).sort();

describe("events after checkout", () => {
  test("cancellation then end, in either order and replayed: cancelled, each email once, each event recorded once", async () => {
    for (const order of [
      [updated, deleted],
      [deleted, updated],
    ]) {
      await freshPaidOrder();
      // Both events are delivered after the subscription ended: Stripe's truth is what counts.
      subscription = {
        ...subscription,
        status: "cancelled",
        cancelAtPeriodEnd: true,
        periodEnd: "2026-12-24T00:00:00.000Z",
      };
      for (const event of [...order, ...order])
        await handlePaymentEvent(event as HandledPaymentEvent, { repo, provider, inbox: billing });
      expect((await repo.findById("ord_1"))!.billingState).toBe("cancelled");
      expect(await kinds()).toEqual(["confirmation", "owner-cancellation", "subscription-ended"]);
      expect((await repo.listPaymentEvents("ord_1")).map((e) => e.id).sort()).toEqual(["evt_deleted", "evt_updated"]);
    }
  });

  test("a customer who cancels at the end of the period gets one confirmation with the end date (L215-1-1), whatever events follow", async () => {
    subscription = { ...subscription, cancelAtPeriodEnd: true };
    const again = { ...updated, id: "evt_updated_2" };
    for (const event of [updated, updated, again])
      await handlePaymentEvent(event as HandledPaymentEvent, { repo, provider, inbox: billing });
    expect((await repo.findById("ord_1"))!.billingState).toBe("cancelling");
    expect(await kinds()).toEqual([
      "cancellation-confirmed.2026-12-24T00:00:00Z",
      "confirmation",
      "owner-cancellation",
    ]);
    const config = {
      contactEmail: "x@example.com",
      ownerEmail: "owner@example.com",
      ownerLang: "fr" as const,
      publicOrigin: "https://shop.example",
    };
    const email = await renderOutboxEmail(
      repo,
      { id: 0, orderId: "ord_1", quoteId: null, kind: "cancellation-confirmed.2026-12-24T00:00:00Z", attempts: 0 },
      config,
    );
    // The order is Portuguese: its customer reads the confirmation in Portuguese, with the end date.
    expect(email.to).toBe(testCustomer.email);
    expect(email.subject).toBe("Agente formador IA no Telegram: o seu cancelamento está confirmado");
    expect(email.text).toContain("Termina a 24 de dezembro de 2026");
    // Resumed, then cancelled again for a later period: a new confirmation for the new end date.
    subscription = { ...subscription, cancelAtPeriodEnd: false, periodEnd: "2027-01-24T00:00:00.000Z" };
    await handlePaymentEvent({ ...updated, id: "evt_resumed" } as HandledPaymentEvent, {
      repo,
      provider,
      inbox: billing,
    });
    subscription = { ...subscription, cancelAtPeriodEnd: true };
    await handlePaymentEvent({ ...updated, id: "evt_cancelled_again" } as HandledPaymentEvent, {
      repo,
      provider,
      inbox: billing,
    });
    expect((await kinds()).filter((kind) => kind.startsWith("cancellation-confirmed."))).toEqual([
      "cancellation-confirmed.2026-12-24T00:00:00Z",
      "cancellation-confirmed.2027-01-24T00:00:00Z",
    ]);
  });

  test("a payment failure reported after the retry succeeded sends no failure email", async () => {
    expect((await handlePaymentEvent(failed as HandledPaymentEvent, { repo, provider, inbox: billing })).outcome).toBe(
      "active",
    );
    expect(await kinds()).toEqual(["confirmation"]);
  });

  test("a refunded charge of a subscription leaves the state to the subscription; a dispute is not undone by a later subscription event", async () => {
    await handlePaymentEvent(
      {
        id: "evt_refund",
        kind: "charge.refunded",
        chargeId: "ch_1",
        customerRef: "cus_1",
        fullyRefunded: true,
        amount: 53_600,
        amountRefunded: 53_600,
        currency: "eur",
      },
      { repo, provider, inbox: billing },
    );
    expect((await handlePaymentEvent(updated as HandledPaymentEvent, { repo, provider, inbox: billing })).outcome).toBe(
      "active",
    );
    expect(await kinds()).toEqual(["confirmation", "owner-refund.ch_1.53600"]);
    expect(await billing.refundsOf("ord_1")).toEqual([{ chargeId: "ch_1", amount: 53_600, amountRefunded: 53_600 }]);
    const dispute = {
      id: "evt_dispute",
      kind: "dispute.created",
      disputeId: "dp_1",
      chargeId: "ch_2",
      amount: 3_900,
      currency: "eur",
      reason: "fraudulent",
      status: "needs_response",
    } as const;
    expect((await handlePaymentEvent(dispute, { repo, provider, inbox: billing })).outcome).toBe("disputed");
    expect(
      (
        await handlePaymentEvent({ ...updated, id: "evt_updated_2" } as HandledPaymentEvent, {
          repo,
          provider,
          inbox: billing,
        })
      ).outcome,
    ).toBe("disputed");
  });

  test("the webhook answers: 404 for a provider without webhooks; a verified event is stored and answered at once, without asking the provider", async () => {
    expect(await receivePaymentWebhook("{}", "sig", { repo, provider, inbox: billing })).toEqual({
      status: 404,
      body: "Not found",
    });
    const flaky: PaymentProvider = {
      ...provider,
      verifyWebhook: () => updated,
      getSubscription: async () => Promise.reject(new Error("down")),
    };
    expect(await receivePaymentWebhook("{}", "sig", { repo, provider: flaky, inbox: billing })).toEqual({
      status: 200,
      body: "queued",
    });
    expect(await receivePaymentWebhook("{}", "sig", { repo, provider: flaky, inbox: billing })).toEqual({
      status: 200,
      body: "duplicate",
    });
    expect(await repo.hasPaymentEvent("evt_updated")).toBe(false);
    expect((await billing.find("evt_updated"))?.status).toBe("queued");
  });

  test("an event we cannot read is stored as unhandled and answered 500, never 2xx", async () => {
    const unreadable: PaymentEvent = {
      id: "evt_odd",
      kind: "unreadable",
      type: "invoice.paid",
      reason: "no subscription field",
      apiVersion: "2019-01-01",
      customerRef: "cus_1",
      reference: null,
    };
    expect(
      await receivePaymentWebhook("{}", "sig", {
        repo,
        provider: { ...provider, verifyWebhook: () => unreadable },
        inbox: billing,
      }),
    ).toEqual({
      status: 500,
      body: "Event not understood: stored as unhandled",
    });
    expect((await billing.find("evt_odd"))?.status).toBe("unhandled");
    expect(await billing.countUnhandled()).toBe(1);
    // The owner is told once, about the customer's order.
    expect(await kinds()).toEqual(["confirmation", "owner-unhandled.evt_odd"]);
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
