import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { freshCode } from "../support/admin.ts";
import { ines, payInSandbox } from "../support/orders.ts";
import { startServer, type RunningServer } from "../support/server.ts";

// The owner's back office as a person uses it, on a phone, in both projects (JavaScript on and
// off). Each project starts its own server: one owner per server, set up from its start-up log.
test.describe.configure({ mode: "serial" });

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const admin = locale("en", "admin");
const PASSWORD = "a long phone-typed passphrase";
const PHONE = { width: 390, height: 844 };

let server: RunningServer;
/** The owner's authenticator secret and a paid order, from the first test (the tests run in order). */
let ownerSecret = "";
let linkedOrder = "";
test.beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: "info", ORDER_RATE_LIMIT: "0", OUTBOX_POLL_MS: "200", OWNER_LANG: "en" });
});
test.afterAll(async () => {
  await server?.stop();
});

const shots = path.resolve("test-results/screenshots");
async function phoneShot(page: Page, name: string, project: string) {
  // Phone-first: nothing wider than the screen, at 390 px and at 320 px.
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(shots, `admin-${project}-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

/** A customer orders and pays through the sandbox (plain HTTP, as the order tests do). */
async function placePaidOrder(lastName: string) {
  await payInSandbox(server.url, "formateur-ia", "es", ines(lastName));
}

const eml = (name: string) => path.join(server.dataDir, "outbox", name);

test("the owner sets up, signs in with password + code, finds an order, resends, marks delivered, exports CSV", async ({
  page,
  javaScriptEnabled,
}, info) => {
  // A long walk through the whole back office: generous on a loaded machine (never a speed test).
  test.setTimeout(240_000);
  const project = info.project.name;
  await page.setViewportSize(PHONE);
  await page.setExtraHTTPHeaders({ "Accept-Language": "en" });

  // First start: the one-time link is in the log.
  const line = server
    .logs()
    .split("\n")
    .find((l) => l.includes("/admin/setup?token="));
  expect(line).toBeTruthy();
  await page.goto(JSON.parse(line!).url);
  await expect(page.locator("h1")).toHaveText(admin.setup.title);
  await phoneShot(page, "setup", project);
  await page.getByLabel(admin.fields.newPassword).fill(PASSWORD);
  await page.getByLabel(admin.fields.confirmPassword).fill(PASSWORD);
  await page.getByRole("button", { name: admin.setup.submit }).click();

  // Enrolment: the QR code as SVG and the key as text; the authenticator's code proves it.
  await expect(page).toHaveURL(/\/admin\/enrol$/);
  await expect(page.locator('[data-testid="totp-qr"] svg')).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  ownerSecret = secret;
  await phoneShot(page, "enrol", project);
  await page.getByLabel(admin.fields.code).fill("000000");
  await page.getByRole("button", { name: admin.enrol.submit }).click();
  await expect(page.getByRole("alert")).toHaveText(admin.errors.wrongCode);
  await page.getByLabel(admin.fields.code).fill(await freshCode(secret));
  await page.getByRole("button", { name: admin.enrol.submit }).click();
  // The ten one-time recovery codes, shown once, then on to the back office.
  const codes = page.getByTestId("recovery-codes").locator("li");
  await expect(codes).toHaveCount(10);
  // One code per row on a 390 px phone: each row below the last, none overlapping.
  const boxes = await codes.evaluateAll((items) =>
    items
      .map((item) => item.getBoundingClientRect())
      .map((box) => ({ top: box.top, bottom: box.bottom, right: box.right })),
  );
  for (let i = 1; i < boxes.length; i++)
    expect(boxes[i]!.top, `code ${i + 1} below code ${i}`).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 0.5);
  for (const box of boxes) expect(box.right).toBeLessThanOrEqual(PHONE.width);
  // Kept without a script: a .txt download holding the ten codes, one per line.
  const listed = (await codes.allTextContents()).map((code) => code.trim());
  const codesFile = page.locator('a[data-recovery="download"]');
  await expect(codesFile).toHaveText(admin.recovery.download);
  await expect(codesFile).toHaveAttribute("download", admin.recovery.fileName);
  const file = decodeURIComponent(
    (await codesFile.getAttribute("href"))!.replace(/^data:text\/plain;charset=utf-8,/, ""),
  );
  expect(file.trim().split("\n").slice(-10)).toEqual(listed);
  // Print and Copy need a script: offered with one, absent without.
  await expect(page.getByRole("button", { name: admin.recovery.print })).toHaveCount(javaScriptEnabled ? 1 : 0);
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: admin.recovery.print })).toBeVisible();
  await phoneShot(page, "recovery-codes", project);
  await page.getByTestId("recovery-continue").click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.locator("h1")).toHaveText(admin.dashboard.title);
  // The back office's own bar: the brand, every section in sight on a 390 px phone (the sections
  // wrap onto rows rather than hide in a sideways scroller), and no public footer.
  await expect(page.getByTestId("admin-brand")).toBeVisible();
  const nav = page.getByRole("navigation", { name: admin.title });
  expect(
    await nav.evaluate((element) => element.scrollWidth <= element.clientWidth),
    "no section hidden sideways",
  ).toBe(true);
  await expect(page.locator("footer")).toHaveCount(0);

  // A customer orders meanwhile.
  const lastName = `Owner${project.replace("-", "")}`;
  await placePaidOrder(lastName);

  // Sign out, then sign in again: password (aal1), then the code (aal2).
  await page.getByRole("button", { name: admin.signOut }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.goto("/admin".replace(/^/, server.url));
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.getByLabel(admin.fields.password).fill("wrong password");
  await page.getByRole("button", { name: admin.signIn.submit }).click();
  await expect(page.getByRole("alert")).toHaveText(admin.errors.wrongPassword);
  await phoneShot(page, "sign-in-error", project);
  await page.getByLabel(admin.fields.password).fill(PASSWORD);
  await page.getByRole("button", { name: admin.signIn.submit }).click();
  await expect(page).toHaveURL(/\/admin\/verify$/);
  await phoneShot(page, "verify", project);
  await page.getByLabel(admin.fields.code).fill(await freshCode(secret));
  await page.getByRole("button", { name: admin.verify.submit }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("health")).toContainText(admin.health.sandbox);

  // Find the order in the list: search by name, filter paid.
  await page.getByRole("link", { name: admin.nav.orders, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.getByRole("searchbox").fill(lastName);
  await page.getByLabel(admin.orders.state).selectOption("paid");
  await page.getByRole("button", { name: admin.orders.filter }).click();
  await expect(page.getByTestId("orders-total")).toHaveText(admin.orders.count_one.replace("{{count}}", "1"));
  await phoneShot(page, "orders", project);
  await page.getByRole("link", { name: new RegExp(lastName) }).click();

  // Every field and the timeline.
  await expect(page.getByTestId("order-state")).toHaveText(admin.states.paid);
  const fields = page.getByTestId("order-fields");
  // What the form asked, and the billing address the (sandbox) checkout collected; the agent's name,
  // phone and comments are asked in the brief after payment.
  for (const value of [
    "Inès",
    lastName,
    `${lastName.toLowerCase()}@example.com`,
    "Studio Inès",
    "@ines",
    "12 rue des Lilas",
    "69003",
    "Lyon",
    "Español",
  ]) {
    await expect(fields).toContainText(value);
  }
  const timeline = page.getByTestId("timeline");
  for (const step of ["created", "checkout_created", "paid"])
    await expect(timeline).toContainText(admin.timeline[step]);
  // What the buyer agreed to: the CGV in their language (Spanish), and the waiver in their words.
  const orderEn = locale("en", "order");
  await expect(fields).toContainText(`${orderEn.summary.termsAccepted}`);
  await expect(fields).toContainText("Condiciones generales de venta, version of");
  await expect(fields).toContainText("read in Spanish");
  await expect(fields).toContainText(locale("es", "order").form.immediateStart.service);
  await phoneShot(page, "order", project);
  // Titled by who bought what; the internal id is in the address, the readable reference in the details.
  await expect(page.locator("h1")).toHaveText(new RegExp(`^Inès ${lastName}, Studio Inès – `));
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  expect(orderId).toMatch(/^ord_/);
  await expect(fields).toContainText(/[A-Z0-9]{1,3}-\d{4,}/);
  linkedOrder = orderId;

  // Resend the confirmation: a new email leaves through the outbox.
  await page.getByRole("button", { name: admin.order.resend }).click();
  await expect(page.getByTestId("action-done")).toHaveText(admin.order.done.resent);
  await expect.poll(() => fs.existsSync(eml(`${orderId}-admin-resend-1.eml`)), { timeout: 60_000 }).toBe(true);

  // Delivered outside the site (secondary, folded, confirmed): a delivery with its note, the
  // customer's delivery email in Spanish, as any delivery.
  await page.getByText(admin.order.outside.title).click();
  await page.getByLabel(admin.order.note).fill("Tu agente ya está activo.");
  await page.getByLabel(admin.order.outside.confirm).check();
  await page.getByRole("button", { name: admin.order.outside.button }).click();
  await expect(page.getByTestId("action-done")).toHaveText(admin.order.done.delivered);
  await expect(page.getByTestId("order-state")).toHaveText(`${admin.states.paid} · ${admin.order.delivered}`);
  const deliveredEml = () =>
    fs.readdirSync(path.dirname(eml("x"))).find((file) => file.startsWith(`${orderId}-work-delivered.`));
  await expect.poll(deliveredEml, { timeout: 60_000 }).toBeTruthy();
  const delivered = fs.readFileSync(eml(deliveredEml()!), "utf8");
  expect(delivered).toContain(`To: ${lastName.toLowerCase()}@example.com`);
  await page.reload();
  await expect(page.getByTestId("timeline")).toContainText(admin.timeline.delivered);
  await expect(page.getByTestId("timeline")).toContainText(admin.timeline.resend_requested);
  await phoneShot(page, "order-delivered", project);

  // CSV export of the filtered list.
  await page.getByRole("link", { name: admin.order.back }).click();
  await page.getByRole("searchbox").fill(lastName);
  await page.getByRole("button", { name: admin.orders.filter }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: admin.orders.exportCsv }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync((await download.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(csv).toHaveLength(2);
  // The owner's spreadsheet format for OWNER_LANG en: commas, English headers.
  expect(csv[0]!.startsWith(`"${admin.csv.id}","${admin.csv.created_at}","${admin.csv.state}",`)).toBe(true);
  // The order by its readable reference and in words (raw keeps the internal id for scripts).
  expect(csv[1]).toMatch(
    new RegExp(`^"[A-Z0-9]{1,3}-\\d{4,}","\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d","${admin.states.paid}",`),
  );
  expect(csv[1]).not.toContain(orderId);
  expect(csv[1]).toContain(`"${lastName.toLowerCase()}@example.com"`);
  // Marked delivered above: the delivery column says when, in the owner's words for a date; the
  // refund date follows it (none here).
  expect(csv[0]!.endsWith(`"${admin.csv.delivered_at}","${admin.csv.refunded_at}"`)).toBe(true);
  expect(csv[1]).toMatch(/,"\d{4}-\d\d-\d\d \d\d:\d\d",""$/);

  // A visitor asks for a quote; the owner opens it from the quote requests' list.
  const visitor = `Visitor${project.replace("-", "")}`;
  const quote = await fetch(`${server.url}/quote?offer=whatsapp&lang=pt`, {
    method: "POST",
    body: new URLSearchParams({
      offer: "whatsapp",
      name: `Rosa ${visitor}`,
      email: `${visitor.toLowerCase()}@example.com`,
      company: "Padaria Rosa",
      message: "Um agente WhatsApp para encomendas de pão.",
    }),
    redirect: "manual",
    headers: { Origin: server.url },
  });
  expect(quote.status).toBe(303);
  await page.getByRole("link", { name: admin.nav.quotes, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/quotes$/);
  await expect(page.locator("h1")).toHaveText(admin.quotes.title);
  const row = page.getByRole("link", { name: new RegExp(visitor) });
  await expect(row).toContainText(locale("en", "offers").whatsapp.name);
  await expect(row).toContainText("Português");
  await expect
    .poll(async () => (await page.reload(), await row.locator("[data-email-state]").getAttribute("data-email-state")), {
      timeout: 60_000,
    })
    .toBe("sent");
  await phoneShot(page, "quotes", project);
  await row.click();
  await expect(page).toHaveURL(/\/admin\/quotes\/quo_/);
  const quoteFields = page.getByTestId("quote-fields");
  for (const value of [
    `Rosa ${visitor}`,
    `${visitor.toLowerCase()}@example.com`,
    "Padaria Rosa",
    "Um agente WhatsApp para encomendas de pão.",
    locale("en", "offers").whatsapp.name,
    "Português",
  ]) {
    await expect(quoteFields).toContainText(value);
  }
  await expect(page.getByTestId("quote-reply")).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${visitor.toLowerCase()}@example\\.com\\?subject=`),
  );
  const quoteEmails = page.getByTestId("quote-emails");
  for (const kind of ["quote-ack", "quote-owner"])
    await expect(quoteEmails.locator(`[data-kind="${kind}"] [data-email-state="sent"]`)).toHaveText(
      admin.emailState.sent,
    );
  await phoneShot(page, "quote", project);
  // Back to the orders through the navigation.
  await page.getByRole("link", { name: admin.nav.orders, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  expect(javaScriptEnabled === (project === "js-on")).toBe(true);
});

