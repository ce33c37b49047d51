import { expect, test, type Page } from "@playwright/test";
import { PAGES, pageById, pagePath } from "../../app/i18n/site-map.ts";
import { LANGUAGES, type Language } from "../../app/i18n/languages.ts";
import { COMPLETE_CONFIG, DEMO_CONFIG, readSiteConfig } from "../support/site-config.ts";
import { startSite } from "../support/site-server.ts";

/**
 * Every page in every language, served with the demo configuration and with a complete one: no
 * player or embed for an id the owner did not configure, the legal pages linked from every footer,
 * and, once complete, no platform home page standing in for a profile and no example.com.
 */
const PLATFORM_HOSTS = /^(www\.)?(linkedin\.com|youtube\.com|youtu\.be|facebook\.com|dlive\.tv|twitch\.tv|tiktok\.com|instagram\.com|x\.com|twitter\.com)$/;

const urls = (lang: Language) => [...PAGES.map((page) => pagePath(page, lang)), `/commander?offre=test-workflow&lang=${lang}`];

async function sweep(page: Page, base: string, configFile: string, complete: boolean, lang: Language) {
  const configured = Object.values(readSiteConfig(configFile).videos).filter((ref): ref is string => typeof ref === "string");
  // Artwork plays no part in these checks: skip downloading it.
  await page.route(/\.(svg|png|jpe?g|webp|avif|woff2?)(\?.*)?$/, (route) => route.abort());
  for (const path of urls(lang)) {
    const response = await page.goto(base + path, { waitUntil: "domcontentloaded" });
    expect(response?.status(), path).toBe(200);

    // A player or a watch link only for a configured id; everything else is artwork.
    const players = await page.locator("a.video-facade, [data-embed], iframe").evaluateAll((nodes) =>
      nodes.map((node) => `${node.getAttribute("href") ?? ""} ${node.getAttribute("data-embed") ?? ""} ${node.getAttribute("src") ?? ""}`),
    );
    for (const player of players) expect(configured.some((ref) => player.includes(ref)), `${path}: player without a configured id: ${player}`).toBe(true);
    if (!complete) expect(players, `${path}: the demo configures no video`).toEqual([]);
    if (complete) expect(await page.locator('[data-video="artwork"]').count(), `${path}: a configured video shown as artwork only`).toBe(0);

    const footer = page.locator("footer");
    // The footer's legal links (its language list may link the same path on the legal pages themselves).
    await expect(footer.locator(`a[data-legal-link="privacy"][href="${pagePath(pageById("privacy"), lang)}"]`), path).toHaveCount(1);
    await expect(footer.locator(`a[data-legal-link="legal-notice"][href="${pagePath(pageById("legal-notice"), lang)}"]`), path).toHaveCount(1);

    const html = await page.content();
    expect(html, `${path}: placeholder id`).not.toMatch(/REPLACE-/);
    const text = await page.locator("body").innerText();
    expect(text, `${path}: raw interpolation`).not.toMatch(/\{\{|\}\}/);
    // One way to write numbers on a page: not "110.000" next to "5700" (years aside).
    const grouped = text.match(/(?<![\d.,])\d{1,3}(?:[.,\u202f\u00a0 ]\d{3})+(?!\d)/g) ?? [];
    const ungrouped = (text.match(/(?<![\d.,:/+-])\d{4}(?![\d.,:])/g) ?? []).filter((n) => Number(n) < 1900 || Number(n) > 2100);
    if (grouped.length) expect(ungrouped, `${path}: numbers grouped (${grouped.slice(0, 3).join(", ")}) and not`).toEqual([]);
    if (complete) {
      // No link, source or visible text on example.com. A form may still show the reserved example
      // domain as guidance ("Enter an email address like name@example.com"): a placeholder, a message.
      const targets = await page.locator("[href], [src]").evaluateAll((nodes) => nodes.map((node) => `${node.getAttribute("href") ?? ""} ${node.getAttribute("src") ?? ""}`));
      expect(targets.filter((target) => /example\.(com|org|net)/i.test(target)), `${path}: link to example.com`).toEqual([]);
      expect(text, `${path}: example.com`).not.toMatch(/example\.(com|org|net)/i);
      const bare = await page.locator("a[href^='http']").evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href)).filter((url) => url.pathname.replace(/\/+$/, "") === "" && !url.search).map((url) => url.href),
      );
      expect(bare.filter((href) => PLATFORM_HOSTS.test(new URL(href).hostname)), `${path}: links to a platform's home page`).toEqual([]);
    }
  }
}

for (const [name, configFile, complete] of [
  ["demo configuration", DEMO_CONFIG, false],
  ["complete configuration", COMPLETE_CONFIG, true],
] as const) {
  test.describe(name, () => {
    let server: Awaited<ReturnType<typeof startSite>>;
    test.beforeAll(async () => {
      server = await startSite(configFile);
    });
    test.afterAll(() => {
      server?.child.kill("SIGTERM");
    });

    for (const lang of LANGUAGES) {
      test(`every page in ${lang}: no placeholder player, legal links in the footer${complete ? ", no bare platform link, no example.com" : ""}`, async ({ page }) => {
        // 22 pages in one test: generous for a loaded 2-core machine.
        test.setTimeout(240_000);
        await sweep(page, server.url, configFile, complete, lang);
      });
    }
  });
}
