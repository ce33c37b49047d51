import Stripe from "stripe";
import {
  ProviderError,
  WebhookPayloadStyleError,
  WebhookSignatureError,
  type CancelRequest,
  type CancelResult,
  type CheckoutRequest,
  type RefundRequest,
  type RefundResult,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentDocuments,
  type PaymentProvider,
  type SessionStatus,
  type SubscriptionStatus,
} from "./provider.ts";
import type { Language } from "../i18n/languages.ts";
import { subscriptionPeriodEnd, toPaymentEvent } from "./stripe-events.ts";
import { STRIPE_PINNED_VERSION } from "./stripe-version.ts";

export interface StripeProviderOptions {
  secretKey: string;
  /** whsec_…: every webhook delivery is checked against it. */
  webhookSecret?: string;
  /** Test hook: a local fake Stripe (http://127.0.0.1:PORT). */
  apiBase?: string;
  /** Stripe Tax on every session (STRIPE_AUTOMATIC_TAX). */
  automaticTax?: boolean;
}

export function createStripeClient({
  secretKey,
  apiBase,
}: Pick<StripeProviderOptions, "secretKey" | "apiBase">): Stripe {
  const target = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    apiVersion: STRIPE_PINNED_VERSION as Stripe.LatestApiVersion,
    // Retries are safe (idempotency key = order id); keep the worst case well under the server's
    // 30 s request timeout so the visitor gets the translated error, not a dropped connection.
    maxNetworkRetries: target ? 0 : 1,
    timeout: 8_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === "https:" ? 443 : 80),
          protocol: target.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/**
 * Stripe Checkout parameters of a request (pure, unit-tested). Prices include taxes
 * (tax_behavior inclusive, as the terms say); the billing address and an optional VAT number are
 * collected; one-time payments get an invoice and a customer (for refunds and the portal), as
 * subscriptions do anyway. The first line item carries the request's price story.
 */
export function checkoutParams(
  request: CheckoutRequest,
  options: { automaticTax?: boolean } = {},
): Stripe.Checkout.SessionCreateParams {
  const currency = request.currency.toLowerCase();
  const mode = request.monthly ? "subscription" : "payment";
  const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [];
  const description = (index: number) => (index === 0 && request.summary ? { description: request.summary } : {});
  if (request.monthly) {
    const { name, amount } = request.monthly;
    lineItems.push({
      quantity: 1,
      price_data: {
        currency,
        unit_amount: amount,
        tax_behavior: "inclusive",
        recurring: { interval: "month" },
        product_data: { name, ...description(0) },
      },
    });
  }
  if (request.oneTime) {
    const { name, amount } = request.oneTime;
    lineItems.push({
      quantity: 1,
      price_data: {
        currency,
        unit_amount: amount,
        tax_behavior: "inclusive",
        product_data: { name, ...description(lineItems.length) },
      },
    });
  }
  const metadata = request.metadata;
  return {
    mode,
    line_items: lineItems,
    // The billing address is Checkout's to ask (the order form no longer does): read back from
    // the completed session's customer_details when the order is fulfilled.
    billing_address_collection: "required",
    tax_id_collection: { enabled: true },
    customer_email: request.customerEmail,
    locale: request.locale,
    client_reference_id: request.reference,
    metadata,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    // The account's automatic-tax default covers payment mode only: asked on every session
    // (https://docs.stripe.com/tax/checkout). Prices stay tax-inclusive (tax_behavior above).
    ...(options.automaticTax ? { automatic_tax: { enabled: true } } : {}),
    ...(request.monthly
      ? {
          subscription_data: {
            metadata,
            ...(request.monthly.trialDays ? { trial_period_days: request.monthly.trialDays } : {}),
          },
        }
      : {
          payment_intent_data: { metadata },
          customer_creation: "always",
          invoice_creation: { enabled: true, invoice_data: { metadata } },
        }),
  };
}

const PAPERS_KEPT_MS = 60 * 60_000;
const PAPERS_KEPT_MAX = 2_000;

