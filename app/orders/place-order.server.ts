import { randomBytes } from "node:crypto";
import { amountDueNow, getOffer, type OfferId } from "../content/offers.ts";
import { THANK_YOU_PATHS, type Language } from "../i18n/languages.ts";
import { logger } from "../lib/logger.server.ts";
import type { OrderForm } from "./order-schema.ts";
import { orderFormPath } from "./paths.ts";
import type { OrderServices } from "./services.server.ts";
import type { Order } from "./types.ts";

export type PlaceOrderResult =
  | { ok: true; order: Order; url: string }
  | { ok: false; reason: "provider" | "busy"; order: Order }
  /** The order could not be stored (disk full, read-only or broken database): nothing was charged. */
  | { ok: false; reason: "storage"; order?: undefined };

/**
 * A pending order without a checkout this much older than its last change was left by a request
 * that died (a crash, a kill) between storing the order and storing its checkout. Creating the
 * checkout again is safe: the provider's idempotency key is the order id.
 */
export const STALE_PENDING_MS = 5_000;

export function newOrderId(): string {
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, "");
  return `ord_${date}_${randomBytes(6).toString("hex")}`;
}

type Services = Pick<OrderServices, "repo" | "provider" | "publicOrigin">;

/**
 * Stores the order (pending) before anything else, then asks the provider for a checkout and
 * records it (checkout_created). A provider failure leaves the order `failed` (retryable) and is
 * reported to the caller, never thrown; so is a database that cannot store. The same submission
 * token posted twice gives the same order and the same checkout URL.
 */
export async function placeOrder(
  input: { form: OrderForm; offer: OfferId; lang: Language; submissionToken: string },
  services: Services,
): Promise<PlaceOrderResult> {
  const { repo, provider } = services;
  const price = getOffer(input.offer).price(input.lang);
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
      provider: provider.name,
    });
  } catch (error) {
    logger().error({ err: error }, "order could not be stored");
    return { ok: false, reason: "storage" };
  }
  const { order, created } = stored;

  if (!created) {
    // A double submit: wait briefly for the first request to get its checkout URL, then reuse it.
    for (let i = 0; i < 40; i++) {
      const current = (await repo.findById(order.id))!;
      if (current.checkoutUrl) return { ok: true, order: current, url: current.checkoutUrl };
      if (current.state === "paid") return { ok: true, order: current, url: `${THANK_YOU_PATHS[current.lang]}?session_id=${encodeURIComponent(current.sessionId ?? "")}` };
      if (current.state === "failed") break;
      // The first request died before storing its checkout: take over (same idempotency key).
      if (current.state === "pending" && isStalePending(current)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const current = (await repo.findById(order.id))!;
    if (current.state !== "failed" && !(current.state === "pending" && isStalePending(current))) return { ok: false, reason: "busy", order: current };
  }
  return createCheckoutFor(order, services);
}

export function isStalePending(order: Order, now = Date.now()): boolean {
  return order.state === "pending" && !order.sessionId && now - Date.parse(order.updatedAt) >= STALE_PENDING_MS;
}

/** Asks the provider for the order's checkout (idempotent per order id) and stores it. */
export async function createCheckoutFor(order: Order, services: Services): Promise<PlaceOrderResult> {
  const { repo, provider, publicOrigin } = services;
  const base = provider.name === "sandbox" ? "" : publicOrigin;
  let session: { id: string; url: string };
  try {
    session = await provider.createCheckout(order, {
      success: `${base}${THANK_YOU_PATHS[order.lang]}?session_id={CHECKOUT_SESSION_ID}`,
      cancel: `${base}${orderFormPath(order.offer, order.lang, "&cancelled=1")}`,
    });
  } catch (error) {
    try {
      await repo.markFailed(order.id, String((error as Error)?.message ?? error));
    } catch (storeError) {
      logger().error({ err: storeError, orderId: order.id }, "order could not be marked failed");
    }
    return { ok: false, reason: "provider", order: (await safeFind(services, order.id)) ?? order };
  }
  try {
    await repo.setCheckout(order.id, session.id, session.url);
    // A concurrent attempt may have stored its checkout first: everyone gets the stored one.
    const current = (await repo.findById(order.id))!;
    return { ok: true, order: current, url: current.checkoutUrl || session.url };
  } catch (error) {
    logger().error({ err: error, orderId: order.id }, "checkout could not be stored");
    return { ok: false, reason: "storage" };
  }
}

async function safeFind(services: Services, id: string): Promise<Order | undefined> {
  try {
    return await services.repo.findById(id);
  } catch {
    return undefined;
  }
}
