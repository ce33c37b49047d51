import { expect, test, type Page } from "@playwright/test";
import { OFFERS, type OfferId } from "../../app/content/offers.ts";
import { LANGUAGES, type Language } from "../../app/i18n/languages.ts";
import {
  VIEWPORTS,
  expectCounts,
  expectFitsViewport,
  expectSameOrigin,
  inEveryLanguage,
  localeFile,
  openRecording,
  quoteMailto,
  type Copy,
} from "../support/pages.ts";
import { orderHref, TEST_WORKFLOW_PATHS } from "../../app/i18n/site-map.ts";
import { formatMoney, formatUnit } from "../../app/i18n/format.ts";
import { HTML_ONLY } from "../support/projects.ts";

/**
 * Instagram, WhatsApp, Veo3, Telegram trainer, test workflow and logo animator: every block with
 * its count in all six languages, catalogue prices, order and mailto links, no untranslated key,
 * no request leaving the site on load, and phone/desktop screenshots.
 */
const PAGE_IDS = ["instagram", "whatsapp", "veo3", "formateur-ia", "test-workflow", "logo-animator"] as const;
type PageId = (typeof PAGE_IDS)[number];

const pathFor = (id: PageId, lang: Language) => `/${id}/${lang}`;

/** One h1 with the expected text, no empty heading, no raw interpolation, no key-looking text. */
async function expectCleanPage(page: Page, label: string, h1: string) {
  await expect(page.locator("h1"), label).toHaveCount(1);
  await expect(page.locator("h1"), label).toHaveText(h1);
  await expect(page.locator("html")).toHaveAttribute("lang", label.split("/")[1]!);
  const headings = await page.locator("h1, h2, h3, th, caption").allTextContents();
  expect(
    headings.filter((text) => text.trim() === ""),
    `${label}: empty headings`,
  ).toEqual([]);
  // What the visitor reads: a form's messages block (JSON for public/forms.js) is not copy.
  const text = await page.locator("body").innerText();
  expect(text, `${label}: raw interpolation`).not.toMatch(/\{\{|\}\}/);
  // A missing translation renders its key: `veo3.pricing.title`, `pricing.single.name`, `whatsapp:meta.title`.
  expect(
    text.match(/\b[a-z][\w-]*:[a-zA-Z]+(\.[a-zA-Z]+)+\b|\b[a-z][a-zA-Z-]*\.[a-z][a-zA-Z]*\.[a-zA-Z][\w.]*\b/g) ?? [],
    `${label}: key-looking text`,
  ).toEqual([]);
}

/** Every amount of money written on the page must be one the catalogue produces for this language. */
async function expectOnlyCatalogueMoney(page: Page, allowed: string[], label: string) {
  // As laid out (innerText): a figure and the next block's first digit ("from £49", "1 video…") never run together.
  const text = await page.locator("main").innerText();
  const found =
    text.match(/[£€]\s?\d(?:[\d.,\u00a0\u202f]*\d)?|\d(?:[\d.,\u00a0\u202f]*\d)?[\u00a0\u202f ]?[€£]/g) ?? [];
  const norm = (s: string) => s.replace(/[\u00a0\u202f ]/g, " ").trim();
  const allowedSet = new Set(allowed.map(norm));
  expect(found.length, `${label}: no price on the page`).toBeGreaterThan(0);
  expect(
    found.map(norm).filter((money) => !allowedSet.has(money)),
    `${label}: amounts not from the catalogue`,
  ).toEqual([]);
}

