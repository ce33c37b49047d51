import { expect, test, type Page } from "@playwright/test";
import { OFFERS } from "../../app/content/offers.ts";
import { profilesOf } from "../../app/config/profiles.ts";
import { FACELESS, NEWSLETTER, SHORT_VIDEOS } from "../../app/content/workflow-figures.ts";
import { LANGUAGES, type Language } from "../../app/i18n/languages.ts";
import { SITE } from "../support/site-config.ts";
import { VIEWPORTS, expectFitsViewport, expectSameOrigin, localeFile, openRecording } from "../support/pages.ts";
import { orderHref } from "../../app/i18n/site-map.ts";
import {
  formatAmount,
  formatFollowers,
  formatMoney,
  formatRange,
  formatUnit,
  formatUnitRange,
} from "../../app/i18n/format.ts";
import { HTML_ONLY } from "../support/projects.ts";

/**
 * Home, AI machine, short videos, newsletter, blog and Veo3 ad: every block with its count in all
 * six languages, no untranslated key, prices equal to the catalogue, order links, no third-party
 * request on load, click-to-load facades, and phone/desktop screenshots.
 */
const PAGE_IDS = ["home", "ai-machine", "short-videos", "newsletter", "blog", "veo3-ad"] as const;
type PageId = (typeof PAGE_IDS)[number];

const pathFor = (id: PageId, lang: Language) => (id === "home" ? `/${lang}` : `/${id}/${lang}`);
const copyOf = localeFile;

/** The checks every page shares: same-origin loading, one h1, no empty heading, no leftover key. */
async function openClean(page: Page, id: PageId, lang: Language, origin: string) {
  const label = `${id}/${lang}`;
  const requests = await openRecording(page, pathFor(id, lang));
  expectSameOrigin(requests, origin, label);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("h1"), label).toHaveCount(1);
  const headings = await page.locator("h1, h2, h3").allInnerTexts();
  expect(
    headings.filter((text) => text.trim() === ""),
    `${label}: empty headings`,
  ).toEqual([]);
  const text = await page.locator("body").innerText();
  expect(text, `${label}: raw interpolation`).not.toMatch(/\{\{|\}\}/);
  // A missing translation renders its key (`hero.title`, `home:offers.cta`).
  expect(
    text.match(/\b[a-z]+(\.[a-zA-Z0-9_-]+)+\b|\b[a-z-]+:[a-z]+\.[a-zA-Z.]+/g) ?? [],
    `${label}: key-looking text`,
  ).toEqual([]);
  await expect(page.locator("h1")).toHaveText(copyOf(id, lang).hero.title);
  return label;
}

async function hrefs(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href") ?? ""));
}

test(
  "home: hero over our own background, 6 offer cards, biography with per-locale follower counts",
  HTML_ONLY,
  async ({ page, baseURL }) => {
    for (const lang of LANGUAGES) {
      const label = await openClean(page, "home", lang, baseURL!);
      const copy = copyOf("home", lang);
      // The hero art is a CSS background (never an <img> competing with the heading for first paint).
      await expect(page.locator('[data-block="hero"] [style*="/media/home/hero.svg"]')).toHaveCount(1);
      await expect(page.locator('[data-block="hero"] img')).toHaveCount(0);
      await expect(page.locator('[data-block="hero"] p').filter({ hasText: copy.hero.subtitle })).toHaveCount(1);

      await expect(page.locator('[data-block="offers"] li')).toHaveCount(6);
      expect(await hrefs(page, '[data-block="offers"] li a'), label).toEqual([
        "/short-videos",
        "/newsletter",
        "/blog",
        "/instagram",
        "/whatsapp",
        "/formateur-ia",
      ]);
      // Each card's words are found by its page id (home.json offers.items.<id>), in the spec's order.
      const cardIds = ["short-videos", "newsletter", "blog", "instagram", "whatsapp", "formateur-ia"];
      // Every card is named by its page's one name (offers.json).
      const offerNames = copyOf("offers", lang);
      await expect(page.locator('[data-block="offers"] h3')).toHaveText(cardIds.map((id) => offerNames[id].name));

      await expect(page.locator('[data-block="audience"] li')).toHaveCount(5);
      for (const profile of profilesOf(SITE)) {
        const link = page.locator(`[data-profile="${profile.id}"]`);
        await expect(link).toHaveAttribute("href", profile.url!);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link.locator(`[data-followers="${profile.followers}"]`)).toHaveText(
          formatFollowers(profile.followers, lang),
        );
      }
      await expect(page.locator('[data-link="webinars"]')).toHaveAttribute("href", SITE.links.webinars as string);
      await expect(page.locator('[data-link="website"]')).toHaveAttribute("href", SITE.links.website as string);
      const portrait = page.locator('[data-block="bio"] img');
      await expect(portrait).toHaveAttribute("loading", "lazy");
      await expect(portrait).toHaveAttribute("width", /\d+/);
      // "Write to me" opens the page's request form, not a mail program.
      await expect(page.locator('[data-block="cta"] a')).toHaveAttribute("href", "#quote");
      await expect(page.locator('form#quote [name="offer"]')).toHaveValue("home");
    }
    // The counts really are written per locale (spec numbers, Intl compact notation).
    expect(formatFollowers(116_000, "en")).toMatch(/^116\s?k$/i);
    expect(formatFollowers(25_000, "fr")).toMatch(/^25\sk$/);
  },
);