test("a link to an order, opened signed out on the phone, lands on that order after password and code", async ({
  page,
}) => {
  test.slow();
  expect(linkedOrder).not.toBe("");
  await page.setViewportSize(PHONE);
  await page.setExtraHTTPHeaders({ "Accept-Language": "en" });
  // The owner's email links to the order; the browser has no session.
  await page.goto(`${server.url}/admin/orders/${linkedOrder}`);
  await expect(page).toHaveURL(new RegExp(`/admin/sign-in\\?redirectTo=%2Fadmin%2Forders%2F${linkedOrder}$`));
  // A wrong password, then a wrong code: each failure keeps the way back.
  await page.getByLabel(admin.fields.password).fill("wrong password");
  await page.getByRole("button", { name: admin.signIn.submit }).click();
  await expect(page.getByRole("alert")).toHaveText(admin.errors.wrongPassword);
  await page.getByLabel(admin.fields.password).fill(PASSWORD);
  await page.getByRole("button", { name: admin.signIn.submit }).click();
  await expect(page).toHaveURL(/\/admin\/verify\?redirectTo=%2Fadmin%2Forders%2F/);
  await page.getByLabel(admin.fields.code).fill("000000");
  await page.getByRole("button", { name: admin.verify.submit }).click();
  await expect(page.getByRole("alert")).toHaveText(admin.errors.wrongCode);
  await page.getByLabel(admin.fields.code).fill(await freshCode(ownerSecret));
  await page.getByRole("button", { name: admin.verify.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${linkedOrder}$`));
  // The order the link named (its URL above), shown by its readable reference.
  await expect(page.getByTestId("order-fields")).toContainText(/[A-Z0-9]{1,3}-\d{4,}/);
  // A forged link can't send the owner off-site: signed in, it lands on the back office.
  await page.goto(`${server.url}/admin/sign-in?redirectTo=${encodeURIComponent("//example.com/admin")}`);
  await expect(page).toHaveURL(new RegExp(`^${server.url}/admin$`));
});
