import type { Language } from "../i18n/languages.ts";

/**
 * What to charge, said in payment terms: the caller (orders) builds it from the stored order, so
 * the amounts are the ones the order recorded, computed once. Adapters know nothing of orders.
 */
export interface CheckoutRequest {
  /** The caller's reference (an order id): Stripe's client_reference_id and idempotency key. */
  reference: string;
  locale: Language;
  customerEmail: string;
  /** ISO 4217, upper case. */
  currency: string;
  /** Charged once today, minor units (a setup fee or the whole price); null when nothing is. */
  oneTime: { name: string; amount: number } | null;
  /** A monthly subscription; its first charge comes after trialDays (0: today, with the one-time part). */
  monthly: { name: string; amount: number; trialDays: number } | null;
  metadata: Record<string, string>;
  /** Absolute or site-relative; contains `{CHECKOUT_SESSION_ID}`. */
  successUrl: string;
  cancelUrl: string;
}

/** What the customer pays at checkout for a request (minor units). */
export function dueToday(request: Pick<CheckoutRequest, "oneTime" | "monthly">): number {
  const monthlyToday = request.monthly && request.monthly.trialDays === 0 ? request.monthly.amount : 0;
  return (request.oneTime?.amount ?? 0) + monthlyToday;
}

/** A checkout the visitor is sent to. */
export interface CheckoutSession {
  id: string;
  url: string;
}

/** What fulfilment needs to know about a session, whatever the provider. */
export interface SessionStatus {
  id: string;
  /** The request's reference (Stripe: client_reference_id). */
  reference: string | null;
  /** paid: money received (or nothing due) · open: not finished · processing: async payment pending · expired. */
  state: "paid" | "open" | "processing" | "expired";
  /** What the session charges today (minor units) and its currency: fulfilment checks them against the order. */
  amountTotal: number | null;
  currency: string;
}

/** The payment port: Stripe Checkout in production, the in-app sandbox otherwise. */
export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";
  /** Creates the checkout; idempotent per reference. Throws ProviderError on failure. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Current truth about a session; undefined when the provider does not know it. */
  getSession(sessionId: string): Promise<SessionStatus | undefined>;
}

export class ProviderError extends Error {
  override name = "ProviderError";
}
