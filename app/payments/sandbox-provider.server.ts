import { randomBytes } from "node:crypto";
import type { OrderRepository } from "../orders/types.ts";
import type { CheckoutSession, CheckoutUrls, PaymentEvent, PaymentProvider, SessionStatus, SubscriptionStatus } from "./provider.ts";

export interface SandboxProviderOptions {
  /** Site-relative path of the sandbox checkout page of a session (injected: payments know no routes). */
  checkoutPath(sessionId: string, lang: string): string;
}

/**
 * The built-in checkout used when no Stripe key is configured: sessions live in the database, the
 * visitor pays or cancels on the sandbox checkout page (plain form posts), and fulfilment sees
 * the same states as with Stripe. A paid subscription order is its own sandbox subscription
 * (`sbx_sub_<order id>`); its state is the order's billing state, changed by the sandbox portal.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox";
  private readonly repo: OrderRepository;
  private readonly checkoutPath: SandboxProviderOptions["checkoutPath"];

  constructor(repo: OrderRepository, options: SandboxProviderOptions) {
    this.repo = repo;
    this.checkoutPath = options.checkoutPath;
  }

  async createCheckout(order: Parameters<PaymentProvider["createCheckout"]>[0], _urls: CheckoutUrls): Promise<CheckoutSession> {
    // Idempotent per order, like Stripe's idempotency key.
    if (order.sessionId && (await this.repo.findSandboxSession(order.sessionId))) {
      return { id: order.sessionId, url: this.checkoutPath(order.sessionId, order.lang) };
    }
    const id = `sbx_${randomBytes(12).toString("base64url")}`;
    await this.repo.createSandboxSession({ id, orderId: order.id, status: "open" });
    return { id, url: this.checkoutPath(id, order.lang) };
  }

  async getSession(sessionId: string): Promise<SessionStatus | undefined> {
    const session = await this.repo.findSandboxSession(sessionId);
    if (!session) return undefined;
    const order = session.status === "paid" ? await this.repo.findById(session.orderId) : undefined;
    return {
      id: session.id,
      orderId: session.orderId,
      state: session.status,
      customerRef: order ? `sbx_cus_${order.id}` : null,
      subscriptionRef: order?.monthly ? `sbx_sub_${order.id}` : null,
    };
  }

  /** The sandbox sends no webhooks: its state changes happen in-app. */
  verifyWebhook(): PaymentEvent | null {
    return null;
  }

  async getSubscription(subscriptionRef: string): Promise<SubscriptionStatus | undefined> {
    const order = await this.repo.findByBillingRef({ subscriptionRef });
    if (!order) return undefined;
    const state = order.billingState;
    return {
      id: subscriptionRef,
      orderId: order.id,
      customerRef: order.customerRef,
      status: state === "cancelled" || state === "refunded" ? "cancelled" : state === "past_due" ? "past_due" : "active",
      cancelAtPeriodEnd: state === "cancelling",
      periodEnd: order.periodEnd,
    };
  }

  async portalUrl(): Promise<string | null> {
    return null;
  }

  async getChargeCustomer(): Promise<string | null> {
    return null;
  }
}
