import { afterEach, describe, expect, test } from "vitest";
import { openStore, type Store } from "../db/database.server.ts";
import { openTestStore, storeKind, testPostgres } from "../../tests/support/store.ts";
import { PageViewFlusher } from "./page-view-flusher.server.ts";
import { businessDay, isVisit, PageViewCounter } from "./page-views.server.ts";
import { KyselyStatsStore } from "./stats-store.server.ts";

// The funnel's page views are counted in memory (no cookie, nothing about the
// visitor) and added to one row per day, page and language by an atomic upsert, so two instances
// flushing at once on one PostgreSQL lose nothing. Runs on both stores (vitest.config.ts).

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});
async function stats() {
  const store = await openTestStore();
  opened.push(store);
  return { store, repo: new KyselyStatsStore(store.db) };
}

describe("what counts as a visit", () => {
  test("a browser's GET counts; HEAD, robots, tools, no user agent and prefetches do not", () => {
    expect(isVisit("GET", { "user-agent": CHROME })).toBe(true);
    expect(isVisit("GET", { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1" })).toBe(true);
    expect(isVisit("HEAD", { "user-agent": CHROME })).toBe(false);
    expect(isVisit("POST", { "user-agent": CHROME })).toBe(false);
    expect(isVisit("GET", {})).toBe(false);
    for (const robot of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Chrome-Lighthouse",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "curl/8.5.0",
      "python-requests/2.32",
      "node",
    ]) {
      expect(isVisit("GET", { "user-agent": robot }), robot).toBe(false);
    }
    expect(isVisit("GET", { "user-agent": CHROME, "sec-purpose": "prefetch;prerender" })).toBe(false);
    expect(isVisit("GET", { "user-agent": CHROME, purpose: "prefetch" })).toBe(false);
    expect(isVisit("GET", { "user-agent": CHROME, "x-moz": "prefetch" })).toBe(false);
  });
});

describe("the counter in memory", () => {
  test("one Map entry per day, page and language; take() empties it; the day is the business's (Paris)", () => {
    const counter = new PageViewCounter();
    // 23:30 UTC on 31 October is 00:30 on 1 November in Paris.
    const lateOctoberUtc = Date.parse("2026-10-31T23:30:00Z");
    for (let i = 0; i < 3; i++) counter.add("short-videos", "fr", lateOctoberUtc);
    counter.add("short-videos", "en", lateOctoberUtc);
    counter.add("short-videos", "fr", Date.parse("2026-10-31T12:00:00Z"));
    expect(counter.pending).toBe(3);
    expect(counter.take().sort((a, b) => a.day.localeCompare(b.day) || a.lang.localeCompare(b.lang))).toEqual([
      { day: "2026-10-31", page: "short-videos", lang: "fr", views: 1 },
      { day: "2026-11-01", page: "short-videos", lang: "en", views: 1 },
      { day: "2026-11-01", page: "short-videos", lang: "fr", views: 3 },
    ]);
    expect(counter.take()).toEqual([]);
    expect(businessDay(lateOctoberUtc)).toBe("2026-11-01");
  });
});

describe(`the counts in the database (${storeKind})`, () => {
  test("a flush adds to the existing row of the day, page and language (never replaces it)", async () => {
    const { repo } = await stats();
    await repo.addPageViews([{ day: "2026-11-20", page: "veo3", lang: "de", views: 5 }]);
    await repo.addPageViews([
      { day: "2026-11-20", page: "veo3", lang: "de", views: 7 },
      { day: "2026-11-21", page: "veo3", lang: "de", views: 1 },
      { day: "2026-11-20", page: "order-form:veo3-pack", lang: "de", views: 2 },
    ]);
    expect(await repo.pageViewTotals("2026-11-20", "2026-11-20")).toEqual(
      expect.arrayContaining([
        { page: "veo3", lang: "de", views: 12 },
        { page: "order-form:veo3-pack", lang: "de", views: 2 },
      ]),
    );
    expect(await repo.pageViewTotals("2026-11-01", "2026-11-30")).toContainEqual({ page: "veo3", lang: "de", views: 13 });
  });

  test("the flusher stores what was counted, and a failed flush keeps its counts for the next one", async () => {
    const { repo } = await stats();
    const counter = new PageViewCounter();
    let fail = true;
    const flaky = { addPageViews: async (counts: Parameters<typeof repo.addPageViews>[0]) => (fail ? Promise.reject(new Error("database down")) : repo.addPageViews(counts)) };
    const flusher = new PageViewFlusher({ counter, store: flaky, pollMs: 60_000 });
    const day = businessDay(Date.now());
    counter.add("home", "it");
    counter.add("home", "it");
    await expect(flusher.runOnce()).rejects.toThrow("database down");
    counter.add("home", "it");
    fail = false;
    expect(await flusher.runOnce()).toBe(1);
    expect(await repo.pageViewTotals(day, day)).toEqual([{ page: "home", lang: "it", views: 3 }]);
    // At shutdown: the last counts are stored.
    counter.add("home", "it");
    await flusher.flush();
    expect(await repo.pageViewTotals(day, day)).toEqual([{ page: "home", lang: "it", views: 4 }]);
  });

  test("two instances flushing the same rows at the same time lose no count", async () => {
    // Two stores over one database: two pools on PostgreSQL (two instances), one file's connection on SQLite.
    let a: KyselyStatsStore;
    let b: KyselyStatsStore;
    if (storeKind === "postgres") {
      const url = await (await testPostgres()).createDatabase();
      const [first, second] = [await openStore({ databaseUrl: url }), await openStore({ databaseUrl: url })];
      opened.push(first, second);
      a = new KyselyStatsStore(first.db);
      b = new KyselyStatsStore(second.db);
    } else {
      a = b = (await stats()).repo;
    }
    const rows = (views: number) => ["home", "veo3", "short-videos", "order-form:veo3-pack"].flatMap((page) => ["fr", "en"].map((lang) => ({ day: "2026-11-26", page, lang, views })));
    // 40 flushes of each instance, interleaved, each adding to the same eight rows (in different orders).
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).addPageViews(i % 3 ? rows(1) : rows(1).reverse())));
    const totals = await a.pageViewTotals("2026-11-26", "2026-11-26");
    expect(totals).toHaveLength(8);
    for (const total of totals) expect(total.views, `${total.page} ${total.lang}`).toBe(40);
  });
});
