import type { Currency } from "../content/offers.ts";
import { formatMoney } from "../i18n/format.ts";
import { dueToday } from "../payments/provider.ts";
import { successUrl } from "../payments/sandbox-provider.server.ts";
import type { OrderServices } from "../services.server.ts";

/** What the sandbox checkout page shows; undefined when there is no such sandbox session (or no sandbox). */
export async function sandboxCheckoutView(sessionId: string, services: OrderServices) {
  const session = await services.sandbox?.findSession(sessionId);
  if (!session) return undefined;
  const { request, status } = session;
  const currency = request.currency as Currency;
  return {
    status,
    product: request.monthly?.name ?? request.oneTime?.name ?? "",
    email: request.customerEmail,
    dueNow: formatMoney(dueToday(request), currency, request.locale),
    monthly: request.monthly ? formatMoney(request.monthly.amount, currency, request.locale) : null,
    /** The price story the request carries (sessions from before it have none). */
    summary: request.summary ?? null,
    thankYou: successUrl(session),
    orderAgain: request.cancelUrl,
  };
}

/**
 * The visitor pays or cancels in the sandbox. Returns where to send them, as Stripe does (the
 * success URL, whose page fulfils; or the cancel URL, after the order is marked expired), or
 * undefined for an unknown session, "bad-intent" for anything else.
 */
export async function sandboxCheckoutDecision(sessionId: string, intent: string | null, services: OrderServices): Promise<string | "bad-intent" | undefined> {
  const sandbox = services.sandbox;
  const session = await sandbox?.findSession(sessionId);
  if (!sandbox || !session) return undefined;
  if (intent === "pay") return sandbox.pay(session);
  if (intent === "cancel") {
    const back = await sandbox.cancel(session);
    await services.fulfil(session.id);
    return back;
  }
  return "bad-intent";
}
