import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { formatMoney } from "../../app/i18n/format.ts";
import { freshCode } from "../support/admin.ts";
import { orderForm, postForm, postOrder, SANDBOX_PAY } from "../support/orders.ts";
import { OWNER_PASSWORD, STORES, startOwnerShop, type OwnerShop } from "../support/owner-shop.ts";

// The back office's front page, as the owner meets it: between two calls, on a 390 px phone (and at a desk,
// 1280 px), with JavaScript off (and on), on either store, the front page tells this month's revenue and how the
// visitors went from the offer's page to paying. Screenshots are attached to the test's report.

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const admin = locale("en", "admin");
const offers = locale("en", "offers");
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

for (const store of STORES) {
  test.describe(`on ${store}`, () => {
    let shop: OwnerShop;
    test.beforeAll(async () => {
      // A server, an owner, visits and two orders: generous on a loaded machine (never a speed test).
      test.setTimeout(180_000);
      shop = await startOwnerShop(store, { PAGE_VIEWS_FLUSH_MS: "200" });
      const base = shop.server.url;
      // Visitors: the Telegram agent's page in French, three of them open the order form, one pays
      // (497 € set-up and the first month, 39 €: 536 € today) after an abandoned try; a robot's visits are not counted.
      const visit = (p: string, agent = CHROME) =>
        fetch(base + p, { headers: { "User-Agent": agent, "Accept-Language": "fr" } }).then((res) => res.arrayBuffer());
      for (let i = 0; i < 8; i++) await visit("/formateur-ia");
      for (let i = 0; i < 5; i++)
        await visit("/formateur-ia", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
      for (let i = 0; i < 3; i++) await visit("/commander?offre=formateur-ia&lang=fr");
      expect((await postOrder(base, "formateur-ia", "fr", orderForm({ email: "ines@example.com" }))).status).toBe(303);
      const created = await postOrder(base, "formateur-ia", "fr", orderForm({ email: "ines@example.com" }));
      const paid = await postForm(base + created.headers.get("location")!, SANDBOX_PAY);
      expect((await fetch(base + paid.headers.get("location")!)).status).toBe(200);
    });
    test.afterAll(async () => {
      await shop?.stop();
    });

    test("the owner reads this month's revenue and the funnel on a phone and a desk", async ({
      page,
      javaScriptEnabled,
    }, info) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.setExtraHTTPHeaders({ "Accept-Language": "en" });
      await page.goto(`${shop.server.url}/admin`);
      await expect(page).toHaveURL(/\/admin\/sign-in$/);
      await page.getByLabel(admin.fields.password).fill(OWNER_PASSWORD);
      await page.getByRole("button", { name: admin.signIn.submit }).click();
      await page.getByLabel(admin.fields.code).fill(await freshCode(shop.secret));
      await page.getByRole("button", { name: admin.verify.submit }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.locator("h1")).toHaveText(admin.dashboard.title);

      // The counts reach the database within a flush (200 ms here): reload until the funnel shows them.
      const row = page.locator('[data-testid="funnel-table"] tbody[data-offer="formateur-ia"][data-lang="fr"]');
      await expect(async () => {
        await page.reload();
        await expect(row.locator("td")).toHaveText(["8", "3", "2", "1"], { timeout: 1_000 });
      }).toPass({ timeout: 60_000 });

      await expect(page.getByTestId("revenue-month")).toHaveText(formatMoney(53_600, "EUR", "en"));
      await expect(page.getByTestId("mrr")).toHaveText(formatMoney(3_900, "EUR", "en"));
      await expect(row.locator("th")).toContainText(offers["formateur-ia"].name);
      const funnel = page.getByRole("img", { name: new RegExp(admin.dashboard.funnel.heading) });
      await expect(funnel).toBeVisible();
      await expect(page.getByTestId("funnel-chart").locator("desc")).toContainText(
        `${admin.dashboard.funnel.views}: 8`,
      );
      await expect(
        page.getByRole("img", { name: admin.dashboard.chartTitle.replace("{{currency}}", "EUR") }),
      ).toBeVisible();
      // The chart's figures as a table, opened without JavaScript (a <details>).
      await page.getByText(admin.dashboard.asTable).click();
      await expect(
        page.getByRole("table", { name: admin.dashboard.chartTitle.replace("{{currency}}", "EUR") }),
      ).toContainText(formatMoney(53_600, "EUR", "en"));

      // Phone-first: nothing wider than the screen at 390 and 320 px; then a desk.
      for (const width of [390, 320, 1280]) {
        await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `dashboard at ${width}px`).toBeLessThanOrEqual(0);
        const shot = await page.screenshot({ fullPage: true });
        await info.attach(`dashboard-${store}-${info.project.name}-${width}px`, {
          body: shot,
          contentType: "image/png",
        });
        fs.mkdirSync(path.resolve("test-results/screenshots"), { recursive: true });
        fs.writeFileSync(
          path.resolve(`test-results/screenshots/admin-dashboard-${store}-${info.project.name}-${width}.png`),
          shot,
        );
      }

      // axe (WCAG A/AA): run where the page may run scripts (axe is one); the DOM is the same without.
      if (javaScriptEnabled) {
        const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        expect(
          result.violations.map((v) => `[${v.id}] ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
        ).toEqual([]);
      }

      // From the dashboard to the paid order: one row that reads as a sale, its
      // delivery state, and the abandoned try folded under it.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("link", { name: admin.nav.orders, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/orders$/);
      const sale = page.locator("li[data-order-id]").filter({ hasText: "ines@example.com" });
      await expect(sale).toHaveCount(1);
      await expect(sale.getByTestId("order-customer")).toHaveText("Camille Martin");
      // The readable reference, then the offer's one name.
      const escaped = offers["formateur-ia"].name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      await expect(sale.getByTestId("order-offer")).toHaveText(new RegExp(`^[A-Z0-9]{1,3}-\\d{4,} · ${escaped}$`));
      await expect(sale.getByTestId("order-state")).toHaveText(admin.states.paid);
      await expect(sale.getByTestId("order-delivery")).toHaveText(admin.orders.toDeliver);
      await expect(sale.getByTestId("order-attempts").locator("summary")).toHaveText(
        admin.orders.earlierAttempts_one.replace("{{count}}", "1"),
      );
      await info.attach(`orders-${store}-${info.project.name}-390px`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: "image/png",
      });
    });
  });
}
