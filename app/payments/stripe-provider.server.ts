import Stripe from "stripe";
import { ProviderError, type CheckoutRequest, type CheckoutSession, type PaymentProvider, type SessionStatus } from "./provider.ts";

export interface StripeProviderOptions {
  secretKey: string;
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

/** Stripe Checkout parameters of a request (pure, unit-tested). */
export function checkoutParams(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  const currency = request.currency.toLowerCase();
  const mode = request.monthly ? "subscription" : "payment";
  const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [];
  if (request.monthly) {
    const { name, amount } = request.monthly;
    lineItems.push({ quantity: 1, price_data: { currency, unit_amount: amount, recurring: { interval: "month" }, product_data: { name } } });
  }
  if (request.oneTime) {
    const { name, amount } = request.oneTime;
    lineItems.push({ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name } } });
  }
  const metadata = request.metadata;
  return {
    mode,
    line_items: lineItems,
    customer_email: request.customerEmail,
    locale: request.locale,
    client_reference_id: request.reference,
    metadata,
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    ...(request.monthly
      ? { subscription_data: { metadata, ...(request.monthly.trialDays ? { trial_period_days: request.monthly.trialDays } : {}) } }
      : { payment_intent_data: { metadata } }),
  };
}

export class StripeProvider implements PaymentProvider {
  readonly name = "stripe";
  readonly stripe: Stripe;

  constructor(options: StripeProviderOptions) {
    this.stripe = createStripeClient(options);
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(checkoutParams(request), { idempotencyKey: request.reference });
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
      currency: session.currency ?? "",
    };
  }
}

export function sessionState(session: Pick<Stripe.Checkout.Session, "status" | "payment_status">): SessionStatus["state"] {
  if (session.status === "expired") return "expired";
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
    return session.status === "complete" ? "paid" : "open";
  }
  return session.status === "complete" ? "processing" : "open";
}
