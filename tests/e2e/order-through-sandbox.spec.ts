import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ORDER_FORM_FIELDS, getOffer, type OfferId } from "../../app/content/offers.ts";
import { consentFields } from "../../app/orders/order-schema.ts";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { formsScriptReady, notePendingButton, pendingButton } from "../support/form-pending.ts";
import { fillSandboxBilling } from "../support/sandbox-billing.ts";

// Runs in both Playwright projects: js-off (a script-disabled browser) and js-on.
const outbox = path.resolve("test-results/e2e-data/outbox");
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

async function fillOrder(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`form#order [name="${name}"]`).fill(value);
}

/** Ticks the boxes the offer asks for (tests/e2e/terms-acceptance.spec.ts checks them in detail). */
async function tickConsents(page: Page, offer: OfferId) {
  for (const name of consentFields(offer)) await page.locator(`form#order input[name="${name}"]`).check();
}

/** One offer of each kind, each with its own questions. */
const CASES: Array<{
  lang: "fr" | "en" | "de";
  offer: OfferId;
  values: Record<string, string>;
  choose?: Record<string, string>;
  own: string;
  cancelFirst?: boolean;
}> = [
  {
    lang: "fr",
    offer: "short-videos",
    values: {
      firstName: "Maxime",
      videoTopic: "Recettes de saison",
      videoBrand: "atelier-martin.example",
      comments: "Livraison rapide, merci",
    },
    choose: { videoLanguage: "it" },
    own: "Recettes de saison",
    cancelFirst: true,
  },
  {
    lang: "en",
    offer: "formateur-ia",
    // Only what the set-up needs: the billing address is the checkout's, the agent's name the brief's.
    values: { firstName: "Maxime", telegramId: "@maxime" },
    own: "@maxime",
  },
  {
    lang: "de",
    offer: "test-workflow",
    values: { firstName: "Maxime", videoTopic: "Katzen im Büro" },
    own: "Katzen im Büro",
  },
];

