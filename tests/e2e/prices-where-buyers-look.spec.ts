import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { PRICED_PAGES } from "../../app/content/structured-data.ts";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { OFFER_GROUPS, pageById, pagePath } from "../../app/i18n/site-map.ts";

// Prices where buyers look: /offers (the page that exists to compare) and the home page show a
// price in their first screen on a phone, every card of a fixed-price offer carries its price, and
// on /offers the fixed-price cards come before the quoted ones. Screenshots at 320, 390 and 1280 px.

const isPriced = (page: string) => (PRICED_PAGES[page as keyof typeof PRICED_PAGES]?.length ?? 0) > 0;

async function keepShots(page: Page, info: TestInfo, name: string) {
  fs.mkdirSync(path.resolve("test-results/screenshots"), { recursive: true });
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const body = await page.screenshot();
    await info.attach(`${name}-${width}px`, { body, contentType: "image/png" });
    fs.writeFileSync(path.resolve(`test-results/screenshots/${name}-${width}px.png`), body);
  }
}

for (const id of ["offers", "home"] as const) {
  test(`${id}: a price in the first screen at 390 px and on every fixed-price card, in six languages @html-only`, async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    for (const lang of LANGUAGES) {
      await page.setViewportSize({ width: 390, height: 844 });
      const address = pagePath(pageById(id), lang);
      await page.goto(address);
      const figure = page.locator('[data-price-figure="catalogue"]');
      await expect(figure, address).toBeInViewport({ ratio: 1 });
      expect((await figure.locator("strong").textContent())!, address).toMatch(/\d.*[€£]|[€£].*\d/);
      // Named prices beside it: a buyer reads what costs that much.
      const named = (await figure.locator("[data-catalogue-prices]").textContent())!.split(" · ");
      expect(named, address).toHaveLength(3);
      for (const line of named) {
        expect(line, address).toMatch(/[€£]/);
        // An offer's name, never a translation key.
        expect(line, address).not.toMatch(/\.(short|name)\b|offers:/);
      }

      const cards = id === "offers" ? page.locator("[data-offer-page]") : page.locator("#offers li");
      const count = await cards.count();
      expect(count).toBeGreaterThan(3);
      for (let index = 0; index < count; index++) {
        const card = cards.nth(index);
        const target =
          id === "offers"
            ? await card.getAttribute("data-offer-page")
            : (await card.locator("a").last().getAttribute("href"))!.replace(/^\//, "");
        if (!isPriced(target!)) continue;
        const price = card.locator("[data-price-figure]");
        await expect(price, `${address}: ${target}`).toHaveCount(1);
        await expect(price, `${address}: ${target}`).toHaveText(/[€£]/);
      }
    }
    await page.goto(pagePath(pageById(id), "fr"));
    await keepShots(page, info, `prices-${id}-fr`);
  });
}

test("/offers puts each group's fixed-price cards before its quoted ones @html-only", async ({ page }) => {
  await page.goto(pagePath(pageById("offers"), "en"));
  for (const group of OFFER_GROUPS) {
    const order = await page
      .locator(`#${group.id} [data-offer-page]`)
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-offer-page")!));
    const priced = order.map(isPriced);
    // Once a quoted card has come, no fixed-price one follows.
    expect(priced.slice(priced.indexOf(false) === -1 ? priced.length : priced.indexOf(false)), group.id).not.toContain(
      true,
    );
  }
});

test("at 320 px the sticky order bar shows a subscription's whole price, in six languages @html-only", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const lang of LANGUAGES) {
    const address = pagePath(pageById("short-videos"), lang);
    await page.goto(address);
    const whole = (await page.locator('[data-price-figure="short-videos"] strong').textContent())!.trim();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    const bar = page.locator('[data-phone-bar="short-videos"]');
    await expect(bar, address).toBeInViewport({ ratio: 1 });
    const figure = bar.locator("span").first();
    await expect(figure, address).toHaveText(whole);
    // Drawn whole: nothing clipped inside its box, and the box clear of the order button.
    const clipped = await figure.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(clipped, `${address}: "${whole}" cut`).toBeLessThanOrEqual(0);
    const [text, button] = [(await figure.boundingBox())!, (await bar.locator("a").boundingBox())!];
    expect(text.x + text.width, address).toBeLessThanOrEqual(button.x);
    if (lang === "fr") {
      const body = await page.screenshot();
      await info.attach("phone-bar-320px", { body, contentType: "image/png" });
      fs.writeFileSync(path.resolve("test-results/screenshots/phone-bar-fr-320px.png"), body);
    }
  }
});
