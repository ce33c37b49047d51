import type { OfferId } from "../content/offers.ts";
import type { Language } from "../i18n/languages.ts";

/** The order form of an offer with an explicit language (posts and redirects keep the language). */
export function orderFormPath(offer: OfferId, lang: Language, extra = ""): string {
  return `/commander?offre=${offer}&lang=${lang}${extra}`;
}
