import { randomBytes } from "node:crypto";
import { amountDueNow, isOfferId, orderTerms } from "../content/offers.ts";
import type { Language } from "../i18n/languages.ts";
import { logger } from "../lib/logger.server.ts";
import { checkoutRequest } from "./checkout-request.server.ts";
import type { OrderForm } from "./order-schema.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";
import type { Order, OrderAcceptance, OrderOfferId, OrderProposal } from "./types.ts";
import { orderFormPath, CHECKOUT_SESSION_PLACEHOLDER, proposalPath, thankYouPath } from "../i18n/site-map.ts";

export type PlaceOrderResult =
  | { ok: true; order: Order; url: string }
  | { ok: false; reason: "provider"; order: Order }
  /** The order could not be stored (disk full, read-only or unreachable database): nothing was charged. */
  | { ok: false; reason: "storage"; order?: undefined };

/**
 * A pending order without a checkout, unchanged for this long, was left by a request that died
 * (a crash, a kill) between storing the order and storing its checkout. Creating the checkout
 * again is safe: providers are idempotent per order id (Stripe's idempotency key).
 */
export const STALE_PENDING_MS = 5_000;

export function newOrderId(): string {
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, "");
  return `ord_${date}_${randomBytes(6).toString("hex")}`;
}

/** `links` signs the way back to a proposal's page when its checkout is cancelled. */
type Services = Pick<OrderServices, "provider" | "returnBase"> &
  Partial<Pick<OrderServices, "links">> & { repo: StoresOf<"orders"> };

export function isStalePending(order: Order, now = Date.now()): boolean {
  return order.state === "pending" && !order.sessionId && now - Date.parse(order.updatedAt) >= STALE_PENDING_MS;
}

/**
 * Stores the order (pending) before anything else, then asks the provider for a checkout and
 * records it (checkout_created). A provider failure leaves the order `failed` (retryable) and is
 * reported to the caller, never thrown; so is a database that cannot store it. The same
 * submission token posted twice gives the same order and the same checkout URL.
 */
export async function placeOrder(
  input: {
    form: OrderForm;
    offer: OrderOfferId;
    lang: Language;
    submissionToken: string;
    acceptance: OrderAcceptance;
    /** An accepted proposal (app/quotes/): its price instead of the catalogue's. */
    proposal?: OrderProposal;
    /** The buyer's browser's time zone, already read with `readTimeZone` (null when unknown). */
    timeZone?: string | null;
  },
  services: Services,
): Promise<PlaceOrderResult> {
  const { repo, provider } = services;
  const price = orderTerms(input).price;
  let stored: { order: Order; created: boolean };
  try {
    stored = await repo.createOrder({
      id: newOrderId(),
      submissionToken: input.submissionToken,
      lang: input.lang,
      offer: input.offer,
      currency: price.currency,
      amountDueNow: amountDueNow(price),
      monthly: price.monthly ?? 0,
      customer: input.form,
      proposal: input.proposal ?? null,
      provider: provider.name,
      acceptance: input.acceptance,
      timeZone: input.timeZone ?? null,
    });
  } catch (error) {
    logger().error({ err: error }, "order could not be stored");
    return { ok: false, reason: "storage" };
  }
  const { order, created } = stored;

  if (!created) {
    // A double submit: wait briefly for the first request to get its checkout URL, then reuse it.
    // Still none after that, or the order sat pending without a checkout for a few seconds: the
    // first request died (or the provider failed), so this one asks for the checkout itself;
    // providers are idempotent per order, so nothing doubles.
    for (let i = 0; i < 40; i++) {
      const current = (await repo.findById(order.id))!;
      if (current.checkoutUrl) return { ok: true, order: current, url: current.checkoutUrl };
      if (current.state === "paid")
        return { ok: true, order: current, url: thankYouPath(current.lang, current.sessionId ?? "") };
      if (current.state === "failed" || isStalePending(current)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return createCheckoutFor(order, services);
}

/** Asks the provider for the order's checkout (idempotent per order id) and records it. */
export async function createCheckoutFor(order: Order, services: Services): Promise<PlaceOrderResult> {
  const { repo, provider, returnBase } = services;
  let session: { id: string; url: string };
  try {
    session = await provider.createCheckout(
      checkoutRequest(order, {
        success: `${returnBase}${thankYouPath(order.lang, CHECKOUT_SESSION_PLACEHOLDER)}`,
        cancel: `${returnBase}${orderAgainPath(order, services)}`,
      }),
    );
  } catch (error) {
    try {
      await repo.markFailed(order.id, String((error as Error)?.message ?? error));
      return { ok: false, reason: "provider", order: (await repo.findById(order.id)) ?? order };
    } catch (storeError) {
      logger().error({ err: storeError, orderId: order.id }, "order could not be marked failed");
      return { ok: false, reason: "provider", order };
    }
  }
  try {
    // The checkout and its timeline event, in one transaction.
    await repo.setCheckout(order.id, session.id, session.url);
    const stored = (await repo.findById(order.id))!;
    // Another request may have recorded its checkout first: everyone uses the recorded one.
    return { ok: true, order: stored, url: stored.checkoutUrl || session.url };
  } catch (error) {
    logger().error({ err: error, orderId: order.id }, "checkout could not be stored");
    return { ok: false, reason: "storage" };
  }
}

/**
 * Where a cancelled or expired checkout goes back to: the proposal it pays (accepting it again
 * gives a fresh checkout), or the offer's order form.
 */
export function orderAgainPath(order: Order, services: Pick<Services, "links">): string {
  if (order.proposal && services.links)
    return proposalPath(services.links.sign(order.proposal.id, "proposal", Number.POSITIVE_INFINITY), order.lang);
  return isOfferId(order.offer) ? orderFormPath(order.offer, order.lang, { cancelled: true }) : "/";
}
