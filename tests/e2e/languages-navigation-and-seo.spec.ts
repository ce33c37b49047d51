import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { PAGES, pageById, pagePath, THANK_YOU_PATHS, TEST_WORKFLOW_PATHS } from "../../app/i18n/site-map.ts";
import { fetchParsed, headOf } from "../support/parsed-html.ts";
import { HTML_ONLY } from "../support/projects.ts";

const SAMPLE_LANGS = ["fr", "de", "it"] as const;

test.describe("every marketing route answers in the right language", () => {
  for (const page of PAGES) {
    test(`${page.path} and language suffixes`, HTML_ONLY, async ({ page: tab, baseURL }) => {
      // What the server sent, parsed in one tab (tests/support/parsed-html.ts): no script changes it.
      // The browser sends Accept-Language en-US; the Nano Banana French fallback is unit-tested.
      const unforced = await fetchParsed(tab, baseURL + page.path);
      const unforcedHead = await headOf(unforced.doc);
      await unforced.doc.dispose();
      expect(unforced.status, page.path).toBe(200);
      expect(unforcedHead.h1, page.path).toBe(1);
      expect(unforcedHead.lang, page.path).toBe("en");
      for (const lang of SAMPLE_LANGS) {
        const path = pagePath(page, lang);
        const { status, doc } = await fetchParsed(tab, baseURL + path);
        const head = await headOf(doc);
        await doc.dispose();
        expect(status, path).toBe(200);
        expect(head.lang, path).toBe(lang);
        expect(head.title, path).toMatch(/\S/);
        expect(head.description, path).toMatch(/.+/);
      }
    });
  }
});

test("test-workflow language slugs and thank-you paths force their language", HTML_ONLY, async ({ page, baseURL }) => {
  for (const [lang, path] of [...Object.entries(TEST_WORKFLOW_PATHS), ...Object.entries(THANK_YOU_PATHS)]) {
    const { status, doc } = await fetchParsed(page, baseURL + path);
    const head = await headOf(doc);
    await doc.dispose();
    expect(status, path).toBeLessThan(500);
    expect(head.lang, path).toBe(lang);
  }
});

test(
  "404 page: in the visitor's language, links to the offers and home in that language",
  HTML_ONLY,
  async ({ page }) => {
    for (const lang of LANGUAGES) {
      const words = JSON.parse(fs.readFileSync(`locales/${lang}/common.json`, "utf8")).notFound;
      // The language chosen on a page (remembered in the cookie) is the 404's.
      expect((await page.goto(`/${lang}`))?.status()).toBe(200);
      const missing = await page.goto("/does-not-exist/either");
      expect(missing?.status(), lang).toBe(404);
      await expect(page.locator("html"), lang).toHaveAttribute("lang", lang);
      await expect(page.locator("h1"), lang).toHaveText(words.title);
      await expect(page.locator(`main a[href="${pagePath(pageById("offers"), lang)}"]`), lang).toHaveText(words.offers);
      await expect(page.locator(`main a[href="/${lang}"]`), lang).toHaveText(words.home);
    }
    // The specification's two texts: English, and French (its space before "!" is a no-break one).
    const spaced = (text: string) => text.replace(/\s/g, " ");
    expect(JSON.parse(fs.readFileSync("locales/en/common.json", "utf8")).notFound.title).toBe("Oops! Page not found");
    expect(spaced(JSON.parse(fs.readFileSync("locales/fr/common.json", "utf8")).notFound.title)).toBe(
      "Oups ! Page non trouvée",
    );
  },
);

test("the language switcher changes the language and remembers it", async ({ page }) => {
  await page.goto("/ai-machine");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // The globe in the fixed header opens the six choices (a <details>: no JavaScript needed).
  await page.locator("header .lang-menu summary").click();
  await page.getByRole("navigation", { name: "Choose language" }).getByRole("link", { name: "Deutsch" }).click();
  await expect(page).toHaveURL(/\/ai-machine\/de$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  // The cookie carries the choice to pages without a language in their path.
  await page.goto("/blog");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator('nav[aria-label="Hauptnavigation"] a[aria-current="page"]').first()).toHaveAttribute(
    "href",
    "/blog",
  );
});

test("footer terms link: /tos in English, /cgv otherwise; contact mailto", HTML_ONLY, async ({ page, baseURL }) => {
  for (const lang of LANGUAGES) {
    const { doc } = await fetchParsed(page, `${baseURL}/${lang}`);
    const footer = await doc.evaluate(
      (doc, terms) => {
        const footer = doc.querySelector("footer");
        return {
          terms: footer?.querySelectorAll(`a[href="${terms}"]`).length,
          mailto: footer?.querySelectorAll('a[href="mailto:hello@example.com"]').length,
          text: footer?.textContent ?? "",
        };
      },
      lang === "en" ? "/tos" : "/cgv",
    );
    await doc.dispose();
    expect(footer.terms, lang).toBe(1);
    expect(footer.mailto, lang).toBe(1);
    // From the fixture's first year of publication to this year.
    expect(footer.text, lang).toContain(`© 2025\u2013${new Date().getFullYear()}`);
  }
});

test("datasets hides the shared header and switcher", HTML_ONLY, async ({ page }) => {
  await page.goto("/datasets");
  await expect(page.locator("header.site-header")).toHaveCount(0);
  await expect(page.locator(".lang-menu, .lang-footer")).toHaveCount(0);
  await page.goto("/blog");
  await expect(page.locator("header.site-header")).toHaveCount(1);
});

test("mobile menu opens without JavaScript (details disclosure)", HTML_ONLY, async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/en");
  const panel = page.locator(".nav-panel");
  await expect(panel).toBeHidden();
  await page.locator(".nav-toggle").click();
  await expect(panel).toBeVisible();
  // The spec's 13 links, grouped, and the offers page.
  await expect(panel.getByRole("link")).toHaveCount(14);
  await expect(panel.locator('a[href="/offers"]')).toHaveCount(1);
});

test("SEO base: canonical, hreflang, sitemap and robots", HTML_ONLY, async ({ page, request, baseURL }) => {
  await page.goto("/short-videos/es");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/short-videos/es`);
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(7);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml.match(/<url>/g)?.length).toBe(PAGES.length * LANGUAGES.length);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
