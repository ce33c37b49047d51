import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { PAGES, pagePath, THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";

// axe-core on every page, WCAG 2.0/2.1/2.2 A and AA rules, zero violations.
// Loops inside a few tests (one browser page reused) to keep the suite short.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

async function violations(page: Page, path: string): Promise<string[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations.map(
    (v) =>
      `${path} [${v.id}] ${v.help}: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3})` : ""}`,
  );
}

async function checkAll(page: Page, paths: string[]) {
  const found: string[] = [];
  for (const path of paths) found.push(...(await violations(page, path)));
  expect(found, `${found.length} accessibility violations`).toEqual([]);
}

// Every marketing page in two languages, rotating so each language is checked on a third of the
// pages (the same components in six languages cost six times the time for the same DOM
// structure; what differs by language, the text, is checked by the locale tests and the page specs:
// no empty label, no leftover key, `lang` on <html>). Groups of about five checks: axe takes 0.5–3 s
// a page on a quiet 2-core box and over 25 s on one at load 25 (groups of ten took four minutes there).
const CHECKS = PAGES.flatMap((page, index) =>
  [0, 3].map((shift) => {
    const lang = LANGUAGES[(index + shift) % LANGUAGES.length]!;
    return { id: page.id, lang, path: pagePath(page, lang) };
  }),
);
const GROUP_COUNT = Math.ceil(CHECKS.length / 5);
const GROUPS = Array.from({ length: GROUP_COUNT }, (_, g) =>
  CHECKS.filter((_, i) => i % GROUP_COUNT === g).map((check) => check.path),
);
for (const [index, group] of GROUPS.entries()) {
  test(`axe: marketing pages ${index + 1}/${GROUP_COUNT} (${group.join(", ")})`, async ({ page }) => {
    test.setTimeout(300_000);
    await checkAll(page, group);
  });
}

test("axe: every page is checked, and every language on a third of them", () => {
  for (const lang of LANGUAGES)
    expect(CHECKS.filter((check) => check.lang === lang).length, lang).toBeGreaterThanOrEqual(
      Math.floor(PAGES.length / 3),
    );
  expect(new Set(CHECKS.map((check) => check.id)).size, "every page").toBe(PAGES.length);
  expect(GROUPS.flat().sort(), "every check in a group").toEqual(CHECKS.map((check) => check.path).sort());
});

// The order form in every language (it is where a visitor pays); its variants in two, rotating.
// In three tests, for the same reason as the groups above.
const ORDER_FORMS = LANGUAGES.map((lang) => `/commander?offre=test-workflow&lang=${lang}`);
const AROUND_THE_FORM = [
  ...LANGUAGES.filter((_, i) => i % 3 === 0).map((lang) => `/commander?lang=${lang}`),
  ...Object.values(THANK_YOU_PATHS).filter((_, i) => i % 3 === 1),
  ...Object.values(THANK_YOU_PATHS)
    .filter((_, i) => i % 3 === 2)
    .map((p) => `${p}?session_id=cs_does_not_exist`),
  "/does-not-exist",
];

test("axe: the order form in six languages", async ({ page }) => {
  test.setTimeout(300_000);
  await checkAll(page, ORDER_FORMS);
});

test("axe: the order form without an offer, thank-you and 404 pages", async ({ page }) => {
  test.setTimeout(300_000);
  await checkAll(page, AROUND_THE_FORM);
});

test("axe: the order form's error state", async ({ page }) => {
  test.setTimeout(300_000);
  const found: string[] = [];
  // The form sent empty: errors shown, fields marked invalid.
  for (const lang of ["fr", "de"]) {
    await page.goto(`/commander?offre=short-videos&lang=${lang}`);
    await page.locator("form[method=post] button[type=submit]").click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    found.push(
      ...result.violations.map(
        (v) => `order errors (${lang}) [${v.id}] ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`,
      ),
    );
  }
  expect(found, `${found.length} accessibility violations`).toEqual([]);
});
