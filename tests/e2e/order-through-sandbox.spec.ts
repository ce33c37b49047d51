import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";

// Runs in both Playwright projects: js-off (a script-disabled browser) and js-on.
const outbox = path.resolve("test-results/e2e-data/outbox");
const locale = (lang: string, ns: string) => JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));

async function fillOrder(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`[name="${name}"]`).fill(value);
}

const CASES = [
  { lang: "fr", offer: "short-videos" },
  { lang: "en", offer: "veo3-single" },
] as const;

test("order through the sandbox to the thank-you page in two languages; one confirmation email each", async ({ page, javaScriptEnabled }, info) => {
  test.slow();
  for (const { lang, offer } of CASES) {
    const order = locale(lang, "order");
    const offerName = locale(lang, "offers")[offer].name;
    const lastName = `Tester${info.project.name.replace("-", "")}${lang}`;

    await page.goto(`/commander?offre=${offer}&lang=${lang}`);
    await expect(page).toHaveTitle(new RegExp(`^${order.form.title} ${offerName.replace(/[()]/g, "\\$&")} \\|`));
    await expect(page.locator("h1")).toHaveText(`${order.form.title} ${offerName}`);

    if (javaScriptEnabled) {
      // Client hints from the same schema, before any request.
      const posts: string[] = [];
      const onRequest = (request: { method(): string; url(): string }) => request.method() === "POST" && posts.push(request.url());
      page.on("request", onRequest);
      await page.locator('[name="email"]').fill("broken");
      await page.locator('[name="firstName"]').focus();
      await expect(page.locator("#order-email-error")).toHaveText(order.errors.email);
      await page.locator('button[type="submit"]').first().click();
      await expect(page.locator("#order-agentName-error")).toHaveText(order.errors.agentName);
      expect(posts).toEqual([]);
      page.off("request", onRequest);
    }

    // An invalid attempt: errors next to the fields, values kept.
    await fillOrder(page, { firstName: "A", lastName, email: "nope" });
    await page.locator('button[type="submit"]').first().click();
    await expect(page.locator("#order-firstName-error")).toHaveText(order.errors.firstName);
    await expect(page.locator('[name="firstName"]')).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator('[name="email"]')).toHaveAttribute("aria-describedby", /order-email-error/);
    await expect(page.locator('[name="lastName"]')).toHaveValue(lastName);
    if (!javaScriptEnabled) await expect(page.locator('[name="firstName"]')).toBeFocused();

    await fillOrder(page, {
      firstName: "Maxime",
      lastName,
      email: `${lastName.toLowerCase()}@example.com`,
      address: "8 avenue des Tests",
      city: "Nantes",
      postalCode: "44000",
      country: "France",
      phoneNumber: "0240000000",
      agentName: "iaBot",
      telegramId: "@maxime",
      comments: "Livraison rapide, merci",
    });
    await page.locator('input[name="connectZapier"][value="oui"]').check();
    const submit = page.locator('button[type="submit"]').first();
    if (javaScriptEnabled) {
      // Hold the request a moment to see the pending state: disabled, with the loading label.
      await page.route("**/commander*", async (route) => {
        if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await submit.click();
      await expect(submit).toBeDisabled();
      await expect(submit).toHaveText(order.form.submitting);
    } else {
      await submit.click();
    }

    await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_/);
    await expect(page.locator("h1")).toHaveText(offerName);
    await page.getByRole("button", { name: locale(lang, "order").checkout.pay.replace("{{amount}}", "").trim(), exact: false }).click();

    await expect(page).toHaveURL(new RegExp(`${THANK_YOU_PATHS[lang]}\\?session_id=sbx_`));
    await expect(page.locator("h1")).toHaveText(order.thankYou.title);
    const summary = page.getByTestId("order-summary");
    await expect(summary).toContainText(offerName);
    await expect(summary).toContainText(`Maxime ${lastName}`);
    await expect(summary).toContainText("iaBot");
    await expect(summary).toContainText("Livraison rapide, merci");
    const reference = (await summary.locator("dd").first().textContent())!.trim();
    expect(reference).toMatch(/^ord_/);

    // Exactly one confirmation email for this order, even after a reload.
    await page.reload();
    await expect(page.locator("h1")).toHaveText(order.thankYou.title);
    // The outbox worker sends right after payment; 30 s leaves room for a heavily loaded CI box.
    await expect.poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.startsWith(reference) && !f.includes("-owner-")) : []), { timeout: 30_000 }).toEqual([
      `${reference}-confirmation.eml`,
    ]);
    const eml = fs.readFileSync(path.join(outbox, `${reference}-confirmation.eml`), "utf8");
    expect(eml).toContain(`To: ${lastName.toLowerCase()}@example.com`);
  }
});