test(
  "ai-machine: demo video, workflow image, 6 steps, 6 features, 3 strengths, section 9 figures, test order link",
  HTML_ONLY,
  async ({ page, baseURL }) => {
    for (const lang of LANGUAGES) {
      const label = await openClean(page, "ai-machine", lang, baseURL!);
      await expect(page.locator('[data-block="steps"] li')).toHaveCount(6);
      await expect(page.locator('[data-block="features"] li')).toHaveCount(6);
      await expect(page.locator('[data-block="strengths"] li')).toHaveCount(3);
      await expect(page.locator('[data-block="stats"] dd')).toHaveCount(4);
      const demo = page.locator('[data-block="demo-video"] a.video-facade');
      await expect(demo).toHaveAttribute("href", /^https:\/\/www\.youtube\.com\/shorts\/[\w-]{11}$/);
      await expect(demo).toHaveClass(/aspect-\[9\/16\]/);
      const workflow = page.locator('[data-block="workflow"] img');
      await expect(workflow).toHaveAttribute("loading", "lazy");
      await expect(workflow).toHaveAttribute("height", "440");
      const text = await page.locator("main").innerText();
      for (const figure of [
        formatUnitRange(FACELESS.productionMinutes, "minute", lang, "long"),
        formatUnit(FACELESS.clipSeconds, "second", lang, "long"),
        formatAmount(FACELESS.costUsd, "USD", lang),
        FACELESS.ratio,
        String(FACELESS.scenes),
      ]) {
        expect(text, `${label}: figure ${figure}`).toContain(figure);
      }
      const test = OFFERS["test-workflow"].price(lang);
      const order = page.locator('a[data-order="test-workflow"]');
      await expect(order).toHaveAttribute("href", orderHref("test-workflow", lang));
      await expect(order).toContainText(formatMoney(test.oneTime!, test.currency, lang));
    }
  },
);

