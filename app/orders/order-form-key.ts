import { OFFER_IDS, type OfferId } from "../content/offers.ts";
import { LANGUAGES, isLanguage, type Language } from "../i18n/languages.ts";
import { resolveLanguage } from "../i18n/resolve.ts";
import { orderFormPath, orderPath } from "../i18n/site-map.ts";

/** Every query string the site links the order form with (orderPath): its offer and the language it names. */
const LINKED_QUERIES = new Map<string, { offer: OfferId; lang: Language | null }>(
  OFFER_IDS.flatMap((offer) =>
    LANGUAGES.flatMap((lang) =>
      [orderPath(offer, lang), orderFormPath(offer, lang)].map((path) => {
        const url = new URL(path, "http://x");
        const named = url.searchParams.get("lang");
        return [url.search, { offer, lang: isLanguage(named) ? named : null }] as const;
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
export function orderFormKey(
  pathname: string,
  search: string,
  headers: { cookie?: string; "accept-language"?: string },
): { key: string; lang: Language; offer: OfferId } | null {
  const linked = pathname === "/commander" ? LINKED_QUERIES.get(search) : undefined;
  if (!linked) return null;
  const { lang } = resolveLanguage({
    pathname,
    queryLang: linked.lang,
    cookie: headers.cookie,
    acceptLanguage: headers["accept-language"],
  });
  return { key: `${search}|${lang}`, lang, offer: linked.offer };
}
