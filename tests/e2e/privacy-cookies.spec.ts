import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { COOKIES, COOKIE_IDS } from "../../app/lib/cookies.ts";
import { fillSandboxBilling } from "../support/sandbox-billing.ts";

// The privacy policy's list of cookies is generated from the cookies the site
// sets (app/lib/cookies.ts). Here it is compared with what the site really sends: every Set-Cookie
// header of a full order (a page in a language, the form, a cancelled checkout and back, payment,
// the thank-you page) names a cookie the policy lists, and every cookie it lists for visitors and
// customers was sent. The owner's back-office cookies are listed as the owner's only.

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));

test("the cookies listed on /privacy are exactly those a full order sets", async ({ page, context }, info) => {
  test.slow();
  const lang = "it";
  const order = locale(lang, "order");
  const privacy = locale(lang, "privacy");
  const sent = new Map<string, string>();
  page.on("response", async (response) => {
    for (const header of await response.headerValues("set-cookie").catch(() => [])) {
      for (const line of header.split("\n")) sent.set(line.split("=")[0]!.trim(), line);
    }
  });

  await page.goto(`/${lang}`);
  await page.goto(`/commander?offre=test-workflow&lang=${lang}`);
  const email = `cookies-${info.project.name}@example.com`;
  for (const [name, value] of Object.entries({
    firstName: "Lia",
    lastName: "Biscotti",
    email,
    videoTopic: "Gatti in ufficio",
  })) {
    await page.locator(`form#order [name="${name}"]`).fill(value);
  }
  await page.getByLabel(order.form.acceptTerms).check();
  await page.getByLabel(order.form.immediateStart["digital-content"]).check();
  await page.locator('form#order button[type="submit"]').click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_/);
  // Cancelled, then back with the filled form (what the order_draft cookie is for), then paid.
  await page.getByRole("button", { name: order.checkout.cancel }).click();
  await expect(page.locator('form#order [name="email"]')).toHaveValue(email);
  await page.getByLabel(order.form.acceptTerms).check();
  await page.getByLabel(order.form.immediateStart["digital-content"]).check();
  await page.locator('form#order button[type="submit"]').click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/sbx_/);
  await fillSandboxBilling(page);
  await page.getByRole("button", { name: order.checkout.pay.replace("{{amount}}", "").trim(), exact: false }).click();
  await expect(page).toHaveURL(new RegExp(`${THANK_YOU_PATHS[lang]}\\?session_id=sbx_`));

  await page.goto(`/privacy/${lang}`);
  const rows = page.locator('[data-block="cookie-list"] [data-cookie]');
  const listed = await rows.evaluateAll((items) =>
    items.map((item) => ({
      name: item.getAttribute("data-cookie")!,
      audience: item.getAttribute("data-audience")!,
      text: item.textContent ?? "",
    })),
  );
  const forPeople = listed
    .filter((row) => row.audience !== "owner")
    .map((row) => row.name)
    .sort();

  // What the site sent is what the policy lists, no more, no less; the browser kept the same.
  expect([...sent.keys()].sort()).toEqual(forPeople);
  expect((await context.cookies()).map((cookie) => cookie.name).sort()).toEqual(forPeople);
  // The owner's cookies (never set for a visitor) are listed as the owner's, exactly as registered.
  const owners = COOKIE_IDS.filter((id) => COOKIES[id].audience === "owner").map((id) => COOKIES[id].name);
  expect(owners).toContain("admin_session");
  expect(listed.filter((row) => row.audience === "owner").map((row) => row.name)).toEqual(owners);
  // Each row says why, for whom and how long, in the page's language; every cookie sent is HttpOnly.
  for (const row of listed) {
    expect(row.text, row.name).not.toMatch(/cookieList\.|\{\{/);
    expect(
      Object.values(privacy.cookieList.purpose as Record<string, string>).some((purpose) => row.text.includes(purpose)),
      row.name,
    ).toBe(true);
  }
  for (const [name, line] of sent) expect(line, name).toMatch(/;\s*HttpOnly/i);
  await expect(page.locator("main")).not.toContainText(/un solo cookie/);
});

test("the data each kind of offer collects is listed from the order forms themselves", async ({ page }) => {
  const order = locale("fr", "order");
  const offers = locale("fr", "offers");
  await page.goto("/privacy/fr");
  const agent = page.locator('[data-block="order-data"] [data-kind="agent"]');
  await expect(agent).toContainText(offers["formateur-ia"].name);
  for (const field of ["phoneNumber", "address", "agentName", "telegramId"])
    await expect(agent).toContainText(order.form[field]);
  const test = page.locator('[data-block="order-data"] [data-kind="test"]');
  await expect(test).toContainText(offers["test-workflow"].name);
  await expect(test).not.toContainText(order.form.phoneNumber);
  await expect(page.locator('[data-block="order-data"] [data-kind="video"]')).toContainText(order.form.videoTopic);
});
