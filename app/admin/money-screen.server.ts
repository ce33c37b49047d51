import { redirect } from "react-router";
import { isActionKey } from "./money-input.ts";
import type { StoresOf } from "../services.server.ts";
import { keyOutcome, newActionKey } from "./money.server.ts";

/**
 * The screen's idempotency key, from its URL (the order page's form put it there), so Back, a
 * reload or a second tab on the screen carry the same key; once it is confirmed, the screen sends
 * to the order page saying it is done, and never offers the same refund twice. A URL typed without
 * a key gets a fresh one for this view (it also renders the page after a refused confirmation).
 */
export async function screenKey(url: URL, orderId: string, services: { repo: StoresOf<"database"> }): Promise<string> {
  const key = url.searchParams.get("key") ?? "";
  if (!isActionKey(key)) return newActionKey();
  const done = await keyOutcome(key, services);
  if (done) throw redirect(`/admin/orders/${encodeURIComponent(orderId)}?money=${done}`, 303);
  return key;
}
