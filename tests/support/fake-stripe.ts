import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import Stripe from "stripe";
import { STRIPE_PINNED_VERSION } from "../../app/payments/stripe-version.ts";
import {
  LEGACY_VERSION,
  legacyInvoice,
  legacySubscription,
  type LegacyInvoice,
  type LegacySubscription,
} from "./fake-stripe-legacy.ts";

/**
 * A stand-in for the Stripe API that refuses what Stripe refuses (every refusal, with the Stripe
 * documentation page it comes from, is listed in fake-stripe-rules.md next to this file) and sends
 * what Stripe sends: Checkout sessions (idempotency keys kept 24 hours and compared with the
 * parameters), a hosted checkout page, the customers, subscriptions, invoices and charges a paid or
 * delayed checkout creates, Billing Portal configurations and sessions, webhook endpoints, switches
 * to simulate an outage, and webhook events signed with the SDK's own test helper — rendered in the
 * pinned API version or in a pre-2025-03-31 shape, as the test chooses. The app's SDK points at it
 * through STRIPE_API_BASE. Objects are typed with the SDK's own types (Pick<…>), so a field the SDK
 * does not know fails the type check; only the legacy shapes (fake-stripe-legacy.ts) are our own.
 */
export type FakeSession = Pick<
  Stripe.Checkout.Session,
  | "id"
  | "object"
  | "url"
  | "status"
  | "payment_status"
  | "mode"
  | "client_reference_id"
  | "customer_email"
  | "locale"
  | "success_url"
  | "cancel_url"
  | "metadata"
  | "customer"
  | "subscription"
  | "invoice"
  | "amount_total"
  | "total_details"
  | "currency"
  | "created"
  | "livemode"
  | "payment_intent"
  | "billing_address_collection"
  | "customer_details"
> & {
  mode: "payment" | "subscription" | "setup";
  customer: string | null;
  subscription: string | null;
  invoice: string | null;
  payment_intent: string | null;
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  currency: string;
  metadata: Record<string, string>;
  /** Every form parameter the SDK sent, flat (`line_items[0][price_data][unit_amount]`). Not part of Stripe's object. */
  params: Record<string, string>;
  idempotencyKey: string | null;
  /** The session is paid by a delayed method (SEPA debit): it completes unpaid and settles later. */
  delayed?: boolean;
};

type FakeItem = Pick<
  Stripe.SubscriptionItem,
  "id" | "object" | "current_period_start" | "current_period_end" | "quantity"
>;
export type FakeSubscription = Pick<
  Stripe.Subscription,
  | "id"
  | "object"
  | "customer"
  | "status"
  | "cancel_at_period_end"
  | "cancel_at"
  | "ended_at"
  | "metadata"
  | "latest_invoice"
  | "pause_collection"
  | "created"
  | "livemode"
> & {
  customer: string;
  status: "active" | "trialing" | "past_due" | "unpaid" | "canceled" | "incomplete" | "incomplete_expired" | "paused";
  metadata: Record<string, string>;
  items: { object: "list"; data: FakeItem[]; has_more: false; url: string };
  /** Monthly amount (minor units) and currency, for invoices. Not part of Stripe's object (hidden in responses). */
  amount: number;
  currency: string;
};

export type FakeInvoice = Pick<
  Stripe.Invoice,
  | "id"
  | "object"
  | "customer"
  | "status"
  | "billing_reason"
  | "amount_due"
  | "amount_paid"
  | "currency"
  | "metadata"
  | "parent"
  | "created"
  | "livemode"
  | "period_end"
  | "hosted_invoice_url"
  | "invoice_pdf"
> & {
  id: string;
  customer: string;
  metadata: Record<string, string>;
  /** The charge that paid it (legacy shapes carry it; the pinned version lists it under `payments`). Hidden in the pinned shape. */
  charge: string | null;
};

export type FakeCharge = Pick<
  Stripe.Charge,
  | "id"
  | "object"
  | "customer"
  | "amount"
  | "amount_refunded"
  | "refunded"
  | "currency"
  | "disputed"
  | "payment_intent"
  | "created"
  | "livemode"
  | "receipt_url"
> & {
  customer: string | null;
};

export type FakeRefund = Pick<
  Stripe.Refund,
  "id" | "object" | "amount" | "charge" | "payment_intent" | "currency" | "reason" | "status" | "metadata" | "created"
> & {
  charge: string;
  metadata: Record<string, string>;
};

export type FakeDispute = Pick<
  Stripe.Dispute,
  "id" | "object" | "charge" | "amount" | "currency" | "reason" | "status" | "created" | "livemode"
>;
export type FakeCustomer = Pick<Stripe.Customer, "id" | "object" | "email" | "created" | "livemode">;
export type FakeWebhookEndpoint = Pick<
  Stripe.WebhookEndpoint,
  | "id"
  | "object"
  | "url"
  | "enabled_events"
  | "api_version"
  | "status"
  | "created"
  | "livemode"
  | "metadata"
  | "description"
> & {
  secret: string;
};
export type FakePortalConfiguration = Pick<
  Stripe.BillingPortal.Configuration,
  "id" | "object" | "active" | "is_default" | "default_return_url" | "created" | "livemode" | "metadata"
> & {
  features: Record<string, unknown>;
};
type FakePortalSession = Pick<
  Stripe.BillingPortal.Session,
  "id" | "object" | "customer" | "return_url" | "url" | "locale" | "configuration" | "created" | "livemode"
>;

export interface SignedEvent {
  id: string;
  body: string;
  signature: string;
}

