import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { decodeMail, orderForm } from "../support/orders.ts";
import { fillSandboxBilling } from "../support/sandbox-billing.ts";

// Runs in both Playwright projects: js-off (a script-disabled browser) and js-on.
const outbox = path.resolve("test-results/e2e-data/outbox");
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));

test("a subscriber manages the subscription from the email link: sees it, cancels at the period end with a form post; asks for a fresh link from the footer", async ({
  page,
}, info) => {
  const lang = "fr";
  const sub = locale(lang, "subscription");
  const email = `portal-${info.project.name}@example.com`;
  const placed = await page.request.post(`/commander?offre=formateur-ia&lang=${lang}`, {
    form: Object.fromEntries(orderForm({ email, offre: "formateur-ia" })),
    maxRedirects: 0,
  });
  expect(placed.status()).toBe(303);
  await page.goto(placed.headers().location!);
  await fillSandboxBilling(page);
  await page
    .getByRole("button", { name: locale(lang, "order").checkout.pay.replace("{{amount}}", "").trim(), exact: false })
    .click();
  await expect(page.locator("[data-price-line]")).toContainText("Mise en place");
  const reference = (await page.getByTestId("order-summary").locator("dd").first().textContent())!.trim();

  // The page shows the readable reference; the outbox names files by the internal id: the
  // confirmation is the one that names this reference.
  const confirmation = () =>
    fs
      .readdirSync(outbox)
      .filter((name) => name.endsWith("-confirmation.eml"))
      .map((name) => ({
        orderId: name.replace(/-confirmation\.eml$/, ""),
        mail: decodeMail(fs.readFileSync(path.join(outbox, name), "utf8")),
      }))
      .find(({ mail }) => mail.includes(reference));
  await expect.poll(() => confirmation() !== undefined, { timeout: 60_000 }).toBe(true);
  const { orderId, mail } = confirmation()!;
  const link = /http:\/\/127\.0\.0\.1:\d+(\/subscription\/[\w.-]+\?lang=fr)/.exec(mail)![1]!;

  await page.goto(link);
  await expect(page.locator("h1")).toHaveText(sub.manage.title);
  await expect(page.getByTestId("subscription-state")).toHaveText(sub.manage.state.active);
  await page.getByRole("button", { name: sub.manage.cancel }).click();
  await expect(page.getByTestId("subscription-state")).toHaveText(sub.manage.state.cancelling);
  await expect(page.getByRole("status")).toContainText(sub.manage.cancelledNotice.split("{{date}}")[0]!.trim());
  await expect(page.getByRole("button", { name: sub.manage.cancel })).toHaveCount(0);
  await expect
    .poll(() => fs.existsSync(path.join(outbox, `${orderId}-owner-cancellation.eml`)), { timeout: 60_000 })
    .toBe(true);

  // A fresh link: from the footer, for any address the same answer.
  await page.goto(`/fr`);
  await page
    .locator("footer")
    .getByRole("link", { name: locale(lang, "common").footer.manageSubscription })
    .click();
  await expect(page.locator("h1")).toHaveText(sub.request.title);
  await page.getByLabel(sub.request.email).fill(email);
  await page.getByRole("button", { name: sub.request.submit }).click();
  await expect(page.getByRole("status")).toHaveText(sub.request.sent);
});
