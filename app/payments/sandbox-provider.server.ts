import { randomBytes } from "node:crypto";
import {
  dueToday,
  type BillingDetails,
  type CancelRequest,
  type CancelResult,
  type RefundRequest,
  type RefundResult,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
  type SessionStatus,
  type SubscriptionStatus,
} from "./provider.ts";
import type { SandboxSession, SandboxSessionStore } from "./sandbox-store.server.ts";

export interface SandboxProviderOptions {
  store: SandboxSessionStore;
  /** Where the sandbox's checkout page for a session lives (the app's route). */
  pageUrl(sessionId: string, locale: string): string;
}

/**
 * The built-in checkout used when no Stripe key is configured: sessions live in the site's
 * database, the visitor pays or cancels on the sandbox page (plain form posts) and goes back to
 * the request's success or cancel URL, and fulfilment sees the same states as with Stripe.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox";
  private readonly options: SandboxProviderOptions;

  constructor(options: SandboxProviderOptions) {
    this.options = options;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    // Idempotent per reference, like Stripe's idempotency key.
    const id = await this.options.store.create(`sbx_${randomBytes(12).toString("base64url")}`, request);
    return { id, url: this.options.pageUrl(id, request.locale) };
  }

  async getSession(sessionId: string): Promise<SessionStatus | undefined> {
    const session = await this.options.store.find(sessionId);
    if (!session) return undefined;
    const paid = session.status === "paid";
    return {
      id: session.id,
      reference: session.reference,
      state: session.status,
      // The sandbox charges exactly what it was asked (Stripe reports the same as amount_total).
      amountTotal: dueToday(session.request),
      currency: session.request.currency,
      // A paid sandbox checkout is its own customer and, for a monthly request, its own subscription.
      customerRef: paid ? `sbx_cus_${session.reference}` : null,
      subscriptionRef: paid && session.request.monthly ? `sbx_sub_${session.reference}` : null,
      // What the sandbox page collected, as Stripe's session reports its customer_details.
      billing: paid ? session.billing : null,
    };
  }

  /** The sandbox sends no webhooks: after checkout, its changes happen in-app (the sandbox portal). */
  verifyWebhook(): PaymentEvent | null {
    return null;
  }

  async getSubscription(): Promise<SubscriptionStatus | undefined> {
    return undefined;
  }

  /** No hosted portal: the site's own sandbox portal page stands in. */
  async portalUrl(): Promise<string | null> {
    return null;
  }

  async getCharge(): Promise<null> {
    return null;
  }

  /** The sandbox issues no papers: the site's own invoice page (app/billing/invoice.server.ts) stands in. */
  async documents(): Promise<null> {
    return null;
  }

  /**
   * The sandbox refunds on its own record of the session: never more than was paid (one
   * conditional write). The caller's idempotency key (one row per confirmation) keeps a replay from
   * getting here twice; the refund's id is derived from it, as Stripe answers a replay with the same refund.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const session = await this.options.store.find(request.sessionId);
    if (!session || session.status !== "paid") return { ok: false, reason: "notPaid" };
    const total = dueToday(session.request);
    const refunded = await this.options.store.refund(session.id, request.amount, total);
    if (refunded === null) return { ok: false, reason: "tooMuch" };
    return {
      ok: true,
      refundId: `sbx_re_${request.idempotencyKey}`,
      chargeId: `sbx_ch_${session.reference}`,
      chargeAmount: total,
      amountRefunded: refunded,
      currency: session.request.currency,
    };
  }

  /** The sandbox subscription ends at the period's end (the site's date) or now; a canceled one is refused, as Stripe refuses. */
  async cancelSubscription(request: CancelRequest): Promise<CancelResult> {
    const moved = await this.options.store.cancelSubscription(
      request.reference,
      request.atPeriodEnd ? "cancelling" : "canceled",
    );
    if (!moved) return { ok: false, reason: "alreadyCancelled" };
    return {
      ok: true,
      subscription: {
        id: request.subscriptionRef,
        reference: request.reference,
        customerRef: `sbx_cus_${request.reference}`,
        status: request.atPeriodEnd ? "active" : "cancelled",
        providerStatus: request.atPeriodEnd ? "active" : "canceled",
        cancelAtPeriodEnd: request.atPeriodEnd,
        periodEnd: request.atPeriodEnd ? request.periodEnd : new Date().toISOString(),
      },
    };
  }

  /** The session behind the sandbox page. */
  findSession(sessionId: string): Promise<SandboxSession | undefined> {
    return this.options.store.find(sessionId);
  }

  /** The visitor paid (with the billing details the page asked): returns where Stripe would send them (the request's success URL). */
  async pay(session: SandboxSession, billing: BillingDetails | null): Promise<string> {
    await this.options.store.pay(session.id, billing);
    return successUrl(session);
  }

  /** The visitor gave up: the session expires; returns the request's cancel URL. */
  async cancel(session: SandboxSession): Promise<string> {
    await this.options.store.setStatus(session.id, "expired");
    return session.request.cancelUrl;
  }
}

export function successUrl(session: SandboxSession): string {
  return session.request.successUrl.replace("{CHECKOUT_SESSION_ID}", encodeURIComponent(session.id));
}
