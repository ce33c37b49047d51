import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSignedLinks } from "../../app/billing/signed-link.server.ts";
/** What an erased field reads (app/db/erased.ts), spelt out: the test must run against the old code too. */
const ERASED = "[erased]";
import { formatDays, formatUnit } from "../../app/i18n/format.ts";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { openStores } from "../../app/stores.server.ts";
import { AdminClient, ownerReset, setUpOwner } from "../support/admin.ts";
import { orderForm, postForm, postOrder, readStore, SANDBOX_PAY } from "../support/orders.ts";
import { startServer, tempDataDir, type RunningServer } from "../support/server.ts";
import { DEMO_CONFIG } from "../support/site-config.ts";
import { databaseUrlFor } from "../support/store.ts";

// Customers' data rights (ADR 016) over HTTP, on the built server: the owner finds a customer by email, downloads
// their data, erases them after a confirmation screen; the privacy policy states the retention
// periods the job applies, from the same setting. Runs on both stores.

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const rights = locale("en", "data-rights");
/** React escapes apostrophes and quotes in text. */
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

const SECRET = "data-rights-link-secret-0123456789abcdef";
const PASSWORD = "correct horse battery staple";
const CAMILLE = {
  firstName: "Camille",
  lastName: "Martin",
  email: "camille.martin@example.com",
  phoneNumber: "+33 6 12 34 56 78",
};
const BRUNO = {
  firstName: "Bruno",
  lastName: "Quaresma",
  email: "bruno.quaresma@example.org",
  phoneNumber: "+351 912 345 678",
  telegramId: "@bruno",
  companyName: "Quaresma Lda",
  address: "Rua das Flores 9",
};

