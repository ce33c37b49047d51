import { BUSINESS_TIME_ZONE } from "../i18n/format.ts";
import type { PageViewCount } from "./types.ts";

/**
 * The funnel's page views, counted on the server without cookies or personal data: a visit adds
 * one to a counter named by (day, page, language) in memory, nothing else is kept (no address, no
 * user agent, no identifier), so no consent is needed. The flusher (page-view-flusher.server.ts)
 * adds the counters to the database every minute and at shutdown. Counting must cost the cached
 * pages nothing measurable: one Map increment, the day string recomputed once a minute.
 */

/** Obvious robots, link previews and tools: not visitors. */
const ROBOT = /bot|crawl|spider|slurp|scrape|fetch|preview|monitor|uptime|lighthouse|headless|phantom|selenium|puppeteer|playwright|curl|wget|python|httpie|go-http|java\/|okhttp|axios|node-fetch|undici|libwww|feed|facebook|whatsapp|telegram|discord|embedly/i;

/** Request headers a visit is judged by (node's IncomingHttpHeaders fits). */
type Headers = Record<string, string | string[] | undefined>;

/**
 * A person's page view: a GET (not HEAD) from a browser (a Mozilla-style user agent that names no
 * robot), not a prefetch or prerender the browser made on its own.
 */
export function isVisit(method: string | undefined, headers: Headers): boolean {
  if (method !== "GET") return false;
  const agent = headers["user-agent"];
  if (typeof agent !== "string" || !agent.startsWith("Mozilla/") || ROBOT.test(agent)) return false;
  const purpose = headers["sec-purpose"] ?? headers.purpose ?? headers["x-purpose"] ?? headers["x-moz"];
  return !(typeof purpose === "string" && /prefetch|prerender|preview/i.test(purpose));
}

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** YYYY-MM-DD of an instant in the business's time zone (the day the owner reads). */
export function businessDay(at: number | Date): string {
  return dayFormat.format(at);
}

export class PageViewCounter {
  private counts = new Map<string, number>();
  private day = "";
  private dayUntil = 0;

  /** One more view of `page` in `lang` (now, or at `at` for tests). */
  add(page: string, lang: string, at = Date.now()): void {
    if (at >= this.dayUntil || at < this.dayUntil - 60_000) {
      this.day = businessDay(at);
      this.dayUntil = at - (at % 60_000) + 60_000;
    }
    const key = `${this.day}|${page}|${lang}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Every count since the last take, and the counters start again from zero. */
  take(): PageViewCount[] {
    if (!this.counts.size) return [];
    const taken = this.counts;
    this.counts = new Map();
    return [...taken].map(([key, views]) => {
      const [day = "", page = "", lang = ""] = key.split("|");
      return { day, page, lang, views };
    });
  }

  /** Counts a failed flush could not store: added back, to be stored with the next flush. */
  putBack(counts: readonly PageViewCount[]): void {
    for (const { day, page, lang, views } of counts) {
      const key = `${day}|${page}|${lang}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + views);
    }
  }

  get pending(): number {
    return this.counts.size;
  }
}

// One counter per process (server/app.ts counts, the services flush); on globalThis so
// `react-router dev` reloads keep it.
const holder = globalThis as typeof globalThis & { __pageViews?: PageViewCounter };
export const pageViews: PageViewCounter = (holder.__pageViews ??= new PageViewCounter());

/** The funnel's name of the order form of an offer. */
export const orderFormPage = (offer: string) => `order-form:${offer}`;
