import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

// An order completed with the keyboard only (Tab, typing, Space, Enter), with and without JavaScript:
// form → sandbox checkout → thank-you page. No clicks, no direct focus() or fill().

// The test workflow asks for a name, an email and a topic (its own questions, from the catalogue).
const VALUES: Record<string, string> = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada.keyboard@example.com",
  videoTopic: "Ordered without a mouse",
};

async function active(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | HTMLButtonElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? "",
      name: el?.getAttribute("name") ?? "",
      type: el?.getAttribute("type") ?? "",
      value: el?.getAttribute("value") ?? "",
    };
  });
}

/** Tab forward until `match` holds for the focused element; fails if it is not reached within `max` presses. */
async function tabTo(
  page: Page,
  match: (el: Awaited<ReturnType<typeof active>>) => boolean,
  onEach?: (el: Awaited<ReturnType<typeof active>>) => Promise<void>,
  max = 120,
) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const el = await active(page);
    if (match(el)) return el;
    await onEach?.(el);
  }
  throw new Error("focus never reached the expected element by Tab");
}

test("keyboard only: order the test workflow, pay in the sandbox, see the thank-you page", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.goto("/commander?offre=test-workflow&lang=en");
  await expect(page.locator("h1")).toBeVisible();
  const filled = new Set<string>();
  const ticked = new Set<string>();
  // Walk the page in tab order; type into each field on the way, stop on the submit button.
  await tabTo(
    page,
    (el) => el.tag === "button" && el.type === "submit",
    async (el) => {
      if (el.name in VALUES && !filled.has(el.name)) {
        await page.keyboard.type(VALUES[el.name]!);
        filled.add(el.name);
      }
      if (el.type === "radio" && el.name === "connectZapier") await page.keyboard.press("Space");
      // The terms and the request to start at once: ticked with the space bar.
      if (el.type === "checkbox" && !ticked.has(el.name)) {
        await page.keyboard.press("Space");
        ticked.add(el.name);
      }
    },
  );
  expect([...filled].sort()).toEqual(Object.keys(VALUES).sort());
  expect([...ticked].sort()).toEqual(["acceptTerms", "immediateStart"]);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  if (testInfo.project.name === "js-on") {
    const result = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
      .analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  }
  // The billing address, as Stripe Checkout asks it: typed on the way to "Pay"; the country chosen by typing its name.
  const billing: Record<string, string> = {
    billingName: "Ada Keyboard",
    line1: "1 Tab Street",
    postalCode: "75011",
    city: "Paris",
    country: "France",
  };
  const typed = new Set<string>();
  await tabTo(
    page,
    (el) => el.tag === "button" && el.value === "pay",
    async (el) => {
      if (el.name in billing && !typed.has(el.name)) {
        await page.keyboard.type(billing[el.name]!);
        typed.add(el.name);
      }
    },
  );
  expect([...typed].sort()).toEqual(Object.keys(billing).sort());
  await expect(page.locator("#billing-country")).toHaveValue("FR");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/thank-you\?session_id=/);
  await expect(page.locator("h1")).toHaveText("Thank you for your order!");
  await expect(page.locator("main")).toContainText("ada.keyboard@example.com");
  if (testInfo.project.name === "js-on") {
    const result = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
      .analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  }
});
