// Helpers the browser specs of marketing pages share (tests/e2e/*-pages.spec.ts).
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { LANGUAGES, type Language } from "../../app/i18n/languages.ts";

/** CONTACT_EMAIL of playwright.config.ts. */
export const CONTACT = "hello@example.com";

/** The mailto link the pages build for a subject. */
export const mailto = (subject: string) => `mailto:${CONTACT}?subject=${encodeURIComponent(subject)}`;

/** The mailto beside a request form: its subject is the offer's one name (offers.json `{page}.name`). */
export const quoteMailto = (page: string, lang: Language) => mailto(localeFile("offers", lang)[page].name);

/** A page's copy in one language (locales/{lang}/{namespace}.json), of any shape. */
export type Copy = Record<string, any>;
export const localeFile = (namespace: string, lang: Language): Copy =>
  JSON.parse(fs.readFileSync(`locales/${lang}/${namespace}.json`, "utf8"));

/** Opens a page and records every request the browser makes while it loads. */
export async function openRecording(page: Page, path: string) {
  const requests: string[] = [];
  const listener = (request: { url(): string }) => requests.push(request.url());
  page.on("request", listener);
  const response = await page.goto(path, { waitUntil: "load" });
  page.off("request", listener);
  expect(response?.status(), path).toBe(200);
  return requests;
}

/** No request left the site while the page loaded (video facades load nothing before a click). */
export function expectSameOrigin(requests: string[], origin: string, label: string) {
  const foreign = requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"));
  expect(foreign, `${label}: requests leaving the site`).toEqual([]);
}

/**
 * Opens a marketing page (`/{id}/{lang}`) in one language, checking that nothing left the site
 * while it loaded. Returns the label assertions name it by, and the page's copy in that language.
 */
export async function openPage(page: Page, origin: string, id: string, lang: Language) {
  const label = `${id}/${lang}`;
  expectSameOrigin(await openRecording(page, `/${id}/${lang}`), origin, label);
  return { label, copy: localeFile(id, lang) };
}

/** A page in one language, as openPage left it. */
export interface OpenedPage {
  lang: Language;
  label: string;
  copy: Copy;
}

/**
 * The body of a test of one marketing page: opens it in each of the six languages (openPage),
 * then runs `check`. `test(title, inEveryLanguage(id, check))` keeps the test's place in its spec.
 */
export function inEveryLanguage(id: string, check: (page: Page, opened: OpenedPage) => Promise<void>) {
  return async ({ page, baseURL }: { page: Page; baseURL?: string }) => {
    test.setTimeout(120_000);
    for (const lang of LANGUAGES) await check(page, { lang, ...(await openPage(page, baseURL!, id, lang)) });
  };
}

/** How many of each selector the page shows: `{ '[data-block="steps"] li': 4 }`. */
export async function expectCounts(page: Page, label: string, counts: Record<string, number>) {
  for (const [selector, count] of Object.entries(counts))
    await expect(page.locator(selector), `${label}: ${selector}`).toHaveCount(count);
}

/** The two sizes every marketing page is checked and photographed at. */
export const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
];

/** Scrolls through the page so lazy images load, then waits for every image to be decoded. */
export async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    // Each image in turn, so lazy ones inside horizontal scrollers load too.
    for (const img of [...document.images]) {
      img.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    for (const scroller of document.querySelectorAll("ul")) scroller.scrollTo({ left: 0, behavior: "instant" });
    window.scrollTo({ top: 0, behavior: "instant" });
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 30_000 });
}

/** Opens `path` at `viewport` and checks its heading shows and nothing overflows sideways. */
export async function expectFitsViewport(
  page: Page,
  path: string,
  viewport: (typeof VIEWPORTS)[number],
  label: string,
) {
  await page.setViewportSize(viewport);
  await page.goto(path);
  await expect(page.locator("h1")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} ${viewport.name}: horizontal overflow`).toBeLessThanOrEqual(0);
}
