import type Stripe from "stripe";
import type { PaymentEvent } from "./provider.ts";

type Ref = string | { id: string } | null | undefined;
const refOf = (value: Ref): string | null => (typeof value === "string" ? value : (value?.id ?? null));
const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

const CHECKOUT: Record<string, Extract<PaymentEvent, { sessionId: string }>["kind"]> = {
  "checkout.session.completed": "checkout.completed",
  "checkout.session.async_payment_succeeded": "checkout.async_succeeded",
  "checkout.session.async_payment_failed": "checkout.async_failed",
  "checkout.session.expired": "checkout.expired",
};

/**
 * Exactly the events the site handles: `npm run stripe-setup` enables these on the webhook
 * endpoint and `npm run check-live` compares them; anything else is acknowledged and ignored.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  ...Object.keys(CHECKOUT),
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.closed",
] as const;

/**
 * An invoice in any API version an endpoint may use. Before 2025-03-31 ("basil") an invoice named
 * its subscription at the top level (`subscription`, `subscription_details.metadata`); since then
 * under `parent.subscription_details`
 * (https://docs.stripe.com/changelog/basil/2025-03-31/adds-new-parent-field-to-invoicing-objects).
 * The SDK's types know only the new place, so the old one is declared here.
 */
type AnyInvoice = Stripe.Invoice & {
  subscription?: Ref;
  subscription_details?: { metadata?: Stripe.Metadata | null } | null;
};

/** Where an invoice says its subscription is; `unreadable` when it says neither way. */
export function invoiceSubscription(
  invoice: AnyInvoice,
): { subscriptionRef: string | null; metadata: Stripe.Metadata } | "unreadable" {
  if (has(invoice, "parent")) {
    const details = invoice.parent?.type === "subscription_details" ? invoice.parent.subscription_details : null;
    // A parent of another kind (a quote) or none: a one-time invoice.
    return { subscriptionRef: refOf(details?.subscription), metadata: { ...invoice.metadata, ...details?.metadata } };
  }
  if (has(invoice, "subscription")) {
    return {
      subscriptionRef: refOf(invoice.subscription),
      metadata: { ...invoice.metadata, ...invoice.subscription_details?.metadata },
    };
  }
  return "unreadable";
}

/**
 * A subscription's current period end in any API version: per item since 2025-03-31, at the top
 * level before (https://docs.stripe.com/changelog/basil/2025-03-31/deprecate-subscription-current-period-start-and-end).
 */
export function subscriptionPeriodEnd(
  subscription: Stripe.Subscription & { current_period_end?: number },
): number | null {
  const ends = (subscription.items?.data ?? [])
    .map((item) => item.current_period_end)
    .filter((end): end is number => typeof end === "number");
  if (ends.length) return Math.min(...ends);
  return typeof subscription.current_period_end === "number" ? subscription.current_period_end : null;
}

/** What an unreadable object still says about whom it concerns, so the owner can be told about the right order. */
function unreadable(event: Stripe.Event, reason: string): PaymentEvent {
  const object = (event.data?.object ?? {}) as { customer?: Ref; metadata?: Record<string, string> | null };
  return {
    id: event.id,
    kind: "unreadable",
    type: event.type,
    reason,
    apiVersion: event.api_version ?? null,
    customerRef:
      typeof object.customer === "string" || typeof object.customer === "object" ? refOf(object.customer) : null,
    reference: object.metadata?.order_id ?? null,
  };
}

/**
 * A verified Stripe event in the orders' words (pure). An event of a type we handle whose object
 * we cannot read comes back `unreadable`: the caller stores it, logs an error, tells the owner and
 * answers non-2xx, so Stripe keeps retrying instead of the event being lost.
 */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const id = event.id;
  const handled = (STRIPE_WEBHOOK_EVENTS as readonly string[]).includes(event.type);
  const object = event.data?.object as unknown as (Record<string, unknown> & { id?: unknown }) | undefined;
  if (!handled) return { id, kind: "ignored", type: event.type };
  if (typeof object?.id !== "string") return unreadable(event, "the event carries no object id");
  const checkout = CHECKOUT[event.type];
  if (checkout) {
    const session = event.data.object as Stripe.Checkout.Session;
    return {
      id,
      kind: checkout,
      sessionId: object.id,
      reference: session.client_reference_id ?? session.metadata?.order_id ?? null,
    };
  }
  switch (event.type) {
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object as AnyInvoice;
      const found = invoiceSubscription(invoice);
      if (found === "unreadable")
        return unreadable(event, "the invoice names its subscription neither under parent nor at the top level");
      return {
        id,
        kind: event.type,
        invoiceId: invoice.id ?? "",
        subscriptionRef: found.subscriptionRef,
        customerRef: refOf(invoice.customer),
        reference: found.metadata.order_id ?? null,
        renewal: invoice.billing_reason === "subscription_cycle",
      };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      return {
        id,
        kind: event.type === "customer.subscription.updated" ? "subscription.updated" : "subscription.deleted",
        subscriptionRef: subscription.id,
        customerRef: refOf(subscription.customer),
        reference: subscription.metadata?.order_id ?? null,
      };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      if (typeof charge.amount !== "number" || typeof charge.amount_refunded !== "number")
        return unreadable(event, "the charge carries no amounts");
      return {
        id,
        kind: "charge.refunded",
        chargeId: charge.id,
        customerRef: refOf(charge.customer),
        fullyRefunded: charge.refunded,
        amount: charge.amount,
        amountRefunded: charge.amount_refunded,
        currency: charge.currency,
      };
    }
    case "charge.dispute.created":
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const chargeId = refOf(dispute.charge);
      if (!chargeId) return unreadable(event, "the dispute names no charge");
      return {
        id,
        kind: event.type === "charge.dispute.created" ? "dispute.created" : "dispute.closed",
        disputeId: dispute.id,
        chargeId,
        amount: dispute.amount,
        currency: dispute.currency,
        reason: String(dispute.reason ?? ""),
        status: String(dispute.status ?? ""),
      };
    }
    default:
      return { id, kind: "ignored", type: event.type };
  }
}
