import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { consentFields } from "../../app/orders/order-schema.ts";
import { HTML_ONLY } from "../support/projects.ts";
import { fillSandboxBilling } from "../support/sandbox-billing.ts";

/**
 * The customer's order page on a phone with scripts off: a sandbox order paid through the form,
 * the page opened from the confirmation email's link, its reference, due date and timeline, and a
 * screenshot to look at. The page ships no script, so the js-off run is the whole story.
 */
const outbox = path.resolve("test-results/e2e-data/outbox");
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const decode = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (hex) => Buffer.from(hex.replace(/=/g, ""), "hex").toString("utf8"));

test.use({ viewport: { width: 390, height: 844 } });

test("the order page from the confirmation email, at 390 px without JavaScript", HTML_ONLY, async ({ page }, info) => {
  test.slow();
  const fr = locale("fr", "order-page");
  const email = `page.${info.project.name}.${Date.now()}@example.com`;
  await page.goto("/commander?offre=test-workflow&lang=fr");
  for (const [name, value] of Object.entries({
    firstName: "Camille",
    lastName: "Durand",
    email,
    videoTopic: "Recettes de saison",
  }))
    await page.locator(`form#order [name="${name}"]`).fill(value);
  for (const name of consentFields("test-workflow")) await page.locator(`form#order input[name="${name}"]`).check();
  await page.locator('form#order button[type="submit"]').click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_/);
  await fillSandboxBilling(page);
  await page
    .getByRole("button", { name: locale("fr", "order").checkout.pay.replace("{{amount}}", "").trim(), exact: false })
    .click();
  const reference = (await page.getByTestId("order-summary").locator("dd").first().textContent())!.trim();
  expect(reference).toMatch(/^[A-Z0-9]{1,3}-\d{4,}$/);

  // The link in the confirmation email (the outbox's .eml file).
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox)
          ? fs.readdirSync(outbox).filter((f) => f.endsWith("-confirmation.eml"))
          : [];
        const mail = files
          .map((f) => decode(fs.readFileSync(path.join(outbox, f), "utf8")))
          .find((text) => text.includes(`To: ${email}`));
        link = mail ? /https?:\/\/[^\s"]+\/order\/[\w.-]+\?lang=fr/.exec(mail)?.[0] : undefined;
        return Boolean(link);
      },
      { timeout: 60_000 },
    )
    .toBe(true);

  const response = await page.goto(new URL(link!).pathname + new URL(link!).search);
  expect(response!.status()).toBe(200);
  expect(response!.headers()["cache-control"]).toBe("no-store");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByTestId("order-reference")).toHaveText(reference);
  await expect(page.getByTestId("order-due").locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await expect(page.getByTestId("order-time-zone")).toHaveText(fr.page.timeZone.replace("{{zone}}", "Europe/Paris"));
  await expect(page.locator('[data-step="inProgress"]')).toHaveAttribute("aria-current", "step");
  expect(await page.locator("script[src]").count()).toBe(0);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const shot = info.outputPath("order-page-390.png");
  await page.screenshot({ path: shot, fullPage: true });
  await info.attach("order-page-390px", { path: shot, contentType: "image/png" });
});
