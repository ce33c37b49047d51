import { expect, test, type Page } from "@playwright/test";
import { DATASET_FIGURES } from "../../app/content/datasets.ts";
import { getOffer } from "../../app/content/offers.ts";
import { REQUIRED_CLAUSES, termsText } from "../../app/content/terms.ts";
import { LANGUAGES, intlLocale, type Language } from "../../app/i18n/languages.ts";
import { VIEWPORTS, expectCounts, inEveryLanguage, loadLazyImages, openPage, quoteMailto } from "../support/pages.ts";
import { pageById, pagePath } from "../../app/i18n/site-map.ts";
import { formatAmount, formatAmountRange, formatMoney } from "../../app/i18n/format.ts";
import { HTML_ONLY } from "../support/projects.ts";

/**
 * Nano Banana, Seedance, Nano Photoshop agent, datasets and the two terms pages: their blocks and
 * counts in all six languages, no untranslated keys, no third-party request on load, screenshots.
 */
const PAGE_IDS = ["nano-banana", "seedance", "agent-photoshop", "datasets", "cgv", "tos"] as const;
type PageId = (typeof PAGE_IDS)[number];

const pathFor = (id: PageId, lang: Language) => `/${id}/${lang}`;

/** Checks shared by every page: one h1, no empty heading, no key-looking or raw interpolation text. */
async function expectCleanPage(page: Page, label: string) {
  await expect(page.locator("h1"), label).toHaveCount(1);
  const headings = await page.locator("h1, h2, h3").allInnerTexts();
  expect(
    headings.filter((text) => text.trim() === ""),
    `${label}: empty headings`,
  ).toEqual([]);
  const text = await page.locator("body").innerText();
  expect(text, `${label}: raw interpolation`).not.toMatch(/\{\{|\}\}/);
  // A missing translation renders its key: `hero.title`, `datasets.offers.title`, `nano-banana:meta.title`.
  expect(
    text.match(/\b(?:[a-z][\w-]*:)?[a-z][a-zA-Z-]+(?:\.[a-z][a-zA-Z]+)+\b/g) ?? [],
    `${label}: key-looking text`,
  ).toEqual([]);
}

test(
  "datasets: own slim bar, no site header or switcher, offers, licences, packages, Intl prices, mailtos",
  HTML_ONLY,
  inEveryLanguage("datasets", async (page, { lang, label, copy }) => {
    await expectCleanPage(page, label);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expectCounts(page, label, {
      "header.site-header": 0,
      ".lang-menu, .lang-footer": 0,
      '[data-block="datasets-bar"] a[href="/"]': 1,
      '[data-block="offers"] > li': 2,
      '[data-block="licences"] > li': 2,
      '[data-block="packages"] > li': 3,
      '[data-block="steps"] li': 4,
      '[data-block="stats"] dd': 4,
    });
    await expect(page.locator("h1")).toHaveText(copy.hero.title);

    const f = DATASET_FIGURES;
    await expect(page.locator('[data-price="non-exclusive"]')).toContainText(
      formatAmount(f.nonExclusive.yearly, "EUR", lang),
    );
    const detail = page.locator('[data-block="licences"] > li').first();
    await expect(detail).toContainText(formatAmount(f.nonExclusive.upfront, "EUR", lang));
    await expect(detail).toContainText(formatAmount(f.nonExclusive.monthly, "EUR", lang));
    await expect(page.locator('[data-price="exclusive"]')).toContainText(
      formatAmount(f.exclusiveFromYearly, "EUR", lang),
    );
    for (const pack of f.packages) {
      await expect(page.locator(`[data-price="${pack.id}"]`)).toContainText(
        formatAmountRange(pack.monthly, "EUR", lang),
      );
    }
    const hours = (h: number) => new Intl.NumberFormat(intlLocale(lang), { useGrouping: "always" }).format(h);
    await expect(page.locator('[data-block="volumes"]')).toContainText(hours(1000));
    await expect(page.locator('[data-block="produced"]')).toContainText(hours(5700));

    const request = page.locator('[data-action="request-access"]');
    // "Request access" opens the page's request form; email stays one click away.
    await expect(request).toHaveAttribute("href", "#quote");
    await expect(page.locator('form#quote [name="offer"]')).toHaveValue("datasets");
    await expect(page.locator('[data-block="hero"] [data-action="contact"]')).toHaveAttribute(
      "href",
      /^mailto:hello@example\.com/,
    );
  }),
);