for (const { lang, offer, values, choose, own, cancelFirst } of CASES) {
  test(`${offer} (${lang}): its own questions, helpful errors, ${cancelFirst ? "cancel and come back to a filled form, " : ""}pay, thank-you page and one email`, async ({
    page,
    javaScriptEnabled,
  }, info) => {
    test.slow();
    const order = locale(lang, "order");
    const offerName = locale(lang, "offers")[offer].name;
    const kind = getOffer(offer).kind;
    const lastName = `Tester${info.project.name.replace("-", "")}${lang}`;
    const email = `${lastName.toLowerCase()}@example.com`;

    await page.goto(`/commander?offre=${offer}&lang=${lang}`);
    await expect(page.locator("h1")).toHaveText(`${order.form.title} ${offerName}`);
    await formsScriptReady(page.locator("form#order"), javaScriptEnabled);
    // Exactly the questions of this kind of offer, in the catalogue's order.
    const names = await page
      .locator("form#order [name]")
      .evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute("name")))]);
    // Hidden: the offer, the submission token, the honeypot, the browser's time zone (app/i18n/time-zone.ts).
    expect(names.filter((name) => !["offre", "token", "website", "tz"].includes(name!))).toEqual([
      ...ORDER_FORM_FIELDS[kind],
      ...consentFields(offer),
    ]);
    await expect(page.locator(".lead").first()).toHaveText(order.form.intro[kind]);

    // Checks from the same schema, before any request: with JavaScript, the server's words as the
    // visitor types; without, the browser's own checks of the constraint attributes.
    const posts: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) =>
      request.method() === "POST" && posts.push(request.url());
    page.on("request", onRequest);
    if (javaScriptEnabled) {
      await page.locator('[name="email"]').fill("broken");
      await page.locator('[name="firstName"]').focus();
      await expect(page.locator("#order-email-error")).toHaveText(order.errors.email);
      await page.locator('form#order button[type="submit"]').click();
      await expect(page.locator("#order-firstName-error")).toHaveText(order.errors.required.firstName);
    } else {
      await fillOrder(page, { firstName: "A", email: "nope" });
      await page.locator('form#order button[type="submit"]').click();
      const validity = (name: string) =>
        page.locator(`form#order [name="${name}"]`).evaluate((el: HTMLInputElement) => ({
          tooShort: el.validity.tooShort,
          typeMismatch: el.validity.typeMismatch,
          valueMissing: el.validity.valueMissing,
        }));
      expect(await validity("firstName")).toEqual({ tooShort: true, typeMismatch: false, valueMissing: false });
      expect(await validity("email")).toEqual({ tooShort: false, typeMismatch: true, valueMissing: false });
      expect(await validity("lastName")).toEqual({ tooShort: false, typeMismatch: false, valueMissing: true });
      // A browser that does not check (or a hand-made post) gets the server's answer below.
      await page.locator("form#order").evaluate((form: HTMLFormElement) => (form.noValidate = true));
    }
    await expect(page).toHaveURL(/\/commander\?/);
    expect(posts).toEqual([]);
    page.off("request", onRequest);

    // An invalid attempt: a message that says what to do, next to the field and in the summary
    // (in the form's order, linked, focused), values kept.
    await fillOrder(page, { firstName: "A", lastName, email: "nope" });
    await page.locator('form#order button[type="submit"]').click();
    await expect(page.locator("#order-firstName-error")).toHaveText(order.errors.firstName);
    await expect(page.locator("#order-email-error")).toHaveText(order.errors.email);
    await expect(page.locator('[name="firstName"]')).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator('[name="lastName"]')).toHaveValue(lastName);
    const summary = page.locator("#order-error-summary");
    await expect(summary).toBeFocused();
    await expect(summary.locator("li").nth(0)).toHaveText(order.errors.firstName);
    await expect(summary.locator("li").nth(1)).toHaveText(order.errors.email);
    await expect(summary.locator("li a").first()).toHaveAttribute("href", "#order-firstName");
    const required = ORDER_FORM_FIELDS[kind].find(
      (field) =>
        ![
          "firstName",
          "lastName",
          "email",
          "companyName",
          "videoBrand",
          "videoLanguage",
          "connectZapier",
          "comments",
        ].includes(field),
    );
    if (required) await expect(page.locator(`#order-${required}-error`)).toHaveText(order.errors.required[required]);

    await fillOrder(page, { ...values, lastName, email });
    for (const [name, value] of Object.entries(choose ?? {}))
      await page.locator(`select[name="${name}"]`).selectOption(value);
    await tickConsents(page, offer);
    const submit = page.locator('form#order button[type="submit"]');
    if (javaScriptEnabled) {
      // The post is a plain navigation (the page does not hydrate): the button is read as it leaves.
      await notePendingButton(page.locator("form#order"));
      await submit.click();
      await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_/);
      expect(await pendingButton(page)).toEqual({ disabled: true, text: order.form.submitting });
    } else {
      await submit.click();
    }
    await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_/);
    await expect(page.locator("h1")).toHaveText(offerName);

    if (cancelFirst) {
      // Cancel at checkout: back to the form, filled as it was sent.
      await page.getByRole("button", { name: order.checkout.cancel }).click();
      await expect(page).toHaveURL(/\/commander\?offre=.*cancelled=1/);
      await expect(page.getByRole("status")).toHaveText(order.form.cancelledKept);
      for (const [name, value] of Object.entries({ ...values, lastName, email }))
        await expect(page.locator(`form#order [name="${name}"]`)).toHaveValue(value);
      for (const [name, value] of Object.entries(choose ?? {}))
        await expect(page.locator(`select[name="${name}"]`)).toHaveValue(value);
      // Agreeing is asked again for each attempt: the boxes never come back ticked on their own.
      for (const name of consentFields(offer))
        await expect(page.locator(`form#order input[name="${name}"]`)).not.toBeChecked();
      await tickConsents(page, offer);
      await page.locator('form#order button[type="submit"]').click();
      await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_/);
    }
    await fillSandboxBilling(page);
    await page.getByRole("button", { name: order.checkout.pay.replace("{{amount}}", "").trim(), exact: false }).click();

    await expect(page).toHaveURL(new RegExp(`${THANK_YOU_PATHS[lang]}\\?session_id=sbx_`));
    await expect(page.locator("h1")).toHaveText(order.thankYou.title);
    await expect(page.getByTestId("success-mark")).toBeVisible();
    const steps = page.getByTestId("next-steps");
    await expect(steps).toContainText(
      fill(order.nextSteps.delivery[kind], { hours: String(getOffer(offer).delivery.hours) }),
    );
    const summary2 = page.getByTestId("order-summary");
    await expect(summary2).toContainText(offerName);
    await expect(summary2).toContainText(`Maxime ${lastName}`);
    await expect(summary2).toContainText(own);
    const reference = (await summary2.locator("dd").first().textContent())!.trim();
    // A reference a person can read out (the brand's initials and a number), not the internal id.
    expect(reference).toMatch(/^[A-Z0-9]{1,3}-\d{4,}$/);

    // The same order under another language's path: every word in that language.
    const sessionId = new URL(page.url()).searchParams.get("session_id")!;
    const other = lang === "de" ? "es" : "de";
    await page.goto(`${THANK_YOU_PATHS[other]}?session_id=${sessionId}`);
    await expect(page.locator("html")).toHaveAttribute("lang", other);
    await expect(page.getByTestId("order-summary").locator("dt").nth(1)).toHaveText(
      locale(other, "order").summary.offer,
    );
    await expect(page.getByTestId("order-summary")).toContainText(locale(other, "offers")[offer].name);
    await expect(page.getByTestId("next-steps")).toContainText(
      fill(locale(other, "order").nextSteps.delivery[kind], { hours: String(getOffer(offer).delivery.hours) }),
    );

    // Exactly one confirmation email for this order (the owner's notice aside), even after reloads;
    // files are named by the internal id, and the email names the readable reference.
    const toCustomer = () =>
      fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .filter(
              (f) =>
                f.endsWith(".eml") &&
                !f.includes("-owner-") &&
                fs.readFileSync(path.join(outbox, f), "utf8").includes(`To: ${email}`),
            )
        : [];
    await expect
      .poll(() => toCustomer().map((f) => f.replace(/^ord_\w+-/, "")), { timeout: 60_000 })
      .toEqual(["confirmation.eml"]);
    expect(fs.readFileSync(path.join(outbox, toCustomer()[0]!), "utf8")).toContain(reference);
  });
}

