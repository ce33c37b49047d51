import { createContext } from "react-router";
import { OFFER_IDS } from "../content/offers.ts";
import { LANGUAGES, isLanguage, type Language } from "../i18n/languages.ts";
import { resolveLanguage } from "../i18n/resolve.ts";
import { orderFormPath, orderPath } from "../i18n/site-map.ts";
import { createLoadContext } from "../lib/request-context.ts";

/**
 * The order form is the same for every visitor of an (offer, language) pair but for its submission
 * token, so server/form-cache.ts renders it once with this placeholder in the token's place and
 * puts a fresh token there for each request. The placeholder fails the action's token pattern
 * (underscores), so a page that ever kept it would still get a new token on post, never a shared one.
 */
export const TOKEN_PLACEHOLDER = "__order_form_token__";

/** Set on the render the cache keeps: the loader then writes the placeholder instead of a token. */
export const orderFormTemplateContext = createContext<boolean>(false);

/** Every query string the site links the order form with (orderPath), and the language it names. */
const TEMPLATE_QUERIES = new Map<string, Language | null>(
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
 * Which template a `GET /commander` can be answered from: only the URLs the site itself links to
 * (`?offre=X`, `?offre=X&lang=Y`, see orderPath), so the set of templates stays bounded whatever
 * visitors send, keyed by the resolved language. `null`: render live (`&cancelled` brings the
 * visitor's draft back; any other query string too).
 */
export function orderFormTemplateKey(url: URL, headers: { cookie?: string; "accept-language"?: string }): { key: string; lang: Language } | null {
  const queryLang = TEMPLATE_QUERIES.get(url.search);
  if (url.pathname !== "/commander" || queryLang === undefined) return null;
  const { lang } = resolveLanguage({ pathname: url.pathname, queryLang, cookie: headers.cookie, acceptLanguage: headers["accept-language"] });
  return { key: `${url.search}|${lang}`, lang };
}

/** The template's render: only the language decides it (as the marketing page cache renders). */
export function orderFormTemplateRequest(url: URL, lang: Language, secure: boolean) {
  const context = createLoadContext({ nonce: "", requestId: "form-template", clientIp: "", secure });
  context.set(orderFormTemplateContext, true);
  return { request: new Request(url.origin + url.pathname + url.search, { headers: { "accept-language": lang } }), context };
}
