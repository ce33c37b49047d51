import fs from "node:fs";
import { quoted } from "../../app/i18n/format.ts";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { CHECKOUT_FIELDS, ORDER_FORM_FIELDS, getOffer, type OfferId } from "../../app/content/offers.ts";
import { governingTerms, termsForOrder } from "../../app/content/terms.ts";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { decodeMail, findOrder } from "../support/orders.ts";
import { fillSandboxBilling } from "../support/sandbox-billing.ts";

// The order form (ADR 015) links the terms that govern the order and asks to accept them;
// an offer delivered at once also asks for the express request to start now and the acknowledgement
// of losing the withdrawal right. Refused without them (by the browser's own check and by the server,
// in the visitor's language, values kept), stored with the order, repeated in the confirmation email.
// Runs in both projects: js-off (a script-disabled browser) and js-on.

const dataDir = path.resolve("test-results/e2e-data");
const outbox = path.join(dataDir, "outbox");
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));

/** A service with a German buyer (the CGV in German translation), digital content with an English one (the Terms, in pounds). */
const CASES: Array<{ lang: "de" | "en"; offer: OfferId; values: Record<string, string> }> = [
  {
    lang: "de",
    offer: "formateur-ia",
    values: { firstName: "Jonas", telegramId: "@jonas" },
  },
  { lang: "en", offer: "veo3-single", values: { firstName: "Ada", videoTopic: "Autumn recipes" } },
];

async function fill(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`form#order [name="${name}"]`).fill(value);
}

for (const { lang, offer, values } of CASES) {
  test(`${offer} (${lang}): the terms and the immediate-start waiver are asked, refused without them, stored and emailed`, async ({
    page,
    javaScriptEnabled,
  }, info) => {
    test.slow();
    const order = locale(lang, "order");
    const kind = getOffer(offer).kind;
    const start = getOffer(offer).immediateStart!;
    const { doc, original, translated } = termsForOrder(lang);
    const lastName = `Terms${info.project.name.replace("-", "")}${lang}`;
    const email = `${lastName.toLowerCase()}@example.com`;
    const before = new Date().toISOString();

    await page.goto(`/commander?offre=${offer}&lang=${lang}`);
    const terms = page.locator('[data-block="terms-acceptance"]');
    await expect(terms.locator("legend")).toHaveText(order.form.sectionTerms);
    // The link names the governing text in the reader's language (a translation for de), opens beside the form.
    const link = terms.locator("a[data-terms-link]");
    await expect(link).toHaveAttribute("href", `/${doc.id}/${lang}`);
    await expect(link).toHaveAttribute("target", "_blank");
    if (translated) await expect(terms).toContainText(order.form.termsGoverning);
    await expect(page.getByLabel(order.form.acceptTerms)).not.toBeChecked();
    await expect(page.getByLabel(order.form.immediateStart[start])).not.toBeChecked();
    await expect(page.locator("#order-immediateStart-hint")).toHaveText(order.form.immediateStartHint);

    await fill(page, { ...values, lastName, email });
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    const submit = page.locator('form#order button[type="submit"]');
    if (javaScriptEnabled) {
      // public/forms.js: the server's words under each box and in the summary, nothing sent.
      await submit.click();
      await expect(page.locator("#order-acceptTerms-error")).toHaveText(order.errors.required.acceptTerms);
      await expect(page.locator("#order-immediateStart-error")).toHaveText(order.errors.required.immediateStart);
      await expect(page.locator("#order-error-summary li")).toHaveText([
        order.errors.required.acceptTerms,
        order.errors.required.immediateStart,
      ]);
      expect(posts).toEqual([]);
      await page.getByLabel(order.form.acceptTerms).check();
      await expect(page.locator("#order-acceptTerms-error")).toHaveCount(0);
    } else {
      // The browser refuses the unticked boxes itself; forced past it, the server refuses them too.
      const form = page.locator("form#order");
      expect(await form.evaluate((el: HTMLFormElement) => el.checkValidity())).toBe(false);
      expect(
        await page.getByLabel(order.form.acceptTerms).evaluate((el: HTMLInputElement) => el.validity.valueMissing),
      ).toBe(true);
      await form.evaluate((el: HTMLFormElement) => (el.noValidate = true));
      await page.getByLabel(order.form.immediateStart[start]).check();
      await submit.click();
      await expect(page.locator("#order-acceptTerms-error")).toHaveText(order.errors.required.acceptTerms);
      await expect(page.locator("#order-error-summary li")).toHaveText([order.errors.required.acceptTerms]);
      expect(posts).toHaveLength(1);
      // Values kept, the ticked box too; the unticked one stays unticked.
      await expect(page.locator('form#order [name="lastName"]')).toHaveValue(lastName);
      await expect(page.getByLabel(order.form.immediateStart[start])).toBeChecked();
      await expect(page.getByLabel(order.form.acceptTerms)).not.toBeChecked();
      await page.getByLabel(order.form.acceptTerms).check();
    }
    await page.getByLabel(order.form.immediateStart[start]).check();
    await submit.click();
    await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_/);
    await fillSandboxBilling(page);
    await page.getByRole("button", { name: order.checkout.pay.replace("{{amount}}", "").trim(), exact: false }).click();
    await expect(page).toHaveURL(new RegExp(`${THANK_YOU_PATHS[lang]}\\?session_id=sbx_`));

    // Stored with the order: the governing text and its version, the language read, when, the waiver.
    await expect
      .poll(async () => (await findOrder(dataDir, (o) => o.customer.email === email))?.state, { timeout: 60_000 })
      .toBe("paid");
    const placed = (await findOrder(dataDir, (o) => o.customer.email === email))!;
    expect(placed.acceptance).toEqual({
      termsVersion: `${governingTerms(lang).id}-${original.updated}`,
      termsLang: lang,
      immediateStart: start,
      acceptedAt: expect.any(String),
    });
    expect(placed.acceptance!.acceptedAt >= before && placed.acceptance!.acceptedAt <= new Date().toISOString()).toBe(
      true,
    );
    // The answers stay the offer's questions only, with the billing address the checkout collected.
    expect(Object.keys(placed.customer).sort()).toEqual([...ORDER_FORM_FIELDS[kind], ...CHECKOUT_FIELDS].sort());

    // Repeated in the confirmation email (the durable medium), in the buyer's words.
    const file = `${placed.id}-confirmation.eml`;
    await expect.poll(() => fs.existsSync(path.join(outbox, file)), { timeout: 60_000 }).toBe(true);
    const mail = decodeMail(fs.readFileSync(path.join(outbox, file), "utf8")).replace(/\s+/g, " ");
    expect(mail).toContain(locale(lang, "email").acceptanceTitle);
    expect(mail).toContain(`${order.summary.termsAccepted}: ${doc.title}`);
    // Quoted as the email's language quotes (« … », „…“, “…”); whitespace made plain on both sides.
    const plain = (text: string) => text.replace(/\s+/g, " ");
    expect(plain(mail)).toContain(
      plain(`${order.summary.immediateStart}: ${quoted(order.form.immediateStart[start], lang)}`),
    );
  });
}
