import type { OfferId } from "../content/offers.ts";
import { THANK_YOU_PATHS, type Language } from "../i18n/languages.ts";

/** The order form of an offer with an explicit language (posts and redirects keep the language). */
export function orderFormPath(offer: OfferId, lang: Language, extra = ""): string {
  return `/commander?offre=${offer}&lang=${lang}${extra}`;
}

export function thankYouPath(lang: Language, sessionId: string): string {
  return `${THANK_YOU_PATHS[lang]}?session_id=${encodeURIComponent(sessionId)}`;
}

export function sandboxCheckoutPath(sessionId: string, lang: string): string {
  return `/checkout/sandbox/${encodeURIComponent(sessionId)}?lang=${lang}`;
}

/** "Manage my subscription": the signed link, and the page that sends a fresh one. */
export function managePath(token: string, lang: Language): string {
  return `/subscription/${encodeURIComponent(token)}?lang=${lang}`;
}
export const MANAGE_REQUEST_PATH = "/subscription";

/** The sandbox's HTML invoice of an order (signed link). */
export function invoicePath(token: string, lang: Language): string {
  return `/invoice/${encodeURIComponent(token)}?lang=${lang}`;
}
