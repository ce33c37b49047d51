import type http from "node:http";
import { isOfferId } from "../app/content/offers.ts";
import { resolveLanguage } from "../app/i18n/resolve.ts";
import { pageForPath } from "../app/i18n/site-map.ts";
import { isVisit, orderFormPage, pageViews } from "../app/stats/page-views.server.ts";

/** The (page, language) a visitor was shown. */
export type Visit = readonly [page: string, lang: string];

/** Requests whose view was counted where they were served (from memory), so the answer's "finish" does not count them again. */
const counted = new WeakSet<http.IncomingMessage>();

/**
 * The funnel's one count (app/stats; a Map increment, nothing about the visitor kept): a browser's
 * view of a page answered 200, or 304 (the browser revalidated its copy), once per request. Every
 * way a page is served calls it; `visit` names the (page, language) shown — a kept page knows it
 * from its key, a page rendered live reads it from its URL (a function, asked only for a view
 * that counts).
 */
export function countVisit(req: http.IncomingMessage, status: number, visit: Visit | (() => Visit | undefined)) {
  if ((status !== 200 && status !== 304) || counted.has(req) || !isVisit(req.method, req.headers)) return;
  const seen = typeof visit === "function" ? visit() : visit;
  if (!seen) return;
  counted.add(req);
  pageViews.add(seen[0], seen[1]);
}

/**
 * The (page, language) of a page rendered live (a query string the caches do not serve, an order
 * form with its draft): what the visitor was shown.
 */
export function liveVisit(req: http.IncomingMessage): Visit | undefined {
  const url = new URL(req.url ?? "/", "http://localhost");
  const offer = url.pathname === "/commander" ? url.searchParams.get("offre") : null;
  const page =
    offer === null
      ? pageForPath(url.pathname)?.id
      : isOfferId(offer) && !url.searchParams.has("cancelled")
        ? orderFormPage(offer)
        : undefined;
  if (!page) return undefined;
  const { lang } = resolveLanguage({
    pathname: url.pathname,
    queryLang: url.searchParams.get("lang"),
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
  });
  return [page, lang];
}
