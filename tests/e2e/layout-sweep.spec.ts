import { expect, test, type Page } from "@playwright/test";
import { LANGUAGES, type Language } from "../../app/i18n/languages.ts";
import { pageById, pagePath, type PageId } from "../../app/i18n/site-map.ts";

/**
 * Measured with DOM geometry: at 320, 390, 1280 and 1920 px, in every language,
 * the brand shows whole in the header and footer (nothing cut off, no word broken) and no heading
 * or price-card title breaks inside a word. A few pages per language (each language gets the home
 * page, an order form, the offers page and a rotating pair of offer pages), so the sweep stays fast;
 * each page is loaded once and measured at the four widths in turn.
 */
const WIDTHS = [320, 390, 1280, 1920] as const;
const OFFER_PAGES: PageId[] = [
  "short-videos",
  "formateur-ia",
  "whatsapp",
  "veo3",
  "datasets",
  "test-workflow",
  "ai-machine",
  "agent-photoshop",
  "newsletter",
  "instagram",
  "logo-animator",
  "seedance",
];

const ORDERABLE = [
  "short-videos",
  "formateur-ia",
  "veo3-subscription",
  "test-workflow",
  "veo3-pack",
  "short-videos",
] as const;

const pagesFor = (lang: Language, index: number): string[] => [
  `/${lang}`,
  `/commander?offre=${ORDERABLE[index]}&lang=${lang}`,
  pagePath(pageById("offers"), lang),
  pagePath(pageById(OFFER_PAGES[(index * 2) % OFFER_PAGES.length]!), lang),
  pagePath(pageById(OFFER_PAGES[(index * 2 + 1) % OFFER_PAGES.length]!), lang),
];

interface Finding {
  what: string;
  text: string;
  detail: string;
}

/** Runs in the page: every visible brand and heading, checked word by word with Range rectangles. */
async function measure(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    const findings: Array<{ what: string; text: string; detail: string }> = [];
    const viewport = document.documentElement.clientWidth;
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return (
        style.visibility !== "hidden" &&
        style.display !== "none" &&
        box.width > 0 &&
        box.height > 0 &&
        !element.closest("details:not([open]) > :not(summary)")
      );
    };
    /** Each word of the element's text: split over two lines, or sticking out of its box or the page. */
    const words = (element: Element, what: string) => {
      const box = element.getBoundingClientRect();
      // Inside a sideways carousel (overflow-x: auto) a card may sit past the screen's edge on purpose.
      let scroller = false;
      for (let parent = element.parentElement; parent; parent = parent.parentElement)
        if (/auto|scroll/.test(getComputedStyle(parent).overflowX)) scroller = true;
      const limit = scroller ? box.right : Math.min(box.right, viewport);
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        // A word ends at a space or after a hyphen, a slash or a dash (legitimate break points).
        for (const match of text.matchAll(/[^\s‐/–—-]+[‐/–—-]?/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
          const tops = new Set(rects.map((rect) => Math.round(rect.top)));
          const label = (element.textContent ?? "").trim().slice(0, 80);
          if (tops.size > 1)
            findings.push({ what, text: label, detail: `"${match[0]}" broken over ${tops.size} lines` });
          const right = Math.max(...rects.map((rect) => rect.right));
          if (rects.length && right > limit + 1)
            findings.push({ what, text: label, detail: `"${match[0]}" sticks out by ${Math.round(right - limit)}px` });
        }
      }
    };
    for (const brand of document.querySelectorAll("[data-brand]")) {
      if (!visible(brand)) continue;
      const box = brand.getBoundingClientRect();
      // Cut off: text wider than its box (ellipsis, overflow hidden), or the box itself off screen.
      for (const element of [brand, ...brand.querySelectorAll("span")]) {
        if (element.scrollWidth > element.clientWidth + 1)
          findings.push({
            what: "brand",
            text: brand.textContent ?? "",
            detail: `clipped: ${element.scrollWidth}px of text in ${element.clientWidth}px`,
          });
      }
      if (box.left < -1 || box.right > viewport + 1)
        findings.push({
          what: "brand",
          text: brand.textContent ?? "",
          detail: `off screen (${Math.round(box.left)}–${Math.round(box.right)} of ${viewport})`,
        });
      words(brand, "brand");
    }
    for (const heading of document.querySelectorAll("h1, h2, h3, .card-title")) {
      if (!visible(heading) || heading.closest(".sr-only")) continue;
      words(heading, heading.tagName.toLowerCase());
    }
    return findings;
  });
}

for (const [index, lang] of LANGUAGES.entries()) {
  test(`${lang}: brand whole and headings unbroken at ${WIDTHS.join(", ")} px`, async ({ browser }) => {
    test.setTimeout(240_000);
    const problems: string[] = [];
    let checked = 0;
    const context = await browser.newContext({ viewport: { width: WIDTHS[0], height: 900 } });
    const page = await context.newPage();
    // Artwork plays no part in the geometry of text: skip downloading it.
    await page.route(/\.(png|jpe?g|webp|avif)(\?.*)?$/, (route) => route.abort());
    for (const path of pagesFor(lang, index)) {
      // Each page is loaded once and laid out again at each width: a navigation costs a second on a
      // loaded machine, a resize a few milliseconds, and the layout is CSS's alone (these pages run
      // no script that reads the screen's width), so the geometry is the same as a load at that width.
      const response = await page.goto(path, { waitUntil: "load" });
      expect(response?.status(), path).toBe(200);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(() => document.fonts.ready);
        const findings = await measure(page);
        expect(await page.evaluate(() => window.innerWidth), path).toBe(width);
        checked++;
        problems.push(
          ...findings.map((finding) => `${width}px ${path} ${finding.what} "${finding.text}": ${finding.detail}`),
        );
      }
    }
    await context.close();
    expect(checked).toBe(WIDTHS.length * 5);
    expect(problems).toEqual([]);
  });
}
