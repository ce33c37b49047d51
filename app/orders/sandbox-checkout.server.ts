import { formatMoney } from "../content/offers.ts";
import { orderFormPath, thankYouPath } from "./paths.ts";
import type { OrderServices } from "./services.server.ts";

/** The sandbox exists only while no Stripe key is configured. */
async function find(sessionId: string, services: OrderServices) {
  if (services.provider.name !== "sandbox") return undefined;
  const session = await services.repo.findSandboxSession(sessionId);
  const order = session ? await services.repo.findById(session.orderId) : undefined;
  return session && order ? { session, order } : undefined;
}

/** What the sandbox checkout page shows; undefined when there is no such sandbox session. */
export async function sandboxCheckoutView(sessionId: string, services: OrderServices) {
  const found = await find(sessionId, services);
  if (!found) return undefined;
  const { session, order } = found;
  return {
    status: session.status,
    order,
    email: order.customer.email,
    dueNow: formatMoney(order.amountDueNow, order.currency, order.lang),
    thankYou: thankYouPath(order.lang, session.id),
    orderAgain: orderFormPath(order.offer, order.lang),
  };
}

/**
 * The visitor pays or cancels in the sandbox. Returns where to send them (as Stripe does: the
 * thank-you page, which fulfils, or the order form), or undefined for an unknown session/intent.
 */
export async function sandboxCheckoutDecision(sessionId: string, intent: string, services: OrderServices): Promise<string | "bad-intent" | undefined> {
  const found = await find(sessionId, services);
  if (!found) return undefined;
  const { session, order } = found;
  if (intent === "pay") {
    await services.repo.setSandboxSessionStatus(session.id, "paid");
    return thankYouPath(order.lang, session.id);
  }
  if (intent === "cancel") {
    await services.repo.setSandboxSessionStatus(session.id, "expired");
    await services.fulfil(session.id);
    return orderFormPath(order.offer, order.lang, "&cancelled=1");
  }
  return "bad-intent";
}
