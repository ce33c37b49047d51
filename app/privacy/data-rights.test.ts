import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { CONFIRMATION_EMAIL, OWNER_PAID_EMAIL } from "../mail/email-kinds.ts";
import { deleteEmailFiles } from "../mail/outbox-privacy-store.server.ts";
import { renderOutboxEmail } from "../mail/outbox-emails.server.ts";
import {
  newTestOrder,
  orderInSandboxCheckout,
  paidTestOrder,
  testCustomer,
  testOutboxWorker,
  testQuoteRequest,
} from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import type { Stores } from "../stores.server.ts";
import { ERASED } from "../db/erased.ts";
import { exportPerson } from "./data-export.server.ts";
import { erasePerson } from "./data-rights.server.ts";
import { normaliseEmail, subjectDigest } from "./person.server.ts";
import { runRetention } from "./retention.server.ts";
import type { PrivacyDeps } from "./types.ts";
import { Readable } from "node:stream";
import { DiskFileStorage } from "../files/disk-storage.server.ts";

// A person's data exported (ADR 016) and erased through every room's store, and the daily
// retention pass. Runs on both stores (vitest.config.ts, BOTH_STORES).

const repo = storesPerTest();

/** Two people with everything the site can hold about someone: orders, quotes, emails, a timeline, a sandbox checkout. */
const ANA = {
  email: "ana.limoeiro@example.com",
  firstName: "Anabela",
  lastName: "Limoeiro",
  phone: "+351912345678",
  address: "Rua das Camelias 12",
  company: "Limoeiro Lda",
  telegram: "@anabelalimoeiro",
};
const BRUNO = {
  email: "bruno.quaresma@example.org",
  firstName: "Bruninho",
  lastName: "Quaresma",
  phone: "+33612345678",
  address: "9 rue des Lilas",
  company: "Quaresma SARL",
  telegram: "@brunoquaresma",
};
type Person = typeof ANA;

const needles = (person: Person) =>
  [person.email, person.firstName, person.lastName, person.phone, person.address, person.company, person.telegram].map(
    (value) => value.toLowerCase(),
  );

const customerOf = (person: Person) => ({
  ...testCustomer,
  email: person.email,
  firstName: person.firstName,
  lastName: person.lastName,
  phoneNumber: person.phone,
  address: person.address,
  companyName: person.company,
  telegramId: person.telegram,
  comments: `Call ${person.firstName} on ${person.phone}`,
});