for (const id of ["cgv", "tos"] as const) {
  test(
    `${id}: every required clause, the text each reader gets (the CGV translated in de/es/pt/it, naming the French original), chrome translated, link home`,
    HTML_ONLY,
    async ({ page, baseURL }) => {
      // Six languages, each page read whole: generous on a loaded machine.
      test.setTimeout(180_000);
      for (const lang of LANGUAGES) {
        const { label, copy } = await openPage(page, baseURL!, id, lang);
        const { doc, original, translated } = termsText(id, lang);
        expect(translated, label).toBe(id === "cgv" && !["fr", "en"].includes(lang));
        await expectCleanPage(page, label);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.locator("h1")).toHaveText(doc.title);
        await expect(page.locator('article[data-block="terms"]')).toHaveAttribute("lang", doc.lang);
        for (const clause of REQUIRED_CLAUSES) {
          await expect(page.locator(`[data-clause="${clause}"]`), `${label} clause ${clause}`).toHaveCount(1);
        }
        // A translation says it is one and links the text that binds; an original says which orders it governs.
        const note = page.locator('[data-block="language-note"]');
        await expect(note).toContainText(translated ? copy.chrome.translationNote : copy.chrome.note);
        if (translated)
          await expect(note.locator('a[data-block="original-link"]')).toHaveAttribute(
            "href",
            `/${original.id}/${original.lang}`,
          );
        else await expect(note.locator("a")).toHaveCount(0);
        await expect(page.locator('a[data-block="other-terms"]')).toHaveAttribute(
          "href",
          `/${id === "cgv" ? "tos" : "cgv"}/${lang}`,
        );
        await expect(page.locator('[data-block="home-link"]')).toHaveAttribute("href", "/");
        await expect(page.locator('[data-block="home-link"]')).toContainText(copy.chrome.back);
      }
      // The clauses say what the spec says, in the original's own words.
      await openPage(page, baseURL!, id, id === "cgv" ? "fr" : "en");
      const text = await page.locator('article[data-block="terms"]').innerText();
      const phrases =
        id === "cgv"
          ? [
              "reconduits tacitement chaque mois",
              "en euros, toutes taxes comprises",
              "perd son droit de rétractation",
              "à tout moment",
              "Toute période commencée est due",
              "restent sa propriété exclusive",
              "droit d’accès",
              "siège du Prestataire",
              "L215-1-1",
            ]
          : [
              "renew automatically each month",
              "Prices include all applicable taxes",
              "charged in pounds sterling",
              "loses the right of withdrawal",
              "at any time",
              "A period that has begun is due in full",
              "remain the Provider's exclusive property",
              "right to access",
              "Provider's registered office",
            ];
      for (const phrase of phrases) expect(text).toContain(phrase);
    },
  );
}

const NANO_FIELDS = [
  "title",
  "subtitle",
  "description.title",
  "description.intro",
  "description.capabilities",
  "description.fusion",
  "description.innovation",
  "description.consistency",
  "description.useCase",
  "description.availability",
  "description.access",
  "description.performance",
  "description.limitations",
  "description.watermark",
  "description.competition",
  "prompt",
];

test(
  "nano-banana: every content field of the spec in all six languages, figures, prompt shown as a prompt",
  HTML_ONLY,
  inEveryLanguage("nano-banana", async (page, { lang, label, copy }) => {
    await expectCleanPage(page, label);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const vars: Record<string, string> = {
      quota: new Intl.NumberFormat(intlLocale(lang)).format(100),
      params: new Intl.NumberFormat(intlLocale(lang), { notation: "compact", compactDisplay: "long" }).format(
        450_000_000,
      ),
    };
    const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
    for (const field of NANO_FIELDS) {
      const raw: string = field.split(".").reduce((node, key) => node[key], copy.content);
      expect(raw, `${label} ${field}`).toBeTruthy();
      const expected = raw.replace(/\{\{(\w+)\}\}/g, (_, name) => vars[name]!).replace(/\s+/g, " ");
      expect(text, `${label} field ${field}`).toContain(expected);
    }
    await expect(page.locator('[data-field="title"]')).toHaveText(copy.content.title);
    await expect(page.locator('[data-block="prompt"] pre code')).toHaveText(copy.content.prompt);
    // Spec section 9: 100 free edits a day, ten times more when paying, a 450-million-parameter base model.
    await expect(page.locator('[data-block="figures"] dd')).toHaveCount(3);
    expect(text).toContain(`${vars.quota} `);
    expect(text).toContain(vars.params);
    await expect(page.locator('[data-block="figures"]')).toContainText("10");
    // The hero says what the buyer gets, how fast and at what price; the model's own figures are context, lower down.
    await expect(page.locator('[data-block="hero"] [data-block="service"] dd')).toHaveCount(3);
    await expect(page.locator('[data-block="hero"] [data-block="service"]')).toContainText(copy.service.price.value);
    await expect(page.locator('[data-block="hero"] [data-block="figures"]')).toHaveCount(0);
    await expectCounts(page, label, {
      '[data-block="nano-what"] li': 4,
      '[data-block="nano-access"] li': 3,
      '[data-block="nano-know"] li': 3,
    });
  }),
);

test("nano-banana falls back to French when nothing else decides the language", HTML_ONLY, async ({ request }) => {
  const html = await (await request.get("/nano-banana", { headers: { "accept-language": "ja" } })).text();
  expect(html).toMatch(/<html lang="fr"/);
  const other = await (await request.get("/seedance", { headers: { "accept-language": "ja" } })).text();
  expect(other).toMatch(/<html lang="en"/);
});