/** Which shape an event's object has: the SDK's pinned version, or an endpoint still on 2024-06-20. */
export type EventShape = "pinned" | "legacy";
export interface EventOptions {
  shape?: EventShape;
  secret?: string;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  charges: Map<string, FakeCharge>;
  refunds: Map<string, FakeRefund>;
  customers: Map<string, FakeCustomer>;
  webhookEndpoints: Map<string, FakeWebhookEndpoint>;
  portalConfigurations: Map<string, FakePortalConfiguration>;
  /** Billing Portal sessions created (customer, return_url, locale). */
  portalSessions: Array<FakePortalSession & { customer: string }>;
  /** Every 4xx the fake answered (Stripe's error object), newest last. */
  refusals: Array<{
    method: string;
    path: string;
    status: number;
    error: { type: string; code?: string; message: string; param?: string };
  }>;
  /** Create-session requests received (including idempotent replays). */
  createRequests: number;
  /** Retrieve-session requests received. */
  retrieveRequests: number;
  /** POST /v1/refunds received (including idempotent replays and refusals). */
  refundRequests: number;
  /** Subscription updates and cancellations received (POST and DELETE /v1/subscriptions/:id). */
  subscriptionWrites: number;
  /**
   * The events Stripe sends after the API changed something (a refund: charge.refunded and
   * refund.created; a subscription update or cancel: customer.subscription.updated / .deleted),
   * signed for the default endpoint, oldest first. The test delivers them when it chooses.
   */
  sent: Array<SignedEvent & { type: string }>;
  /** Every API request received (/v1/…), whatever it asked. */
  apiRequests: number;
  /** When true, every API call answers 500. */
  down: boolean;
  /** Milliseconds every API answer waits (a slow Stripe). */
  latencyMs: number;
  /** When true, create-session requests are received and processed (Stripe created the session) but never answered. */
  hangCreate: boolean;
  /** Seconds added to the fake's clock (idempotency keys are forgotten after 24 hours). */
  clockOffset: number;
  /** What the buyer types on Checkout when the session requires a billing address (customer_details). */
  billingName: string;
  billingAddress: Stripe.Address;
  /** A default Billing Portal configuration, as saving the portal settings in the Dashboard creates. */
  configurePortal(): FakePortalConfiguration;
  /** Pays the session on the hosted page. `delayed`: a SEPA-like method, complete but unpaid until settled. */
  complete(sessionId: string, paymentStatus?: "paid" | "unpaid" | "no_payment_required"): FakeSession;
  /** A delayed payment settles (true) or fails (false). */
  settleDelayed(sessionId: string, succeeded: boolean): FakeSession;
  expire(sessionId: string): FakeSession;
  /** A signed webhook request (body + Stripe-Signature header) for an event about a session. */
  signedEvent(type: string, sessionId: string, options?: EventOptions): SignedEvent;
  /** A signed event carrying a snapshot of any object (subscription, invoice, charge, dispute), in the chosen shape. */
  objectEvent(type: string, object: object, options?: EventOptions): SignedEvent;
  /** A signed thin (`v2.core.event`) notification, as an event destination with thin payloads sends. */
  thinEvent(type: string, relatedId: string): SignedEvent;
  /** The invoice a session created: the first invoice of a subscription, or a one-time payment's (invoice_creation). */
  invoiceOf(sessionId: string): FakeInvoice | undefined;
  /** A month passes: the subscription renews (paid) or its payment fails (past due). Returns the invoice. */
  renew(subscriptionId: string, outcome?: "paid" | "failed"): FakeInvoice;
  /** What the hosted portal's cancel button does: cancel at the end of the period. */
  cancelAtPeriodEnd(subscriptionId: string): FakeSubscription;
  /** The period ends (or Stripe gives up retrying): the subscription is over. */
  endSubscription(subscriptionId: string): FakeSubscription;
  /** The owner pauses the subscription (status paused, as with a trial ending without a payment method). */
  pause(subscriptionId: string): FakeSubscription;
  refund(chargeId: string, amount?: number): FakeCharge;
  dispute(chargeId: string): FakeDispute;
  /** The dispute is closed: won (the money comes back) or lost. */
  closeDispute(dispute: FakeDispute, outcome: "won" | "lost"): FakeDispute;
  /** The first charge of a checkout session (its payment). */
  chargeOf(sessionId: string): FakeCharge | undefined;
  /** The latest charge of a subscription (its last paid invoice). */
  latestChargeOf(subscriptionId: string): FakeCharge | undefined;
  close(): Promise<void>;
}

const signer = new Stripe("sk_test_fake");

/** Checkout's locales (SDK type Checkout.SessionCreateParams.Locale, without OtherString). */
export const CHECKOUT_LOCALES: ReadonlySet<string> = new Set([
  "auto",
  "bg",
  "cs",
  "da",
  "de",
  "el",
  "en",
  "en-GB",
  "es",
  "es-419",
  "et",
  "fi",
  "fil",
  "fr",
  "fr-CA",
  "hi-IN",
  "hr",
  "hu",
  "id",
  "it",
  "ja",
  "ko",
  "lt",
  "lv",
  "ms",
  "mt",
  "nb",
  "nl",
  "pl",
  "pt",
  "pt-BR",
  "ro",
  "ru",
  "sk",
  "sl",
  "sv",
  "th",
  "tr",
  "vi",
  "zh",
  "zh-HK",
  "zh-TW",
] satisfies Stripe.Checkout.SessionCreateParams.Locale[]);
/** The Billing Portal's locales (SDK type BillingPortal.SessionCreateParams.Locale). */
export const PORTAL_LOCALES: ReadonlySet<string> = new Set([
  ...CHECKOUT_LOCALES,
  "en-AU",
  "en-CA",
  "en-IE",
  "en-IN",
  "en-NZ",
  "en-SG",
] satisfies Stripe.BillingPortal.SessionCreateParams.Locale[]);
/** Minimum charge amounts (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts), minor units. */
export const MINIMUM_CHARGE: Record<string, number> = { usd: 50, eur: 50, gbp: 30, chf: 50, cad: 50, aud: 50 };

const DAY = 24 * 60 * 60;
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;

class Refusal extends Error {
  readonly status: number;
  readonly error: { type: string; code?: string; message: string; param?: string; doc_url?: string };
  constructor(status: number, error: Refusal["error"]) {
    super(error.message);
    this.status = status;
    this.error = error;
  }
}
const invalid = (message: string, param?: string, code?: string) =>
  new Refusal(400, { type: "invalid_request_error", message, ...(param ? { param } : {}), ...(code ? { code } : {}) });

/** Stripe's form encoding, flat names → values (the SDK sends `a[b][0][c]=v`). */
const flat = (body: string) => Object.fromEntries(new URLSearchParams(body));
const fieldsUnder = (params: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(params)
      .filter(
        ([name]) =>
          name.startsWith(`${prefix}[`) && name.endsWith("]") && !name.slice(prefix.length + 1, -1).includes("["),
      )
      .map(([name, value]) => [name.slice(prefix.length + 1, -1), value]),
  );
