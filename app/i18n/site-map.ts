import { CATALOGUE_PAGES, GROUPS, type GroupId, type OfferId, type Page, type PageId } from "../content/catalogue.ts";
import { soleOffer } from "../content/structured-data.ts";
import { LANGUAGES, type Language } from "./languages.ts";

/**
 * The site map: every marketing page, every localized path, and the URLs of the order flow (form,
 * thank-you). routes.ts, the header, hreflang, the sitemap, the page cache and the order flow all
 * build their URLs here and nowhere else.
 */

/** The thank-you page path of each language (spec section 2). */
export const THANK_YOU_PATHS: Record<Language, string> = {
  fr: "/merci",
  en: "/thank-you",
  es: "/gracias",
  pt: "/obrigado",
  de: "/danke",
  it: "/grazie",
};

/** The language slugs of the test-workflow offer (spec section 2); French uses /test-workflow/fr. */
export const TEST_WORKFLOW_PATHS = CATALOGUE_PAGES.find((page) => page.id === "test-workflow")!.slugs as Record<
  Exclude<Language, "fr">,
  string
>;

/**
 * Every marketing page (app/content/catalogue.ts): its URL, its translation namespace
 * (locales/{lng}/{id}.json) and its route module. Each page also answers at `{path}/{lng}` to
 * force a language, or at its language slug.
 */
export const PAGES = CATALOGUE_PAGES;
export type { Page, PageId } from "../content/catalogue.ts";

/** A group's pages by their rank in it (`menu` or `listed` of each catalogue page). */
function grouped(place: "menu" | "listed") {
  return GROUPS.map((id) => ({
    id,
    pages: PAGES.filter((page) => page[place]?.group === id)
      .sort((a, b) => a[place]!.rank - b[place]!.rank)
      .map((page) => page.id),
  })).filter((group) => group.pages.length > 0);
}

/**
 * The spec's 13 menu links are code names ("Banana", "Photo"): the menu shows them grouped by what
 * the visitor wants (videos, images, chat agents, workflows), each by its offer's one name
 * (`offerPageName`; group titles: common.json `nav.groups.*`). Every menu page but home sits in
 * exactly one group.
 */
export const NAV_GROUPS: ReadonlyArray<{ id: GroupId; pages: readonly PageId[] }> = grouped("menu");

/** The links of the shared navigation: home, then each menu page in catalogue order. */
export const NAV_PAGES: readonly PageId[] = PAGES.filter((page) => page.id === "home" || page.menu).map(
  (page) => page.id,
);

/** The offers page (/offers): every offer, grouped as the menu, plus the pages the menu does not name. */
export const OFFER_GROUPS: ReadonlyArray<{ id: GroupId; pages: readonly PageId[] }> = grouped("listed");

/** The pages that present an offer: in the menu or on /offers (fixed-price and quote alike). */
export function isOfferPage(page: Page): boolean {
  return Boolean(page.menu || page.listed);
}

/**
 * The one name of what a page offers, in the reader's language: locales/{lng}/offers.json
 * `{page id}.name`, or the name of the one catalogue offer the page sells (`soleOffer`), so a page
 * and its only offer never have two. The menu, the /offers and home cards, the page's title and
 * JSON-LD, the request form, its emails, the back office, the proposal and the checkout line all
 * ask this; a page's taglines are other words. Also names a request from the home page's note.
 */
export function offerName(t: (key: string) => string, page: string): string {
  return t(`offers:${soleOffer(page) ?? page}.name`);
}

/** An offer page's one name (`offerName`); undefined for a page that presents no offer. */
export function offerPageName(t: (key: string) => string, page: Page | PageId): string | undefined {
  const entry = typeof page === "string" ? pageById(page) : page;
  return isOfferPage(entry) ? offerName(t, entry.id) : undefined;
}

export function pageById(id: PageId): Page {
  return PAGES.find((page) => page.id === id)!;
}

/** The URL that shows `page` in `lang`. */
export function pagePath(page: Page, lang: Language): string {
  const slug = page.slugs?.[lang];
  if (slug) return slug;
  return page.path === "/" ? `/${lang}` : `${page.path}/${lang}`;
}

const BY_PATH = new Map<string, Page>();
for (const page of PAGES) {
  BY_PATH.set(page.path, page);
  for (const lang of LANGUAGES) BY_PATH.set(page.path === "/" ? `/${lang}` : `${page.path}/${lang}`, page);
  for (const slug of Object.values(page.slugs ?? {})) BY_PATH.set(slug, page);
}