test(
  "seedance: fast, cheap, impactful; the 25-times claim with its basis; video facades that load nothing before a click",
  HTML_ONLY,
  inEveryLanguage("seedance", async (page, { lang, label, copy }) => {
    await expectCleanPage(page, label);
    await expect(page.locator("h1")).toHaveText(copy.hero.title);
    await expect(page.locator('[data-block="pillars"] li')).toHaveCount(3);
    // The spec's "25 times cheaper", said with what it is compared with and how.
    const compare = page.locator('[data-block="compare"]');
    await expect(compare.locator("h2")).toHaveText(
      copy.cheaper.title.replace("{{times}}", "25").replace("{{model}}", "Google Veo 3"),
    );
    await expect(compare).toContainText(copy.cheaper.basis.replace("{{model}}", "Google Veo 3"));
    await expectCounts(page, label, {
      '[data-block="demos"] > li': 3,
      '[data-block="demos"] a.video-facade': 3,
      '[data-block="main-demo"] a.video-facade': 1,
      '[data-block="use-cases"] li': 3,
      '[data-block="steps"] li': 3,
    });
    await expect(page.locator('[data-action="test-workflow"]')).toHaveAttribute(
      "href",
      pagePath(pageById("test-workflow"), lang),
    );
    const price = getOffer("test-workflow").price(lang);
    await expect(page.locator('[data-action="test-workflow"]')).toContainText(
      formatMoney(price.oneTime!, price.currency, lang),
    );
    await expect(page.locator('[data-action="contact"]')).toHaveAttribute("href", quoteMailto("seedance", lang));
    for (const facade of await page.locator("a.video-facade").all()) {
      await expect(facade).toHaveAttribute("href", /^https:\/\/www\.youtube\.com\//);
      await expect(facade).toHaveAttribute("data-embed", /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
      await expect(facade.locator("img")).toHaveAttribute("src", /^\/media\/seedance\//);
    }
  }),
);

test(
  "agent-photoshop: 5 features, 4 steps, 5 audiences, demo facade, demo request mailto",
  HTML_ONLY,
  inEveryLanguage("agent-photoshop", async (page, { lang, label, copy }) => {
    await expectCleanPage(page, label);
    await expect(page.locator("h1")).toHaveText(copy.hero.title);
    await expect(page.locator('[data-block="features"] li')).toHaveCount(5);
    await expect(page.locator('[data-block="features"] h3')).toHaveText(
      copy.features.items.map((item: { title: string }) => item.title),
    );
    await expectCounts(page, label, {
      '[data-block="steps"] li': 4,
      '[data-block="audiences"] > li': 5,
    });
    await expect(page.locator('[data-block="audiences"] h3')).toHaveText(
      copy.audiences.items.map((item: { title: string }) => item.title),
    );
    await expect(page.locator('[data-block="demo"] a.video-facade')).toHaveAttribute(
      "data-embed",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
    await expect(page.locator('[data-action="contact"]')).toHaveAttribute("href", quoteMailto("agent-photoshop", lang));
  }),
);

test(
  "Open Graph image: every page points to /og-image.png, served as a 1200×630 PNG",
  HTML_ONLY,
  async ({ request, baseURL }) => {
    for (const id of PAGE_IDS) {
      const html = await (await request.get(pathFor(id, "en"))).text();
      expect(html, id).toContain(`<meta property="og:image" content="${baseURL}/og-image.png"/>`);
    }
    const image = await request.get("/og-image.png");
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toContain("image/png");
    const bytes = await image.body();
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  },
);

const SCREENSHOT_LANGS: Record<PageId, Language> = {
  "nano-banana": "fr",
  seedance: "es",
  "agent-photoshop": "de",
  datasets: "it",
  cgv: "fr",
  tos: "pt",
};

for (const id of PAGE_IDS) {
  test(
    `${id}: phone and desktop render without overflow or broken images; screenshots in English and ${SCREENSHOT_LANGS[id]}`,
    HTML_ONLY,
    async ({ page }, testInfo) => {
      // Generous: images load at the speed of a shared machine; the assertions count, not the clock.
      test.setTimeout(240_000);
      const shoot = testInfo.project.name === "js-on"; // one set of artefacts is enough, and measuring needs JS
      for (const lang of ["en", SCREENSHOT_LANGS[id]] as const) {
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await page.goto(pathFor(id, lang));
          await expect(page.locator("h1")).toBeVisible();
          await expect(page.locator("main a[href]").first()).toBeVisible();
          if (!shoot) continue; // without JavaScript the page cannot be measured from inside; the render is checked above
          await loadLazyImages(page);
          const broken = await page.evaluate(() =>
            [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.src),
          );
          expect(broken, `${id}/${lang}: broken images`).toEqual([]);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${id}/${lang} ${viewport.name}: horizontal overflow`).toBeLessThanOrEqual(0);
          await page.screenshot({
            path: `test-results/screenshots/${id}-${lang}-${viewport.name}.png`,
            fullPage: true,
          });
        }
      }
    },
  );
}