test("changing language after an error keeps what was typed", async ({ page, javaScriptEnabled }) => {
  const de = locale("de", "order");
  await page.goto("/commander?offre=formateur-ia&lang=en");
  await formsScriptReady(page.locator("form#order"), javaScriptEnabled);
  await fillOrder(page, { firstName: "Ada", lastName: "Lovelace", email: "nope", telegramId: "@babbage" });
  await page.locator('form#order button[type="submit"]').click();
  // With JavaScript our summary; without, the browser's own check kept the form from leaving.
  if (javaScriptEnabled) await expect(page.locator("#order-error-summary")).toBeVisible();
  else await expect(page.locator('form#order [name="email"]:invalid')).toHaveCount(1);
  // A box ticked against the English words is asked again in German (the typed values stay).
  await page.locator('form#order input[name="acceptTerms"]').check();
  // The globe in the fixed header opens the six languages; on the form they post it.
  await page.locator("header .lang-menu summary").click();
  await page.locator("header .lang-menu").getByRole("button", { name: "Deutsch" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await formsScriptReady(page.locator("form#order"), javaScriptEnabled);
  await expect(page.locator("h1")).toHaveText(`${de.form.title} ${locale("de", "offers")["formateur-ia"].name}`);
  for (const [name, value] of Object.entries({
    firstName: "Ada",
    lastName: "Lovelace",
    email: "nope",
    telegramId: "@babbage",
  })) {
    await expect(page.locator(`form#order [name="${name}"]`)).toHaveValue(value);
  }
  await expect(page.getByLabel(de.form.acceptTerms)).not.toBeChecked();
  // The form still works in the new language (without JavaScript: as the server answers it).
  if (!javaScriptEnabled)
    await page.locator("form#order").evaluate((form: HTMLFormElement) => (form.noValidate = true));
  await page.locator('form#order button[type="submit"]').click();
  await expect(page.locator("#order-email-error")).toHaveText(de.errors.email);
});

test("the order form without a language is French; an unknown offer says it does not exist", async ({
  page,
  baseURL,
}) => {
  // No lang, no cookie, no Accept-Language (the French pages link here without lang, as the spec says).
  const html = await (
    await fetch(`${baseURL}/commander?offre=test-workflow`, { headers: { "Accept-Language": "" } })
  ).text();
  expect(html).toContain('<html lang="fr"');
  await page.goto("/commander?offre=nope&lang=en");
  await expect(page.locator("h1")).toHaveText(locale("en", "order").form.unknownOfferTitle);
});

test("request a quote on a page without a price: errors in the page's language, values kept, then acknowledged", async ({
  page,
  javaScriptEnabled,
}) => {
  const es = locale("es", "quote");
  await page.goto("/instagram/es");
  const form = page.locator("form#quote");
  await expect(form.locator('input[name="offer"]')).toHaveValue("instagram");
  await formsScriptReady(form, javaScriptEnabled);
  await form.locator('[name="name"]').fill("A");
  await form.locator('[name="email"]').fill("lucia@example");
  await form.locator('[name="company"]').fill("Estudio Lucía");
  if (!javaScriptEnabled) {
    // Without JavaScript the browser checks the schema's constraint attributes first and holds the
    // form back; a browser that does not check them gets the server's answer below.
    await form.getByRole("button", { name: es.form.submit }).click();
    expect(await form.evaluate((el: HTMLFormElement) => el.checkValidity())).toBe(false);
    await expect(page).toHaveURL(/\/instagram\/es$/);
    await form.evaluate((el: HTMLFormElement) => (el.noValidate = true));
  }
  // With JavaScript, public/forms.js answers in the same markup without a post.
  await form.getByRole("button", { name: es.form.submit }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator("#quote-error-summary")).toBeFocused();
  await expect(page.locator("#quote-name-error")).toHaveText(es.errors.name);
  await expect(page.locator("#quote-email-error")).toHaveText(es.errors.email);
  await expect(page.locator("#quote-message-error")).toHaveText(es.errors.required.message);
  await expect(page.locator('form#quote [name="company"]')).toHaveValue("Estudio Lucía");
  await expect(page.locator('a[href^="mailto:hello@example.com"]').first()).toBeVisible();

  await page.locator('form#quote [name="name"]').fill("Lucía Pérez");
  await page.locator('form#quote [name="email"]').fill("lucia@example.com");
  await page
    .locator('form#quote [name="message"]')
    .fill("Queremos un agente para responder a los mensajes de Instagram.");
  if (javaScriptEnabled) await notePendingButton(page.locator("form#quote"));
  await page.locator("form#quote").getByRole("button", { name: es.form.submit }).click();
  await expect(page).toHaveURL(/\/quote\?offer=instagram&lang=es&sent=1$/);
  // A second click would send the request again: the button said it was sending.
  if (javaScriptEnabled) expect(await pendingButton(page)).toEqual({ disabled: true, text: es.form.submitting });
  await expect(page.locator("h1")).toHaveText(es.sent.title);
  await expect(page.getByRole("link", { name: es.sent.back })).toHaveAttribute("href", "/instagram/es");
});
