import fs from "node:fs";
import path from "node:path";
import { formsScriptReady } from "../support/form-pending.ts";
import { expect, test, type Page } from "@playwright/test";

// The order page does not hydrate (ADR 010). The browser checks the constraint attributes derived
// from the schema; with JavaScript, public/forms.js (a few KB, no framework) shows the server's own
// messages in the page's language as the visitor types. Runs in both projects (js-on, js-off).

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));

/**
 * Opens a form page and types what the schema refuses but a bare form accepts: one letter for a
 * name ("A", too short) and "a@b" for the email (passes type="email"; the schema's pattern, carried
 * by the attribute, refuses it), then leaves the name. Without JavaScript it checks that no script
 * loaded and the browser itself holds the form back, and returns null.
 */
async function typeWhatTheSchemaRefuses(
  page: Page,
  path: string,
  form: string,
  nameField: string,
  javaScriptEnabled: boolean,
) {
  const scripts: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    if (request.method() === "POST") posts.push(request.url());
  });
  await page.goto(path);
  await formsScriptReady(page.locator(`form#${form}`), javaScriptEnabled);
  const opened = page.url();
  const email = page.locator(`form#${form} [name="email"]`);
  const name = page.locator(`form#${form} [name="${nameField}"]`);
  await email.fill("a@b");
  await name.fill("A");
  await email.focus();
  if (!javaScriptEnabled) {
    expect(scripts).toEqual([]);
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
    expect(await name.evaluate((el: HTMLInputElement) => el.validity.tooShort)).toBe(true);
    await page.locator(`form#${form} button[type="submit"]`).click();
    await expect(page).toHaveURL(opened);
    expect(posts).toEqual([]);
    return null;
  }
  // Only the site's two small scripts: no React, no router, no module chunks.
  expect(scripts.sort()).toEqual(["/enhance.js", "/forms.js"]);
  return { email, name, posts, opened };
}

for (const lang of ["es", "it"] as const) {
  test(`order form (${lang}): the schema's rules in the browser, our words as the visitor types, no framework`, async ({
    page,
    javaScriptEnabled,
  }) => {
    const order = locale(lang, "order");
    const typed = await typeWhatTheSchemaRefuses(
      page,
      `/commander?offre=short-videos&lang=${lang}`,
      "order",
      "firstName",
      javaScriptEnabled,
    );
    if (!typed) return;
    const { email, name: firstName, posts } = typed;
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
    // The boxes to tick (the terms, the request to start at once) come last, as on the page.
    const boxes = [order.errors.required.acceptTerms, order.errors.required.immediateStart];
    await expect(summary.locator("li")).toHaveText([
      order.errors.firstName,
      order.errors.required.lastName,
      order.errors.required.videoTopic,
      ...boxes,
    ]);
    await expect(summary.locator("li a").first()).toHaveAttribute("href", "#order-firstName");
    // The summary follows the fields as they are fixed.
    await firstName.fill("Ana");
    await firstName.blur();
    await expect(summary.locator("li")).toHaveText([
      order.errors.required.lastName,
      order.errors.required.videoTopic,
      ...boxes,
    ]);
    expect(posts).toEqual([]);
  });
}

// The quote form has the same treatment, on a cached offer page (es) and on its own page (de).
for (const [lang, path] of [
  ["es", "/instagram/es"],
  ["de", "/quote?offer=seedance&lang=de"],
] as const) {
  test(`quote form (${lang}, ${path}): the schema's rules in the browser, our words as the visitor types`, async ({
    page,
    javaScriptEnabled,
  }) => {
    const quote = locale(lang, "quote");
    const typed = await typeWhatTheSchemaRefuses(page, path, "quote", "name", javaScriptEnabled);
    if (!typed) return;
    const { name, posts, opened } = typed;
    // Left after typing: our message, in the page's language, where the server puts its own.
    await expect(page.locator("#quote-name-error")).toHaveText(quote.errors.name);
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAttribute("aria-describedby", /quote-name-error/);
    await name.focus();
    await expect(page.locator("#quote-email-error")).toHaveText(quote.errors.email);

    // Submitting with errors: the linked summary, focused, in the form's order; nothing leaves.
    await page.locator('form#quote button[type="submit"]').click();
    const summary = page.locator("#quote-error-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(quote.form.errorSummary);
    await expect(summary.locator("li")).toHaveText([
      quote.errors.name,
      quote.errors.email,
      quote.errors.required.message,
    ]);
    await expect(summary.locator("li a").last()).toHaveAttribute("href", "#quote-message");
    await expect(page).toHaveURL(opened);
    // Fixed as the visitor types.
    await name.fill("Ana");
    await expect(page.locator("#quote-name-error")).toHaveCount(0);
    await expect(summary.locator("li")).toHaveText([quote.errors.email, quote.errors.required.message]);
    expect(posts).toEqual([]);
  });
}
