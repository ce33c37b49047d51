import { WebhookSignatureError, type PaymentEvent, type PaymentProvider, type SubscriptionStatus } from "../payments/provider.ts";
import { logger } from "../lib/logger.server.ts";
import { BILLING_EMAIL as EMAIL } from "../mail/email-kinds.ts";
import { fulfil } from "../orders/fulfil.server.ts";
import type { BillingState, Order, OrderStore } from "../orders/types.ts";
import type { OutboxStore } from "../mail/types.ts";
import type { BackOfficeStore } from "../admin/types.ts";
import type { BillingStore } from "./types.ts";
import type { PaymentEventChange } from "./types.ts";


export interface PaymentEventDeps {
  repo: OrderStore & BillingStore & OutboxStore & Pick<BackOfficeStore, "addOrderEvent">;
  provider: PaymentProvider;
  onEnqueued?: () => void;
}

export interface WebhookAnswer {
  status: number;
  body: string;
}

/**
 * A webhook delivery, start to end: the provider checks the signature and reads the event; the
 * event is handled once (stored by id); a provider hiccup answers 503 so the provider retries.
 */
export async function receivePaymentWebhook(raw: string, signature: string | null, deps: PaymentEventDeps): Promise<WebhookAnswer> {
  let event: PaymentEvent | null;
  try {
    event = deps.provider.verifyWebhook(raw, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { status: 400, body: "Invalid signature" };
    return { status: 400, body: "Invalid event" };
  }
  if (!event) return { status: 404, body: "Not found" };
  if (event.kind === "ignored") return { status: 200, body: "Ignored" };
  try {
    return { status: 200, body: `ok ${await handlePaymentEvent(event, deps)}` };
  } catch (error) {
    logger().error({ event: event.id, kind: event.kind, err: error }, "payment event failed, the provider will retry");
    return { status: 503, body: "Temporarily unavailable" };
  }
}

/**
 * Handles one verified event at most once. Events only name things: the state they imply is read
 * from the provider now (the subscription's current status), so a late or replayed event can never
 * move an order backwards, and the emails it causes are unique outbox kinds.
 */
export async function handlePaymentEvent(event: Exclude<PaymentEvent, { kind: "ignored" }>, deps: PaymentEventDeps): Promise<string> {
  const { repo, provider } = deps;
  if (await repo.hasPaymentEvent(event.id)) return "duplicate";
  const record = async (order: Order | undefined, change?: Omit<PaymentEventChange, "orderId">) => {
    const recorded = await repo.recordPaymentEvent(
      { id: event.id, type: event.kind, orderId: order?.id ?? null },
      order && change ? { orderId: order.id, ...change } : undefined,
    );
    if (recorded && change?.emails.length) deps.onEnqueued?.();
    return recorded;
  };

  switch (event.kind) {
    case "checkout.completed":
    case "checkout.async_succeeded":
    case "checkout.async_failed":
    case "checkout.expired": {
      // The event is signed: its reference may attach a session we never stored (crash).
      const result = await fulfil(event.sessionId, { repo, provider, onEnqueued: deps.onEnqueued, orderId: event.reference ?? undefined });
      if (event.kind === "checkout.async_failed" && result.order && result.status !== "paid") {
        await repo.markFailed(result.order.id, "async payment failed");
      }
      await record(result.order);
      return result.status;
    }
    case "invoice.paid":
    case "invoice.payment_failed":
    case "subscription.updated":
    case "subscription.deleted": {
      const subscription = event.subscriptionRef ? await provider.getSubscription(event.subscriptionRef) : undefined;
      const order = await findOrder(repo, {
        orderId: event.reference ?? subscription?.reference ?? null,
        subscriptionRef: event.subscriptionRef,
        customerRef: event.customerRef ?? subscription?.customerRef ?? null,
      });
      if (!order || !subscription) return (await record(order)) ? "no subscription" : "duplicate";
      if (!order.subscriptionRef || !order.customerRef) {
        await repo.setBillingRefs(order.id, { customerRef: subscription.customerRef, subscriptionRef: subscription.id, state: null, periodEnd: null });
      }
      const emails: string[] = [];
      if (event.kind === "invoice.payment_failed" && subscription.status === "past_due") emails.push(EMAIL.paymentFailed(event.invoiceId));
      if (event.kind === "invoice.paid" && event.renewal) emails.push(EMAIL.renewal(event.invoiceId));
      if (subscription.status === "cancelled") emails.push(EMAIL.subscriptionEnded, EMAIL.ownerCancellation);
      else if (subscription.cancelAtPeriodEnd) emails.push(EMAIL.ownerCancellation);
      const state = mergeBillingState(order.billingState, subscriptionState(subscription));
      await record(order, { billing: { state, periodEnd: subscription.periodEnd }, emails });
      return state;
    }
    case "charge.refunded": {
      const order = await findOrder(repo, { customerRef: event.customerRef });
      const state = event.fullyRefunded ? "refunded" : (order?.billingState ?? null);
      await record(order, {
        ...(state ? { billing: { state, periodEnd: null } } : {}),
        emails: [EMAIL.ownerRefund(event.chargeId, event.amountRefunded)],
      });
      return order ? (state ?? "partially refunded") : "no order";
    }
    case "dispute.created": {
      const customerRef = await provider.getChargeCustomer(event.chargeId);
      const order = await findOrder(repo, { customerRef });
      await record(order, { billing: { state: "disputed", periodEnd: null }, emails: [EMAIL.ownerDispute(event.disputeId, event.amount)] });
      return order ? "disputed" : "no order";
    }
  }
}

async function findOrder(repo: Pick<OrderStore, "findById"> & Pick<BillingStore, "findByBillingRef">, ref: { orderId?: string | null; subscriptionRef?: string | null; customerRef?: string | null }) {
  if (ref.orderId) {
    const order = await repo.findById(ref.orderId);
    if (order) return order;
  }
  return repo.findByBillingRef({ subscriptionRef: ref.subscriptionRef ?? null, customerRef: ref.customerRef ?? null });
}

export function subscriptionState(subscription: SubscriptionStatus): BillingState {
  if (subscription.status === "cancelled") return "cancelled";
  if (subscription.status === "past_due") return "past_due";
  return subscription.cancelAtPeriodEnd ? "cancelling" : "active";
}

/** Money taken back (refund, dispute) outranks whatever the subscription says afterwards. */
export function mergeBillingState(current: BillingState | null, next: BillingState): BillingState {
  if (current === "refunded" || current === "disputed") return current;
  return next;
}
