import type { Order, OrderStore } from "./types.ts";

/** After this, the thank-you link shows only the reference and state: links get forwarded and leak. */
export const DETAILS_SHOWN_DAYS = 30;

/** Whether a paid order's thank-you page still shows its details (email, summary, next steps). */
export function detailsShown(order: Order, now = Date.now()): boolean {
  return now - Date.parse(order.paidAt ?? order.updatedAt) <= DETAILS_SHOWN_DAYS * 86_400_000;
}

/**
 * What a paid order's thank-you page depends on, as a cache key — order, page language, order
 * version, details shown or not — or null when the session's order is not paid (or unknown).
 */
export async function paidThankYouKey(
  orders: Pick<OrderStore, "findBySessionId">,
  sessionId: string,
  lang: string,
): Promise<string | null> {
  const order = await orders.findBySessionId(sessionId);
  if (order?.state !== "paid") return null;
  return `${order.id}|${lang}|${order.updatedAt}|${detailsShown(order)}`;
}
