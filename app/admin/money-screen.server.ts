import { redirect } from "react-router";
import { isActionKey } from "./money-input.ts";
import { keyOutcome, newActionKey } from "./money.server.ts";

/**
 * The screen's idempotency key, from its URL (the order page's form put it there). Without one, the
 * same URL with a fresh key; with one already confirmed, the order page saying it is done — so Back,
 * a reload or a second tab never offers the same refund twice.
 */
export async function screenKey(url: URL, orderId: string): Promise<string> {
  const key = url.searchParams.get("key") ?? "";
  if (!isActionKey(key)) {
    url.searchParams.set("key", newActionKey());
    throw redirect(`${url.pathname}?${url.searchParams}`, 303);
  }
  const done = await keyOutcome(key);
  if (done) throw redirect(`/admin/orders/${encodeURIComponent(orderId)}?money=${done}`, 303);
  return key;
}

