import type { Page } from "@playwright/test";

/** Fills the sandbox checkout's billing address (asked before paying, as Stripe Checkout asks it). */
export async function fillSandboxBilling(page: Page, country = "FR") {
  await page.locator("#billing-billingName").fill("Camille Martin");
  await page.locator("#billing-line1").fill("12 rue des Lilas");
  await page.locator("#billing-postalCode").fill("69003");
  await page.locator("#billing-city").fill("Lyon");
  await page.locator("#billing-country").selectOption(country);
}
