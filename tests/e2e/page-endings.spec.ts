import { expect, test } from "@playwright/test";
import { isRequestPage } from "../../app/content/offers.ts";
import { PRICED_PAGES } from "../../app/content/structured-data.ts";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { pageById, pagePath } from "../../app/i18n/site-map.ts";
import { HTML_ONLY } from "../support/projects.ts";

const ORDER_PAGES = (Object.keys(PRICED_PAGES) as Array<keyof typeof PRICED_PAGES>).filter(
  (page) => PRICED_PAGES[page].length > 0,
);

// A buyer reads what others got before what it costs, and the page's last word is an order
// button (after the FAQ), with a question going to the site's own form: no dead end, no mailto:.
test(
  "every priced page: evidence before its pricing, then the FAQ, then a closing order band; no mailto: outside a form @html-only",
  HTML_ONLY,
  async ({ page }) => {
    test.setTimeout(120_000);
    let withEvidence = 0;
    for (const id of ORDER_PAGES) {
      for (const lang of LANGUAGES) {
        const path = pagePath(pageById(id), lang);
        await page.goto(path);
        // The hero (the first section) may hold a small price card (the €1 test): the order below it is what counts.
        const order = await page.evaluate(() =>
          [...document.querySelectorAll("main [data-block], main section[id]")]
            .filter((element) => element.closest("main > *") !== document.querySelector("main > *"))
            .map((element) => element.getAttribute("data-block") ?? element.id),
        );
        // Which blocks a page has is partly the owner's choice (proof.ts gives evidence and a FAQ to
        // some pages): those it has come in this order, and the closing band is always there, last.
        const stage = (name: string) =>
          ["testimonials", "case-studies", "client-logos"].includes(name) ? 0 : { pricing: 1, faq: 2, cta: 3 }[name];
        const stages = order.map(stage).filter((value): value is number => value !== undefined);
        expect(stages, `${path}: evidence, pricing, FAQ, closing band (${order.join(", ")})`).toEqual(
          [...stages].sort((x, y) => x - y),
        );
        expect(stages.at(-1), `${path}: ends with the closing band`).toBe(3);
        if (stages.includes(0) && stages.includes(1)) withEvidence += 1;
        expect(
          order.filter((name) => name === "cta"),
          `${path}: one closing band`,
        ).toHaveLength(1);
        const band = page.locator('[data-block="cta"]');
        expect(await band.locator("a[data-order]").getAttribute("href"), path).toMatch(/^\/commander\?offre=/);
        await expect(band.locator('a[data-action="question"]'), path).toHaveAttribute(
          "href",
          // Named by the page where the catalogue lets it ask (the owner sees which offer), else the general note.
          `/quote?offer=${isRequestPage(id) ? id : "home"}&lang=${lang}`,
        );
        const mailtos = await page
          .locator('main a[href^="mailto:"]')
          .evaluateAll((links) => links.filter((link) => !link.closest("form")).length);
        expect(mailtos, `${path}: mailto: links outside a form`).toBe(0);
      }
    }
    expect(withEvidence, "pages whose evidence order was checked").toBeGreaterThan(0);
  },
);
