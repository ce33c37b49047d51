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

// One test per language, so the two workers share them (the whole phone sweep took 90 s of its
// 120 on a loaded machine). Each page is loaded once, first on a laptop's screen, then laid out
// again on a phone's (a resize; the layout is CSS's alone, scrolled to the top): a navigation costs
// far more than a resize.
const LAPTOP_FIRST = [SCREENS[1], SCREENS[0]] as const;
for (const lang of LANGUAGES) {
  test(`every priced offer page shows its price figure and an order button in the first screen (laptop ${SCREENS[1].width}×${SCREENS[1].height}, then phone ${SCREENS[0].width}×${SCREENS[0].height}, ${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    for (const id of ORDER_PAGES) {
      const path = pagePath(pageById(id), lang);
      await page.setViewportSize({ width: LAPTOP_FIRST[0].width, height: LAPTOP_FIRST[0].height });
      await page.goto(path);
      for (const screen of LAPTOP_FIRST) {
        const where = `${path} (${screen.name})`;
        await page.setViewportSize({ width: screen.width, height: screen.height });
        expect(await page.evaluate(() => [window.innerWidth, window.scrollY]), where).toEqual([screen.width, 0]);
        const figure = page.locator(`[data-price-figure="${id}"]`);
        await expect(figure, where).toBeInViewport({ ratio: 1 });
        // A figure, not a sentence: an amount with a currency sign, short.
        const text = (await figure.locator("strong").textContent())!.trim();
        expect(text, where).toMatch(/[€£]/);
        expect(text.length, `${where}: "${text}"`).toBeLessThanOrEqual(30);
        const order = page.locator("main a[data-order]").first();
        await expect(order, where).toBeInViewport({ ratio: 1 });
        expect(await order.getAttribute("href"), where).toMatch(/^\/commander\?offre=/);

        const bar = page.locator(`[data-phone-bar="${id}"]`);
        if (screen.name === "laptop") {
          await expect(bar, where).toBeHidden();
          continue;
        }
        // Mid-page: the bar is on screen, whole, at its bottom edge, with the same figure and an order link.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
        await expect(bar, where).toBeInViewport({ ratio: 1 });
        const box = (await bar.boundingBox())!;
        expect(Math.abs(box.y + box.height - screen.height), `${where}: bar at the bottom`).toBeLessThanOrEqual(2);
        await expect(bar, where).toContainText(text);
        expect(await bar.locator("a[data-order-bar]").getAttribute("href"), where).toMatch(/^\/commander\?offre=/);
        // At the end: it rests above the footer, never over its links.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const rest = (await bar.boundingBox())!;
        const footer = (await page.locator("footer").boundingBox())!;
        expect(rest.y + rest.height, `${where}: the bar ends before the footer starts`).toBeLessThanOrEqual(
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
