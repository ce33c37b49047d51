import type http from "node:http";
import { languageFromPath, resolveLanguage } from "../app/i18n/resolve.ts";
import { pageForPath, THANK_YOU_PATHS } from "../app/i18n/site-map.ts";
import type { RequestInfo } from "../app/lib/request-context.ts";
import { orderFormKey } from "../app/orders/order-form-key.ts";
import { orderFormPage } from "../app/stats/page-views.server.ts";
import { HOLES, RenderCache, sendRenderedPage, type Hole } from "./render-cache.ts";
import { logAnswer } from "./request-log.ts";
import { countVisit, type Visit } from "./visits.ts";

/**
 * The pages the front answers from memory (server/render-cache.ts, docs/decisions/002): which
 * requests may be — a marketing page without a query, the order form as the site links it, a paid
 * order's thank-you page — what each is keyed by, how it is rendered once (React Router with
 * markers in its holes) and answered again.
 */

/** A page the front may answer from memory: its cache and key, how to render it, the view it counts. */
interface Kept {
  cache: RenderCache;
  key: string;
  /** The render's request: the URL and only what decides the language, so it is the same for every visitor. */
  url: string;
  lang?: string;
  /**
   * The holes its render is given markers for. A nonce only for a page that hydrates (the paid
   * thank-you page): the others have no inline scripts, so `script-src 'self'` suffices and their
   * bytes stay the same for everyone (compressed once, ETag).
   */
  holes: readonly Hole[];
  /** When the page stops being current. */
  until?: number;
  visit?: Visit;
}

export interface KeptPagesOptions {
  /** Renders a request with this request information in its context (React Router, the app's services). */
  render: (request: Request, info: RequestInfo) => Promise<Response>;
  /** The key of a paid order's thank-you page (app/orders/thank-you-details.server.ts), or null: not paid yet. */
  paidThankYouKey: (sessionId: string, lang: string) => Promise<string | null>;
  secureCookies: boolean;
  isHttps: (req: http.IncomingMessage) => boolean;
}

const HOUR = 3_600_000;
const SESSION_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;
const THANK_YOU_SET = new Set(Object.values(THANK_YOU_PATHS));

export function createKeptPages({ render, paidThankYouKey, secureCookies, isHttps }: KeptPagesOptions) {
  /** Marketing pages, by (path, language): at most pages × languages × 2 (forced or negotiated) entries. */
  const pages = new RenderCache();
  /** The order forms the site links to, by (query, language): at most offers × links × languages entries. */
  const forms = new RenderCache();
  /** Paid orders' thank-you pages, by (order, language, version, details shown): the 256 latest. */
  const thanks = new RenderCache({ max: 256 });

  /**
   * Which kept page answers a request for (pathname, search), if any, asked without the database:
   * only URLs whose page is the same for every visitor of a language (not a cancelled checkout's draft).
   */
  function keptPage(req: http.IncomingMessage, pathname: string, search: string): Kept | null {
    if (pathname === "/commander") {
      const form = orderFormKey(pathname, search, req.headers);
      if (!form) return null;
      // Its price line names the date of the first monthly charge (a whole day in the business time
      // zone, whose offsets are whole hours): a kept form lasts until the end of the hour.
      const until = (Math.floor(Date.now() / HOUR) + 1) * HOUR;
      const url = `http://localhost${pathname}${search}`;
      const visit = [orderFormPage(form.offer), form.lang] as const;
      return { cache: forms, key: form.key, url, lang: form.lang, holes: ["formToken"], until, visit };
    }
    if (search) return null;
    const page = pageForPath(pathname);
    if (!page) return null;
    // The language a visitor gets (forced by the path, or negotiated) keys its copy.
    const { lang, source } = resolveLanguage({
      pathname,
      cookie: req.headers.cookie,
      acceptLanguage: req.headers["accept-language"],
    });
    const key = `${pathname}|${lang}|${source === "path" ? "forced" : "negotiated"}`;
    return { cache: pages, key, url: `http://localhost${pathname}`, lang, holes: [], visit: [page.id, lang] };
  }

  /** …and a paid order's thank-you page (one indexed read, never the payment provider; an order not paid yet takes the route, which asks the provider and polls). */
  async function keptFor(req: http.IncomingMessage, url: URL): Promise<Kept | null> {
    const kept = keptPage(req, url.pathname, url.search);
    if (kept || req.method !== "GET" || !THANK_YOU_SET.has(url.pathname)) return kept;
    const sessionId = url.searchParams.get("session_id");
    if (!sessionId || !SESSION_PATTERN.test(sessionId) || url.search !== `?session_id=${sessionId}`) return null;
    const key = await paidThankYouKey(sessionId, languageFromPath(url.pathname) ?? "");
    return key ? { cache: thanks, key, url: url.origin + url.pathname + url.search, holes: ["nonce"] } : null;
  }

  return {
    /**
     * The front's first look, before any parsing: a request target that is exactly a kept marketing
     * page or order form for this visitor's language is answered from memory (a CPU profile put most
     * of the per-request time in parsing, the redirect check and header setting: docs/decisions/002).
     * Such a page was kept only after the front found its target canonical, so the full path would
     * answer the same. Anything else — another spelling, a page not kept yet, a thank-you page — is
     * left to it (false).
     */
    fromMemory(req: http.IncomingMessage, res: http.ServerResponse, requestId: string): boolean {
      const { method, url } = req;
      if ((method !== "GET" && method !== "HEAD") || !url?.startsWith("/")) return false;
      const query = url.indexOf("?");
      const kept = query === -1 ? keptPage(req, url, "") : keptPage(req, url.slice(0, query), url.slice(query));
      const page = kept?.cache.get(kept.key);
      if (!kept || !page) return false;
      const started = performance.now();
      sendRenderedPage(req, res, page, isHttps(req), requestId);
      countVisit(req, page.status, kept.visit!);
      // A kept page's URL is one the site links itself (a page without a query, or an order form's
      // `?offre=…&lang=…`, orderFormKey): nothing in it to redact, so the log takes it as it is.
      logAnswer(req, res, requestId, { started, path: url, fromMemory: true });
      return true;
    },

    /**
     * A GET or HEAD of a page kept (or to keep) in memory, once the front has checked it: answered
     * from memory, rendering it once if needed. False: not a kept page, or not keepable after all
     * (a render answering anything but 200) — render it live.
     */
    async serve(req: http.IncomingMessage, res: http.ServerResponse, url: URL, https: boolean, requestId: string) {
      const kept = await keptFor(req, url);
      if (!kept) return false;
      const page =
        kept.cache.get(kept.key) ??
        (await kept.cache.fill(
          kept.key,
          () => {
            // Markers in the holes (the nonce, the form token): each response fills its own.
            const marker = (hole: Hole) => (kept.holes.includes(hole) ? HOLES[hole] : "");
            const info = {
              nonce: marker("nonce"),
              formToken: marker("formToken"),
              requestId,
              clientIp: "",
              secure: secureCookies,
            };
            return render(new Request(kept.url, { headers: kept.lang ? { "accept-language": kept.lang } : {} }), info);
          },
          kept.until,
        ));
      if (!page) return false;
      sendRenderedPage(req, res, page, https, requestId);
      if (kept.visit) countVisit(req, page.status, kept.visit);
      return true;
    },
  };
}
