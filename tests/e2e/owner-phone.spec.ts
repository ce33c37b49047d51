import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { ADMIN_SECTIONS } from "../../app/admin/sections.ts";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { ines, payInSandbox } from "../support/orders.ts";
import { startOwnerShop, type OwnerShop } from "../support/owner-shop.ts";

// The owner at work on a phone: every section of the back office one tap away at 320 px in each
// language, the back office in the owner's language (OWNER_LANG, or the one picked there) whatever
// the browser says, and one clock (OWNER_TIME_ZONE) for every time it shows.

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const ZONE = "America/New_York";

test.describe.configure({ mode: "default" });

let shop: OwnerShop;
let paidFrom = 0;
let paidTo = 0;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  // A French owner in New York: neither the browsers below (English, German) nor Paris' clock are theirs.
  shop = await startOwnerShop("sqlite", { OWNER_LANG: "fr", OWNER_TIME_ZONE: ZONE });
  paidFrom = Date.now();
  await payInSandbox(shop.server.url, "veo3-single", "fr", ines("Horloge"));
  paidTo = Date.now();
});
test.afterAll(async () => {
  await shop?.stop();
});

async function keepShot(page: Page, info: TestInfo, name: string) {
  const body = await page.screenshot({ fullPage: true });
  await info.attach(name, { body, contentType: "image/png" });
  fs.mkdirSync(path.resolve("test-results/screenshots"), { recursive: true });
  fs.writeFileSync(path.resolve(`test-results/screenshots/${name}.png`), body);
}

/** The section links of the bar: each label as `lang` writes it. */
function sectionLabels(lang: string): string[] {
  return ADMIN_SECTIONS.map((section) => {
    const [ns, key] = section.label.includes(":") ? section.label.split(":") : ["admin", section.label];
    return key!.split(".").reduce((value: Record<string, unknown>, part) => value[part] as never, locale(lang, ns!));
  }) as unknown as string[];
}

test("every back-office section is in sight and one tap away at 320 px, in six languages @html-only", async ({
  page,
  context,
}, info) => {
  test.setTimeout(180_000);
  await shop.signIn(context);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const lang of LANGUAGES) {
    await page.goto(`${shop.server.url}/admin?lang=${lang}`);
    const nav = page.getByRole("navigation", { name: locale(lang, "admin").title, exact: true });
    // No sideways scroller: nothing of the menu lies beyond its own box.
    expect(await nav.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    for (const [index, label] of sectionLabels(lang).entries()) {
      const link = nav.getByRole("link", { name: label, exact: true });
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.x, `${lang}: ${label}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${lang}: ${label}`).toBeLessThanOrEqual(320);
      // A thumb's target, and within the first screen.
      expect(box.height).toBeGreaterThanOrEqual(40);
      expect(box.y + box.height).toBeLessThanOrEqual(640);
      if (lang === "de") expect(await link.getAttribute("href")).toBe(ADMIN_SECTIONS[index]!.href);
    }
  }
  // One tap: the last section, from the dashboard.
  await page.goto(`${shop.server.url}/admin?lang=de`);
  await page.getByRole("link", { name: sectionLabels("de")[5], exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/security/);
  // At a desk, one row in the longest language.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${shop.server.url}/admin/orders?lang=de`);
  const tops = await page
    .getByRole("navigation", { name: locale("de", "admin").title, exact: true })
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 640 : 900 });
    await page.goto(`${shop.server.url}/admin/orders?lang=de`);
    await keepShot(page, info, `admin-menu-de-${width}px`);
  }
});

test("the back office speaks OWNER_LANG, not the browser's language, until the owner picks another there @html-only", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const english = await browser.newContext({ locale: "en-US" });
  await shop.signIn(english);
  const page = await english.newPage();
  await page.goto(`${shop.server.url}/admin`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("h1")).toHaveText(locale("fr", "admin").dashboard.title);
  // The site's language cookie (a visit of the English site) does not move it either.
  await page.goto(`${shop.server.url}/?lang=en`);
  await page.goto(`${shop.server.url}/admin/orders`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");

  // The owner picks Italian on the security page: kept, on this browser and the next.
  await page.goto(`${shop.server.url}/admin/security`);
  await page.getByTestId("owner-language").locator("select").selectOption("it");
  await page.getByTestId("owner-language").getByRole("button").click();
  await expect(page.getByRole("status")).toHaveText(locale("it", "admin").ownerLanguage.saved);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  const german = await browser.newContext({ locale: "de-DE" });
  await shop.signIn(german);
  const other = await german.newPage();
  await other.goto(`${shop.server.url}/admin/orders`);
  await expect(other.locator("html")).toHaveAttribute("lang", "it");
  // Back to French for the other tests.
  await other.goto(`${shop.server.url}/admin/security`);
  await other.getByTestId("owner-language").locator("select").selectOption("fr");
  await other.getByTestId("owner-language").getByRole("button").click();
  await expect(other.locator("html")).toHaveAttribute("lang", "fr");
  await english.close();
  await german.close();
});

test("one clock: the back office shows times in OWNER_TIME_ZONE, not Paris' @html-only", async ({ page, context }) => {
  test.setTimeout(120_000);
  await shop.signIn(context);
  await page.goto(`${shop.server.url}/admin/orders?lang=en`);
  const row = page.locator("li", { hasText: "Inès Horloge" }).first();
  const text = (await row.textContent()) ?? "";
  const at = (zone: string) => {
    const format = new Intl.DateTimeFormat("en-GB", { dateStyle: "short", timeStyle: "short", timeZone: zone });
    const minutes = new Set<string>();
    for (let t = paidFrom - 60_000; t <= paidTo + 60_000; t += 30_000) minutes.add(format.format(t));
    return [...minutes];
  };
  expect(
    at(ZONE).some((time) => text.includes(time)),
    `${text} shows New York's time`,
  ).toBe(true);
  expect(
    at("Europe/Paris").some((time) => text.includes(time)),
    `${text} shows no Paris time`,
  ).toBe(false);
});

test("an order's timeline names its emails in words, with no technical reference under them @html-only", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await shop.signIn(context);
  await page.goto(`${shop.server.url}/admin/orders?lang=en`);
  await page.locator("li", { hasText: "Inès Horloge" }).first().getByRole("link").first().click();
  // The owner's language (OWNER_LANG=fr): the link leaves the one page's ?lang=en behind.
  const timeline = page.getByTestId("timeline");
  await expect(timeline).toContainText(locale("fr", "admin").emailKinds.ownerPaid);
  // The checkout's session id stays folded away (the one reference a support request may need).
  await expect(timeline.getByTestId("timeline-code")).toHaveCount(1);
  await expect(timeline).not.toContainText("owner-paid");
});
