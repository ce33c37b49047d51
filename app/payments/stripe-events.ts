import type Stripe from "stripe";
import type { PaymentEvent } from "./provider.ts";

const refOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

const CHECKOUT: Record<string, Extract<PaymentEvent, { sessionId: string }>["kind"]> = {
  "checkout.session.completed": "checkout.completed",
  "checkout.session.async_payment_succeeded": "checkout.async_succeeded",
  "checkout.session.async_payment_failed": "checkout.async_failed",
  "checkout.session.expired": "checkout.expired",
};

/**
 * A verified Stripe event in the orders' words (pure). Enable exactly these in the Stripe
 * dashboard; anything else is acknowledged and ignored.
 */
export const STRIPE_WEBHOOK_EVENTS = [
  ...Object.keys(CHECKOUT),
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "charge.refunded",
  "charge.dispute.created",
] as const;

export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const id = event.id;
  const object = event.data.object as unknown as Record<string, unknown> & { id?: unknown };
  if (typeof object?.id !== "string") return { id, kind: "ignored", type: event.type };
  const checkout = CHECKOUT[event.type];
  if (checkout) {
    const session = event.data.object as Stripe.Checkout.Session;
    return { id, kind: checkout, sessionId: object.id, reference: session.client_reference_id ?? session.metadata?.order_id ?? null };
  }
  switch (event.type) {
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      return {
        id,
        kind: event.type,
        invoiceId: invoice.id ?? "",
        subscriptionRef: refOf(details?.subscription),
        customerRef: refOf(invoice.customer),
        reference: details?.metadata?.order_id ?? invoice.metadata?.order_id ?? null,
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
      return {
        id,
        kind: "charge.refunded",
        chargeId: charge.id,
        customerRef: refOf(charge.customer),
        fullyRefunded: charge.refunded,
        amountRefunded: charge.amount_refunded,
        currency: charge.currency,
      };
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      return {
        id,
        kind: "dispute.created",
        disputeId: dispute.id,
        chargeId: refOf(dispute.charge) ?? "",
        amount: dispute.amount,
        currency: dispute.currency,
        reason: String(dispute.reason ?? ""),
      };
    }
    default:
      return { id, kind: "ignored", type: event.type };
  }
}
