import Stripe from "stripe";
import { checkoutMode, getOffer } from "../content/offers.ts";
import { firstMonthlyCharge, priceLine } from "../content/price-story.ts";
import type { Order } from "../orders/types.ts";
import { translator } from "../orders/translate.server.ts";
import {
  ProviderError,
  WebhookSignatureError,
  type CheckoutSession,
  type CheckoutUrls,
  type PaymentEvent,
  type PaymentProvider,
  type SessionStatus,
  type SubscriptionStatus,
} from "./provider.ts";
import { toPaymentEvent } from "./stripe-events.ts";

export interface StripeProviderOptions {
  secretKey: string;
  /** whsec_…: every webhook delivery is checked against it. */
  webhookSecret?: string;
  /** Test hook: a local fake Stripe (http://127.0.0.1:PORT). */
  apiBase?: string;
}

export function createStripeClient({ secretKey, apiBase }: StripeProviderOptions): Stripe {
  const target = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    // Retries are safe (idempotency key = order id); keep the worst case well under the server's
    // 30 s request timeout so the visitor gets the translated error, not a dropped connection.
    maxNetworkRetries: target ? 0 : 1,
    timeout: 8_000,
    telemetry: false,
    ...(target
      ? { host: target.hostname, port: target.port || (target.protocol === "https:" ? 443 : 80), protocol: target.protocol === "https:" ? "https" : "http" }
      : {}),
  });
}

/**
 * Stripe Checkout parameters of an order, from the catalogue (pure, unit-tested). Prices include
 * taxes (tax_behavior inclusive, as the terms say); the billing address and an optional VAT number
 * are collected; one-time payments get an invoice and a customer (for refunds and the portal) like
 * subscriptions do. The first line item carries the price story, in the words of every other surface.
 */
export function checkoutParams(order: Order, urls: CheckoutUrls, now = new Date()): Stripe.Checkout.SessionCreateParams {
  const offer = getOffer(order.offer);
  const price = offer.price(order.lang);
  const name = translator(order.lang, "offers")(`${order.offer}.name`);
  const currency = price.currency.toLowerCase();
  const mode = checkoutMode(price);
  const metadata = { order_id: order.id, offer: order.offer, lang: order.lang };
  const description = priceLine(translator(order.lang, "common"), price, order.lang, firstMonthlyCharge(price, now)).text;
  const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [];
  if (mode === "subscription") {
    lineItems.push({
      quantity: 1,
      price_data: { currency, unit_amount: price.monthly!, tax_behavior: "inclusive", recurring: { interval: "month" }, product_data: { name, description } },
    });
    if (price.oneTime) {
      const setup = translator(order.lang)("checkout.setupFee", { name });
      lineItems.push({ quantity: 1, price_data: { currency, unit_amount: price.oneTime, tax_behavior: "inclusive", product_data: { name: setup } } });
    }
  } else {
    lineItems.push({ quantity: 1, price_data: { currency, unit_amount: price.oneTime ?? 0, tax_behavior: "inclusive", product_data: { name, description } } });
  }
  return {
    mode,
    line_items: lineItems,
    billing_address_collection: "required",
    tax_id_collection: { enabled: true },
    customer_email: order.customer.email,
    locale: order.lang,
    client_reference_id: order.id,
    metadata,
    success_url: urls.success,
    cancel_url: urls.cancel,
    ...(mode === "subscription"
      ? {
          subscription_data: {
            metadata,
            ...(price.monthlyStartsAfterMonths ? { trial_period_days: 30 * price.monthlyStartsAfterMonths } : {}),
          },
        }
      : { payment_intent_data: { metadata }, customer_creation: "always", invoice_creation: { enabled: true, invoice_data: { metadata } } }),
  };
}

export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";
  readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(options: StripeProviderOptions) {
    this.stripe = createStripeClient(options);
    this.webhookSecret = options.webhookSecret;
  }

  verifyWebhook(raw: string, signature: string | null): PaymentEvent | null {
    if (!this.webhookSecret) return null;
    if (!signature) throw new WebhookSignatureError("missing signature");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(raw, signature, this.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
    return toPaymentEvent(event);
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

  async getChargeCustomer(chargeId: string): Promise<string | null> {
    try {
      const charge = await this.stripe.charges.retrieve(chargeId);
      return refOf(charge.customer);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw new ProviderError(`stripe: ${(error as Error).message}`);
    }
  }

  /** A Billing Portal session for the customer: Stripe hosts cancellation, cards and invoices. */
  async portalUrl(customerRef: string, returnUrl: string): Promise<string> {
    try {
      const session = await this.stripe.billingPortal.sessions.create({ customer: customerRef, return_url: returnUrl });
      return session.url;
    } catch (error) {
      throw new ProviderError(`stripe: ${(error as Error).message}`);
    }
  }

  async createCheckout(order: Order, urls: CheckoutUrls): Promise<CheckoutSession> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(checkoutParams(order, urls), { idempotencyKey: order.id });
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
      orderId: session.client_reference_id ?? session.metadata?.order_id ?? null,
      state: sessionState(session),
      customerRef: refOf(session.customer),
      subscriptionRef: refOf(session.subscription),
    };
  }
}

const refOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

export function subscriptionStatus(subscription: Stripe.Subscription): SubscriptionStatus {
  const status: SubscriptionStatus["status"] =
    subscription.status === "active" || subscription.status === "trialing"
      ? "active"
      : subscription.status === "past_due" || subscription.status === "unpaid"
        ? "past_due"
        : subscription.status === "canceled" || subscription.status === "incomplete_expired"
          ? "cancelled"
          : "incomplete";
  const periodEnd = subscription.cancel_at ?? subscription.ended_at ?? subscription.items?.data?.[0]?.current_period_end ?? null;
  return {
    id: subscription.id,
    orderId: subscription.metadata?.order_id ?? null,
    customerRef: refOf(subscription.customer),
    status,
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
    periodEnd: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
  };
}

export function sessionState(session: Pick<Stripe.Checkout.Session, "status" | "payment_status">): SessionStatus["state"] {
  if (session.status === "expired") return "expired";
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
    return session.status === "complete" ? "paid" : "open";
  }
  return session.status === "complete" ? "processing" : "open";
}
