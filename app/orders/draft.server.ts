import type { OfferId } from "../content/offers.ts";
import { readCookieValues, serializeCookie } from "../lib/cookies.ts";
import type { OrderForm } from "./order-schema.ts";
import type { OrderStore } from "./types.ts";

/**
 * "Nothing typed is lost": the order a visitor just sent to checkout is remembered in a cookie
 * (its id only, HttpOnly), so a cancelled checkout brings back a filled form. The id never
 * appears in a URL, so a shared link shows nobody else's details.
 */
const ID_PATTERN = /^ord_[0-9]{8}_[0-9a-f]{12}$/;

/** The Set-Cookie value naming the order (registered in app/lib/cookies.ts: `order_draft`, 24 hours, path /). */
export function draftCookie(orderId: string, secure: boolean): string {
  return serializeCookie("orderDraft", orderId, secure);
}

function draftId(cookieHeader: string | null): string | null {
  return readCookieValues("orderDraft", cookieHeader).find((value) => ID_PATTERN.test(value)) ?? null;
}

/** The answers of the visitor's last unpaid order of this offer, if the cookie names one. */
export async function findDraft(
  request: Request,
  offer: OfferId,
  repo: Pick<OrderStore, "findById">,
): Promise<OrderForm | null> {
  const id = draftId(request.headers.get("cookie"));
  if (!id) return null;
  const order = await repo.findById(id);
  if (!order || order.offer !== offer || order.state === "paid") return null;
  return order.customer;
}
