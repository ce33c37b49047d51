import { ownerTimeZone } from "../i18n/format.ts";
import type { PageViewCount } from "./types.ts";

/**
 * The funnel's page views, counted on the server without cookies or personal data: a visit adds
 * one to a counter named by (day, page, language) in memory, nothing else is kept (no address, no
 * user agent, no identifier), so no consent is needed. The flusher (page-view-flusher.server.ts)
 * adds the counters to the database every minute and at shutdown. Counting must cost the cached
 * pages nothing measurable: one Map increment, the day string recomputed once a minute.
 */

/**
 * Obvious robots, link previews and tools: not visitors. The apps' link-preview fetchers are named
 * by their crawler's token (facebookexternalhit, facebookcatalog, meta-externalagent; WhatsApp's
 * and Telegram's are no Mozilla agent or say "bot"), not by the app's name: a person tapping a link
 * in Telegram, Facebook or Instagram browses in the app's own browser, whose user agent names the
 * app (Telegram-Android/…, [FBAN/…], Instagram …), and is a visitor like any other.
 */
const ROBOT =
  /bot|crawl|spider|slurp|scrape|fetch|preview|monitor|uptime|lighthouse|headless|phantom|selenium|puppeteer|playwright|curl|wget|python|httpie|go-http|java\/|okhttp|axios|node-fetch|undici|libwww|feed|facebookexternalhit|facebookcatalog|meta-external|discord|embedly/i;

/** Request headers a visit is judged by (node's IncomingHttpHeaders fits). */
type Headers = Record<string, string | string[] | undefined>;

/**
 * A person's page view: a GET (not HEAD) from a browser (a Mozilla-style user agent that names no
 * robot), not a prefetch or prerender the browser made on its own.
 */
export function isVisit(method: string | undefined, headers: Headers): boolean {
  if (method !== "GET") return false;
  const agent = headers["user-agent"];
  if (typeof agent !== "string" || !isBrowser(agent)) return false;
  const purpose = headers["sec-purpose"] ?? headers.purpose ?? headers["x-purpose"] ?? headers["x-moz"];
  return !(typeof purpose === "string" && /prefetch|prerender|preview/i.test(purpose));
}

/**
 * A browser's user agent (not a robot's): the verdict of each user agent string is remembered, since
 * the same few strings come back on every request and the robot pattern is the costly part. At most
 * AGENTS_KEPT strings are kept (then forgotten at once), so odd user agents cannot grow it.
 */
const verdicts = new Map<string, boolean>();
const AGENTS_KEPT = 2_000;
function isBrowser(agent: string): boolean {
  let verdict = verdicts.get(agent);
  if (verdict === undefined) {
    verdict = agent.startsWith("Mozilla/") && !ROBOT.test(agent);
    if (verdicts.size >= AGENTS_KEPT) verdicts.clear();
    verdicts.set(agent, verdict);
  }
  return verdict;
}

// Kept per zone: the owner's zone is set once at start-up, the formatter built on first use.
let dayFormat: { zone: string; format: Intl.DateTimeFormat } | undefined;

/** YYYY-MM-DD of an instant in the owner's time zone (the day the owner reads). */
export function businessDay(at: number | Date): string {
  const zone = ownerTimeZone();
  if (dayFormat?.zone !== zone) {
    dayFormat = {
      zone,
      format: new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }),
    };
  }
  return dayFormat.format.format(at);
}

export class PageViewCounter {
  /** Views per day, then page, then language: nested Maps, so a view builds no string. */
  private counts = new Map<string, Map<string, Map<string, number>>>();
  private today: Map<string, Map<string, number>> | undefined;
  private dayUntil = 0;

  /** One more view of `page` in `lang` (now, or at `at` for tests). */
  add(page: string, lang: string, at = Date.now()): void {
    if (!this.today || at >= this.dayUntil || at < this.dayUntil - 60_000) {
      // The business day, looked up once a minute.
      const day = businessDay(at);
      this.dayUntil = at - (at % 60_000) + 60_000;
      this.today = this.counts.get(day);
      if (!this.today) this.counts.set(day, (this.today = new Map()));
    }
    let langs = this.today.get(page);
    if (!langs) this.today.set(page, (langs = new Map()));
    langs.set(lang, (langs.get(lang) ?? 0) + 1);
  }

  /** Every count since the last take, and the counters start again from zero. */
  take(): PageViewCount[] {
    const taken = this.counts;
    this.counts = new Map();
    this.today = undefined;
    const counts: PageViewCount[] = [];
    for (const [day, pages] of taken)
      for (const [page, langs] of pages) for (const [lang, views] of langs) counts.push({ day, page, lang, views });
    return counts;
  }

  /** Counts a failed flush could not store: added back, to be stored with the next flush. */
  putBack(counts: readonly PageViewCount[]): void {
    for (const { day, page, lang, views } of counts) {
      let pages = this.counts.get(day);
      if (!pages) this.counts.set(day, (pages = new Map()));
      let langs = pages.get(page);
      if (!langs) pages.set(page, (langs = new Map()));
      langs.set(lang, (langs.get(lang) ?? 0) + views);
    }
  }

  /** How many (day, page, language) counters wait for the next flush. */
  get pending(): number {
    let n = 0;
    for (const pages of this.counts.values()) for (const langs of pages.values()) n += langs.size;
    return n;
  }
}

// One counter per process (server/app.ts counts, the services flush); on globalThis so
// development reloads (Vite re-running the edited modules) keep it.
const holder = globalThis as typeof globalThis & { __pageViews?: PageViewCounter };
export const pageViews: PageViewCounter = (holder.__pageViews ??= new PageViewCounter());

/** The funnel's name of the order form of an offer. */
export const orderFormPage = (offer: string) => `order-form:${offer}`;