export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";
  readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;
  private readonly automaticTax: boolean;
  /**
   * A paid session's papers, as Stripe last gave them: the owner's invoices page lists a month's
   * orders (up to 500, several requests each) every time it opens, and a paid order's papers do
   * not change. Kept an hour (Stripe's links stay valid far longer), the oldest dropped past 2,000.
   */
  private readonly papers = new Map<string, { at: number; documents: PaymentDocuments }>();

  constructor(options: StripeProviderOptions) {
    this.stripe = createStripeClient(options);
    this.webhookSecret = options.webhookSecret;
    this.automaticTax = options.automaticTax ?? false;
  }

  verifyWebhook(raw: string, signature: string | null): PaymentEvent | null {
    if (!this.webhookSecret) return null;
    if (!signature) throw new WebhookSignatureError("missing signature");
    try {
      // Only the signature first: the SDK's constructEvent calls a correctly signed thin payload a failure too.
      this.stripe.webhooks.signature!.verifyHeader(
        raw,
        signature,
        this.webhookSecret,
        this.stripe.webhooks.DEFAULT_TOLERANCE,
      );
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
    let event: Omit<Stripe.Event, "object"> & { object?: string };
    try {
      event = JSON.parse(raw) as typeof event;
    } catch {
      throw new WebhookPayloadStyleError("the signed body is not JSON");
    }
    // An event destination with "thin" payloads sends v2.core.event notifications that carry no
    // object (https://docs.stripe.com/event-destinations#thin-payload): this site reads snapshots.
    if (event.object === "v2.core.event") {
      throw new WebhookPayloadStyleError(
        `thin payload (v2.core.event ${String(event.type)}): choose "Snapshot" payloads for this event destination in the Stripe dashboard (npm run stripe-setup creates one)`,
      );
    }
    return toPaymentEvent(event as Stripe.Event);
  }

  async getSubscription(subscriptionRef: string): Promise<SubscriptionStatus | undefined> {
    let subscription: Stripe.Subscription;
    try {
      subscription = await this.stripe.subscriptions.retrieve(subscriptionRef);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return undefined;
      throw new ProviderError(`stripe: ${(error as Error).message}`);
    }
    return subscriptionStatus(subscription);
  }

  async getCharge(chargeId: string): Promise<{ customerRef: string | null; refunded: boolean } | null> {
    try {
      const charge = await this.stripe.charges.retrieve(chargeId);
      return { customerRef: refOf(charge.customer), refunded: charge.refunded };
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw new ProviderError(`stripe: ${(error as Error).message}`);
    }
  }

  /**
   * A refund of the session's payment, by its PaymentIntent (https://docs.stripe.com/api/refunds/create):
   * a one-time payment's PaymentIntent is on the session; a subscription's first payment is the
   * PaymentIntent of its first invoice (`payments`, https://docs.stripe.com/api/invoice-payment).
   * The Idempotency-Key makes a replay answer the first refund instead of a second one.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    try {
      const paymentIntent = await this.paymentIntentOf(request.sessionId);
      if (!paymentIntent) return { ok: false, reason: "notPaid" };
      const refund = await this.stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: request.amount,
          ...(request.reason ? { reason: request.reason } : {}),
          metadata: { order_id: request.reference, ...(request.note ? { note: request.note.slice(0, 500) } : {}) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      const chargeId = refOf(refund.charge);
      if (!chargeId) throw new ProviderError("stripe: the refund names no charge");
      const charge = await this.stripe.charges.retrieve(chargeId);
      return {
        ok: true,
        refundId: refund.id,
        chargeId,
        chargeAmount: charge.amount,
        amountRefunded: charge.amount_refunded,
        currency: charge.currency.toUpperCase(),
      };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      // More than is left, or nothing left (https://docs.stripe.com/error-codes#amount-too-large, #charge-already-refunded).
      const code = (error as { code?: string }).code;
      if (code === "amount_too_large" || code === "charge_already_refunded") return { ok: false, reason: "tooMuch" };
      throw new ProviderError(`stripe: ${(error as Error).message}`);
    }
  }

  /**
   * The session's invoice (a subscription's first, or a one-time payment's with invoice_creation):
   * its hosted page and PDF (https://docs.stripe.com/api/invoices/object#invoice_object-hosted_invoice_url);
   * and the receipt of the charge that paid it (https://docs.stripe.com/api/charges/object#charge_object-receipt_url).
   */
  async documents(sessionId: string): Promise<PaymentDocuments | null> {
    const kept = this.papers.get(sessionId);
    if (kept && Date.now() - kept.at < PAPERS_KEPT_MS) return kept.documents;
    try {
      const session = await this.stripe.checkout.sessions.retrieve(sessionId);
      const invoiceId = refOf(session.invoice);
      const invoice = invoiceId ? await this.stripe.invoices.retrieve(invoiceId) : null;
      const intentId = await this.paymentIntentOf(sessionId, session);
      const intent = intentId ? await this.stripe.paymentIntents.retrieve(intentId) : null;
      const chargeId = refOf(intent?.latest_charge);
      const charge = chargeId ? await this.stripe.charges.retrieve(chargeId) : null;
      const documents = {
        invoiceUrl: invoice?.hosted_invoice_url ?? null,
        invoicePdf: invoice?.invoice_pdf ?? null,
        receiptUrl: charge?.receipt_url ?? null,
      };
      // Only a paid session's papers are final (a receipt comes with the charge).
      if (session.payment_status === "paid") {
        this.papers.delete(sessionId);
        this.papers.set(sessionId, { at: Date.now(), documents });
        if (this.papers.size > PAPERS_KEPT_MAX) this.papers.delete(this.papers.keys().next().value!);
      }
      return documents;
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404)
        return { invoiceUrl: null, invoicePdf: null, receiptUrl: null };
      throw new ProviderError(`stripe: ${(error as Error).message}`);
    }
  }

  private async paymentIntentOf(sessionId: string, retrieved?: Stripe.Checkout.Session): Promise<string | null> {
    const session = retrieved ?? (await this.stripe.checkout.sessions.retrieve(sessionId));
    const direct = refOf(session.payment_intent);
    if (direct) return direct;
    const invoiceId = refOf(session.invoice);
    if (!invoiceId) return null;
    const invoice = await this.stripe.invoices.retrieve(invoiceId, { expand: ["payments"] });
    const paid = invoice.payments?.data.find((payment) => payment.status === "paid") ?? invoice.payments?.data[0];
    return refOf(paid?.payment.payment_intent);
  }

  /**
   * At the period's end: `cancel_at_period_end` (https://docs.stripe.com/api/subscriptions/update);
   * now: cancel (https://docs.stripe.com/api/subscriptions/cancel). A subscription already canceled
   * is refused by Stripe; it is read first so the answer says so.
   */
  async cancelSubscription(request: CancelRequest): Promise<CancelResult> {
    const current = await this.getSubscription(request.subscriptionRef);
    if (!current) return { ok: false, reason: "unknown" };
    if (current.status === "cancelled") return { ok: false, reason: "alreadyCancelled" };
    try {
      const subscription = request.atPeriodEnd
        ? await this.stripe.subscriptions.update(
            request.subscriptionRef,
            { cancel_at_period_end: true },
            { idempotencyKey: request.idempotencyKey },
          )
        : // DELETE takes no Idempotency-Key (https://docs.stripe.com/api/idempotent_requests): a second cancel is refused instead.
          await this.stripe.subscriptions.cancel(request.subscriptionRef);
      return { ok: true, subscription: subscriptionStatus(subscription) };
    } catch (error) {
      // Canceled meanwhile (another tab, the customer): Stripe refuses to touch a canceled subscription.
      const after = await this.getSubscription(request.subscriptionRef).catch(() => undefined);
      if (after?.status === "cancelled") return { ok: false, reason: "alreadyCancelled" };
      throw new ProviderError(`stripe: ${(error as Error).message}`);
    }
  }

  /** A Billing Portal session for the customer: Stripe hosts cancellation, cards and invoices. */
  async portalUrl(customerRef: string, returnUrl: string, locale: Language): Promise<string> {
    try {
      // In the order's language (https://docs.stripe.com/api/customer_portal/sessions/create#create_portal_session-locale).
      const session = await this.stripe.billingPortal.sessions.create({
        customer: customerRef,
        return_url: returnUrl,
        locale,
      });
      return session.url;
    } catch (error) {
      throw new ProviderError(`stripe: ${(error as Error).message}`);
    }
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        checkoutParams(request, { automaticTax: this.automaticTax }),
        { idempotencyKey: request.reference },
      );
    } catch (error) {
      throw new ProviderError(`stripe: ${(error as Error).message}`);
    }
    if (!session.url || !session.id) throw new ProviderError("stripe: no checkout URL in the response");
    return { id: session.id, url: session.url };
  }

  async getSession(sessionId: string): Promise<SessionStatus | undefined> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return undefined;
      throw new ProviderError(`stripe: ${(error as Error).message}`);
    }
    return {
      id: session.id,
      reference: session.client_reference_id ?? session.metadata?.order_id ?? null,
      state: sessionState(session),
      amountTotal: session.amount_total ?? null,
      // Only meaningful with Stripe Tax on: without it Stripe reports 0, which would read as "no tax due".
      amountTax: this.automaticTax ? (session.total_details?.amount_tax ?? null) : null,
      currency: session.currency ?? "",
      customerRef: refOf(session.customer),
      subscriptionRef: refOf(session.subscription),
      billing: session.customer_details?.address
        ? { name: session.customer_details.name ?? null, address: session.customer_details.address }
        : null,
    };
  }
}

const refOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

export function subscriptionStatus(subscription: Stripe.Subscription): SubscriptionStatus {
  const status: SubscriptionStatus["status"] =
    subscription.status === "active" || subscription.status === "trialing"
      ? "active"
      : subscription.status === "past_due" || subscription.status === "unpaid"
        ? "past_due"
        : subscription.status === "canceled" || subscription.status === "incomplete_expired"
          ? "cancelled"
          : subscription.status === "paused"
            ? "paused"
            : "incomplete";
  const periodEnd = subscription.cancel_at ?? subscription.ended_at ?? subscriptionPeriodEnd(subscription);
  return {
    id: subscription.id,
    reference: subscription.metadata?.order_id ?? null,
    customerRef: refOf(subscription.customer),
    status,
    providerStatus: String(subscription.status),
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
    periodEnd: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
  };
}

export function sessionState(
  session: Pick<Stripe.Checkout.Session, "status" | "payment_status">,
): SessionStatus["state"] {
  if (session.status === "expired") return "expired";
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
    return session.status === "complete" ? "paid" : "open";
  }
  return session.status === "complete" ? "processing" : "open";
}
