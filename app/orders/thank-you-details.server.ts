import type { Order } from "./types.ts";

/** After this, the thank-you link shows only the reference and state: links get forwarded and leak. */
export const DETAILS_SHOWN_DAYS = 30;

/** Whether a paid order's thank-you page still shows its details (email, summary, next steps). */
export function detailsShown(order: Order, now = Date.now()): boolean {
  return now - Date.parse(order.paidAt ?? order.updatedAt) <= DETAILS_SHOWN_DAYS * 86_400_000;
}
