import { expect, test, type Page } from "@playwright/test";
import { PAGES, pageById, pagePath } from "../../app/i18n/site-map.ts";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { COMPLETE_CONFIG, DEMO_CONFIG, readSiteConfig } from "../support/site-config.ts";

/**
 * Every page in every language, served with the demo configuration and with a complete one: no
 * player or embed for an id the owner did not configure, the legal pages linked from every footer,
 * and, once complete, no platform home page standing in for a profile and no example.com.
 */
const PLATFORM_HOSTS = /^(www\.)?(linkedin\.com|youtube\.com|youtu\.be|facebook\.com|dlive\.tv|twitch\.tv|tiktok\.com|instagram\.com|x\.com|twitter\.com)$/;

const URLS = LANGUAGES.flatMap((lang) => [...PAGES.map((page) => ({ lang, path: pagePath(page, lang) })), { lang, path: `/commander?offre=test-workflow&lang=${lang}` }]);

async function sweep(page: Page, base: string, configFile: string, complete: boolean) {
  const configured = Object.values(readSiteConfig(configFile).videos).filter((ref): ref is string => typeof ref === "string");
  for (const { lang, path } of URLS) {
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
    await expect(footer.locator(`a[href="${pagePath(pageById("privacy"), lang)}"]`), path).toHaveCount(1);
    await expect(footer.locator(`a[href="${pagePath(pageById("legal-notice"), lang)}"]`), path).toHaveCount(1);

    const html = await page.content();
    expect(html, `${path}: placeholder id`).not.toMatch(/REPLACE-/);
    expect(await page.locator("body").innerText(), `${path}: raw interpolation`).not.toMatch(/\{\{|\}\}/);
    if (complete) {
      expect(html, `${path}: example.com`).not.toMatch(/example\.(com|org|net)/i);
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
    let server: RunningServer;
    test.beforeAll(async () => {
      server = await startServer({ LOG_LEVEL: "silent", SITE_CONFIG: configFile });
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test(`every page × language: no placeholder player, legal links in the footer${complete ? ", no bare platform link, no example.com" : ""}`, async ({ page }) => {
      test.setTimeout(180_000);
      await sweep(page, server.url, configFile, complete);
    });
  });
}
