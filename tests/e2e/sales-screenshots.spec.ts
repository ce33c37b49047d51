import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Language } from "../../app/i18n/languages.ts";
import { orderFormPath, pageById, pagePath } from "../../app/i18n/site-map.ts";
import { HTML_ONLY } from "../support/projects.ts";

// The pages that sell, as a buyer sees them on a phone and on a laptop, in English, French and
// German (the longest words): a screenshot of each, attached to this test's report and
// kept under test-results/screenshots/ to open and look at after a change to the copy or the
// layout. Each is also checked for what a screenshot can miss by eye on a small screen: nothing
// wider than the screen, the heading in the first screen, no text cut off by its box.

const PAGES = [
  { name: "home", path: (lang: Language) => pagePath(pageById("home"), lang) },
  { name: "offers", path: (lang: Language) => pagePath(pageById("offers"), lang) },
  { name: "short-videos", path: (lang: Language) => pagePath(pageById("short-videos"), lang) },
  { name: "formateur-ia", path: (lang: Language) => pagePath(pageById("formateur-ia"), lang) },
  { name: "veo3", path: (lang: Language) => pagePath(pageById("veo3"), lang) },
  { name: "order-form", path: (lang: Language) => orderFormPath("short-videos", lang) },
];
const LANGS: Language[] = ["en", "fr", "de"];
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const shots = path.resolve("test-results/screenshots");
const FULL_PAGE = process.env.E2E_FULL_SCREENSHOTS === "1";

// One test per language; each page is loaded once and shown at both widths in turn (a resize lays
// it out again, as CSS alone decides these pages' layout: a navigation costs far more).
for (const lang of LANGS) {
  test(
    `the selling pages in ${lang} at ${WIDTHS.map(({ width }) => width).join(" and ")} px: screenshots attached, nothing wider than the screen, the heading in the first screen`,
    HTML_ONLY,
    async ({ page }, info) => {
      test.setTimeout(240_000);
      fs.mkdirSync(shots, { recursive: true });
      for (const { name, path: pathOf } of PAGES) {
        const url = pathOf(lang);
        await page.setViewportSize(WIDTHS[0]!);
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(200);
        await expect(page.locator("html"), url).toHaveAttribute("lang", lang);
        for (const { width, height } of WIDTHS) {
          await page.setViewportSize({ width, height });
          expect(await page.evaluate(() => [window.innerWidth, window.scrollY]), url).toEqual([width, 0]);
          await expect(page.locator("h1").first(), `${url} at ${width} px`).toBeInViewport();
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${url} at ${width} px: wider than the screen by ${overflow} px`).toBeLessThanOrEqual(0);
          // Headings and buttons whose words do not fit their box (a long German compound).
          const clipped = await page.evaluate(() =>
            [...document.querySelectorAll("h1, h2, h3, a[data-order], button, .btn")]
              .filter((element) => {
                const box = element as HTMLElement;
                return (
                  box.offsetParent !== null &&
                  box.scrollWidth > box.clientWidth + 1 &&
                  getComputedStyle(box).overflowX !== "visible"
                );
              })
              .map((element) => (element.textContent ?? "").trim().slice(0, 40)),
          );
          expect(clipped, `${url} at ${width} px: text cut off`).toEqual([]);
          // The first screen by default (what a buyer sees before scrolling); whole pages with
          // E2E_FULL_SCREENSHOTS=1, when reviewing copy or layout: they cost the suite minutes on two cores.
          const body = await page.screenshot({ fullPage: FULL_PAGE });
          const file = `sales-${name}-${lang}-${width}.png`;
          fs.writeFileSync(path.join(shots, file), body);
          await info.attach(file, { body, contentType: "image/png" });
        }
      }
    },
  );
}