async function seedPerson(stores: Stores, person: Person) {
  const customer = customerOf(person);
  const paid = await paidTestOrder(stores, { customer, amountDueNow: 49_700, monthly: 0, offer: "short-videos" });
  await stores.enqueueEmail(paid.id, OWNER_PAID_EMAIL);
  // An attempt that failed and was retried, quoting the address; the owner's delivery note names the person.
  const [confirmation] = await stores.listEmails(paid.id);
  await stores.markEmailRetry(confirmation!.id, 1, `550 mailbox ${person.email} unavailable`);
  await stores.addOrderEvent(
    paid.id,
    "email_failed",
    `${CONFIRMATION_EMAIL} #1: 550 mailbox ${person.email} unavailable`,
  );
  await stores.addOrderEvent(paid.id, "email_sent", `${CONFIRMATION_EMAIL} #2`);
  // The delivered event a delivery writes, its note naming the person.
  await stores.addOrderEvent(paid.id, "delivered", `Sent the bot to ${person.firstName} ${person.lastName}`);
  // A delivery notice of the kind older deliveries queued (still in outboxes written before the one deliver function).
  await stores.enqueueEmail(paid.id, "delivered");

  // A partial refund the owner explained in their own words (the back office's money_actions).
  await stores.db
    .insertInto("money_actions")
    .values({
      key: `key-${paid.id}`,
      order_id: paid.id,
      kind: "refund",
      amount: 1_000,
      currency: "EUR",
      reason: "other",
      note: `Goodwill for ${person.firstName} ${person.lastName}`,
      status: "done",
      provider_ref: "re_1",
      created_at: new Date().toISOString(),
    })
    .execute();
  // The work after payment (app/delivery/): a brief, a file's name, a delivery's note, a revision, each naming the person.
  await stores.saveBrief(paid.id, `Logo for ${person.company}; call ${person.firstName} on ${person.phone}`);
  // A subscription's later month has its own brief (the month's topics), in its period's row.
  await stores.openPeriod(paid.id, "2026-12-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z");
  await stores.saveBrief(paid.id, `This month: ${person.company}'s shop`, undefined, {
    period: "2027-01-01T00:00:00.000Z",
    first: false,
    allowance: 8,
  });
  await stores.addFile({
    id: `f${paid.id.slice(-8)}`,
    orderId: paid.id,
    kind: "brief",
    deliveryId: null,
    revisionId: null,
    name: `${person.lastName} portrait.png`,
    contentType: "image/png",
    size: 70,
    storageKey: `orders/${paid.id}/f1`,
    createdAt: new Date().toISOString(),
  });
  const stamp = new Date().toISOString();
  await stores.db
    .insertInto("order_deliveries")
    .values({
      id: `d${paid.id.slice(-8)}`,
      order_id: paid.id,
      round: 0,
      note: `For ${person.firstName}`,
      link_url: null,
      link_label: null,
      created_at: stamp,
      accepted_at: null,
    })
    .execute();
  await stores.db
    .insertInto("order_revisions")
    .values({
      id: `r${paid.id.slice(-8)}`,
      order_id: paid.id,
      round: 1,
      text: `Write to ${person.email}`,
      created_at: stamp,
    })
    .execute();
  // A file the customer sent with that revision request.
  await stores.addFile({
    id: `v${paid.id.slice(-8)}`,
    orderId: paid.id,
    kind: "revision",
    deliveryId: null,
    revisionId: `r${paid.id.slice(-8)}`,
    name: `${person.lastName} notes.pdf`,
    contentType: "application/pdf",
    size: 90,
    storageKey: `orders/${paid.id}/v1`,
    createdAt: stamp,
  });
  // An abandoned attempt at the sandbox checkout (its session keeps the email).
  const { order: abandoned } = await orderInSandboxCheckout(stores, { customer });
  const quote = await testQuoteRequest(stores, {
    email: person.email,
    name: `${person.firstName} ${person.lastName}`,
    company: person.company,
    message: `Please call ${person.phone}`,
  });
  return { paid, abandoned, quote };
}

