import { afterEach, describe, expect, test } from "vitest";
import { openStore, type Store } from "../db/database.server.ts";
import { openTestStore, storeKind, testPostgres } from "../../tests/support/store.ts";
import { PageViewFlusher } from "./page-view-flusher.server.ts";
import { businessDay, isVisit, PageViewCounter } from "./page-views.server.ts";
import { statsStore } from "./stats-store.server.ts";
import type { StatsStore } from "./types.ts";

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
  return { store, repo: statsStore(store.db) };
}

describe("what counts as a visit", () => {
  test("a browser's GET counts; HEAD, robots, tools, no user agent and prefetches do not", () => {
    expect(isVisit("GET", { "user-agent": CHROME })).toBe(true);
    expect(
      isVisit("GET", {
        "user-agent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      }),
    ).toBe(true);
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

  test("in-app browsers (Telegram, Facebook, Instagram) are people; those apps' link-preview fetchers are not", () => {
    // What a person opening a link inside the app sends. Telegram's Android client (DrKLO/Telegram,
    // BotWebViewContainer) rewrites its WebView's user agent to "(Linux; Android <n>; K)", drops
    // "Version/…" and appends " Telegram-Android/<version> (<maker> <model>; Android <n>; SDK <n>;
    // <LOW|AVERAGE|HIGH>)"; Facebook's in-app browser adds [FBAN/FBIOS;…] on iOS and
    // [FB_IAB/FB4A;FBAV/…] on Android, Instagram's "Instagram <version> (…)" (the tokens in-app
    // browser detectors match). WhatsApp opens links in the phone's own browser: a plain Chrome or
    // Safari, counted already; only its preview fetcher below names WhatsApp.
    for (const person of [
      "Mozilla/5.0 (Linux; Android 13; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.165 Mobile Safari/537.36 Telegram-Android/10.14.5 (Samsung SM-A536B; Android 13; SDK 33; AVERAGE)",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.38.109;FBBV/629218563;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.5.1;FBSS/3;FBID/phone;FBLC/fr_FR;FBOP/5;FBRV/631402236]",
      "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240705.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.134 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/472.0.0.45.81;]",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 337.0.3.23.54 (iPhone14,2; iOS 17_5; fr_FR; fr; scale=3.00; 1170x2532; 614150453)",
    ]) {
      expect(isVisit("GET", { "user-agent": person }), person).toBe(true);
    }
    // The previews those apps fetch when a link is pasted (Meta's crawler documentation names
    // facebookexternalhit, facebookcatalog and meta-externalagent): not visits.
    for (const robot of [
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Mozilla/5.0 (compatible; facebookexternalhit/1.1; +http://www.facebook.com/externalhit_uatext.php)",
      "Mozilla/5.0 (compatible; meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler))",
      "facebookcatalog/1.0",
      "WhatsApp/2.23.20.0 A",
      "TelegramBot (like TwitterBot)",
    ]) {
      expect(isVisit("GET", { "user-agent": robot }), robot).toBe(false);
    }
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
    expect(await repo.pageViewTotals("2026-11-01", "2026-11-30")).toContainEqual({
      page: "veo3",
      lang: "de",
      views: 13,
    });
  });

  test("the flusher stores what was counted, and a failed flush keeps its counts for the next one", async () => {
    const { repo } = await stats();
    const counter = new PageViewCounter();
    let fail = true;
    const flaky = {
      addPageViews: async (counts: Parameters<typeof repo.addPageViews>[0]) =>
        fail ? Promise.reject(new Error("database down")) : repo.addPageViews(counts),
    };
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
    let a: StatsStore;
    let b: StatsStore;
    if (storeKind === "postgres") {
      const url = await (await testPostgres()).createDatabase();
      const [first, second] = [await openStore({ databaseUrl: url }), await openStore({ databaseUrl: url })];
      opened.push(first, second);
      a = statsStore(first.db);
      b = statsStore(second.db);
    } else {
      a = b = (await stats()).repo;
    }
    const rows = (views: number) =>
      ["home", "veo3", "short-videos", "order-form:veo3-pack"].flatMap((page) =>
        ["fr", "en"].map((lang) => ({ day: "2026-11-26", page, lang, views })),
      );
    // 40 flushes of each instance, interleaved, each adding to the same eight rows (in different orders).
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).addPageViews(i % 3 ? rows(1) : rows(1).reverse())),
    );
    const totals = await a.pageViewTotals("2026-11-26", "2026-11-26");
    expect(totals).toHaveLength(8);
    for (const total of totals) expect(total.views, `${total.page} ${total.lang}`).toBe(40);
  });
});
