import { expect, test } from "@playwright/test";
import { PRICED_PAGES } from "../../app/content/structured-data.ts";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { pageById, pagePath } from "../../app/i18n/site-map.ts";

// A buyer sees what an offer costs and where to order it without scrolling, on a phone and on a
// laptop; further down a phone keeps the price and "Order" in reach (a sticky bar, no script) that
// rests above the footer at the end instead of covering its links. Geometry: measured once (js-on).

const ORDER_PAGES = (Object.keys(PRICED_PAGES) as Array<keyof typeof PRICED_PAGES>).filter(
  (page) => PRICED_PAGES[page].length > 0,
);
const SCREENS = [
  { name: "phone", width: 390, height: 844 },
  { name: "laptop", width: 1280, height: 800 },
] as const;

for (const screen of SCREENS) {
  test(`every priced offer page shows its price figure and an order button in the first screen (${screen.name}, ${screen.width}×${screen.height})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    for (const id of ORDER_PAGES) {
      for (const lang of LANGUAGES) {
        const path = pagePath(pageById(id), lang);
        await page.goto(path);
        const figure = page.locator(`[data-price-figure="${id}"]`);
        await expect(figure, path).toBeInViewport({ ratio: 1 });
        // A figure, not a sentence: an amount with a currency sign, short.
        const text = (await figure.locator("strong").textContent())!.trim();
        expect(text, path).toMatch(/[€£]/);
        expect(text.length, `${path}: "${text}"`).toBeLessThanOrEqual(30);
        const order = page.locator("main a[data-order]").first();
        await expect(order, path).toBeInViewport({ ratio: 1 });
        expect(await order.getAttribute("href"), path).toMatch(/^\/commander\?offre=/);

        const bar = page.locator(`[data-phone-bar="${id}"]`);
        if (screen.name === "laptop") {
          await expect(bar, path).toBeHidden();
          continue;
        }
        // Mid-page: the bar is on screen, whole, at its bottom edge, with the same figure and an order link.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
        await expect(bar, path).toBeInViewport({ ratio: 1 });
        const box = (await bar.boundingBox())!;
        expect(Math.abs(box.y + box.height - screen.height), `${path}: bar at the bottom`).toBeLessThanOrEqual(2);
        await expect(bar, path).toContainText(text);
        expect(await bar.locator("a[data-order-bar]").getAttribute("href"), path).toMatch(/^\/commander\?offre=/);
        // At the end: it rests above the footer, never over its links.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const rest = (await bar.boundingBox())!;
        const footer = (await page.locator("footer").boundingBox())!;
        expect(rest.y + rest.height, `${path}: the bar ends before the footer starts`).toBeLessThanOrEqual(
          footer.y + 1,
        );
      }
    }
  });
}

test("screenshots: the priced pages' first screen and mid-page bar on a phone, the hero on a laptop", async ({
  page,
}, testInfo) => {
  for (const [id, lang] of [
    ["short-videos", "en"],
    ["formateur-ia", "fr"],
    ["veo3", "de"],
  ] as const) {
    for (const screen of SCREENS) {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.goto(pagePath(pageById(id), lang));
      await testInfo.attach(`${id}-${lang}-${screen.width}`, {
        body: await page.screenshot(),
        contentType: "image/png",
      });
      if (screen.name === "phone") {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
        await expect(page.locator(`[data-phone-bar="${id}"]`)).toBeInViewport({ ratio: 1 });
        await testInfo.attach(`${id}-${lang}-${screen.width}-mid`, {
          body: await page.screenshot(),
          contentType: "image/png",
        });
      }
    }
  }
});
