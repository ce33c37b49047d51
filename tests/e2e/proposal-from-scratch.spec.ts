import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startOwnerShop, type OwnerShop } from "../support/owner-shop.ts";

// The owner answers someone who never used the site's form, on a phone (390 px): "New proposal"
// from the list of requests, an email address, a language and an offer, then the proposal's own
// form on the page that opens. Plain form posts: the same with JavaScript on and off.
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const en = locale("en", "proposal");

let shop: OwnerShop;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  shop = await startOwnerShop("sqlite", { OWNER_LANG: "en" });
});
test.afterAll(async () => {
  await shop?.stop();
});

test.use({ viewport: { width: 390, height: 844 } });

test("New proposal for an email address, then its proposal sent, at 390 px", async ({ page, context }, info) => {
  test.setTimeout(120_000);
  await shop.signIn(context);
  await page.goto(`${shop.server.url}/admin/quotes`);
  await page.getByTestId("new-proposal").click();
  await expect(page).toHaveURL(/\/admin\/quotes\/new$/);
  const form = page.getByTestId("scratch-form");
  await form.getByLabel(en.scratch.email).fill(`scratch-${info.project.name}@example.com`);
  await form.getByLabel(en.scratch.name).fill("Giulia Bianchi");
  await form.getByLabel(en.scratch.lang).selectOption("it");
  await form.getByLabel(en.scratch.offer).selectOption("instagram");
  // Nothing overflows sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  fs.mkdirSync(path.resolve("test-results/screenshots"), { recursive: true });
  await page.screenshot({
    path: path.resolve(`test-results/screenshots/proposal-from-scratch-${info.project.name}.png`),
    fullPage: true,
  });
  // And on the narrowest phone the site serves.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({
    path: path.resolve(`test-results/screenshots/proposal-from-scratch-320-${info.project.name}.png`),
    fullPage: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await form.getByRole("button", { name: en.scratch.next }).click();

  await expect(page).toHaveURL(/\/admin\/quotes\/quo_/);
  await expect(page.getByTestId("quote-started-by-owner")).toHaveText(en.scratch.startedByOwner);
  const proposal = page.getByTestId("proposal-form");
  // The title's default is the offer's one name in the customer's language (Italian).
  await expect(proposal.getByLabel(en.admin.title)).toHaveAttribute(
    "placeholder",
    locale("it", "offers").instagram.name,
  );
  await proposal.getByLabel(en.admin.included).fill("Agente per i messaggi di Instagram, collegato alla tua agenda.");
  await proposal.getByLabel(en.admin.oneTime.replace("{{currency}}", "EUR")).fill("900");
  await proposal.getByRole("button", { name: en.admin.send }).click();
  await expect(page.getByTestId("proposal-sent")).toBeVisible();
  await expect(page.locator('[data-state="sent"]')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({
    path: path.resolve(`test-results/screenshots/proposal-from-scratch-sent-${info.project.name}.png`),
    fullPage: true,
  });
});
