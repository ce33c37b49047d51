import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { consentFields } from "../../app/orders/order-schema.ts";
import { HTML_ONLY } from "../support/projects.ts";
import { fillSandboxBilling } from "../support/sandbox-billing.ts";

// A long hyphenated address on a 320 px phone: the pages that show it (the checkout, the thank-you
// page and its summary, which also holds the order's reference) may wrap it before its "@" or a
// dot, never just after a hyphen ("marie-" / "claire…" copied from two lines is a wrong address).

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));

/** Every place where `text` (an address or a reference) is laid out with a line break right after one of its hyphens. */
async function breaksAfterHyphen(page: Page, text: string): Promise<string[]> {
  return page.evaluate((needle) => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(document.querySelector("main")!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    const all = nodes.map((node) => node.data).join("");
    const at = (index: number): [Text, number] => {
      let offset = index;
      for (const node of nodes) {
        if (offset < node.data.length) return [node, offset];
        offset -= node.data.length;
      }
      throw new Error("past the end");
    };
    const found: string[] = [];
    let occurrences = 0;
    for (let start = all.indexOf(needle); start >= 0; start = all.indexOf(needle, start + 1)) {
      occurrences += 1;
      for (let i = 0; i < needle.length; i++) {
        if (needle[i] !== "-") continue;
        // The hyphen and the character after it: two lines when the break falls between them.
        const range = document.createRange();
        range.setStart(...at(start + i));
        const [endNode, endOffset] = at(start + i + 1);
        range.setEnd(endNode, endOffset + 1);
        const tops = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top));
        if (new Set(tops).size > 1) found.push(`${needle.slice(0, i + 1)} / ${needle.slice(i + 1)}`);
      }
    }
    if (!occurrences) found.push(`${needle}: not on the page`);
    return found;
  }, text);
}

test.use({ viewport: { width: 320, height: 700 } });

test(
  "a long hyphenated email address and the order reference never break at a hyphen at 320 px",
  HTML_ONLY,
  async ({ page }, info) => {
    test.slow();
    const email = `marie-claire.dupont-lefebvre.${info.project.name}-${Date.now()}@exemple-entreprise-de-tests.fr`;
    await page.goto("/commander?offre=test-workflow&lang=fr");
    for (const [name, value] of Object.entries({
      firstName: "Marie-Claire",
      lastName: "Dupont-Lefebvre",
      email,
      videoTopic: "Recettes de saison",
    }))
      await page.locator(`form#order [name="${name}"]`).fill(value);
    for (const name of consentFields("test-workflow")) await page.locator(`form#order input[name="${name}"]`).check();
    await page.locator('form#order button[type="submit"]').click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_/);
    expect(await breaksAfterHyphen(page, email), "the sandbox checkout").toEqual([]);
    await fillSandboxBilling(page);
    await page
      .getByRole("button", { name: locale("fr", "order").checkout.pay.replace("{{amount}}", "").trim(), exact: false })
      .click();
    await expect(page.getByTestId("order-summary")).toBeVisible();
    expect(await breaksAfterHyphen(page, email), "the thank-you page").toEqual([]);
    const reference = (await page.getByTestId("order-summary").locator("dd").first().textContent())!.trim();
    expect(await breaksAfterHyphen(page, reference), "the reference").toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      "nothing wider than the phone",
    ).toBeLessThanOrEqual(320);
    await info.attach("thank-you-320px", { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  },
);