/** The marketing page a pathname shows, if any (trailing slashes ignored). */
export function pageForPath(pathname: string): Page | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return BY_PATH.get(path);
}

/**
 * The order form of an offer. Two forms on purpose: a link from a page leaves French implicit
 * (the spec's French pages link to `/commander?offre=X`, so the form negotiates the language),
 * while the form's own post, its cancel return and "order again" name the language (`explicit`),
 * so a visitor who chose one keeps it through the round trip.
 */
export function orderPath(
  offer: OfferId,
  lang: Language,
  options: { explicit?: boolean; cancelled?: boolean } = {},
): string {
  const query = new URLSearchParams({ offre: offer });
  if (options.explicit || lang !== "fr") query.set("lang", lang);
  if (options.cancelled) query.set("cancelled", "1");
  return `/commander?${query}`;
}

/** The order form link a page shows (French implicit, see orderPath). */
export function orderHref(offer: OfferId, lang: Language): string {
  return orderPath(offer, lang);
}

/** The order form with its language named: the form's action, cancel and "order again" URLs. */
export function orderFormPath(offer: OfferId, lang: Language, options: { cancelled?: boolean } = {}): string {
  return orderPath(offer, lang, { ...options, explicit: true });
}

/** Where the payment provider sends the visitor back; Stripe fills `{CHECKOUT_SESSION_ID}` in. */
export const CHECKOUT_SESSION_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";

/** The thank-you page of `lang` for a checkout session (the placeholder is kept as Stripe needs it). */
export function thankYouPath(lang: Language, sessionId: string): string {
  const id = sessionId === CHECKOUT_SESSION_PLACEHOLDER ? sessionId : encodeURIComponent(sessionId);
  return `${THANK_YOU_PATHS[lang]}?session_id=${id}`;
}

/** The sandbox checkout page of a session (the in-app stand-in for Stripe's hosted page). */
export function sandboxCheckoutPath(sessionId: string, lang: string): string {
  return `/checkout/sandbox/${encodeURIComponent(sessionId)}?lang=${lang}`;
}

/** "Manage my subscription": the page that emails a fresh link (footer), and the signed link's page. */
export const MANAGE_REQUEST_PATH = "/subscription";
export function managePath(token: string, lang: Language): string {
  return `${MANAGE_REQUEST_PATH}/${encodeURIComponent(token)}?lang=${lang}`;
}

/** "Send me my order links again": a form by email address. */
export const ORDER_REQUEST_PATH = "/order";

/** The customer's page of one order (signed link), in the order's language. */
export function orderPagePath(token: string, lang: Language): string {
  return `${ORDER_REQUEST_PATH}/${encodeURIComponent(token)}?lang=${lang}`;
}

/** A priced proposal's page (signed link, app/routes/proposal.tsx), in the customer's language. */
export function proposalPath(token: string, lang: Language): string {
  return `/proposal/${encodeURIComponent(token)}?lang=${lang}`;
}

/** The sandbox's HTML invoice of an order (signed link). */
export function invoicePath(token: string, lang: Language): string {
  return `/invoice/${encodeURIComponent(token)}?lang=${lang}`;
}

/** Localized paths of the page a URL shows. */
const THANK_YOU = new Set(Object.values(THANK_YOU_PATHS));

/**
 * The URL (path + query) showing the same page in `lang`: the page's language path for marketing
 * and thank-you pages, otherwise the same path with `?lang=`. Used by the switcher and hreflang.
 */
export function localizedHref(url: URL, lang: Language): string {
  const page = pageForPath(url.pathname);
  if (page) return pagePath(page, lang);
  if (THANK_YOU.has(url.pathname)) {
    const params = new URLSearchParams(url.search);
    params.delete("lang");
    const query = params.toString();
    return THANK_YOU_PATHS[lang] + (query ? `?${query}` : "");
  }
  const params = new URLSearchParams(url.search);
  params.set("lang", lang);
  return `${url.pathname}?${params.toString()}`;
}

/** The language-neutral URL used as hreflang x-default. */
export function defaultHref(url: URL): string {
  const page = pageForPath(url.pathname);
  if (page) return page.path;
  const params = new URLSearchParams(url.search);
  params.delete("lang");
  const query = params.toString();
  return url.pathname + (query ? `?${query}` : "");
}

export function alternates(url: URL): Array<{ lang: Language; href: string }> {
  return LANGUAGES.map((lang) => ({ lang, href: localizedHref(url, lang) }));
}
