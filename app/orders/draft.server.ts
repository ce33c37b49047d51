import type { OfferId } from "../content/offers.ts";
import type { OrderForm } from "./order-schema.ts";
import type { OrderStore } from "./types.ts";

/**
 * "Nothing typed is lost": the order a visitor just sent to checkout is remembered in a cookie
 * (its id only, HttpOnly), so a cancelled checkout brings back a filled form. The id never
 * appears in a URL, so a shared link shows nobody else's details.
 */
const DRAFT_COOKIE = "order_draft";
const ID_PATTERN = /^ord_[0-9]{8}_[0-9a-f]{12}$/;

export function draftCookie(orderId: string, secure: boolean): string {
  // Path=/ rather than /commander: with JavaScript the form's data comes from /commander.data.
  return `${DRAFT_COOKIE}=${orderId}; Path=/; Max-Age=86400; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}

function draftId(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value = ""] = part.trim().split("=");
    if (name === DRAFT_COOKIE && ID_PATTERN.test(value)) return value;
  }
  return null;
}

/** The answers of the visitor's last unpaid order of this offer, if the cookie names one. */
export async function findDraft(request: Request, offer: OfferId, repo: Pick<OrderStore, "findById">): Promise<OrderForm | null> {
  const id = draftId(request.headers.get("cookie"));
  if (!id) return null;
  const order = await repo.findById(id);
  if (!order || order.offer !== offer || order.state === "paid") return null;
  return order.customer;
}
