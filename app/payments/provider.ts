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
  /**
   * The name typed in the order form, so the checkout does not ask it again: the sandbox fills its
   * billing name with it (Stripe's hosted Checkout has no parameter for a name without a Customer
   * object; it gets `customer_email`). Absent on sessions stored before.
   */
  customerName?: string;
  /**
   * "required": the checkout asks the billing address before it takes the payment (Stripe
   * Checkout's `billing_address_collection`; the sandbox asks the same). Absent on sandbox sessions
   * stored before it was asked.
   */
  billingAddress?: "required";
  /** ISO 4217, upper case. */
  currency: string;
  /** Charged once today, minor units (a setup fee or the whole price); null when nothing is. */
  oneTime: { name: string; amount: number } | null;
  /** A monthly subscription; its first charge comes after trialDays (0: today, with the one-time part). */
  monthly: { name: string; amount: number; trialDays: number } | null;
  metadata: Record<string, string>;
  /** The price story in the customer's words (today, each later month, from when), shown on the checkout. */
  summary: string;
  /** Absolute or site-relative; contains `{CHECKOUT_SESSION_ID}`. */
  successUrl: string;
  cancelUrl: string;
}

/** What the customer pays at checkout for a request (minor units). */
export function dueToday(request: Pick<CheckoutRequest, "oneTime" | "monthly">): number {
  const monthlyToday = request.monthly && request.monthly.trialDays === 0 ? request.monthly.amount : 0;
  return (request.oneTime?.amount ?? 0) + monthlyToday;
}

/**
 * The billing details a checkout collected, in Stripe's shape (the session's `customer_details`,
 * https://docs.stripe.com/api/checkout/sessions/object#checkout_session_object-customer_details):
 * the name on the payment and the address; `country` is an ISO 3166-1 alpha-2 code.
 */
export interface BillingDetails {
  name: string | null;
  address: {
    line1: string | null;
    line2: string | null;
    postal_code: string | null;
    city: string | null;
    state: string | null;
    country: string | null;
  };
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
  /** The tax inside amountTotal (Stripe Tax's total_details.amount_tax); null when the provider computes none. */
  amountTax?: number | null;
  currency: string;
  /** The provider's customer and subscription created by the checkout, when there are any. */
  customerRef?: string | null;
  subscriptionRef?: string | null;
  /** What the checkout collected (null before completion, or when it asked for no address). */
  billing?: BillingDetails | null;
}

/** The current truth about a subscription (events only name it: it is always read from the provider). */
export interface SubscriptionStatus {
  id: string;
  /** The checkout request's reference, from the subscription's metadata. */
  reference: string | null;
  customerRef: string | null;
  status: "active" | "past_due" | "cancelled" | "incomplete" | "paused";
  /** The provider's own word for it (trialing, paused, incomplete_expired…), shown to the owner. */
  providerStatus: string;
  /** True when the customer cancelled and the subscription ends at `periodEnd`. */
  cancelAtPeriodEnd: boolean;
  /** ISO date the current period ends (the next renewal, or the end of a cancelled subscription). */
  periodEnd: string | null;
}

/**
 * A verified provider event in payment terms. Only ids and facts that do not change travel here;
 * state is read from the provider when the event is handled, so the order of delivery is moot.
 */
export type PaymentEvent = { id: string } & (
  | {
      kind: "checkout.completed" | "checkout.async_succeeded" | "checkout.async_failed" | "checkout.expired";
      sessionId: string;
      /** The request's reference as the signed event names it (client_reference_id). */
      reference: string | null;
    }
  | {
      kind: "invoice.paid" | "invoice.payment_failed";
      invoiceId: string;
      subscriptionRef: string | null;
      customerRef: string | null;
      reference: string | null;
      renewal: boolean;
    }
  | {
      kind: "subscription.updated" | "subscription.deleted";
      subscriptionRef: string;
      customerRef: string | null;
      reference: string | null;
    }
  | {
      kind: "charge.refunded";
      chargeId: string;
      customerRef: string | null;
      fullyRefunded: boolean;
      amount: number;
      amountRefunded: number;
      currency: string;
    }
  | {
      kind: "dispute.created" | "dispute.closed";
      disputeId: string;
      chargeId: string;
      amount: number;
      currency: string;
      reason: string;
      status: string;
    }
  | { kind: "ignored"; type: string }
  /** A type we handle whose object we could not read: never acknowledged as handled. */
  | {
      kind: "unreadable";
      type: string;
      reason: string;
      apiVersion: string | null;
      customerRef: string | null;
      reference: string | null;
    }
);

