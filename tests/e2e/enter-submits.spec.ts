import { expect, test, type Page, type Request } from "@playwright/test";
import { OFFER_IDS, OFFERS, ORDER_FORM_FIELDS } from "../../app/content/offers.ts";
import { orderForm } from "../support/orders.ts";
import { startServer, type RunningServer } from "../support/server.ts";

// Enter pressed inside a text field posts the form with its *default button*: the first submit
// button in tree order whose form owner is that form, `form="…"` buttons elsewhere in the page
// included (HTML, "implicit submission"). The header's language buttons belong to the order form
// (they carry typed values to the other language), so each form is tried the way a buyer types:
// every text field, filled form, Enter, and the post that leaves must be the form's own — with
// JavaScript on (public/forms.js checks first) and off (the browser posts directly).

// One server for this file: many orders from one address would meet the order form's rate limit.
test.describe.configure({ mode: "serial" });
let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: "0", LOG_LEVEL: "silent" });
});
test.afterAll(async () => {
  await server?.stop();
});

const TEXT_TYPES = new Set(["text", "email", "tel", "url", "password", "search", "number"]);
const VALUES = Object.fromEntries(orderForm());
const QUOTE_VALUES: Record<string, string> = {
  name: "Camille Martin",
  email: "camille.martin@example.com",
  company: "Atelier Martin",
  message: "A workflow for our weekly newsletter, please.",
};

/** Fills every visible field of the form with a valid value; returns the names of its text fields. */
async function fill(page: Page, form: string, values: Record<string, string>): Promise<string[]> {
  const fields = await page.locator(`${form} :is(input, textarea, select)`).evaluateAll((els) =>
    els
      // The honeypot is out of the tab order: people never fill it.
      .filter(
        (el) =>
          (el as HTMLElement).offsetParent !== null &&
          (el as HTMLInputElement).type !== "hidden" &&
          (el as HTMLElement).tabIndex >= 0,
      )
      .map((el) => ({
        tag: el.tagName.toLowerCase(),
        type: (el as HTMLInputElement).type,
        name: (el as HTMLInputElement).name,
        id: el.id,
        value: (el as HTMLInputElement).value,
      })),
  );
  const text: string[] = [];
  for (const field of fields) {
    const el = page.locator(`${form} #${field.id}`);
    if (field.type === "checkbox") await el.check();
    else if (field.type === "radio") {
      if (values[field.name] === field.value) await el.check();
    } else if (field.tag === "select") {
      const options = await el
        .locator("option")
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      await el.selectOption(
        values[field.name] && options.includes(values[field.name]!) ? values[field.name]! : options[0]!,
      );
    } else {
      expect(values[field.name], `a value for ${field.name}`).toBeDefined();
      await el.fill(values[field.name]!);
      if (field.tag === "input" && TEXT_TYPES.has(field.type)) text.push(field.id);
    }
  }
  return text;
}

/** Presses Enter in the field and returns the post it sends. */
async function enterIn(page: Page, form: string, id: string): Promise<Request> {
  await page.locator(`${form} #${id}`).focus();
  const [post] = await Promise.all([
    page.waitForRequest((request) => request.method() === "POST", { timeout: 60_000 }),
    page.keyboard.press("Enter"),
  ]);
  return post;
}

/** The post is the form's own submission: to the form's action, not the language switcher's. */
async function expectOwnSubmission(page: Page, post: Request, action: string, field: string) {
  const body = new URLSearchParams(post.postData() ?? "");
  expect(body.get("intent"), `Enter in ${field}: no language switch`).not.toBe("language");
  const sent = new URL(post.url());
  const expected = new URL(action, post.url());
  expect(`${sent.pathname}${sent.search}`, `Enter in ${field}: the form's own action`).toBe(
    `${expected.pathname}${expected.search}`,
  );
}

// One offer of each kind of order form (the fields are the kind's), in languages whose switcher
// lists other languages before the page's own.
// A kind no catalogue offer has (a proposal's "custom" order) has no order form: tests/e2e/proposal.spec.ts.
const ORDERS = Object.keys(ORDER_FORM_FIELDS)
  .map((kind) => OFFER_IDS.find((id) => OFFERS[id].kind === kind))
  .filter((offer) => offer !== undefined)
  .map((offer, i) => [offer, (["en", "de", "es"] as const)[i % 3]] as const);

for (const [offer, lang] of ORDERS) {
  test(`Enter in any text field of the ${offer} order form (${lang}) orders`, async ({ page }) => {
    test.setTimeout(240_000);
    const url = `${server.url}/commander?offre=${offer}&lang=${lang}`;
    await page.goto(url);
    const fields = await fill(page, "form#order", VALUES);
    expect(fields.length).toBeGreaterThan(0);
    for (const id of fields) {
      await page.goto(url);
      await fill(page, "form#order", VALUES);
      const action = (await page.locator("form#order").getAttribute("action")) ?? url;
      const post = await enterIn(page, "form#order", id);
      await expectOwnSubmission(page, post, action, id);
      await expect(page, `Enter in ${id} reaches the checkout`).toHaveURL(/\/checkout\/sandbox\//);
    }
  });
}

test("Enter in any text field of the quote form sends the request", async ({ page }) => {
  test.setTimeout(240_000);
  const url = `${server.url}/quote?offer=seedance&lang=de`;
  await page.goto(url);
  const fields = await fill(page, "form[data-messages='quote-messages']", QUOTE_VALUES);
  expect(fields.length).toBeGreaterThan(1);
  for (const id of fields) {
    await page.goto(url);
    await fill(page, "form[data-messages='quote-messages']", QUOTE_VALUES);
    const action = (await page.locator("form[data-messages='quote-messages']").getAttribute("action"))!;
    const post = await enterIn(page, "form[data-messages='quote-messages']", id);
    await expectOwnSubmission(page, post, action, id);
    await expect(page).toHaveURL(/sent=1/);
  }
});

test("Enter in the password field signs in; Enter in the email field asks for a link", async ({ page }) => {
  await page.goto(`${server.url}/admin/sign-in`);
  await page.locator("input[name=password]").fill("not the password at all");
  const signIn = await enterIn(
    page,
    "form:has(input[name=password])",
    await page
      .locator("input[name=password]")
      .getAttribute("id")
      .then((id) => id!),
  );
  expect(new URL(signIn.url()).pathname).toBe("/admin/sign-in");
  // Let the sign-in answer land (with JS it is a client navigation) before leaving the page.
  await signIn.response();
  await expect(page.getByRole("alert").first()).toBeVisible();

  await page.goto(`${server.url}/subscription?lang=en`);
  await page.locator("#manage-email").fill("camille.martin@example.com");
  const manage = await enterIn(page, "form:has(#manage-email)", "manage-email");
  expect(new URL(manage.url()).pathname).toBe("/subscription");
  expect(new URLSearchParams(manage.postData() ?? "").get("email")).toBe("camille.martin@example.com");
});
