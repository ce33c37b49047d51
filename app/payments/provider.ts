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
  /** What the session charges today, minor units, and its currency (checked against the order). */
  amountTotal: number | null;
  currency: string;
}

export interface CheckoutUrls {
  /** Absolute or site-relative success URL containing `{CHECKOUT_SESSION_ID}`. */
  success: string;
  cancel: string;
}

/** The payment port: Stripe Checkout in production, the in-app sandbox otherwise. */
export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";
  /** Creates the checkout; must be idempotent per order id. Throws ProviderError on failure. */
  createCheckout(order: Order, urls: CheckoutUrls): Promise<CheckoutSession>;
  /** Current truth about a session; undefined when the provider does not know it. */
  getSession(sessionId: string): Promise<SessionStatus | undefined>;
}

export class ProviderError extends Error {
  override name = "ProviderError";
}
