import type { Order } from "../orders/types.ts";

/** A checkout the visitor is sent to. */
export interface CheckoutSession {
  id: string;
  url: string;
}

/** What fulfilment needs to know about a session, whatever the provider. */
export interface SessionStatus {
  id: string;
  /** Our order id (Stripe: client_reference_id). */
  orderId: string | null;
  /** paid: money received (or nothing due) · open: not finished · processing: async payment pending · expired. */
  state: "paid" | "open" | "processing" | "expired";
  /** The provider's customer and subscription created by the checkout, when there are any. */
  customerRef?: string | null;
  subscriptionRef?: string | null;
}

export interface CheckoutUrls {
  /** Absolute or site-relative success URL containing `{CHECKOUT_SESSION_ID}`. */
  success: string;
  cancel: string;
}

/** The current truth about a subscription (events only name it: we always ask the provider). */
export interface SubscriptionStatus {
  id: string;
  orderId: string | null;
  customerRef: string | null;
  status: "active" | "past_due" | "cancelled" | "incomplete";
  /** True when the customer cancelled and the subscription ends at `periodEnd`. */
  cancelAtPeriodEnd: boolean;
  /** ISO date the current period ends (the next renewal, or the end of a cancelled subscription). */
  periodEnd: string | null;
}

/**
 * A verified provider event, in the orders' words. Only ids and facts that do not change travel
 * here; state is read from the provider when the event is handled, so order of delivery is moot.
 */
export type PaymentEvent = { id: string } & (
  | { kind: "checkout.completed" | "checkout.async_succeeded" | "checkout.async_failed" | "checkout.expired"; sessionId: string }
  | { kind: "invoice.paid" | "invoice.payment_failed"; invoiceId: string; subscriptionRef: string | null; customerRef: string | null; orderId: string | null; renewal: boolean }
  | { kind: "subscription.updated" | "subscription.deleted"; subscriptionRef: string; customerRef: string | null; orderId: string | null }
  | { kind: "charge.refunded"; chargeId: string; customerRef: string | null; fullyRefunded: boolean; amountRefunded: number; currency: string }
  | { kind: "dispute.created"; disputeId: string; chargeId: string; amount: number; currency: string; reason: string }
  | { kind: "ignored"; type: string }
);

/** The payment port: Stripe Checkout in production, the in-app sandbox otherwise. */
export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";
  /** Creates the checkout; must be idempotent per order id. Throws ProviderError on failure. */
  createCheckout(order: Order, urls: CheckoutUrls): Promise<CheckoutSession>;
  /** Current truth about a session; undefined when the provider does not know it. */
  getSession(sessionId: string): Promise<SessionStatus | undefined>;
  /**
   * Checks a webhook delivery's signature and reads it. Returns null when this provider takes no
   * webhooks; throws WebhookSignatureError when the signature is missing or wrong.
   */
  verifyWebhook(raw: string, signature: string | null): PaymentEvent | null;
  /** Current truth about a subscription; undefined when unknown. Throws ProviderError. */
  getSubscription(subscriptionRef: string): Promise<SubscriptionStatus | undefined>;
  /**
   * A hosted page where the customer manages the subscription (Stripe Billing Portal); null when
   * the provider has none and the site's own sandbox portal stands in. Throws ProviderError.
   */
  portalUrl(customerRef: string, returnUrl: string): Promise<string | null>;
  /** The customer behind a charge (disputes name only the charge). Throws ProviderError. */
  getChargeCustomer(chargeId: string): Promise<string | null>;
}

export class ProviderError extends Error {
  override name = "ProviderError";
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}
