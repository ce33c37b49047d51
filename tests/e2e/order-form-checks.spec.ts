import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Issue 17: the order page does not hydrate. The browser checks the constraint attributes derived
// from the schema; with JavaScript, public/forms.js (a few KB, no framework) shows the server's own
// messages in the page's language as the visitor types. Runs in both projects (js-on, js-off).

const locale = (lang: string, ns: string) => JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));

for (const lang of ["es", "it"] as const) {
  test(`order form (${lang}): the schema's rules in the browser, our words as the visitor types, no framework`, async ({ page, javaScriptEnabled }) => {
    const order = locale(lang, "order");
    const scripts: string[] = [];
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto(`/commander?offre=short-videos&lang=${lang}`);
    const email = page.locator('form#order [name="email"]');
    const firstName = page.locator('form#order [name="firstName"]');

    // "a@b" passes a bare type="email"; the schema's pattern, carried by the attribute, refuses it.
    await email.fill("a@b");
    await firstName.fill("A");
    await email.focus();

    if (!javaScriptEnabled) {
      // No script at all, and the browser itself holds the form back.
      expect(scripts).toEqual([]);
      expect(await email.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
      expect(await firstName.evaluate((el: HTMLInputElement) => el.validity.tooShort)).toBe(true);
      await page.locator('form#order button[type="submit"]').click();
      await expect(page).toHaveURL(/\/commander\?offre=short-videos/);
      expect(posts).toEqual([]);
      return;
    }

    // Only the site's two small scripts: no React, no router, no module chunks.
    expect(scripts.sort()).toEqual(["/enhance.js", "/forms.js"]);
    await expect(page.locator("#order-firstName-error")).toHaveText(order.errors.firstName);
    await expect(firstName).toHaveAttribute("aria-invalid", "true");
    await expect(firstName).toHaveAttribute("aria-describedby", /order-firstName-error/);
    await firstName.focus();
    await expect(page.locator("#order-email-error")).toHaveText(order.errors.email);

    // Rechecked as the visitor types: the message goes once the value is right.
    await email.fill("ana@example.org");
    await expect(page.locator("#order-email-error")).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid", "true");

    // Submitting with errors: the summary in the form's order, linked, focused; nothing posted.
    await page.locator('form#order button[type="submit"]').click();
    const summary = page.locator("#order-error-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(order.form.errorSummary);
    await expect(summary.locator("li")).toHaveText([order.errors.firstName, order.errors.required.lastName, order.errors.required.videoTopic]);
    await expect(summary.locator("li a").first()).toHaveAttribute("href", "#order-firstName");
    // The summary follows the fields as they are fixed.
    await firstName.fill("Ana");
    await firstName.blur();
    await expect(summary.locator("li")).toHaveText([order.errors.required.lastName, order.errors.required.videoTopic]);
    expect(posts).toEqual([]);
  });
}

// The quote form has the same treatment, on a cached offer page (es) and on its own page (de).
for (const [lang, path] of [["es", "/instagram/es"], ["de", "/quote?offer=seedance&lang=de"]] as const) {
  test(`quote form (${lang}, ${path}): the schema's rules in the browser, our words as the visitor types`, async ({ page, javaScriptEnabled }) => {
    const quote = locale(lang, "quote");
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname));
    await page.goto(path);
    const form = page.locator("form#quote");
    const name = form.locator('[name="name"]');
    const email = form.locator('[name="email"]');
    await name.fill("A");
    await email.fill("a@b");
    await name.focus();

    if (!javaScriptEnabled) {
      expect(scripts).toEqual([]);
      expect(await name.evaluate((el: HTMLInputElement) => el.validity.tooShort)).toBe(true);
      expect(await email.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
      expect(await form.evaluate((el: HTMLFormElement) => el.checkValidity())).toBe(false);
      return;
    }

    expect(scripts.sort()).toEqual(["/enhance.js", "/forms.js"]);
    // Left after typing: our message, in the page's language, where the server puts its own.
    await expect(page.locator("#quote-email-error")).toHaveText(quote.errors.email);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await email.focus();
    await expect(page.locator("#quote-name-error")).toHaveText(quote.errors.name);
    await expect(name).toHaveAttribute("aria-describedby", /quote-name-error/);

    // Submitting with errors: the linked summary, focused, in the form's order; nothing leaves.
    await form.locator('button[type="submit"]').click();
    const summary = page.locator("#quote-error-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(quote.form.errorSummary);
    await expect(summary.locator("li")).toHaveText([quote.errors.name, quote.errors.email, quote.errors.required.message]);
    await expect(summary.locator("li a").last()).toHaveAttribute("href", "#quote-message");
    await expect(page).toHaveURL(new RegExp(path.replace(/[?]/g, "\\?") + "$"));
    // Fixed as the visitor types.
    await name.fill("Ana");
    await expect(page.locator("#quote-name-error")).toHaveCount(0);
    await expect(summary.locator("li")).toHaveText([quote.errors.email, quote.errors.required.message]);
  });
}
