import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { PAGES, pagePath, THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";

// axe-core on every page × six languages, WCAG 2.0/2.1/2.2 A and AA rules, zero violations.
// Loops inside a few tests (one browser page reused) to keep the suite short.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

async function violations(page: Page, path: string): Promise<string[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations.map(
    (v) => `${path} [${v.id}] ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3})` : ""}`,
  );
}

async function checkAll(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) found.push(...(await violations(page, path)));
  expect(found, `${found.length} accessibility violations`).toEqual([]);
}

// Groups of at most three marketing pages, each in every language: axe takes 0.5–3 s a page on a
// quiet 2-core box and over 10 s on a loaded one, and pages with proof blocks hold more to check.
const GROUP_COUNT = Math.ceil(PAGES.length / 3);
const GROUPS = Array.from({ length: GROUP_COUNT }, (_, g) => PAGES.filter((_, i) => i % GROUP_COUNT === g));
for (const [index, group] of GROUPS.entries()) {
  test(`axe: marketing pages ${index + 1}/${GROUP_COUNT} (${group.map((p) => p.id).join(", ")}) × 6 languages`, async ({ page }) => {
    test.setTimeout(300_000);
    await checkAll(page, group.flatMap((p) => LANGUAGES.map((lang) => pagePath(p, lang))));
  });
}

test("axe: order form, its error state, thank-you and 404 pages × 6 languages", async ({ page }) => {
  test.setTimeout(300_000);
  const paths = [
    ...LANGUAGES.map((lang) => `/commander?offre=test-workflow&lang=${lang}`),
    ...LANGUAGES.map((lang) => `/commander?lang=${lang}`),
    ...Object.values(THANK_YOU_PATHS),
    ...Object.values(THANK_YOU_PATHS).map((p) => `${p}?session_id=cs_does_not_exist`),
    "/does-not-exist",
  ];
  const found: string[] = [];
  for (const path of paths) found.push(...(await violations(page, path)));
  // The form sent empty: errors shown, fields marked invalid.
  for (const lang of ["fr", "de"]) {
    await page.goto(`/commander?offre=short-videos&lang=${lang}`);
    await page.locator("form[method=post] button[type=submit]").click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    found.push(...result.violations.map((v) => `order errors (${lang}) [${v.id}] ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`));
  }
  expect(found, `${found.length} accessibility violations`).toEqual([]);
});