/** The order links of the page: exactly the expected offers, each with the right language parameter. */
async function expectOrderLinks(page: Page, lang: Language, offers: OfferId[], label: string) {
  const hrefs = await page
    .locator('main a[href^="/commander"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  expect(hrefs.length, `${label}: order links`).toBeGreaterThan(0);
  for (const href of hrefs) {
    const url = new URL(href, "http://x");
    expect(offers, `${label}: offre of ${href}`).toContain(url.searchParams.get("offre"));
    expect(url.searchParams.get("lang"), `${label}: lang of ${href}`).toBe(lang === "fr" ? null : lang);
  }
  for (const offer of offers) expect(hrefs, `${label}: link to ${offer}`).toContain(orderHref(offer, lang));
}

async function count(page: Page, selector: string) {
  return page.locator(selector).count();
}

test(
  "instagram: hero, 6 capabilities, 3 cards, ready-to-start note, request form with a mailto beside it",
  HTML_ONLY,
  inEveryLanguage("instagram", async (page, { lang, label, copy }) => {
    await expectCleanPage(page, label, copy.hero.title);
    await expectCounts(page, label, {
      '[data-block="capabilities"] li': 6,
      '[data-block="cards"] > li': 3,
    });
    await expect(page.locator('[data-block="cards"] > li h3')).toHaveText(copy.cards.items.map((c: Copy) => c.title));
    await expect(page.locator('[data-block="ready-note"] h2')).toHaveText(copy.ready.title);
    // Every call to action opens the request form; the mailto, with its preset subject, is its second choice.
    await expect(page.locator("main .hero-dark .btn-primary").first(), label).toHaveAttribute("href", "#quote");
    await expect(page.locator('main a[href^="mailto:"]'), label).toHaveCount(1);
    await expect(page.locator('form#quote a[href^="mailto:"]'), label).toHaveAttribute(
      "href",
      quoteMailto("instagram", lang),
    );
  }),
);

test(
  "whatsapp: key features table (caption, headers, 5 rows), 4 use cases, 4 booking-assistant items",
  HTML_ONLY,
  inEveryLanguage("whatsapp", async (page, { lang, label, copy }) => {
    await expectCleanPage(page, label, copy.hero.title);
    const table = page.locator('table[data-block="features-table"]');
    await expect(table.locator("caption")).toHaveText(copy.features.caption);
    await expect(table.locator('thead th[scope="col"]')).toHaveText(Object.values(copy.features.headers) as string[]);
    await expect(table.locator("tbody tr")).toHaveCount(5);
    await expect(table.locator('tbody th[scope="row"]')).toHaveText(copy.features.rows.map((r: Copy) => r.feature));
    await expect(table.locator("tbody td")).toHaveCount(10);
    await expectCounts(page, label, {
      '[data-block="use-cases"] li': 4,
      '[data-block="booking"] > li': 4,
    });
    await expect(page.locator('[data-block="booking"] h3')).toHaveText(copy.booking.items.map((i: Copy) => i.title));
    await expect(page.locator('main a[href^="mailto:"]').first()).toHaveAttribute(
      "href",
      quoteMailto("whatsapp", lang),
    );
  }),
);

const VEO3_PLANS = [
  { id: "veo3-single", videos: 1 },
  { id: "veo3-pack", videos: 5 },
  { id: "veo3-subscription", videos: 20 },
] as const;

test(
  "veo3: 3 steps, 3 example facades, unit/pack/subscription priced from the catalogue (£ in English), order links, demo",
  HTML_ONLY,
  inEveryLanguage("veo3", async (page, { lang, label, copy }) => {
    await expectCleanPage(page, label, copy.hero.title);
    await expectCounts(page, label, {
      '[data-block="steps"] li': 3,
      '[data-block="examples"] > li': 3,
      '[data-block="examples"] a.video-facade[href^="https://www.youtube.com/"]': 3,
      '[data-block="demo"] a.video-facade[data-embed^="https://www.youtube-nocookie.com/embed/"]': 1,
      '[data-block="facts"] dd': 4,
      '[data-block="pricing"] > li': 3,
    });
    expect(await count(page, "iframe"), `${label}: no player before a click`).toBe(0);

    const allowed: string[] = [];
    for (const plan of VEO3_PLANS) {
      const price = OFFERS[plan.id].price(lang);
      expect(price.currency, label).toBe(lang === "en" ? "GBP" : "EUR");
      const amount = (price.oneTime ?? price.monthly)!;
      const kind = price.oneTime ? "one-time" : "monthly";
      await expect(page.locator(`[data-price="${plan.id}-${kind}"]`), `${label} ${plan.id}`).toHaveText(
        formatMoney(amount, price.currency, lang),
      );
      await expect(page.locator(`[data-block="pricing"] [data-order="${plan.id}"]`)).toHaveAttribute(
        "href",
        orderHref(plan.id, lang),
      );
      allowed.push(
        formatMoney(amount, price.currency, lang),
        formatMoney(Math.round(amount / plan.videos), price.currency, lang),
      );
    }
    await expectOnlyCatalogueMoney(page, allowed, label);
    const main = (await page.locator("main").textContent())!;
    expect(main.includes("€"), `${label}: euro sign`).toBe(lang !== "en");
    expect(main.includes("£"), `${label}: pound sign`).toBe(lang === "en");
    await expect(page.locator('[data-block="pricing"]')).toContainText(formatUnit(24, "hour", lang));
    await expect(page.locator('[data-block="pricing"]')).toContainText(formatUnit(8, "second", lang));
    await expectOrderLinks(page, lang, ["veo3-single", "veo3-pack", "veo3-subscription"], label);
  }),
);

test(
  "formateur-ia: Telegram trainer features, 4 steps, Done-For-You price from the catalogue, 30 days of support, order links",
  HTML_ONLY,
  inEveryLanguage("formateur-ia", async (page, { lang, label, copy }) => {
    await expectCleanPage(page, label, copy.hero.title);
    await expectCounts(page, label, {
      '[data-block="features"] li': 4,
      '[data-block="steps"] li': 4,
      '[data-block="audience"] li': copy.audience.items.length,
    });
    const price = OFFERS["formateur-ia"].price(lang);
    const setup = formatMoney(price.oneTime!, "EUR", lang);
    const monthly = formatMoney(price.monthly!, "EUR", lang);
    await expect(page.locator('[data-price="formateur-ia-one-time"]')).toHaveText(setup);
    await expect(page.locator('[data-price="formateur-ia-monthly"]')).toHaveText(monthly);
    await expect(page.locator('[data-block="pricing"] li')).toHaveText(copy.pricing.points);
    await expect(page.locator('[data-block="pricing"]')).toContainText(formatUnit(30, "day", lang));
    // The price story adds what is charged today: set-up + first month.
    const today = formatMoney(price.oneTime! + price.monthly!, "EUR", lang);
    await expectOnlyCatalogueMoney(page, [setup, monthly, today], label);
    await expectOrderLinks(page, lang, ["formateur-ia"], label);
  }),
);

test(
  "test-workflow: one-time and 0/month prices, four benefits, order button with lang except French, on every language path",
  HTML_ONLY,
  async ({ page, baseURL }) => {
    const paths: Array<[Language, string]> = [
      ...LANGUAGES.map((lang) => [lang, pathFor("test-workflow", lang)] as [Language, string]),
      ...Object.entries(TEST_WORKFLOW_PATHS).map(([lang, path]) => [lang as Language, path] as [Language, string]),
    ];
    test.setTimeout(180_000);
    for (const [lang, path] of paths) {
      const label = `test-workflow/${lang} (${path})`;
      const copy = localeFile("test-workflow", lang);
      expectSameOrigin(await openRecording(page, path), baseURL!, label);
      await expectCleanPage(page, `test-workflow/${lang}`, copy.hero.title);
      const price = OFFERS["test-workflow"].price(lang);
      const oneTime = formatMoney(price.oneTime!, "EUR", lang);
      const zero = formatMoney(0, "EUR", lang);
      await expect(page.locator('[data-price="test-workflow-one-time"]')).toHaveText(oneTime);
      await expect(page.locator('[data-price="test-workflow-monthly"]')).toHaveText(zero);
      await expectOnlyCatalogueMoney(page, [oneTime, zero], label);
      expect(await count(page, '[data-block="benefits"] li'), label).toBe(4);
      await expect(page.locator('[data-block="benefits"] h3').last()).toContainText(formatUnit(24, "hour", lang));
      expect(await count(page, '[data-block="steps"] li'), label).toBe(3);
      const expected = lang === "fr" ? "/commander?offre=test-workflow" : `/commander?offre=test-workflow&lang=${lang}`;
      const hrefs = await page
        .locator('main a[href^="/commander"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(hrefs.length, label).toBe(4); // hero button, price card, closing band, the phone's bar
      for (const href of hrefs) expect(href, label).toBe(expected);
    }
  },
);

test(
  "logo-animator: offers list, 4 steps, reasons, 3 format images, 2 video facades, under 10 s",
  HTML_ONLY,
  inEveryLanguage("logo-animator", async (page, { lang, label, copy }) => {
    const seconds = formatUnit(10, "second", lang);
    await expectCleanPage(page, label, copy.hero.title.replace("{{seconds}}", seconds));
    await expectCounts(page, label, {
      '[data-block="offers"] li': 4,
      '[data-block="steps"] li': 4,
      '[data-block="reasons"] > li': 4,
      '[data-block="images"] img[width][height][loading="lazy"]': 3,
    });
    await expect(page.locator('[data-block="images"] figcaption')).toHaveText(
      copy.gallery.items.map((i: Copy) => i.title),
    );
    await expectCounts(page, label, {
      '[data-block="videos"] > li a.video-facade': 2,
      '[data-block="videos"] a.video-facade.aspect-\\[9\\/16\\]': 1,
      '[data-block="facts"] dd': 2,
    });
    await expect(page.locator('[data-block="steps"]')).toContainText(seconds);
    await expect(page.locator('main a[href^="mailto:"]').first()).toHaveAttribute(
      "href",
      quoteMailto("logo-animator", lang),
    );
  }),
);

test(
  "images are sized, lazy below the hero; copy in other languages is not the English text",
  HTML_ONLY,
  async ({ page }) => {
    test.setTimeout(120_000);
    for (const id of PAGE_IDS) {
      await page.goto(pathFor(id, "en"));
      const images = await page.locator("main img").evaluateAll((imgs) =>
        imgs.map((img) => ({
          src: img.getAttribute("src"),
          sized: img.hasAttribute("width") && img.hasAttribute("height"),
          lazy: img.getAttribute("loading") === "lazy",
          hero: !!img.closest(".hero-dark"),
        })),
      );
      for (const image of images) {
        expect(image.sized, `${id}: ${image.src} width/height`).toBe(true);
        expect(image.src, `${id}: own artwork`).toMatch(/^\/media\//);
        if (!image.hero) expect(image.lazy, `${id}: ${image.src} lazy below the fold`).toBe(true);
      }
      // No sentence left in English in another language (short labels such as "Demo" may legitimately match).
      const leaves = (value: unknown): string[] =>
        typeof value === "string"
          ? [value]
          : Array.isArray(value)
            ? value.flatMap(leaves)
            : value && typeof value === "object"
              ? Object.values(value).flatMap(leaves)
              : [];
      const english = new Set(leaves(localeFile(id, "en")).filter((s) => s.length > 20));
      for (const lang of LANGUAGES.filter((l) => l !== "en")) {
        expect(
          leaves(localeFile(id, lang)).filter((s) => english.has(s)),
          `${id}/${lang}: English sentences`,
        ).toEqual([]);
      }
    }
  },
);

const OTHER_LANGUAGE: Record<PageId, Language> = {
  instagram: "fr",
  whatsapp: "es",
  veo3: "de",
  "formateur-ia": "pt",
  "test-workflow": "it",
  "logo-animator": "de",
};

for (const which of ["English", "other language"] as const) {
  test(`screenshots: phone and desktop, ${which}, no horizontal overflow`, HTML_ONLY, async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    const shoot = testInfo.project.name === "js-on"; // one set of artefacts is enough
    for (const id of PAGE_IDS) {
      const lang = which === "English" ? "en" : OTHER_LANGUAGE[id];
      for (const viewport of VIEWPORTS) {
        await expectFitsViewport(page, pathFor(id, lang), viewport, `${id}/${lang}`);
        if (!shoot) continue;
        // Bring every lazy image in, then wait until the rendered ones have decoded, so the full-page shot is complete.
        await page.evaluate(async () => {
          document.documentElement.style.scrollBehavior = "auto";
          for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 40));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForFunction(
          () =>
            [...document.images].every(
              (img) => img.getClientRects().length === 0 || (img.complete && img.naturalWidth > 0),
            ),
          null,
          { timeout: 60_000 },
        );
        await page.screenshot({ path: `test-results/screenshots/${id}-${lang}-${viewport.name}.png`, fullPage: true });
      }
    }
  });
}