const lineCount = (params: Record<string, string>) => {
  let count = 0;
  while (Object.keys(params).some((name) => name.startsWith(`line_items[${count}]`))) count++;
  return count;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const charges = new Map<string, FakeCharge>();
  const refunds = new Map<string, FakeRefund>();
  const customers = new Map<string, FakeCustomer>();
  const webhookEndpoints = new Map<string, FakeWebhookEndpoint>();
  const portalConfigurations = new Map<string, FakePortalConfiguration>();
  const chargeBySession = new Map<string, string>();
  const chargeByInvoice = new Map<string, string>();
  const portalSessions: FakeStripe["portalSessions"] = [];
  /** Idempotency keys: what was asked (method, path, params hash), what was answered, when. */
  const idempotency = new Map<string, { fingerprint: string; status: number; body: unknown; at: number }>();
  const sockets = new Set<net.Socket>();
  let base = "";
  const now = () => Math.floor(Date.now() / 1000) + fake.clockOffset;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      "Content-Type": "application/json",
      "Request-Id": `req_${randomBytes(6).toString("hex")}`,
      "Stripe-Version": STRIPE_PINNED_VERSION,
    });
    res.end(JSON.stringify(body));
  };

  const fake: FakeStripe = {
    url: "",
    secretKey: "sk_test_fake123",
    webhookSecret: "whsec_fake123",
    sessions,
    subscriptions,
    invoices,
    charges,
    refunds,
    customers,
    webhookEndpoints,
    portalConfigurations,
    portalSessions,
    refusals: [],
    createRequests: 0,
    retrieveRequests: 0,
    apiRequests: 0,
    refundRequests: 0,
    subscriptionWrites: 0,
    sent: [],
    down: false,
    latencyMs: 0,
    hangCreate: false,
    clockOffset: 0,
    billingName: "Jonas Kurz",
    billingAddress: {
      line1: "Torstraße 1",
      line2: null,
      postal_code: "10119",
      city: "Berlin",
      state: null,
      country: "DE",
    },
    configurePortal() {
      const configuration = createPortalConfiguration({ "features[subscription_cancel][enabled]": "true" }, true);
      return configuration;
    },
    complete(sessionId, paymentStatus = "paid") {
      const session = mustGet(sessions, sessionId, "session");
      if (session.status !== "open") throw new Error(`session ${sessionId} is ${session.status}`);
      session.status = "complete";
      session.payment_status = paymentStatus;
      // With automatic_tax on and tax-inclusive prices, total_details.amount_tax is the tax inside
      // amount_total (https://docs.stripe.com/tax/checkout, https://docs.stripe.com/api/checkout/sessions/object#checkout_session_object-total_details).
      // Stripe's rate depends on the buyer's address; the double applies France's 20 % VAT to everyone.
      if (session.params["automatic_tax[enabled]"] === "true")
        session.total_details.amount_tax = Math.round((session.amount_total * 20) / 120);
      // What the buyer typed on Checkout: the address only where the session required it
      // (https://docs.stripe.com/api/checkout/sessions/object#checkout_session_object-customer_details).
      session.customer_details = {
        address: session.billing_address_collection === "required" ? { ...fake.billingAddress } : null,
        business_name: null,
        email: session.customer_email,
        individual_name: null,
        name: session.billing_address_collection === "required" ? fake.billingName : null,
        phone: null,
        tax_exempt: "none",
        tax_ids: [],
      };
      session.delayed = paymentStatus === "unpaid";
      // A delayed method completes the session unpaid: Stripe still creates the customer and the
      // subscription (incomplete) at once (https://docs.stripe.com/payments/checkout/fulfill-orders#delayed-notification).
      settle(session, paymentStatus === "unpaid" ? "pending" : "paid");
      return session;
    },
    settleDelayed(sessionId, succeeded) {
      const session = mustGet(sessions, sessionId, "session");
      if (!session.delayed || session.payment_status !== "unpaid")
        throw new Error(`session ${sessionId} has no delayed payment pending`);
      const subscription = session.subscription ? subscriptions.get(session.subscription) : undefined;
      const invoice = session.invoice ? invoices.get(session.invoice) : undefined;
      if (succeeded) {
        session.payment_status = "paid";
        if (subscription) subscription.status = "active";
        if (invoice) payInvoice(invoice);
        else chargeBySession.set(session.id, newCharge(session.customer, session.amount_total, session.currency).id);
        if (session.mode === "payment")
          session.payment_intent = fake.chargeOf(session.id)?.payment_intent as string | null;
      } else if (subscription) {
        subscription.status = "incomplete_expired";
      }
      return session;
    },
    expire(sessionId) {
      const session = mustGet(sessions, sessionId, "session");
      if (session.status !== "open") throw new Error(`session ${sessionId} is ${session.status}`);
      session.status = "expired";
      return session;
    },
    objectEvent(type, object, options = {}) {
      return sign(type, render(object, options.shape ?? "pinned"), options);
    },
    signedEvent(type, sessionId, options = {}) {
      const session = sessions.get(sessionId) ?? ({ id: sessionId, object: "checkout.session" } as FakeSession);
      return sign(type, render(session, options.shape ?? "pinned"), options);
    },
    thinEvent(type, relatedId) {
      const id = `evt_${randomBytes(8).toString("hex")}`;
      const body = JSON.stringify({
        id,
        object: "v2.core.event",
        type,
        created: new Date(now() * 1000).toISOString(),
        livemode: false,
        related_object: { id: relatedId, type: "unknown", url: `/v1/x/${relatedId}` },
      });
      return {
        id,
        body,
        signature: signer.webhooks.generateTestHeaderString({ payload: body, secret: fake.webhookSecret }),
      };
    },
    invoiceOf(sessionId) {
      const session = sessions.get(sessionId);
      return session?.invoice ? invoices.get(session.invoice) : undefined;
    },
    renew(subscriptionId, outcome = "paid") {
      const subscription = mustGet(subscriptions, subscriptionId, "subscription");
      const item = subscription.items.data[0]!;
      const invoice = newInvoice(
        subscription.customer,
        subscription.amount,
        subscription.currency,
        "subscription_cycle",
        subscription,
      );
      if (outcome === "paid") {
        item.current_period_start = item.current_period_end;
        item.current_period_end += 30 * DAY;
        subscription.status = "active";
        payInvoice(invoice);
      } else {
        subscription.status = "past_due";
      }
      return invoice;
    },
    cancelAtPeriodEnd(subscriptionId) {
      const subscription = mustGet(subscriptions, subscriptionId, "subscription");
      subscription.cancel_at_period_end = true;
      subscription.cancel_at = subscription.items.data[0]!.current_period_end;
      return subscription;
    },
    endSubscription(subscriptionId) {
      const subscription = mustGet(subscriptions, subscriptionId, "subscription");
      subscription.status = "canceled";
      subscription.ended_at = subscription.cancel_at ?? now();
      return subscription;
    },
    pause(subscriptionId) {
      const subscription = mustGet(subscriptions, subscriptionId, "subscription");
      subscription.status = "paused";
      return subscription;
    },
    refund(chargeId, amount) {
      const charge = mustGet(charges, chargeId, "charge");
      charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (amount ?? charge.amount));
      charge.refunded = charge.amount_refunded === charge.amount;
      return charge;
    },
    dispute(chargeId) {
      const charge = mustGet(charges, chargeId, "charge");
      charge.disputed = true;
      return {
        id: newId("dp"),
        object: "dispute",
        charge: charge.id,
        amount: charge.amount,
        currency: charge.currency,
        reason: "fraudulent",
        status: "needs_response",
        created: now(),
        livemode: false,
      };
    },
    closeDispute(dispute, outcome) {
      return { ...dispute, status: outcome };
    },
    chargeOf(sessionId) {
      const id = chargeBySession.get(sessionId);
      return id ? charges.get(id) : undefined;
    },
    latestChargeOf(subscriptionId) {
      const subscription = mustGet(subscriptions, subscriptionId, "subscription");
      const id =
        typeof subscription.latest_invoice === "string" ? chargeByInvoice.get(subscription.latest_invoice) : undefined;
      return id ? charges.get(id) : undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  function mustGet<T>(map: Map<string, T>, id: string, what: string): T {
    const found = map.get(id);
    if (!found) throw new Error(`no ${what} ${id}`);
    return found;
  }

  function sign(type: string, object: unknown, options: EventOptions): SignedEvent {
    const id = newId("evt");
    const body = JSON.stringify({
      id,
      object: "event",
      type,
      // An event is rendered in the endpoint's API version (https://docs.stripe.com/webhooks/versioning).
      api_version: options.shape === "legacy" ? LEGACY_VERSION : STRIPE_PINNED_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    return {
      id,
      body,
      signature: signer.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? fake.webhookSecret,
      }),
    };
  }

  /** An object as Stripe shows it: without the fake's own bookkeeping, in the chosen shape. */
  function render(object: object, shape: EventShape): unknown {
    const copy = structuredClone(object) as Record<string, unknown>;
    if (copy.object === "checkout.session") {
      delete copy.params;
      delete copy.idempotencyKey;
      delete copy.delayed;
    }
    if (copy.object === "subscription") {
      delete copy.amount;
      delete copy.currency;
      return shape === "legacy" ? legacySubscription(copy as unknown as FakeSubscription) : copy;
    }
    if (copy.object === "invoice") {
      if (shape === "legacy") return legacyInvoice(copy as unknown as FakeInvoice);
      delete copy.charge;
    }
    return copy;
  }

  function newCharge(customer: string | null, amount: number, currency: string): FakeCharge {
    const charge: FakeCharge = {
      id: newId("ch"),
      object: "charge",
      customer,
      amount,
      amount_refunded: 0,
      refunded: false,
      currency,
      disputed: false,
      payment_intent: newId("pi"),
      created: now(),
      livemode: false,
      receipt_url: null,
    };
    // Stripe's hosted receipt (https://docs.stripe.com/api/charges/object#charge_object-receipt_url).
    charge.receipt_url = `https://pay.stripe.com/receipts/${charge.id}`;
    charges.set(charge.id, charge);
    return charge;
  }

  function newInvoice(
    customer: string,
    amount: number,
    currency: string,
    reason: Stripe.Invoice.BillingReason,
    subscription: FakeSubscription | null,
    metadata: Record<string, string> = {},
  ): FakeInvoice {
    const invoice: FakeInvoice = {
      id: newId("in"),
      object: "invoice",
      customer,
      status: "open",
      billing_reason: reason,
      amount_due: amount,
      amount_paid: 0,
      currency,
      metadata,
      // Since 2025-03-31 an invoice names its subscription under parent.subscription_details
      // (https://docs.stripe.com/changelog/basil/2025-03-31/adds-new-parent-field-to-invoicing-objects).
      parent: subscription
        ? {
            type: "subscription_details",
            quote_details: null,
            subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
          }
        : null,
      created: now(),
      livemode: false,
      period_end: now(),
      charge: null,
      // Its hosted page and PDF (https://docs.stripe.com/api/invoices/object#invoice_object-hosted_invoice_url).
      hosted_invoice_url: null,
      invoice_pdf: null,
    };
    invoice.hosted_invoice_url = `https://invoice.stripe.com/i/${invoice.id}`;
    invoice.invoice_pdf = `https://pay.stripe.com/invoice/${invoice.id}/pdf`;
    invoices.set(invoice.id, invoice);
    if (subscription) subscription.latest_invoice = invoice.id;
    return invoice;
  }

  function payInvoice(invoice: FakeInvoice) {
    const charge = newCharge(invoice.customer, invoice.amount_due, invoice.currency);
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    invoice.charge = charge.id;
    chargeByInvoice.set(invoice.id, charge.id);
    return charge;
  }

  /** What a completed Checkout creates: a customer, the subscription and its first invoice, or a one-time payment's invoice and charge. */
  function settle(session: FakeSession, payment: "paid" | "pending") {
    const p = session.params;
    if (session.mode === "subscription" || p.customer_creation === "always") {
      const customer: FakeCustomer = {
        id: newId("cus"),
        object: "customer",
        email: session.customer_email,
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      session.customer = customer.id;
    }
    if (session.mode === "subscription") {
      let monthly = 0;
      for (let i = 0; i < lineCount(p); i++) {
        if (p[`line_items[${i}][price_data][recurring][interval]`])
          monthly +=
            Number(p[`line_items[${i}][price_data][unit_amount]`]) * Number(p[`line_items[${i}][quantity]`] ?? 1);
      }
      const trialDays = Number(p["subscription_data[trial_period_days]"] ?? 0);
      const start = now();
      const subscription: FakeSubscription = {
        id: newId("sub"),
        object: "subscription",
        customer: session.customer!,
        status: payment === "pending" ? "incomplete" : trialDays ? "trialing" : "active",
        cancel_at_period_end: false,
        cancel_at: null,
        ended_at: null,
        metadata: fieldsUnder(p, "subscription_data[metadata]"),
        latest_invoice: null,
        pause_collection: null,
        created: start,
        livemode: false,
        items: {
          object: "list",
          has_more: false,
          url: "/v1/subscription_items",
          data: [
            {
              id: newId("si"),
              object: "subscription_item",
              quantity: 1,
              current_period_start: start,
              current_period_end: start + (trialDays || 30) * DAY,
            },
          ],
        },
        amount: monthly,
        currency: session.currency,
      };
      subscriptions.set(subscription.id, subscription);
      session.subscription = subscription.id;
      // The first invoice of a subscription (billing_reason subscription_create) is always created.
      const invoice = newInvoice(
        session.customer!,
        session.amount_total,
        session.currency,
        "subscription_create",
        subscription,
      );
      session.invoice = invoice.id;
      if (payment === "paid") chargeBySession.set(session.id, payInvoice(invoice).id);
      return;
    }
    if (p["invoice_creation[enabled]"] === "true") {
      // A one-time payment's invoice (invoice_creation): no parent, its own metadata.
      const invoice = newInvoice(
        session.customer!,
        session.amount_total,
        session.currency,
        "manual",
        null,
        fieldsUnder(p, "invoice_creation[invoice_data][metadata]"),
      );
      session.invoice = invoice.id;
      if (payment === "paid") chargeBySession.set(session.id, payInvoice(invoice).id);
      // A payment-mode session names its PaymentIntent (https://docs.stripe.com/api/checkout/sessions/object#checkout_session_object-payment_intent).
      session.payment_intent = (fake.chargeOf(session.id)?.payment_intent as string | undefined) ?? null;
      return;
    }
    if (payment === "paid")
      chargeBySession.set(session.id, newCharge(session.customer, session.amount_total, session.currency).id);
    session.payment_intent = (fake.chargeOf(session.id)?.payment_intent as string | undefined) ?? null;
  }

  /** An invoice's payments list (https://docs.stripe.com/api/invoice-payment/object): its PaymentIntent once paid. */
  function invoicePayments(invoice: FakeInvoice) {
    const charge = chargeByInvoice.get(invoice.id);
    const data = charge
      ? [
          {
            id: `inpay_${invoice.id}`,
            object: "invoice_payment",
            invoice: invoice.id,
            status: "paid",
            is_default: true,
            amount_paid: invoice.amount_paid,
            currency: invoice.currency,
            payment: { type: "payment_intent", payment_intent: charges.get(charge)!.payment_intent },
          },
        ]
      : [];
    return list(data, `/v1/invoice_payments?invoice=${invoice.id}`);
  }

  /** Stripe signs and sends an event about a change the API just made (the test delivers it). */
  function send(type: string, object: object) {
    fake.sent.push({ type, ...sign(type, render(object, "pinned"), {}) });
  }

  /**
   * POST /v1/refunds (https://docs.stripe.com/api/refunds/create): by `payment_intent` or `charge`;
   * the amount defaults to what is left; more than is left is refused (`amount_too_large`), a fully
   * refunded charge too (`charge_already_refunded`, https://docs.stripe.com/error-codes). Stripe then
   * sends `charge.refunded` and `refund.created` (https://docs.stripe.com/api/events/types#event_types-charge.refunded).
   */
  function createRefund(p: Record<string, string>): FakeRefund {
    fake.refundRequests++;
    if (!p.payment_intent && !p.charge)
      throw invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
        "payment_intent",
        "parameter_missing",
      );
    const charge = p.charge
      ? charges.get(p.charge)
      : [...charges.values()].find((c) => c.payment_intent === p.payment_intent);
    if (!charge) {
      const param = p.charge ? "charge" : "payment_intent";
      throw invalid(`No such ${param}: '${p[param]}'`, param, "resource_missing");
    }
    if (p.amount !== undefined && !/^\d+$/.test(p.amount)) throw invalid("Invalid positive integer", "amount");
    if (p.amount !== undefined && Number(p.amount) < 1)
      throw invalid("This value must be greater than or equal to 1.", "amount");
    if (p.reason !== undefined && !["duplicate", "fraudulent", "requested_by_customer"].includes(p.reason))
      throw invalid(`Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer`, "reason");
    if (charge.refunded)
      throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, "charge_already_refunded");
    const left = charge.amount - charge.amount_refunded;
    const amount = p.amount === undefined ? left : Number(p.amount);
    const money = (minor: number) => `${(minor / 100).toFixed(2)} ${charge.currency.toUpperCase()}`;
    if (amount > left)
      throw invalid(
        `Refund amount (${money(amount)}) is greater than unrefunded amount on charge (${money(left)})`,
        "amount",
        "amount_too_large",
      );
    const metadata = fieldsUnder(p, "metadata");
    for (const [key, value] of Object.entries(metadata))
      if (key.length > 40 || value.length > 500)
        throw invalid("Metadata keys are limited to 40 characters and values to 500.", `metadata[${key}]`);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: FakeRefund = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      reason: (p.reason ?? null) as FakeRefund["reason"],
      status: "succeeded",
      metadata,
      created: now(),
    };
    refunds.set(refund.id, refund);
    send("charge.refunded", charge);
    send("refund.created", refund);
    return refund;
  }

  /**
   * POST /v1/subscriptions/:id (https://docs.stripe.com/api/subscriptions/update): `cancel_at_period_end`
   * sets or clears the end at the current period's end; a canceled subscription takes only
   * metadata and cancellation_details ("A canceled subscription can only update its cancellation_details
   * and metadata"). Stripe then sends customer.subscription.updated.
   */
  function updateSubscription(id: string, p: Record<string, string>) {
    fake.subscriptionWrites++;
    const found = subscriptions.get(id);
    if (!found)
      throw new Refusal(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such subscription: '${id}'`,
        param: "id",
      });
    if (
      found.status === "canceled" &&
      Object.keys(p).some((name) => !name.startsWith("metadata[") && !name.startsWith("cancellation_details["))
    ) {
      throw invalid("A canceled subscription can only update its cancellation_details and metadata.");
    }
    if (p.cancel_at_period_end !== undefined) {
      found.cancel_at_period_end = p.cancel_at_period_end === "true";
      found.cancel_at = found.cancel_at_period_end ? found.items.data[0]!.current_period_end : null;
    }
    Object.assign(found.metadata, fieldsUnder(p, "metadata"));
    send("customer.subscription.updated", found);
    return render(found, "pinned");
  }

  /**
   * DELETE /v1/subscriptions/:id (https://docs.stripe.com/api/subscriptions/cancel): ends it now
   * (status canceled); a canceled subscription cannot be canceled again (400; the message is ours).
   * Stripe then sends customer.subscription.deleted.
   */
  function cancelSubscription(id: string) {
    fake.subscriptionWrites++;
    const found = subscriptions.get(id);
    if (!found)
      throw new Refusal(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such subscription: '${id}'`,
        param: "id",
      });
    if (found.status === "canceled") throw invalid(`Subscription ${id} is already canceled.`);
    found.status = "canceled";
    found.ended_at = now();
    send("customer.subscription.deleted", found);
    return render(found, "pinned");
  }

  function createPortalConfiguration(p: Record<string, string>, isDefault: boolean): FakePortalConfiguration {
    const configuration: FakePortalConfiguration = {
      id: newId("bpc"),
      object: "billing_portal.configuration",
      active: true,
      is_default: isDefault,
      default_return_url: p.default_return_url ?? null,
      created: now(),
      livemode: false,
      metadata: fieldsUnder(p, "metadata"),
      features: featuresOf(p),
    };
    portalConfigurations.set(configuration.id, configuration);
    return configuration;
  }
  /** `features[subscription_cancel][enabled]=true` → { subscription_cancel: { enabled: true } }, as Stripe shows it. */
  const featuresOf = (p: Record<string, string>) => {
    const features: Record<string, Record<string, unknown>> = {};
    for (const [name, value] of Object.entries(p)) {
      const match = /^features\[(\w+)\]\[(\w+)\]$/.exec(name);
      if (!match) continue;
      (features[match[1]!] ??= {})[match[2]!] = value === "true" ? true : value === "false" ? false : value;
    }
    return features;
  };

  // ---- Checkout Session creation rules (fake-stripe-rules.md lists each with its documentation page) ----
  function checkSessionParams(p: Record<string, string>): { amount: number; currency: string } {
    const mode = p.mode;
    if (!mode) throw invalid("Missing required param: mode.", "mode", "parameter_missing");
    if (!["payment", "subscription", "setup"].includes(mode))
      throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, "mode");
    if (!p.success_url && p.ui_mode !== "embedded")
      throw invalid("Missing required param: success_url.", "success_url", "parameter_missing");
    const count = lineCount(p);
    if (mode !== "setup" && count === 0)
      throw invalid("Missing required param: line_items.", "line_items", "parameter_missing");
    if (p.locale && !CHECKOUT_LOCALES.has(p.locale)) throw invalid(`Invalid locale: ${p.locale}`, "locale");
    for (const name of ["customer_creation", "invoice_creation[enabled]", "payment_intent_data"]) {
      const used = Object.keys(p).some((key) => key === name || key.startsWith(`${name.replace(/\[enabled\]$/, "")}[`));
      if (used && mode !== "payment")
        throw invalid(`You can only use \`${name.split("[")[0]}\` in \`payment\` mode.`, name.split("[")[0]);
    }
    if (Object.keys(p).some((key) => key.startsWith("subscription_data[")) && mode !== "subscription") {
      throw invalid("You can not pass `subscription_data` in `payment` mode.", "subscription_data");
    }
    const metadata = fieldsUnder(p, "metadata");
    if (Object.keys(metadata).length > 50) throw invalid("Metadata can have up to 50 keys.", "metadata");
    for (const [key, value] of Object.entries(metadata)) {
      if (key.length > 40) throw invalid("Metadata keys can be at most 40 characters.", `metadata[${key}]`);
      if (value.length > 500) throw invalid("Metadata values can be at most 500 characters.", `metadata[${key}]`);
    }
    let recurring = 0;
    let amount = 0;
    let currency = "";
    const trial = Number(p["subscription_data[trial_period_days]"] ?? 0);
    for (let i = 0; i < count; i++) {
      const item = `line_items[${i}]`;
      const itemCurrency = p[`${item}[price_data][currency]`];
      const unit = Number(p[`${item}[price_data][unit_amount]`]);
      if (!itemCurrency || !Number.isInteger(unit))
        throw invalid(`Missing required param: ${item}[price_data].`, `${item}[price_data]`, "parameter_missing");
      if (!p[`${item}[price_data][product_data][name]`] && !p[`${item}[price_data][product]`]) {
        throw invalid(
          `Missing required param: ${item}[price_data][product_data][name].`,
          `${item}[price_data][product_data][name]`,
          "parameter_missing",
        );
      }
      if (currency && currency !== itemCurrency)
        throw invalid("All line items must use the same currency.", `${item}[price_data][currency]`);
      currency = itemCurrency;
      const quantity = Number(p[`${item}[quantity]`] ?? 0);
      if (!quantity)
        throw invalid(`Missing required param: ${item}[quantity].`, `${item}[quantity]`, "parameter_missing");
      const isRecurring = Boolean(p[`${item}[price_data][recurring][interval]`]);
      if (isRecurring) recurring++;
      if (isRecurring && mode === "payment") {
        throw invalid(
          "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
          `${item}[price_data][recurring]`,
        );
      }
      if (!(isRecurring && trial)) amount += unit * quantity;
    }
    if (mode === "subscription" && recurring === 0)
      throw invalid(
        "You must provide at least one recurring price in `subscription` mode when using prices.",
        "line_items",
      );
    const minimum = MINIMUM_CHARGE[currency] ?? 50;
    if (mode === "payment" && amount < minimum) {
      throw invalid(
        `The Checkout Session's total amount due must add up to at least ${minimum} ${currency} (minor units).`,
        "line_items",
        "amount_too_small",
      );
    }
    return { amount, currency };
  }

  function createSession(p: Record<string, string>, key: string | null): FakeSession {
    const { amount, currency } = checkSessionParams(p);
    const id = `cs_test_${randomBytes(12).toString("hex")}`;
    const session: FakeSession = {
      id,
      object: "checkout.session",
      url: `${base}/pay/${id}`,
      status: "open",
      payment_status: "unpaid",
      mode: p.mode as FakeSession["mode"],
      client_reference_id: p.client_reference_id ?? null,
      customer_email: p.customer_email ?? null,
      locale: (p.locale ?? null) as FakeSession["locale"],
      success_url: p.success_url ?? null,
      cancel_url: p.cancel_url ?? null,
      metadata: fieldsUnder(p, "metadata"),
      customer: null,
      subscription: null,
      invoice: null,
      payment_intent: null,
      amount_total: amount,
      // Stripe Tax computes the tax once the buyer's address is known, at payment (complete() below).
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      currency,
      created: now(),
      livemode: false,
      billing_address_collection: (p.billing_address_collection ?? null) as FakeSession["billing_address_collection"],
      // Filled when the buyer completes the page (complete()), as Stripe fills it.
      customer_details: null,
      params: p,
      idempotencyKey: key,
    };
    sessions.set(id, session);
    return session;
  }

  function portalSession(p: Record<string, string>): FakePortalSession & { customer: string } {
    if (!p.customer) throw invalid("Missing required param: customer.", "customer", "parameter_missing");
    if (!customers.has(p.customer)) throw invalid(`No such customer: '${p.customer}'`, "customer", "resource_missing");
    if (p.locale && !PORTAL_LOCALES.has(p.locale)) throw invalid(`Invalid locale: ${p.locale}`, "locale");
    const configuration = p.configuration
      ? portalConfigurations.get(p.configuration)
      : [...portalConfigurations.values()].find((c) => c.is_default && c.active);
    if (!configuration) {
      if (p.configuration)
        throw invalid(`No such configuration: '${p.configuration}'`, "configuration", "resource_missing");
      throw invalid(
        "No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.",
      );
    }
    const id = newId("bps");
    const session = {
      id,
      object: "billing_portal.session" as const,
      customer: p.customer,
      return_url: p.return_url ?? configuration.default_return_url,
      url: `${base}/portal/${id}`,
      locale: (p.locale ?? null) as FakePortalSession["locale"],
      configuration: configuration.id,
      created: now(),
      livemode: false,
    };
    portalSessions.push(session);
    return session;
  }

  function endpointView(endpoint: FakeWebhookEndpoint, withSecret: boolean) {
    const { secret, ...rest } = endpoint;
    // The signing secret is only in the creation response (https://docs.stripe.com/api/webhook_endpoints/object#webhook_endpoint_object-secret).
    return withSecret ? { ...rest, secret } : rest;
  }
  const list = (data: unknown[], url: string) => ({ object: "list", data, has_more: false, url });
  const indexed = (p: Record<string, string>, name: string) =>
    Object.entries(p)
      .filter(([key]) => key.startsWith(`${name}[`))
      .sort(([a], [b]) => Number(/\[(\d+)\]/.exec(a)?.[1]) - Number(/\[(\d+)\]/.exec(b)?.[1]))
      .map(([, value]) => value);

  function route(
    method: string,
    path: string,
    p: Record<string, string>,
    key: string | null,
  ): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/checkout/sessions")
      return { status: 200, body: render(createSession(p, key), "pinned") };
    const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (method === "GET" && retrieve) {
      fake.retrieveRequests++;
      const session = sessions.get(retrieve[1]!);
      if (!session)
        throw new Refusal(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such checkout.session: '${retrieve[1]}'`,
          param: "id",
        });
      return { status: 200, body: render(session, "pinned") };
    }
    const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (method === "GET" && subscription) {
      const found = subscriptions.get(subscription[1]!);
      if (!found)
        throw new Refusal(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such subscription: '${subscription[1]}'`,
          param: "id",
        });
      return { status: 200, body: render(found, "pinned") };
    }
    const charge = /^\/v1\/charges\/([\w-]+)$/.exec(path);
    if (method === "GET" && charge) {
      const found = charges.get(charge[1]!);
      if (!found)
        throw new Refusal(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such charge: '${charge[1]}'`,
          param: "id",
        });
      return { status: 200, body: found };
    }
    // A PaymentIntent names the charge that settled it (https://docs.stripe.com/api/payment_intents/object#payment_intent_object-latest_charge).
    const intent = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (method === "GET" && intent) {
      const charge = [...charges.values()].find((c) => c.payment_intent === intent[1]);
      if (!charge)
        throw new Refusal(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such payment_intent: '${intent[1]}'`,
          param: "id",
        });
      return {
        status: 200,
        body: {
          id: intent[1],
          object: "payment_intent",
          status: "succeeded",
          amount: charge.amount,
          currency: charge.currency,
          latest_charge: charge.id,
        },
      };
    }
    const invoice = /^\/v1\/invoices\/([\w-]+)$/.exec(path);
    if (method === "GET" && invoice) {
      const found = invoices.get(invoice[1]!);
      if (!found)
        throw new Refusal(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such invoice: '${invoice[1]}'`,
          param: "id",
        });
      // `payments` is includable: present only when expanded (https://docs.stripe.com/api/invoices/object#invoice_object-payments).
      return {
        status: 200,
        body: indexed(p, "expand").includes("payments")
          ? { ...(render(found, "pinned") as object), payments: invoicePayments(found) }
          : render(found, "pinned"),
      };
    }
    if (method === "POST" && path === "/v1/refunds") return { status: 200, body: createRefund(p) };
    if (method === "POST" && subscription) return { status: 200, body: updateSubscription(subscription[1]!, p) };
    if (method === "DELETE" && subscription) return { status: 200, body: cancelSubscription(subscription[1]!) };
    if (method === "POST" && path === "/v1/billing_portal/sessions") return { status: 200, body: portalSession(p) };
    if (method === "GET" && path === "/v1/billing_portal/configurations")
      return { status: 200, body: list([...portalConfigurations.values()], path) };
    if (method === "POST" && path === "/v1/billing_portal/configurations") {
      if (!Object.keys(p).some((name) => name.startsWith("features[")))
        throw invalid("Missing required param: features.", "features", "parameter_missing");
      return { status: 200, body: createPortalConfiguration(p, portalConfigurations.size === 0) };
    }
    const configuration = /^\/v1\/billing_portal\/configurations\/([\w-]+)$/.exec(path);
    if (method === "POST" && configuration) {
      const found = portalConfigurations.get(configuration[1]!);
      if (!found)
        throw new Refusal(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such configuration: '${configuration[1]}'`,
          param: "id",
        });
      if (p.default_return_url !== undefined) found.default_return_url = p.default_return_url || null;
      for (const [name, values] of Object.entries(featuresOf(p)))
        found.features[name] = { ...(found.features[name] as object | undefined), ...values };
      if (p.active !== undefined) found.active = p.active === "true";
      return { status: 200, body: found };
    }
    if (method === "GET" && path === "/v1/webhook_endpoints")
      return {
        status: 200,
        body: list(
          [...webhookEndpoints.values()].map((e) => endpointView(e, false)),
          path,
        ),
      };
    if (method === "POST" && path === "/v1/webhook_endpoints") {
      if (!p.url) throw invalid("Missing required param: url.", "url", "parameter_missing");
      const events = indexed(p, "enabled_events");
      if (!events.length)
        throw invalid("Missing required param: enabled_events.", "enabled_events", "parameter_missing");
      const endpoint: FakeWebhookEndpoint = {
        id: newId("we"),
        object: "webhook_endpoint",
        url: p.url,
        enabled_events: events,
        // Without api_version an endpoint gets the account's default version, not the SDK's.
        api_version: p.api_version ?? LEGACY_VERSION,
        status: "enabled",
        created: now(),
        livemode: false,
        metadata: fieldsUnder(p, "metadata"),
        description: p.description ?? null,
        secret: `whsec_${randomBytes(16).toString("hex")}`,
      };
      webhookEndpoints.set(endpoint.id, endpoint);
      return { status: 200, body: endpointView(endpoint, true) };
    }
    const endpoint = /^\/v1\/webhook_endpoints\/([\w-]+)$/.exec(path);
    if (endpoint && (method === "POST" || method === "DELETE")) {
      const found = webhookEndpoints.get(endpoint[1]!);
      if (!found)
        throw new Refusal(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such webhook endpoint: '${endpoint[1]}'`,
          param: "id",
        });
      if (method === "DELETE") {
        webhookEndpoints.delete(found.id);
        return { status: 200, body: { id: found.id, object: "webhook_endpoint", deleted: true } };
      }
      // An endpoint's API version is fixed when it is created (https://docs.stripe.com/api/webhook_endpoints/update has no api_version).
      if (p.api_version !== undefined) throw invalid("Received unknown parameter: api_version", "api_version");
      const events = indexed(p, "enabled_events");
      if (events.length) found.enabled_events = events;
      if (p.url) found.url = p.url;
      if (p.disabled !== undefined) found.status = p.disabled === "true" ? "disabled" : "enabled";
      if (p.description !== undefined) found.description = p.description || null;
      return { status: 200, body: endpointView(found, false) };
    }
    throw new Refusal(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", base);
    const method = req.method ?? "GET";

    // The hosted checkout page: paying redirects to success_url like Stripe does.
    const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    if (pay) {
      const session = sessions.get(pay[1]!);
      if (!session)
        return json(res, 404, { error: { type: "invalid_request_error", message: "No such checkout page" } });
      const action = url.searchParams.get("action");
      if (session.status === "open" && (method === "POST" || action === "pay")) fake.complete(session.id);
      if (session.status === "open" && action === "pay-delayed") fake.complete(session.id, "unpaid");
      const target =
        action === "cancel" ? session.cancel_url! : session.success_url!.replace("{CHECKOUT_SESSION_ID}", session.id);
      res.writeHead(303, { Location: target });
      return res.end();
    }

    // The hosted Billing Portal: a POST cancels the customer's subscription at the period end.
    const portal = /^\/portal\/([\w-]+)$/.exec(url.pathname);
    if (portal) {
      const found = portalSessions.find((p) => p.id === portal[1]);
      if (!found)
        return json(res, 404, { error: { type: "invalid_request_error", message: "No such portal session" } });
      const owned = [...subscriptions.values()].filter((sub) => sub.customer === found.customer);
      if (method === "POST") for (const sub of owned) fake.cancelAtPeriodEnd(sub.id);
      res.writeHead(200, { "Content-Type": "text/html" });
      return res.end(
        `<h1 lang="${found.locale ?? "auto"}">Portal</h1>${owned.map((sub) => `<p data-sub="${sub.id}">${sub.status}${sub.cancel_at_period_end ? " cancels" : ""}</p>`).join("")}`,
      );
    }

    if (url.pathname.startsWith("/v1/")) fake.apiRequests++;
    if (fake.latencyMs) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs));
    if (fake.down) return json(res, 500, { error: { type: "api_error", message: "Stripe is having a bad day" } });
    if (!String(req.headers.authorization ?? "").includes(fake.secretKey)) {
      return json(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const isCreate = method === "POST" && url.pathname === "/v1/checkout/sessions";
    if (isCreate) fake.createRequests++;
    const params = method === "GET" ? Object.fromEntries(url.searchParams) : flat(body);
    const key = method === "POST" ? ((req.headers["idempotency-key"] as string | undefined) ?? null) : null;

    // Idempotency (https://docs.stripe.com/api/idempotent_requests): the first answer is replayed for
    // the same key and the same request; the same key with other parameters is refused; keys are
    // forgotten after 24 hours.
    const fingerprint = createHash("sha256").update(`${method} ${url.pathname} ${body}`).digest("hex");
    let answer: { status: number; body: unknown };
    const remembered = key ? idempotency.get(key) : undefined;
    if (remembered && now() - remembered.at < DAY) {
      answer =
        remembered.fingerprint === fingerprint
          ? remembered
          : {
              status: 400,
              body: {
                error: {
                  type: "idempotency_error",
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                },
              },
            };
    } else {
      try {
        answer = route(method, url.pathname, params, key);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        answer = { status: error.status, body: { error: error.error } };
      }
      // Stripe saves a result once the endpoint's execution began; parameters that fail validation
      // (our 4xx refusals) or an outage before the endpoint ran save nothing.
      if (key && answer.status < 400)
        idempotency.set(key, { fingerprint, status: answer.status, body: answer.body, at: now() });
    }
    if (answer.status >= 400) {
      const error = (answer.body as { error: FakeStripe["refusals"][number]["error"] }).error;
      fake.refusals.push({ method, path: url.pathname, status: answer.status, error });
    }
    // Left open: the caller is killed (or times out) while "Stripe" has created the session.
    if (isCreate && fake.hangCreate) return;
    return json(res, answer.status, answer.body);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  base = `http://127.0.0.1:${port}`;
  fake.url = base;
  return fake;
}

export type { LegacyInvoice, LegacySubscription };