test(
  "short-videos: explainer per language, 3 identical shorts, 6 features, 3 benefits, 4 steps, catalogue pricing, order and a question on the site",
  HTML_ONLY,
  async ({ page, baseURL }) => {
    const explainers = new Set<string>();
    const shortsByLang: string[][] = [];
    for (const lang of LANGUAGES) {
      const label = await openClean(page, "short-videos", lang, baseURL!);
      const copy = copyOf("short-videos", lang);
      explainers.add((await hrefs(page, '[data-block="explainer-video"] a.video-facade'))[0]!);
      await expect(page.locator('[data-block="shorts"] > li')).toHaveCount(3);
      shortsByLang.push(await hrefs(page, '[data-block="shorts"] a.video-facade'));
      const linkedin = page.locator('[data-block="shorts"] a[data-linkedin]');
      await expect(linkedin).toHaveCount(3);
      for (const link of await linkedin.all()) {
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("href", /^https:\/\/www\.linkedin\.com\//);
      }
      await expect(page.locator('[data-block="features"] li')).toHaveCount(6);
      await expect(page.locator('[data-block="benefits"] > li')).toHaveCount(3);
      await expect(page.locator('[data-block="steps"] li')).toHaveCount(4);
      await expect(page.locator('[data-block="networks"] li')).toHaveText([
        "LinkedIn",
        "Facebook",
        "Instagram",
        "X",
        "TikTok",
      ]);

      const price = OFFERS["short-videos"].price(lang);
      await expect(page.locator('[data-price="short-videos-one-time"]')).toHaveText(
        formatMoney(price.oneTime!, price.currency, lang),
      );
      await expect(page.locator('[data-price="short-videos-monthly"]')).toHaveText(
        formatMoney(price.monthly!, price.currency, lang),
      );
      expect(price.monthlyStartsAfterMonths, "monthly from month 2").toBe(1);
      const pricing = await page.locator('[data-block="pricing"]').innerText();
      expect(pricing, `${label}: videos per month`).toContain(`${SHORT_VIDEOS.videosPerMonth}`);
      await expect(page.locator('[data-block="pricing"]')).toContainText(copy.pricing.badge);
      // The specification's dollar figures beside the euro price, for an international reader.
      const usd = (await page.locator('[data-block="pricing"] [data-usd-approx]').innerText()).replace(/\s/g, "");
      for (const figure of ["530", "107"]) expect(usd, `${label}: about ${figure} USD`).toContain(figure);

      const orders = await hrefs(page, 'a[data-order="short-videos"]');
      expect(orders.length, `${label}: order buttons`).toBeGreaterThanOrEqual(2);
      for (const href of orders) {
        const url = new URL(href, baseURL);
        expect(url.pathname).toBe("/commander");
        expect(url.searchParams.get("offre")).toBe("short-videos");
        expect(url.searchParams.get("lang")).toBe(lang === "fr" ? null : lang);
      }
      // The page ends on its order band, with a question going to the site's own form named by this offer, never a mailto:.
      await expect(page.locator('[data-block="cta"] a[data-order="short-videos"]')).toHaveText(copy.cta.label);
      await expect(page.locator('[data-block="cta"] a[data-action="question"]')).toHaveAttribute(
        "href",
        `/quote?offer=short-videos&lang=${lang}`,
      );
    }
    expect(explainers.size, "one explainer video per language").toBe(LANGUAGES.length);
    for (const shorts of shortsByLang)
      expect(shorts, "the same three shorts in every language").toEqual(shortsByLang[0]);
  },
);

test(
  "newsletter: 5 steps, 3 features, execution time, integrations, 4 audiences, 3 social groups, Spanish-only variant",
  HTML_ONLY,
  async ({ page, baseURL }) => {
    const examplesByLang = new Map<Language, string[]>();
    for (const lang of LANGUAGES) {
      const label = await openClean(page, "newsletter", lang, baseURL!);
      const copy = copyOf("newsletter", lang);
      await expect(page.locator('[data-block="steps"] li')).toHaveCount(5);
      await expect(page.locator('[data-block="features"] li')).toHaveCount(3);
      await expect(page.locator('[data-block="audiences"] li')).toHaveCount(4);
      await expect(page.locator('[data-block="integrations"] li')).toHaveCount(copy.integrations.items.length);
      const execution = page.locator('[data-block="execution"]');
      await expect(execution).toContainText(formatUnit(NEWSLETTER.maxMinutes, "minute", lang, "short"));
      await expect(execution).toContainText(formatUnitRange(NEWSLETTER.videoSeconds, "second", lang, "short"));

      const social = page.locator('[data-block="social"]');
      await expect(social).toHaveAttribute("data-variant", lang === "es" ? "es" : "default");
      await expect(social.locator("[data-group]")).toHaveCount(3);
      await expect(social.locator('[data-group="tiktok"] a.video-facade')).toHaveCount(2);
      await expect(social.locator('[data-group="youtube"] a.video-facade')).toHaveCount(2);
      for (const link of await social.locator('[data-group="tiktok"] a.video-facade').all()) {
        await expect(link).toHaveAttribute("data-embed", /^https:\/\/www\.tiktok\.com\/embed\/v2\/\d+$/);
      }
      // LinkedIn posts are not embeddable: plain external links, no player to load.
      const linkedin = social.locator('[data-group="linkedin"] a.video-facade');
      await expect(linkedin).toHaveCount(2);
      for (const link of await linkedin.all()) {
        await expect(link).not.toHaveAttribute("data-embed", /./);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("href", /^https:\/\/www\.linkedin\.com\//);
      }
      examplesByLang.set(lang, await hrefs(page, '[data-block="social"] a.video-facade'));
      expect(examplesByLang.get(lang)!.length, label).toBe(6);
      await expect(page.locator('[data-block="cta"] a')).toHaveAttribute("href", "#quote");
    }
    const spanish = examplesByLang.get("es")!;
    for (const lang of LANGUAGES.filter((l) => l !== "es")) {
      expect(examplesByLang.get(lang), `${lang} shares the default examples`).toEqual(examplesByLang.get("en"));
      for (const href of spanish) expect(examplesByLang.get(lang), "Spanish examples are its own").not.toContain(href);
    }
  },
);

test(
  "blog: hero, video intro, 8-step workflow in the spec's order, use case with its figures",
  HTML_ONLY,
  async ({ page, baseURL }) => {
    for (const lang of LANGUAGES) {
      const label = await openClean(page, "blog", lang, baseURL!);
      const copy = copyOf("blog", lang);
      await expect(page.locator('[data-block="intro-video"] a.video-facade')).toHaveAttribute(
        "href",
        /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/,
      );
      await expect(page.locator('[data-block="steps"] li')).toHaveCount(8);
      await expect(page.locator('[data-block="steps"] h3')).toHaveText(
        copy.steps.items.map((item: { title: string }) => item.title),
      );
      const useCase = page.locator('[data-block="use-case"]');
      await expect(useCase).toContainText(formatRange([200, 300], lang));
      await expect(useCase).toContainText(formatUnit(2, "minute", lang, "long"));
      await expect(useCase.locator("dt")).toHaveCount(3);
      await expect(page.locator('[data-block="cta"] a'), label).toHaveAttribute("href", "#quote");
    }
  },
);

test(
  "veo3-ad: title and description from translations, canonical, Service JSON-LD, 4 videos, workflow image, 5 scenes",
  HTML_ONLY,
  async ({ page, baseURL, request }) => {
    for (const lang of LANGUAGES) {
      const label = await openClean(page, "veo3-ad", lang, baseURL!);
      const copy = copyOf("veo3-ad", lang);
      const name = copyOf("offers", lang)["veo3-ad"].name as string;
      const title = (copy.meta.title as string).replace("{{name}}", name);
      await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", copy.meta.description);
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
      // The page's one name: a Service without listed offers (a quote page's price is a proposal's).
      expect(ld, label).toEqual({
        "@context": "https://schema.org",
        "@type": "Service",
        name,
        url: `${baseURL}/veo3-ad/${lang}`,
        description: copy.meta.description,
        inLanguage: lang,
        // The brand is the site configuration's (the test server's own).
        provider: { "@type": "Organization", name: expect.any(String), url: baseURL },
      });
      await expect(page.locator('[data-block="videos"] li')).toHaveCount(4);
      await expect(page.locator('[data-block="videos"] a.video-facade')).toHaveCount(4);
      await expect(page.locator('[data-block="workflow"] img')).toHaveAttribute("src", "/media/veo3-ad/workflow.svg");
      await expect(page.locator('[data-block="scenes"] li')).toHaveCount(5);
    }
    // The neutral URL's canonical is the site origin plus /veo3-ad; the raw JSON-LD never contains "<".
    const html = await (await request.get("/veo3-ad")).text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/veo3-ad"/>`);
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(block).toContain('"@type":"Service"');
    expect(block).not.toContain("<");
  },
);

test("video facades: a link to the platform without JavaScript, the player only after a click with it", async ({
  page,
  baseURL,
}, testInfo) => {
  const players: string[] = [];
  await page.route(/youtube-nocookie\.com|tiktok\.com/, (route) => {
    players.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<title>player</title>" });
  });
  await openRecording(page, "/ai-machine/en");
  const facade = page.locator('[data-block="demo-video"] a.video-facade');
  const watch = await facade.getAttribute("href");
  expect(watch).toMatch(/^https:\/\/www\.youtube\.com\/shorts\//);
  expect(players, "nothing loaded from the platform before the click").toEqual([]);
  await expect(page.locator("iframe")).toHaveCount(0);
  if (testInfo.project.name === "js-on") {
    await facade.click();
    const frame = page.locator('[data-block="demo-video"] iframe');
    await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1/);
    await expect.poll(() => players.length).toBeGreaterThan(0);
  } else {
    // Without scripts the facade stays a plain link that opens the video on the platform.
    await expect(facade).toHaveAttribute("target", "_blank");
    expect(new URL(watch!).origin).not.toBe(baseURL);
  }
});

test(
  "screenshots: phone and desktop, English and one other language, no horizontal overflow",
  HTML_ONLY,
  async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    const others: Record<PageId, Language> = {
      home: "fr",
      "ai-machine": "de",
      "short-videos": "es",
      newsletter: "es",
      blog: "it",
      "veo3-ad": "pt",
    };
    const shoot = testInfo.project.name === "js-on"; // one set of artefacts is enough
    for (const id of PAGE_IDS) {
      for (const lang of ["en", others[id]] as const) {
        // Without scripts the layout is the same CSS: the phone width (the tight one) is checked there.
        for (const viewport of shoot ? VIEWPORTS : VIEWPORTS.slice(0, 1)) {
          await expectFitsViewport(page, pathFor(id, lang), viewport, `${id}/${lang}`);
          if (!shoot) continue;
          // Lazy images below the fold would be blank in a full-page capture: load them all first.
          await page.evaluate(() =>
            document
              .querySelectorAll<HTMLImageElement>('img[loading="lazy"]')
              .forEach((img) => (img.loading = "eager")),
          );
          await page.waitForFunction(
            () => [...document.images].every((img) => img.complete && img.naturalWidth > 0),
            undefined,
            { timeout: 60_000 },
          );
          await page.screenshot({
            path: `test-results/screenshots/${id}-${lang}-${viewport.name}.png`,
            fullPage: true,
          });
        }
      }
    }
  },
);