/** An event that can be queued and handled. */
export type HandledPaymentEvent = Exclude<PaymentEvent, { kind: "ignored" | "unreadable" }>;

/** The payment port: Stripe Checkout in production, the in-app sandbox otherwise. */
export interface PaymentProvider {
  readonly name: "stripe" | "sandbox";
  /** Creates the checkout; idempotent per reference. Throws ProviderError on failure. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
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
  portalUrl(customerRef: string, returnUrl: string, locale: Language): Promise<string | null>;
  /** The customer behind a charge (disputes name only the charge) and whether it is fully refunded. Throws ProviderError. */
  getCharge(chargeId: string): Promise<{ customerRef: string | null; refunded: boolean } | null>;
  /**
   * Refunds part or all of what a checkout session charged (the back office). Idempotent per
   * `idempotencyKey`: the same request again answers the first result and refunds nothing more.
   * Throws ProviderError when the provider cannot be reached or answers something unexpected.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Cancels a subscription at its period's end or now (the back office). Throws ProviderError. */
  cancelSubscription(request: CancelRequest): Promise<CancelResult>;
  /**
   * The papers the provider issued for what a checkout session took: its hosted invoice page and
   * PDF, and the card payment's receipt (each null when it issued none). Null when the provider
   * issues none at all (the sandbox: the site's own invoice page stands in). Throws ProviderError.
   */
  documents(sessionId: string): Promise<PaymentDocuments | null>;
}

export interface PaymentDocuments {
  invoiceUrl: string | null;
  invoicePdf: string | null;
  receiptUrl: string | null;
}

/** Stripe's refund reasons (https://docs.stripe.com/api/refunds/create#create_refund-reason). */
export const REFUND_REASONS = ["requested_by_customer", "duplicate", "fraudulent"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export interface RefundRequest {
  /** The checkout session that took the payment. */
  sessionId: string;
  /** The caller's reference (an order id), kept in the refund's metadata. */
  reference: string;
  /** Minor units, > 0. */
  amount: number;
  reason: RefundReason | null;
  /** The owner's own words when no listed reason fits (metadata, at most 500 characters). */
  note: string;
  idempotencyKey: string;
}

export type RefundResult =
  | {
      ok: true;
      refundId: string;
      /** The charge refunded, its amount and what is refunded of it now (minor units). */
      chargeId: string;
      chargeAmount: number;
      amountRefunded: number;
      currency: string;
    }
  /** tooMuch: more than is left on the charge · notPaid: the session took no payment. */
  | { ok: false; reason: "tooMuch" | "notPaid" };

export interface CancelRequest {
  subscriptionRef: string;
  /** Checkout reference of the subscription (the sandbox keys its records by it). */
  reference: string;
  atPeriodEnd: boolean;
  idempotencyKey: string;
  /** The period's end as the site knows it (the sandbox has no clock of its own). */
  periodEnd: string | null;
}

export type CancelResult =
  { ok: true; subscription: SubscriptionStatus } | { ok: false; reason: "alreadyCancelled" | "unknown" };

export class ProviderError extends Error {
  override name = "ProviderError";
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

/** A correctly signed delivery in a payload style the site does not read (Stripe's thin `v2.core.event`). */
export class WebhookPayloadStyleError extends Error {
  override name = "WebhookPayloadStyleError";
}
