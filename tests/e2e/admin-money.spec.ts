import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { ines, payInSandbox } from "../support/orders.ts";
import { attachShots, startOwnerShop, STORES, type OwnerShop } from "../support/owner-shop.ts";

// Refunds and cancellations as the owner does them on a phone, with JavaScript off (the project js-off;
// playwright.config.ts keeps this spec out of js-on), on both stores: refund half of an order and
// cancel a subscription, each through its confirmation screen. Screenshots of each confirmation
// screen and result, at 390 px and 1280 px, are attached to the test's output.
test.describe.configure({ mode: "serial" });

const admin = JSON.parse(fs.readFileSync(path.resolve("locales/en/admin.json"), "utf8"));
const money = JSON.parse(fs.readFileSync(path.resolve("locales/en/money.json"), "utf8"));
let shop: OwnerShop;
let server: OwnerShop["server"];

/** A customer orders `offer` and pays through the sandbox; the owner finds it by the customer's name. */
async function paidOrder(offer: string, lastName: string): Promise<string> {
  await payInSandbox(
    server.url,
    offer,
    "fr",
    ines(lastName, { videoTopic: "Recettes", videoBrand: "studio-ines.example", comments: "" }),
  );
  return lastName;
}

async function openOrder(page: Page, lastName: string) {
  await page.goto(`${server.url}/admin/orders?q=${encodeURIComponent(lastName)}`);
  await page
    .getByRole("link", { name: new RegExp(lastName) })
    .first()
    .click();
  await expect(page.getByTestId("money")).toBeVisible();
}

async function shot(page: Page, info: TestInfo, name: string) {
  // Nothing wider than the screen, on a phone and on a laptop.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await attachShots(page, info, name);
}

for (const store of STORES) {
  test(`on ${store}, on a phone without JavaScript: refund half of an order, then cancel a subscription`, async ({
    page,
    javaScriptEnabled,
  }, info) => {
    test.setTimeout(240_000);
    expect(javaScriptEnabled).toBe(false);
    shop = await startOwnerShop(store);
    server = shop.server;
    try {
      await journey(page, info, store);
    } finally {
      await shop.stop();
    }
  });
}

async function journey(page: Page, info: TestInfo, store: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  const once = await paidOrder("veo3-single", `Refund${store}`);
  const monthly = await paidOrder("formateur-ia", `Cancel${store}`);
  await shop.signIn(page.context());
  await page.setExtraHTTPHeaders({ "Accept-Language": "en" });

  // Refund half: typed the French way; the second screen says what will happen.
  await openOrder(page, once);
  await expect(page.getByTestId("money-figures")).toContainText("Left to refund");
  // A page for a thumb: the actions come before the customer's answers, which are folded; a refund is typed, never prefilled.
  await expect(page.getByLabel(money.refund.amount)).toHaveValue("");
  await expect(page.getByTestId("order-details")).toBeVisible();
  const refundTop = (await page.getByTestId("refund-form").boundingBox())!.y;
  expect(refundTop, "the refund form above the folded details").toBeLessThan(
    (await page.getByTestId("order-details").boundingBox())!.y,
  );
  await expect(page.getByTestId("order-fields")).toBeHidden();
  await page.getByLabel(money.refund.amount).fill("24,50");
  await page.getByLabel(money.refund.reason).selectOption("requested_by_customer");
  await page.getByRole("button", { name: money.refund.submit }).click();
  const confirm = page.getByTestId("refund-confirm");
  await expect(confirm).toBeVisible();
  await expect(page.getByTestId("confirm-question")).toHaveText(
    `Refund €24.50 to Inès ${once} <${once.toLowerCase()}@example.com> for Single Veo3 video?`,
  );
  await expect(confirm).toContainText(`Reason: ${money.reasons.requested_by_customer}`);
  await shot(page, info, "refund-confirm");
  const confirmUrl = page.url();
  await page.getByRole("button", { name: money.confirm.confirmRefund }).click();
  await expect(page).toHaveURL(/\?money=refunded$/);
  await expect(page.getByTestId("money-done")).toHaveText(money.done.refunded);
  await expect(page.getByTestId("money-figures")).toContainText("Refunded so far: €24.50");
  await expect(page.getByTestId("money-figures")).toContainText("Left to refund: €24.50");
  await expect(page.getByTestId("timeline")).toContainText("Refund");
  await shot(page, info, "refund-done");
  // The confirmation screen again (Back, a reload, a second tab): it is spent, nothing is refunded twice.
  await page.goto(confirmUrl);
  await expect(page).toHaveURL(/\?money=refunded$/);
  await expect(page.getByTestId("money-figures")).toContainText("Left to refund: €24.50");

  // Cancel the subscription at the end of its paid period.
  await openOrder(page, monthly);
  await page.getByRole("button", { name: money.cancel.submit }).click();
  await expect(page.getByTestId("cancel-confirm")).toBeVisible();
  await expect(page.getByTestId("confirm-question")).toContainText(
    `for Inès ${monthly} <${monthly.toLowerCase()}@example.com> at the end of the paid period`,
  );
  await shot(page, info, "cancel-confirm");
  await page.getByRole("button", { name: money.confirm.confirmCancel }).click();
  await expect(page).toHaveURL(/\?money=cancelled$/);
  await expect(page.getByTestId("money-done")).toHaveText(money.done.cancelled);
  await expect(page.getByTestId("billing-state")).toHaveAttribute("data-state", "cancelling");
  await expect(page.getByTestId("timeline")).toContainText("Subscription cancelled");
  await shot(page, info, "cancel-done");

  // The list says the same: the refunded order with its amount, the cancelling subscription as such
  // and still to deliver this period (its money is kept until the period ends).
  await page.goto(`${server.url}/admin/orders?q=${encodeURIComponent(`Refund${store}`)}`);
  const refundedRow = page
    .locator("li[data-order-id]")
    .filter({ hasText: `Refund${store}` })
    .first();
  await expect(refundedRow.locator('[data-badge="partly-refunded"]')).toHaveText(
    admin.orders.refundedPart.replace("{{amount}}", "€24.50").replace("{{total}}", "€49"),
  );
  await page.goto(`${server.url}/admin/orders?q=${encodeURIComponent(`Cancel${store}`)}`);
  const cancellingRow = page
    .locator("li[data-order-id]")
    .filter({ hasText: `Cancel${store}` })
    .first();
  await expect(cancellingRow.locator('[data-badge="cancelling"]')).toBeVisible();
  await expect(cancellingRow.locator('[data-badge="to-deliver"]')).toBeVisible();
  await shot(page, info, "list-badges");
}