describe("a customer's data in the back office", () => {
  let server: RunningServer;
  let owner: AdminClient;

  beforeAll(async () => {
    server = await startServer({
      // The back office speaks OWNER_LANG (the browser's language does not move it).
      OWNER_LANG: "en",
      ORDER_RATE_LIMIT: "0",
      OUTBOX_POLL_MS: "100",
      LINK_SECRET: SECRET,
      LOG_LEVEL: "silent",
    });
    ({ client: owner } = await setUpOwner(
      server.url,
      ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
      PASSWORD,
    ));
  }, 300_000);
  afterAll(async () => {
    expect(await server?.stop()).toBe(0);
  });

  async function paidOrder(person: Record<string, string>, offer: string) {
    const created = await postOrder(server.url, offer, "en", orderForm(person));
    expect(created.status).toBe(303);
    const paid = await postForm(server.url + created.headers.get("location")!, SANDBOX_PAY);
    expect(paid.status).toBe(303);
    expect((await fetch(server.url + paid.headers.get("location")!)).status).toBe(200);
    const sessionId = new URL(paid.headers.get("location")!, server.url).searchParams.get("session_id");
    return (await readStore(server.dataDir)).orders.find((order) => order.sessionId === sessionId)!;
  }

  test("find by email, export as a file, confirm, erase: recorded, amounts and invoice kept", async () => {
    // Camille paid once (the test workflow); Bruno subscribed (the agent: a setup fee, then monthly).
    const camille = await paidOrder(CAMILLE, "test-workflow");
    const bruno = await paidOrder(BRUNO, "formateur-ia");

    // Signed out: the pages and the export send to sign-in, and export nothing.
    const stranger = new AdminClient(server.url);
    expect((await stranger.get(`/admin/customers?email=${CAMILLE.email}`)).status).toBe(303);
    const refused = await stranger.post(
      "/admin/customers/export",
      { email: CAMILLE.email },
      { headers: { Origin: server.url } },
    );
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toMatch(/^\/admin\/sign-in/);

    // From the order page to the customer's page, by the address as typed (spaces, capitals).
    const orderPage = await (await owner.get(`/admin/orders/${camille.id}`)).text();
    expect(orderPage).toContain(`href="/admin/customers?email=${encodeURIComponent(CAMILLE.email)}"`);
    const page = await owner.get(`/admin/customers?email=${encodeURIComponent(`  ${CAMILLE.email.toUpperCase()} `)}`);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain(html(rights.holds.replace("{{email}}", CAMILLE.email)));
    expect(body).toContain(`href="/admin/orders/${camille.id}"`);
    expect(body).not.toContain(bruno.id);
    const bad = await owner.get("/admin/customers?email=not-an-address");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(html(rights.invalidEmail));

    // The export: one JSON attachment named with the date, all of Camille's, nothing of Bruno's.
    const exported = await owner.post(
      "/admin/customers/export",
      { email: ` ${CAMILLE.email.toUpperCase()}` },
      { headers: { Origin: server.url } },
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toMatch(/^application\/json/);
    expect(exported.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="personal-data-${new Date().toISOString().slice(0, 10)}-[0-9a-f]{8}\\.json"$`),
    );
    const text = await exported.text();
    const document = JSON.parse(text);
    expect(document.orders.map((order: { id: string }) => order.id)).toEqual([camille.id]);
    expect(document.orders[0].customer).toMatchObject({
      firstName: CAMILLE.firstName,
      lastName: CAMILLE.lastName,
      email: CAMILLE.email,
    });
    expect(document.orders[0].emails.length).toBeGreaterThan(0);
    for (const needle of [bruno.id, BRUNO.email, BRUNO.lastName, camille.submissionToken, camille.sessionId!])
      expect(text).not.toContain(needle);

    // Erase: a confirmation screen first (a GET changes nothing), then the POST.
    const confirm = await owner.get(`/admin/customers/erase?email=${encodeURIComponent(CAMILLE.email)}`);
    expect(confirm.status).toBe(200);
    const confirmBody = await confirm.text();
    expect(confirmBody).toContain(html(rights.confirm.keepsList));
    expect(confirmBody).toContain('data-testid="erase-confirm"');
    expect((await readStore(server.dataDir)).orders.find((order) => order.id === camille.id)!.customer.firstName).toBe(
      CAMILLE.firstName,
    );
    const erased = await owner.post(
      `/admin/customers/erase?email=${encodeURIComponent(CAMILLE.email)}`,
      { email: CAMILLE.email },
      { headers: { Origin: server.url } },
    );
    expect(erased.status).toBe(303);
    expect(erased.headers.get("location")).toBe(
      `/admin/customers?email=${encodeURIComponent(CAMILLE.email)}&done=erased`,
    );

    const after = await (await owner.get(erased.headers.get("location")!)).text();
    expect(after).toContain(html(rights.done.erased));
    expect(after).toContain(html(rights.nothing.replace("{{email}}", CAMILLE.email)));
    // The record: exported, then erased, by the owner — with counts, never the data.
    expect(after).toMatch(/data-kind="erase"[\s\S]*data-kind="export"/);

    const store = await readStore(server.dataDir);
    const kept = store.orders.find((order) => order.id === camille.id)!;
    expect(kept).toMatchObject({
      state: "paid",
      amountDueNow: camille.amountDueNow,
      currency: camille.currency,
      createdAt: camille.createdAt,
      paidAt: camille.paidAt,
    });
    expect(kept.customer).toMatchObject({ firstName: ERASED, lastName: ERASED, email: ERASED });
    expect(store.orders.find((order) => order.id === bruno.id)!.customer.firstName).toBe(BRUNO.firstName);
    // No copy of Camille's emails is left in the outbox folder; Bruno's are.
    const files = fs.readdirSync(path.join(server.dataDir, "outbox"));
    expect(files.filter((name) => name.startsWith(camille.id))).toEqual([]);
    expect(files.filter((name) => name.startsWith(bruno.id)).length).toBeGreaterThan(0);

    // The invoice keeps its number and amounts and names no one.
    const invoice = await fetch(
      `${server.url}/invoice/${createSignedLinks(SECRET).sign(camille.id, "invoice")}?lang=en`,
    );
    expect(invoice.status).toBe(200);
    const invoiceBody = await invoice.text();
    expect(invoiceBody).toContain(camille.id);
    expect(invoiceBody).toMatch(/data-testid="invoice-total"[^>]*>€\d/);
    expect(invoiceBody).toContain(html(rights.invoiceErased));
    for (const needle of [CAMILLE.firstName, CAMILLE.lastName, CAMILLE.email])
      expect(invoiceBody).not.toContain(needle);
    // The erased order's page has no way back to a customer.
    const erasedOrder = await (await owner.get(`/admin/orders/${camille.id}`)).text();
    expect(erasedOrder).not.toContain('data-testid="customer-data"');
    expect(erasedOrder).not.toContain(CAMILLE.lastName);
    // …and nothing left to send to: no resend or delivery buttons, and the actions refused (409) in
    // the owner's words, queueing nothing.
    expect(erasedOrder).toContain('data-testid="erased-no-actions"');
    expect(erasedOrder).not.toContain('value="resend"');
    expect(erasedOrder).not.toContain('value="deliver"');
    const emailsOf = async () => (await readStore(server.dataDir)).emails.get(camille.id)?.length;
    const emailsBefore = await emailsOf();
    for (const intent of ["resend", "outside"]) {
      const refusedAction = await owner.post(
        `/admin/orders/${camille.id}`,
        { intent, note: "", confirm: "yes" },
        { headers: { Origin: server.url } },
      );
      expect(refusedAction.status, intent).toBe(409);
      expect(await refusedAction.text(), intent).toContain(html(locale("en", "admin").errors.erased));
    }
    expect(await emailsOf()).toBe(emailsBefore);

    // Bruno's subscription still runs: the confirmation screen says so and the erasure is refused.
    const running = await (await owner.get(`/admin/customers/erase?email=${encodeURIComponent(BRUNO.email)}`)).text();
    expect(running).toContain(html(rights.subscriptionRunning));
    expect(running).not.toContain('data-testid="erase-confirm"');
    const refusedErase = await owner.post(
      `/admin/customers/erase?email=${encodeURIComponent(BRUNO.email)}`,
      { email: BRUNO.email },
      { headers: { Origin: server.url } },
    );
    expect(refusedErase.status, refusedErase.headers.get("location") ?? "").toBe(409);
    expect(await refusedErase.text()).toContain(html(rights.subscriptionRunning));
    // The same post without the address in the URL (a form elsewhere, a script): still the 409 and
    // its words, on the page of that customer, not a redirect to the list that says nothing.
    const bare = await owner.post(
      "/admin/customers/erase",
      { email: BRUNO.email },
      { headers: { Origin: server.url } },
    );
    expect(bare.status, bare.headers.get("location") ?? "").toBe(409);
    const bareText = await bare.text();
    expect(bareText).toContain(html(rights.subscriptionRunning));
    expect(bareText).toContain(BRUNO.email);
    expect((await readStore(server.dataDir)).orders.find((order) => order.id === bruno.id)!.customer.firstName).toBe(
      BRUNO.firstName,
    );
  }, 300_000);

  test("the customers list: everyone who paid, found by part of a name, with their orders and what they paid; periods in years, not thousands of days", async () => {
    const zoe = { firstName: "Zoé", lastName: "Martin-Dubois", email: "zoe.martin@example.com" };
    const yann = { firstName: "Yann", lastName: "Kerbrat", email: "yann@example.com" };
    await paidOrder(zoe, "test-workflow");
    await paidOrder(zoe, "test-workflow");
    await paidOrder(yann, "test-workflow");
    const list = await (await owner.get("/admin/customers", { headers: { "Accept-Language": "en" } })).text();
    const en = JSON.parse(fs.readFileSync(path.resolve("locales/en/data-rights.json"), "utf8"));
    const row = (html: string, email: string) =>
      new RegExp(`<li data-customer="${email.replace(/\./g, "\\.")}">([\\s\\S]*?)</li>`).exec(html)?.[1] ?? "";
    expect(row(list, zoe.email)).toContain(en.list.orders_other.replace("{{count}}", "2"));
    expect(row(list, zoe.email)).toContain("Zoé Martin-Dubois");
    expect(row(list, zoe.email)).toContain(`href="/admin/customers?email=${encodeURIComponent(zoe.email)}"`);
    expect(row(list, yann.email)).toContain(en.list.orders_one.replace("{{count}}", "1"));
    // Latest first.
    expect(list.indexOf(`data-customer="${yann.email}"`)).toBeLessThan(list.indexOf(`data-customer="${zoe.email}"`));
    const found = await (await owner.get("/admin/customers?q=martin", { headers: { "Accept-Language": "en" } })).text();
    expect(row(found, zoe.email)).not.toBe("");
    expect(row(found, yann.email)).toBe("");
    // The retention the owner reads: "11 years", not "4,018 days".
    expect(list).toContain(formatDays(4018, "en"));
    expect(list).not.toContain(formatUnit(4018, "day", "en"));
  });

  test("the privacy policy states the default retention periods in every language", async () => {
    for (const lang of LANGUAGES) {
      const body = await (await fetch(`${server.url}/privacy/${lang}`)).text();
      expect(body, lang).toContain(formatUnit(30, "day", lang));
      expect(body, lang).toContain(formatUnit(4018, "day", lang));
    }
  });
});

describe("the retention setting", () => {
  let server: RunningServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    const dataDir = tempDataDir();
    const config = JSON.parse(fs.readFileSync(DEMO_CONFIG, "utf8"));
    config.retention = { unpaidAttemptDays: 45, quoteRequestDays: 700, customerDays: 4100 };
    const file = path.join(dataDir, "site.json");
    fs.writeFileSync(file, JSON.stringify(config));
    env = { DATA_DIR: dataDir, SITE_CONFIG: file, LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0" };
    server = await startServer(env);
  }, 300_000);
  afterAll(async () => {
    expect(await server?.stop()).toBe(0);
  });

  test("the privacy policy shows the configured periods, and the job applies the same ones", async () => {
    for (const lang of LANGUAGES) {
      const body = await (await fetch(`${server.url}/privacy/${lang}`)).text();
      for (const days of [45, 700, 4100]) expect(body, `${lang} ${days}`).toContain(formatUnit(days, "day", lang));
      expect(body, lang).not.toContain(formatUnit(30, "day", lang));
    }
    // An unpaid attempt 46 days old is erased by the instance's own retention pass at start-up; a restart runs it again.
    const repo = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
    try {
      const created = await postOrder(server.url, "formateur-ia", "en", orderForm({ lastName: "Oldattempt" }));
      expect(created.status).toBe(303);
      const [order] = await repo.listOrders(1);
      const at = new Date(Date.now() - 46 * 86_400_000).toISOString();
      await repo.db.updateTable("orders").set({ created_at: at, updated_at: at }).where("id", "=", order!.id).execute();
    } finally {
      await repo.close();
    }
    // The pass runs at each start (then daily): a restart of the instance applies it now.
    expect(await server.stop()).toBe(0);
    server = await startServer(env);
    await expect
      .poll(async () => (await readStore(server.dataDir)).orders[0]!.customer.lastName, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(ERASED);
  }, 300_000);
});
