import { expect, test } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { OFFER_IDS, QUOTE_PAGES } from "../../app/content/offers.ts";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { DYNAMIC_PATHS, MARKETING_PATHS } from "../support/routes.ts";
import { HTML_ONLY } from "../support/projects.ts";

// Every page in every language: no sideways scroll on a 320 px phone, and valid HTML.
const PATHS = [
  ...MARKETING_PATHS,
  ...DYNAMIC_PATHS,
  ...LANGUAGES.flatMap((lang) => [
    ...OFFER_IDS.map((offer) => `/commander?offre=${offer}&lang=${lang}`),
    `/commander?offre=unknown&lang=${lang}`,
    `/quote?offer=${QUOTE_PAGES[lang.charCodeAt(0) % QUOTE_PAGES.length]}&lang=${lang}`,
    `/quote?offer=newsletter&lang=${lang}&sent=1`,
    `${THANK_YOU_PATHS[lang]}?session_id=sbx_unknown`,
  ]),
];

// The 320 px sweep in parts of 20 pages: each part is a test of its own, so the two workers share
// them and a loaded machine (load 9-27 seen) never holds one test for six minutes.
const PART = 20;
const PARTS = Array.from({ length: Math.ceil(PATHS.length / PART) }, (_, i) => PATHS.slice(i * PART, (i + 1) * PART));

for (const [index, paths] of PARTS.entries()) {
  test(
    `no page scrolls sideways at 320 px and the demo banner's text fits, in any language (part ${index + 1} of ${PARTS.length})`,
    HTML_ONLY,
    async ({ context }) => {
      test.setTimeout(180_000);
      const wide: string[] = [];
      const clipped: string[] = [];
      // One tab per part (20 pages): a fresh tab per page cost a second a page, and parts keep each
      // tab's navigations few enough for a loaded machine's renderer.
      const page = await context.newPage();
      await page.setViewportSize({ width: 320, height: 640 });
      // Artwork is drawn in boxes its width and height attributes size (tests/e2e/*-pages.spec.ts
      // check them): not downloading it changes no width, only the time a page takes.
      await page.route(/\.(png|jpe?g|webp|avif)(\?.*)?$/, (route) => route.abort());
      for (const path of paths) {
        await page.goto(path);
        const [scroll, client] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          document.documentElement.clientWidth,
        ]);
        if (scroll > client) wide.push(`${path}: ${scroll}px`);
        // The banner has a fixed height (the header sits under it): longer text would be cut off.
        const banner = await page.evaluate(() => {
          const element = document.querySelector(".demo-banner");
          return element ? { text: element.scrollHeight, box: element.clientHeight } : null;
        });
        if (!banner) clipped.push(`${path}: no demo banner`);
        else if (banner.text > banner.box) clipped.push(`${path}: banner text ${banner.text}px in ${banner.box}px`);
      }
      await page.close();
      expect(wide).toEqual([]);
      expect(clipped).toEqual([]);
    },
  );
}

test(
  "every page is valid HTML: no duplicate ids (SVG included), allowed autocomplete tokens, content models, heading levels",
  HTML_ONLY,
  async ({ request }) => {
    test.setTimeout(240_000);
    const validator = new HtmlValidate({
      extends: ["html-validate:standard", "html-validate:document"],
      rules: { "require-sri": "off" },
    });
    const problems: string[] = [];
    for (const path of PATHS) {
      const html = await (await request.get(path)).text();
      // html-validate skips ids inside <svg>; a gradient id repeated in the header and footer breaks one of them.
      const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]);
      for (const id of new Set(ids.filter((id, index) => ids.indexOf(id) !== index)))
        problems.push(`${path}: duplicate id "${id}"`);
      const report = await validator.validateString(html);
      for (const result of report.results)
        for (const message of result.messages) problems.push(`${path}: ${message.ruleId} ${message.message}`);
    }
    expect(problems).toEqual([]);
  },
);
