import { randomBytes } from "node:crypto";
import type { OrderRepository } from "../orders/types.ts";
import type { CheckoutSession, CheckoutUrls, PaymentProvider, SessionStatus } from "./provider.ts";

/**
 * The built-in checkout used when no Stripe key is configured: sessions live in the database, the
 * visitor pays or cancels on /checkout/sandbox/:sessionId (plain form posts), and fulfilment sees
 * the same states as with Stripe.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = "sandbox";
  private readonly repo: OrderRepository;

  constructor(repo: OrderRepository) {
    this.repo = repo;
  }

  async createCheckout(order: Parameters<PaymentProvider["createCheckout"]>[0], _urls: CheckoutUrls): Promise<CheckoutSession> {
    // Idempotent per order, like Stripe's idempotency key.
    if (order.sessionId && (await this.repo.findSandboxSession(order.sessionId))) {
      return { id: order.sessionId, url: sandboxCheckoutPath(order.sessionId, order.lang) };
    }
    const id = `sbx_${randomBytes(12).toString("base64url")}`;
    await this.repo.createSandboxSession({ id, orderId: order.id, status: "open" });
    return { id, url: sandboxCheckoutPath(id, order.lang) };
  }

  async getSession(sessionId: string): Promise<SessionStatus | undefined> {
    const session = await this.repo.findSandboxSession(sessionId);
    if (!session) return undefined;
    return { id: session.id, orderId: session.orderId, state: session.status };
  }
}

export function sandboxCheckoutPath(sessionId: string, lang: string): string {
  return `/checkout/sandbox/${encodeURIComponent(sessionId)}?lang=${lang}`;
}
