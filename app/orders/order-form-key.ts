import { OFFER_IDS } from "../content/offers.ts";
import { LANGUAGES, isLanguage, type Language } from "../i18n/languages.ts";
import { resolveLanguage } from "../i18n/resolve.ts";
import { orderFormPath, orderPath } from "../i18n/site-map.ts";

/** Every query string the site links the order form with (orderPath), and the language it names. */
const LINKED_QUERIES = new Map<string, Language | null>(
  OFFER_IDS.flatMap((offer) =>
    LANGUAGES.flatMap((lang) =>
      [orderPath(offer, lang), orderFormPath(offer, lang)].map((path) => {
        const url = new URL(path, "http://x");
        const named = url.searchParams.get("lang");
        return [url.search, isLanguage(named) ? named : null] as const;
      }),
    ),
  ),
);

/**
 * The order form is the same for every visitor of an (offer, language) pair but for its submission
 * token, so the server keeps it in memory (server/render-cache.ts) — for the URLs the site itself
 * links to only (`?offre=X`, `?offre=X&lang=Y`, see orderPath), so the set of kept forms stays
 * bounded whatever visitors send. This says whether a `GET /commander` is one, keyed by the
 * resolved language; `null`: render live (`&cancelled` brings the visitor's draft back; any other
 * query string too).
 */
export function orderFormKey(url: URL, headers: { cookie?: string; "accept-language"?: string }): { key: string; lang: Language } | null {
  const queryLang = LINKED_QUERIES.get(url.search);
  if (url.pathname !== "/commander" || queryLang === undefined) return null;
  const { lang } = resolveLanguage({ pathname: url.pathname, queryLang, cookie: headers.cookie, acceptLanguage: headers["accept-language"] });
  return { key: `${url.search}|${lang}`, lang };
}
