import fs from "node:fs";
import path from "node:path";
import { expect, test, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { orderForm, payInSandbox, readStore } from "../support/orders.ts";
import { startOwnerShop, STORES, type OwnerShop } from "../support/owner-shop.ts";

// Customers' data rights (ADR 016) as the owner lives them: on a phone and on a laptop, without JavaScript (the js-off
// project; js-on runs the same plain forms), export one customer's data and erase another's — on
// the embedded SQLite and on PostgreSQL (tests/support/owner-shop.ts).

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const admin = locale("en", "admin");
const rights = locale("en", "data-rights");
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

/** A customer pays the test workflow through the sandbox (plain HTTP, as the order tests do); returns the order id. */
async function paidOrder(shop: OwnerShop, firstName: string, lastName: string, email: string): Promise<string> {
  const sessionId = await payInSandbox(
    shop.server.url,
    "test-workflow",
    "fr",
    orderForm({ offre: "test-workflow", firstName, lastName, email }),
  );
  return (await storedOrders(shop)).find((order) => order.sessionId === sessionId)!.id;
}

/** The shop's stored orders, read from its database (SQLite file or PostgreSQL). */
const storedOrders = async (shop: OwnerShop) => (await readStore(shop.server.dataDir, shop.databaseUrl)).orders;

/** A full-page screenshot attached to the test's report (and kept under test-results to open). */
async function shot(page: Page, info: TestInfo, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name}: nothing wider than the screen`).toBeLessThanOrEqual(0);
  const width = page.viewportSize()!.width;
  const file = path.resolve(
    "test-results/screenshots",
    `data-rights-${info.project.name}-${info.titlePath.at(-2)?.replace(/\W+/g, "-")}-${name}-${width}.png`,
  );
  await page.screenshot({ path: file, fullPage: true });
  await info.attach(`${name} at ${width} px`, { path: file, contentType: "image/png" });
}

for (const store of STORES) {
  test.describe(`on ${store}`, () => {
    test.describe.configure({ mode: "serial" });
    let shop: OwnerShop;
    test.beforeAll(async () => {
      shop = await startOwnerShop(store, { LOG_LEVEL: "info" });
    });
    test.afterAll(async () => {
      await shop?.stop();
    });

    test("the owner exports one customer's data and erases another's, at 390 px and 1280 px", async ({
      page,
      context,
    }, info) => {
      await journey(shop, page, context, info);
    });
  });
}

async function journey(shop: OwnerShop, page: Page, context: BrowserContext, info: TestInfo) {
  const { server } = shop;
  // A long walk on a shared, loaded machine: generous, and never a speed test.
  test.setTimeout(240_000);
  const tag = `${info.project.name.replace("-", "")}${shop.store}`;
  const keep = { first: "Héloïse", last: `Export${tag}`, email: `export.${tag}@example.com` };
  const erase = { first: "Gaspard", last: `Erase${tag}`, email: `erase.${tag}@example.com` };
  const keptOrder = await paidOrder(shop, keep.first, keep.last, keep.email);
  const erasedOrder = await paidOrder(shop, erase.first, erase.last, erase.email);
  await page.setExtraHTTPHeaders({ "Accept-Language": "en" });
  await page.setViewportSize(PHONE);
  await shop.signIn(context);
  await page.goto(`${server.url}/admin`);
  await expect(page.locator("h1")).toHaveText(admin.dashboard.title);

  // On the phone: the customers' section, the address typed with capitals, the data as one file.
  await page.getByRole("link", { name: rights.nav }).click();
  await expect(page.locator("h1")).toHaveText(rights.title);
  await page.getByLabel(rights.email).fill(keep.email.toUpperCase());
  await page.getByRole("button", { name: rights.find }).click();
  await expect(page.getByTestId("customer")).toContainText(rights.holds.replace("{{email}}", keep.email));
  await expect(page.getByTestId("customer-orders")).toHaveCount(1);
  await shot(page, info, "customer");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export").click()]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.json$/);
  const exported = fs.readFileSync(await download.path(), "utf8");
  const document = JSON.parse(exported);
  expect(document.subject.email).toBe(keep.email);
  expect(document.orders.map((order: { id: string }) => order.id)).toEqual([keptOrder]);
  expect(document.orders[0].customer).toMatchObject({ firstName: keep.first, lastName: keep.last });
  for (const needle of [erasedOrder, erase.email, erase.last]) expect(exported).not.toContain(needle);
  await info.attach("export.json", { body: exported, contentType: "application/json" });

  // On the laptop: from the other customer's order to their data, the confirmation, the erasure.
  await page.setViewportSize(LAPTOP);
  await page.goto(`${server.url}/admin/orders/${erasedOrder}`);
  await page.getByTestId("customer-data").click();
  await expect(page.getByTestId("customer")).toContainText(erase.first);
  await page.getByTestId("erase").click();
  await expect(page.locator("h1")).toHaveText(rights.confirm.title);
  await expect(page.getByTestId("erase-email")).toHaveText(erase.email);
  await expect(page.getByText(rights.confirm.keepsList)).toBeVisible();
  await shot(page, info, "confirm");
  await page.setViewportSize(PHONE);
  await shot(page, info, "confirm");
  await page.setViewportSize(LAPTOP);
  // Nothing is erased before the second step.
  expect((await storedOrders(shop)).find((order) => order.id === erasedOrder)!.customer.lastName).toBe(erase.last);
  await page.getByTestId("erase-confirm").click();
  await expect(page.getByTestId("erased-done")).toHaveText(rights.done.erased);
  await expect(page.getByTestId("customer")).toContainText(rights.nothing.replace("{{email}}", erase.email));
  await expect(page.getByTestId("data-requests").locator('[data-kind="erase"]')).toContainText(rights.kind.erase);
  await shot(page, info, "erased");
  await page.setViewportSize(PHONE);
  await shot(page, info, "erased");

  // The erased order stays (its number and amount), without the person; the other customer is untouched.
  await page.goto(`${server.url}/admin/orders/${erasedOrder}`);
  await expect(page.getByTestId("order-state")).toHaveText(admin.states.paid);
  await expect(page.getByTestId("order-fields")).not.toContainText(erase.last);
  await expect(page.getByTestId("order-fields")).not.toContainText(erase.email);
  await expect(page.getByTestId("customer-data")).toHaveCount(0);
  await shot(page, info, "erased-order");
  const orders = await storedOrders(shop);
  expect(orders.find((order) => order.id === keptOrder)!.customer.lastName).toBe(keep.last);
  expect(orders.find((order) => order.id === erasedOrder)!.amountDueNow).toBe(100);
}
