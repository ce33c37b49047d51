import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { ownerReset, setUpOwner, signIn } from "../support/admin.ts";
import { startServer, type RunningServer } from "../support/server.ts";

// Issue 24 item 3 as the owner does it on a phone and on a laptop, with JavaScript off (the
// project js-off; playwright.config.ts keeps this spec out of js-on): refund half of an order and
// cancel a subscription, each through its confirmation screen. Screenshots of each confirmation
// screen and result are attached to the test's output.
test.describe.configure({ mode: "serial" });

const money = JSON.parse(fs.readFileSync(path.resolve("locales/en/money.json"), "utf8"));
const PASSWORD = "a long phone-typed passphrase";

let server: RunningServer;
let secret = "";
test.beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0", OUTBOX_POLL_MS: "200", OWNER_LANG: "en" });
  secret = (await setUpOwner(server.url, ownerReset(server.dataDir, server.url), PASSWORD)).secret;
});
test.afterAll(async () => {
  await server?.stop();
});

/** A customer orders `offer` and pays through the sandbox (plain HTTP, as the order tests do); the order's id. */
async function paidOrder(offer: string, lastName: string): Promise<string> {
  const form = new URLSearchParams({
    offre: offer,
    firstName: "Inès",
    lastName,
    email: `${lastName.toLowerCase()}@example.com`,
    companyName: "Studio Inès",
    address: "3 place du Marché",
    city: "Lille",
    postalCode: "59000",
    country: "France",
    phoneNumber: "+33 3 20 00 00 00",
    agentName: "InesBot",
    telegramId: "@ines",
    connectZapier: "non",
    videoTopic: "Recettes",
    videoBrand: "studio-ines.example",
    videoLanguage: "fr",
    acceptTerms: "on",
    immediateStart: "on",
  });
  const created = await fetch(`${server.url}/commander?offre=${offer}&lang=fr`, { method: "POST", body: form, redirect: "manual" });
  expect(created.status).toBe(303);
  const checkout = created.headers.get("location")!;
  const paid = await fetch(server.url + checkout, { method: "POST", body: new URLSearchParams({ intent: "pay" }), redirect: "manual" });
  expect(paid.status).toBe(303);
  expect((await fetch(server.url + paid.headers.get("location")!)).status).toBe(200);
  // The owner finds it in the list by the customer's name.
  return lastName;
}

/** The owner's signed-in session (password + code over HTTP, as tests/e2e/admin.spec.ts checks in the browser), in this page's cookies. */
async function signedIn(page: Page) {
  const client = await signIn(server.url, PASSWORD, secret);
  const cookies = [client.cookie, client.device].filter(Boolean).map((pair) => {
    const [name, ...value] = pair.split("=");
    return { name: name!, value: value.join("="), url: `${server.url}/admin` };
  });
  await page.context().addCookies(cookies);
  await page.setExtraHTTPHeaders({ "Accept-Language": "en" });
}

async function openOrder(page: Page, lastName: string) {
  await page.goto(`${server.url}/admin?q=${encodeURIComponent(lastName)}`);
  await page.getByRole("link", { name: new RegExp(lastName) }).first().click();
  await expect(page.getByTestId("money")).toBeVisible();
}

async function shot(page: Page, info: import("@playwright/test").TestInfo, name: string) {
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, name).toBeLessThanOrEqual(0);
  await info.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
}

for (const width of [390, 1280]) {
  test(`at ${width} px without JavaScript: refund half of an order, then cancel a subscription`, async ({ page, javaScriptEnabled }, info) => {
    test.setTimeout(180_000);
    expect(javaScriptEnabled).toBe(false);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const once = await paidOrder("veo3-single", `Refund${width}`);
    const monthly = await paidOrder("formateur-ia", `Cancel${width}`);
    await signedIn(page);

    // Refund half: typed the French way; the second screen says what will happen.
    await openOrder(page, once);
    await expect(page.getByTestId("money-figures")).toContainText("Left to refund");
    await page.getByLabel(money.refund.amount).fill("24,50");
    await page.getByLabel(money.refund.reason).selectOption("requested_by_customer");
    await page.getByRole("button", { name: money.refund.submit }).click();
    const confirm = page.getByTestId("refund-confirm");
    await expect(confirm).toBeVisible();
    await expect(page.getByTestId("confirm-question")).toHaveText(`Refund €24.50 to Inès ${once} <${once.toLowerCase()}@example.com> for Single Veo3 video?`);
    await expect(confirm).toContainText(`Reason: ${money.reasons.requested_by_customer}`);
    await shot(page, info, `refund-confirm-${width}`);
    const confirmUrl = page.url();
    await page.getByRole("button", { name: money.confirm.confirmRefund }).click();
    await expect(page).toHaveURL(/\?money=refunded$/);
    await expect(page.getByTestId("money-done")).toHaveText(money.done.refunded);
    await expect(page.getByTestId("money-figures")).toContainText("Refunded so far: €24.50");
    await expect(page.getByTestId("money-figures")).toContainText("Left to refund: €24.50");
    await expect(page.getByTestId("timeline")).toContainText("Refund");
    await shot(page, info, `refund-done-${width}`);
    // The confirmation screen again (Back, a reload, a second tab): it is spent, nothing is refunded twice.
    await page.goto(confirmUrl);
    await expect(page).toHaveURL(/\?money=refunded$/);
    await expect(page.getByTestId("money-figures")).toContainText("Left to refund: €24.50");

    // Cancel the subscription at the end of its paid period.
    await openOrder(page, monthly);
    await page.getByRole("button", { name: money.cancel.submit }).click();
    await expect(page.getByTestId("cancel-confirm")).toBeVisible();
    await expect(page.getByTestId("confirm-question")).toContainText(`for Inès ${monthly} <${monthly.toLowerCase()}@example.com> at the end of the paid period`);
    await shot(page, info, `cancel-confirm-${width}`);
    await page.getByRole("button", { name: money.confirm.confirmCancel }).click();
    await expect(page).toHaveURL(/\?money=cancelled$/);
    await expect(page.getByTestId("money-done")).toHaveText(money.done.cancelled);
    await expect(page.getByTestId("billing-state")).toHaveAttribute("data-state", "cancelling");
    await expect(page.getByTestId("timeline")).toContainText("Subscription cancelled");
    await shot(page, info, `cancel-done-${width}`);
  });
}
