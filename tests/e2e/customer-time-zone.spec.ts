import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { formatZonedDue } from "../../app/i18n/format.ts";
import { consentFields } from "../../app/orders/order-schema.ts";
import { fillSandboxBilling } from "../support/sandbox-billing.ts";

/**
 * The customer's own clock, as a browser in Montreal orders: with JavaScript on, the order form
 * sends the browser's zone and the order page tells its times in it, the zone named once; with
 * JavaScript off, the owner's zone (Europe/Paris on the test server), named once.
 */
const outbox = path.resolve("test-results/e2e-data/outbox");
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const decode = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (hex) => Buffer.from(hex.replace(/=/g, ""), "hex").toString("utf8"));

test.use({ timezoneId: "America/Montreal" });

test("a browser in Montreal: its zone with JavaScript on, the owner's without, named once", async ({ page }, info) => {
  test.slow();
  const en = locale("en", "order-page");
  const email = `zone.${info.project.name}.${Date.now()}@example.com`;
  await page.goto("/commander?offre=test-workflow&lang=en");
  for (const [name, value] of Object.entries({
    firstName: "Camille",
    lastName: "Tremblay",
    email,
    videoTopic: "Recettes d'hiver",
  }))
    await page.locator(`form#order [name="${name}"]`).fill(value);
  for (const name of consentFields("test-workflow")) await page.locator(`form#order input[name="${name}"]`).check();
  await page.locator('form#order button[type="submit"]').click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_/);
  await fillSandboxBilling(page);
  await page
    .getByRole("button", { name: locale("en", "order").checkout.pay.replace("{{amount}}", "").trim(), exact: false })
    .click();
  await expect(page.getByTestId("order-summary")).toBeVisible();

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
        link = mail ? /https?:\/\/[^\s"]+\/order\/[\w.-]+\?lang=en/.exec(mail)?.[0] : undefined;
        return Boolean(link);
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  await page.goto(new URL(link!).pathname + new URL(link!).search);
  // The browser's own name for its zone (Chromium may give Montreal's canonical name, America/Toronto).
  const zone =
    info.project.name === "js-on"
      ? await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
      : "Europe/Paris";
  if (info.project.name === "js-on") expect(zone).toMatch(/^America\/(Montreal|Toronto)$/);
  await expect(page.getByTestId("order-time-zone")).toHaveText(en.page.timeZone.replace("{{zone}}", zone));
  // The due time as the page's zone writes it (unnamed: the line above names it).
  const due = page.getByTestId("order-due").locator("time");
  const at = (await due.getAttribute("datetime"))!;
  const expected = formatZonedDue(new Date(at), "en", zone, true, false);
  await expect(due).toHaveText(expected);
  expect((await page.locator("main").innerText()).split(zone)).toHaveLength(2);
});
