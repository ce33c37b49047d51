import type { PaymentProvider } from "../payments/provider.ts";
import type { Order, OrderRepository } from "./types.ts";

export const CONFIRMATION_EMAIL = "confirmation";

export type FulfilStatus = "paid" | "open" | "processing" | "expired" | "failed" | "unknown";
export interface FulfilResult {
  status: FulfilStatus;
  order?: Order;
  /** True only for the one call that marked the order paid. */
  newlyPaid: boolean;
}

export interface FulfilDeps {
  repo: OrderRepository;
  provider: PaymentProvider;
  /** Called after an email was enqueued (wakes the outbox worker). */
  onEnqueued?: () => void;
}

/**
 * The one fulfilment step, shared by the thank-you page and the Stripe webhook. It asks the
 * provider for the session's current state (so replayed or out-of-order events cannot move an
 * order backwards), marks the order paid at most once and enqueues its confirmation email at most
 * once (outbox row unique per order and kind), both in one transaction. Safe to call any number of
 * times, concurrently or after a crash. Throws ProviderError when the provider cannot be reached.
 */
export async function fulfil(sessionId: string, deps: FulfilDeps): Promise<FulfilResult> {
  const { repo, provider } = deps;
  let order = await repo.findBySessionId(sessionId);
  if (order?.state === "paid") return { status: "paid", order, newlyPaid: false };

  const session = await provider.getSession(sessionId);
  if (!session) return { status: "unknown", order, newlyPaid: false };
  // A session we never stored (crash between creation and saving it): find the order by reference.
  if (!order && session.reference) {
    const byReference = await repo.findById(session.reference);
    if (byReference && !byReference.sessionId) {
      await repo.setCheckout(byReference.id, session.id, "");
      order = await repo.findById(byReference.id);
    }
  }
  if (!order || order.sessionId !== sessionId) return { status: "unknown", newlyPaid: false };

  switch (session.state) {
    case "paid": {
      const newlyPaid = await repo.markPaid(order.id, CONFIRMATION_EMAIL);
      if (newlyPaid) deps.onEnqueued?.();
      return { status: "paid", order: await repo.findById(order.id), newlyPaid };
    }
    case "expired":
      await repo.markExpired(order.id);
      return { status: "expired", order: await repo.findById(order.id), newlyPaid: false };
    default:
      // A failed async payment leaves the session "complete" but unpaid; the webhook marks it failed.
      return { status: order.state === "failed" ? "failed" : session.state, order, newlyPaid: false };
  }
}