/** Every row of every table, as the database schema lists them (a table added later is scanned too). */
async function everyRow(stores: Stores): Promise<Array<{ table: string; row: string }>> {
  const tables =
    stores.dialect === "sqlite"
      ? (
          await sql<{
            name: string;
          }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(stores.db)
        ).rows.map((row) => row.name)
      : (
          await sql<{
            name: string;
          }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`.execute(stores.db)
        ).rows.map((row) => row.name);
  expect(tables).toEqual(
    expect.arrayContaining(["orders", "quote_requests", "outbox", "order_events", "sandbox_sessions", "data_requests"]),
  );
  const rows: Array<{ table: string; row: string }> = [];
  for (const table of tables) {
    const result = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(stores.db);
    for (const row of result.rows) rows.push({ table, row: JSON.stringify(row).toLowerCase() });
  }
  return rows;
}

const holding = (rows: Array<{ table: string; row: string }>, person: Person) =>
  rows.flatMap(({ table, row }) =>
    needles(person)
      .filter((needle) => row.includes(needle.toLowerCase()) || row.includes(JSON.stringify(needle).slice(1, -1)))
      .map((needle) => `${table}: ${needle}`),
  );

const deps = (stores: Stores, extra: Partial<PrivacyDeps> = {}): PrivacyDeps => ({ repo: stores, ...extra });

const revenue = async (stores: Stores) =>
  Number(
    (
      await stores.db
        .selectFrom("orders")
        .select((eb) => eb.fn.sum<number>("amount_due_now").as("total"))
        .where("state", "=", "paid")
        .executeTakeFirstOrThrow()
    ).total,
  );

describe("a person's data", () => {
  test("the address the owner types is trimmed and compared without case", () => {
    expect(normaliseEmail("  Ana.Limoeiro@Example.COM ")).toBe(ANA.email);
    expect(normaliseEmail("not an address")).toBeNull();
    expect(normaliseEmail("")).toBeNull();
  });

  test("the export holds every record of the person and nothing of anyone else, without link secrets", async () => {
    const ana = await seedPerson(repo, ANA);
    const bruno = await seedPerson(repo, BRUNO);
    const { document, json, fileName } = await exportPerson(
      deps(repo),
      normaliseEmail(" ANA.Limoeiro@example.com ")!,
      "owner",
      new Date("2026-11-26T10:00:00Z"),
    );
    expect(fileName).toMatch(/^personal-data-2026-11-26-[0-9a-f]{8}\.json$/);
    expect(document.orders.map((order) => order.id).sort()).toEqual([ana.paid.id, ana.abandoned.id].sort());
    expect(document.quoteRequests.map((quote) => quote.id)).toEqual([ana.quote.id]);
    const paid = document.orders.find((order) => order.id === ana.paid.id)!;
    expect(paid.customer).toMatchObject({ firstName: ANA.firstName, phoneNumber: ANA.phone, address: ANA.address });
    expect(paid.termsAcceptance).toMatchObject({ termsVersion: "cgv-2026-11-26" });
    expect(paid.emails.map((email) => email.kind).sort()).toEqual(
      [CONFIRMATION_EMAIL, "delivered", OWNER_PAID_EMAIL].sort(),
    );
    expect(paid.timeline.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(["email_failed", "email_sent", "delivered"]),
    );
    expect(document.quoteRequests[0]!.emails).toHaveLength(2);
    // The files they sent, listed (name, size, type, date), not their bytes.
    expect(paid.files).toEqual([
      {
        name: `${ANA.lastName} portrait.png`,
        size: 70,
        type: "image/png",
        kind: "brief",
        createdAt: expect.any(String),
      },
      {
        name: `${ANA.lastName} notes.pdf`,
        size: 90,
        type: "application/pdf",
        kind: "revision",
        createdAt: expect.any(String),
      },
    ]);
    // Nothing of Bruno's; no submission token, checkout session or checkout address.
    for (const needle of [...needles(BRUNO), bruno.paid.id, bruno.abandoned.id, bruno.quote.id])
      expect(json.toLowerCase()).not.toContain(needle.toLowerCase());
    const [stored] = await repo.db
      .selectFrom("orders")
      .select(["submission_token", "session_id", "checkout_url"])
      .where("id", "=", ana.abandoned.id)
      .execute();
    for (const secret of [stored!.submission_token, stored!.session_id!, stored!.checkout_url!])
      expect(json).not.toContain(secret);
    // Recorded: who, when, what — under a digest of the address, never the address.
    const requests = await repo.listDataRequests(subjectDigest(ANA.email));
    expect(requests).toEqual([expect.objectContaining({ kind: "export", actor: "owner", orders: 2, quotes: 1 })]);
    expect(JSON.stringify(await repo.db.selectFrom("data_requests").selectAll().execute())).not.toContain(ANA.email);
  });

  test("erasure replaces the person's fields in every table, keeps amounts, dates and numbers, and is recorded", async () => {
    const ana = await seedPerson(repo, ANA);
    await seedPerson(repo, BRUNO);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erase-"));
    fs.mkdirSync(path.join(dataDir, "outbox"));
    for (const name of [
      `${ana.paid.id}-${CONFIRMATION_EMAIL}.eml`,
      `${ana.quote.id}-quote-ack.eml`,
      "ord_other-confirmation.eml",
    ])
      fs.writeFileSync(path.join(dataDir, "outbox", name), ANA.email);
    // The bytes of the files, stored as the delivery room stores them; Bruno's must stay.
    const files = new DiskFileStorage(dataDir);
    const bruno = (await repo.findOrdersOfPerson(BRUNO.email)).find((order) => order.state === "paid")!;
    for (const key of [
      `orders/${ana.paid.id}/f1`,
      `orders/${ana.paid.id}/v1`,
      `orders/${ana.paid.id}/f2`,
      `orders/${ana.abandoned.id}/f3`,
      `orders/${bruno.id}/f1`,
    ])
      await files.put(key, Readable.from([Buffer.from(ANA.lastName)]), "image/png");
    const before = await repo.findById(ana.paid.id);
    const totalBefore = await revenue(repo);
    expect(holding(await everyRow(repo), ANA).length).toBeGreaterThan(0);

    const outcome = await erasePerson(
      deps(repo, { files, deleteEmailFiles: (ids) => deleteEmailFiles(dataDir, ids) }),
      normaliseEmail(` ${ANA.email.toUpperCase()}`)!,
    );
    expect(outcome).toEqual({ status: "erased", counts: expect.objectContaining({ orders: 2, quotes: 1 }) });

    const rows = await everyRow(repo);
    expect(holding(rows, ANA)).toEqual([]);
    expect(holding(rows, BRUNO).length).toBeGreaterThan(0);
    expect(fs.readdirSync(path.join(dataDir, "outbox"))).toEqual(["ord_other-confirmation.eml"]);
    expect(await files.list("orders/")).toEqual([`orders/${bruno.id}/f1`]);
    // Accounting keeps its figures: the order's number, amounts, currency, dates, offer and VAT country.
    const after = (await repo.findById(ana.paid.id))!;
    expect(after).toMatchObject({
      id: before!.id,
      state: "paid",
      amountDueNow: 49_700,
      currency: "EUR",
      offer: "short-videos",
      createdAt: before!.createdAt,
      paidAt: before!.paidAt,
      lang: before!.lang,
    });
    expect(after.customer).toMatchObject({
      firstName: ERASED,
      email: ERASED,
      phoneNumber: ERASED,
      country: testCustomer.country,
    });
    expect(after.erasedAt).toEqual(expect.any(String));
    expect(await revenue(repo)).toBe(totalBefore);
    expect(
      await repo.db
        .selectFrom("money_actions")
        .select(["amount", "currency", "reason", "note"])
        .where("order_id", "=", ana.paid.id)
        .execute(),
    ).toEqual([{ amount: 1_000, currency: "EUR", reason: "other", note: ERASED }]);
    // An email still waiting would go to nobody: given up.
    expect((await repo.listEmails(ana.paid.id)).map((email) => email.status)).not.toContain("pending");
    expect(await repo.findOrdersOfPerson(ANA.email)).toEqual([]);
    const requests = await repo.listDataRequests(subjectDigest(ANA.email));
    expect(requests).toEqual([expect.objectContaining({ kind: "erase", actor: "owner", orders: 2, quotes: 1 })]);
    // A second request finds nothing and is recorded too.
    expect(await erasePerson(deps(repo, { files }), ANA.email)).toEqual({
      status: "erased",
      counts: { orders: 0, quotes: 0, emails: 0 },
    });
    expect(await repo.listDataRequests(subjectDigest(ANA.email))).toHaveLength(2);
  });

  test("an email queued after the erasure (a resend, a notice) is given up at once: no one to write to, no alarm", async () => {
    const ana = await seedPerson(repo, ANA);
    await erasePerson(deps(repo), ANA.email);
    await repo.enqueueEmail(ana.paid.id, "admin-resend-1");
    const delivered: string[] = [];
    const gaveUp: string[] = [];
    const config = {
      contactEmail: "hello@example.com",
      ownerEmail: "owner@example.com",
      ownerLang: "en" as const,
      publicOrigin: "https://shop.example",
    };
    const worker = testOutboxWorker(
      repo,
      async (message) => {
        const email = await renderOutboxEmail(repo, message, config);
        delivered.push(email.to);
        return "<id>";
      },
      { onGaveUp: async (message) => void gaveUp.push(message.kind) },
    );
    await worker.runOnce();
    expect(delivered).toEqual([]);
    expect(gaveUp).toEqual([]);
    const resend = (await repo.listEmails(ana.paid.id)).find((email) => email.kind === "admin-resend-1")!;
    expect(resend).toMatchObject({ status: "failed", attempts: 1, lastError: ERASED });
  });

  test("a person whose subscription still runs is not erased (cancel it first)", async () => {
    const order = await paidTestOrder(repo, { customer: customerOf(ANA), monthly: 3_900, offer: "short-videos" });
    await repo.setBillingRefs(order.id, {
      customerRef: "cus_1",
      subscriptionRef: "sub_1",
      state: "active",
      periodEnd: "2026-12-26T00:00:00.000Z",
    });
    expect(await erasePerson(deps(repo), ANA.email)).toEqual({ status: "subscriptionRunning", orderIds: [order.id] });
    expect((await repo.findById(order.id))!.customer.firstName).toBe(ANA.firstName);
    expect(await repo.listDataRequests(subjectDigest(ANA.email))).toEqual([]);
  });
});

describe("the retention pass", () => {
  const DAY = 24 * 60 * 60_000;
  const POLICY = { unpaidAttemptDays: 30, quoteRequestDays: 1095, customerDays: 4018 };

  async function orderAged(days: number, paid: boolean, person: Person) {
    const order = paid
      ? await paidTestOrder(repo, { customer: customerOf(person) })
      : (await repo.createOrder(newTestOrder({ customer: customerOf(person) }))).order;
    const at = new Date(Date.now() - days * DAY).toISOString();
    await repo.db
      .updateTable("orders")
      .set({ created_at: at, updated_at: at, paid_at: paid ? at : null })
      .where("id", "=", order.id)
      .execute();
    return order.id;
  }

  test("erases unpaid attempts older than the period, not younger ones nor paid orders; twice is the same as once", async () => {
    const old = await orderAged(31, false, ANA);
    const young = await orderAged(29, false, BRUNO);
    const paid = await orderAged(31, true, BRUNO);
    const oldQuote = await testQuoteRequest(repo, { email: ANA.email, name: ANA.firstName });
    const newQuote = await testQuoteRequest(repo, { email: BRUNO.email, name: BRUNO.firstName });
    await repo.db
      .updateTable("quote_requests")
      .set({ created_at: new Date(Date.now() - 1096 * DAY).toISOString() })
      .where("id", "=", oldQuote.id)
      .execute();
    // A file stored for each order: only the erased one's bytes go.
    const files = new DiskFileStorage(fs.mkdtempSync(path.join(os.tmpdir(), "retention-")));
    for (const id of [old, young, paid])
      await files.put(`orders/${id}/f1`, Readable.from([Buffer.from("bytes")]), "text/plain");

    expect(await runRetention(deps(repo, { files }), POLICY)).toMatchObject({ orders: 1, quotes: 1 });
    expect(await files.list("orders/")).toEqual([`orders/${young}/f1`, `orders/${paid}/f1`].sort());
    const snapshot = JSON.stringify(await everyRow(repo));
    expect((await repo.findById(old))!.customer.firstName).toBe(ERASED);
    expect((await repo.findById(young))!.customer.firstName).toBe(BRUNO.firstName);
    expect((await repo.findById(paid))!.customer.firstName).toBe(BRUNO.firstName);
    expect((await repo.findQuoteRequest(oldQuote.id))!.name).toBe(ERASED);
    expect((await repo.findQuoteRequest(newQuote.id))!.name).toBe(BRUNO.firstName);
    expect(holding(await everyRow(repo), ANA)).toEqual([]);

    expect(await runRetention(deps(repo, { files }), POLICY)).toEqual({ orders: 0, quotes: 0, emails: 0 });
    expect(JSON.stringify(await everyRow(repo))).toBe(snapshot);
    expect(await repo.listRetentionPasses(10)).toEqual([
      expect.objectContaining({ kind: "retention", actor: "retention", orders: 1, quotes: 1 }),
    ]);
  });

  test("two passes at once erase each record once", async () => {
    for (let i = 0; i < 5; i++) await orderAged(40, false, ANA);
    const [a, b] = await Promise.all([runRetention(deps(repo), POLICY), runRetention(deps(repo), POLICY)]);
    expect(a.orders + b.orders).toBe(5);
    expect(holding(await everyRow(repo), ANA)).toEqual([]);
    const passes = await repo.listRetentionPasses(10);
    expect(passes.reduce((sum, pass) => sum + pass.orders, 0)).toBe(5);
  });

  test("a paid order is erased once the accounting period is over, unless its subscription still runs", async () => {
    const over = await orderAged(4019, true, ANA);
    const running = await orderAged(4019, true, BRUNO);
    await repo.setBillingRefs(running, {
      customerRef: "cus_2",
      subscriptionRef: "sub_2",
      state: "active",
      periodEnd: null,
    });
    await runRetention(deps(repo), POLICY);
    expect((await repo.findById(over))!.customer.lastName).toBe(ERASED);
    expect((await repo.findById(over))!.amountDueNow).toBe(100);
    expect((await repo.findById(running))!.customer.lastName).toBe(BRUNO.lastName);
  });
});
