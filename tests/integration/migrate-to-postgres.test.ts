import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openLiveDatabase } from "../support/live-db.ts";
import { afterAll, describe, expect, test } from "vitest";
import { openStore } from "../../app/db/database.server.ts";
import { checkoutRequest } from "../../app/orders/checkout-request.server.ts";
import { openStores, storesOver } from "../../app/stores.server.ts";
import type { NewOrder } from "../../app/orders/types.ts";
import { SandboxProvider } from "../../app/payments/sandbox-provider.server.ts";
import { SandboxSessionStore } from "../../app/payments/sandbox-store.server.ts";
import { tempDataDir } from "../support/server.ts";
import { testPostgres } from "../support/store.ts";

const root = path.resolve(import.meta.dirname, "../..");
const customer = {
  firstName: "Zoé",
  lastName: "Ruiz",
  email: "zoe@example.com",
  companyName: "",
  address: "Calle 1",
  city: "Sevilla",
  postalCode: "41001",
  country: "ES",
  phoneNumber: "600000000",
  agentName: "bot",
  telegramId: "@zoe",
  connectZapier: "oui" as const,
  comments: "¡Hola!\nDos líneas",
};
const order = (n: number): NewOrder => ({
  id: `ord_copy_${n}`,
  submissionToken: `copy-${n}`,
  lang: "es",
  offer: "formateur-ia",
  currency: "EUR",
  amountDueNow: 49_700 + 3_900,
  monthly: 3_900,
  customer,
  provider: "sandbox",
  acceptance: {
    acceptedAt: "2026-11-26T09:30:00.000Z",
    termsVersion: "cgv-2026-11-26",
    termsLang: "es",
    immediateStart: "service",
  },
});

const migrate = (dataDir: string, url: string, ...args: string[]) => migrateWith({}, dataDir, url, ...args);
const migrateWith = (env: Record<string, string>, dataDir: string, url: string, ...args: string[]) =>
  execFileSync(process.execPath, ["scripts/migrate-to-postgres.ts", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: url, ...env },
    encoding: "utf8",
  });
/** The same, expecting a refusal: exit code and stderr. */
const migrateRefused = (dataDir: string, url: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, ["scripts/migrate-to-postgres.ts", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: url },
    encoding: "utf8",
  });
  return { code: result.status, stderr: result.stderr, stdout: result.stdout };
};
/** One table's line of the report: rows read, inserted, updated. */
const counts = (output: string, table: string) => {
  const match = new RegExp(`^${table}\\s+([\\d,]+) read\\s+([\\d,]+) inserted\\s+([\\d,]+) updated`, "m").exec(output);
  if (!match) throw new Error(`no line for ${table} in:\n${output}`);
  return match.slice(1, 4).map((n) => Number(n.replace(/,/g, "")));
};

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe("npm run migrate-to-postgres", () => {
  test("copies orders, their emails and sandbox sessions; a second run copies nothing twice; ids continue", async () => {
    const dataDir = tempDataDir();
    const sqlite = await openStores({ DATA_DIR: dataDir });
    const sandbox = new SandboxProvider({
      store: new SandboxSessionStore(sqlite.db),
      pageUrl: (id) => `/checkout/sandbox/${id}`,
    });
    for (let n = 1; n <= 5; n++) {
      const { order: placed } = await sqlite.createOrder(order(n));
      const session = await sandbox.createCheckout(
        checkoutRequest(placed, { success: "/gracias?session_id={CHECKOUT_SESSION_ID}", cancel: "/commander" }),
      );
      await sqlite.setCheckout(placed.id, session.id, session.url);
      if (n <= 3) await sqlite.markPaid(placed.id, "confirmation");
    }
    await sqlite.enqueueEmail("ord_copy_1", "resend-1");
    const before = { orders: await sqlite.listOrders(100), emails: await sqlite.listEmails("ord_copy_1") };
    await sqlite.close();

    const url = await (await testPostgres()).createDatabase();
    const first = migrate(dataDir, url);
    expect(counts(first, "orders")).toEqual([5, 5, 0]);
    expect(counts(first, "outbox")).toEqual([4, 4, 0]);
    expect(counts(first, "sandbox_sessions")).toEqual([5, 5, 0]);
    expect(counts(migrate(dataDir, url), "orders")).toEqual([5, 0, 0]);

    const target = storesOver(await openStore({ databaseUrl: url }));
    closers.push(() => target.close());
    expect(await target.listOrders(100)).toEqual(before.orders);
    expect(await target.listEmails("ord_copy_1")).toEqual(before.emails);
    const paidSession = (await target.findById("ord_copy_2"))!.sessionId!;
    const pgSandbox = new SandboxProvider({ store: new SandboxSessionStore(target.db), pageUrl: (id) => id });
    expect(await pgSandbox.getSession(paidSession)).toMatchObject({
      id: paidSession,
      reference: "ord_copy_2",
      state: "open",
    });
    // New rows get fresh ids after the copied ones.
    expect(await target.enqueueEmail("ord_copy_2", "resend-1")).toBe(true);
    const ids = (await target.listEmails("ord_copy_2")).map((email) => email.id);
    expect(ids[1]).toBeGreaterThan(Math.max(...before.emails.map((email) => email.id)));
  });

  test("the move in two passes: the final pass carries every change made since the trial (an order paid, an email sent, a session ended)", async () => {
    const dataDir = tempDataDir();
    const site = await openStores({ DATA_DIR: dataDir });
    for (let n = 1; n <= 3; n++) {
      const { order: placed } = await site.createOrder(order(n));
      await site.setCheckout(placed.id, `cs_pass_${n}`, `https://pay.example/${n}`);
    }
    await site.markPaid("ord_copy_1", "confirmation");
    await site.createAdminSession("session-signed-out-later", "{}", Date.now() + 3_600_000);
    const url = await (await testPostgres()).createDatabase();

    // Pass 1 while the "site" (this process) has the database open: refused unless it is a trial.
    const refused = migrateRefused(dataDir, url);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/in use.*--trial/);
    const trial = migrate(dataDir, url, "--trial");
    expect(counts(trial, "orders")).toEqual([3, 3, 0]);
    expect(trial).toMatch(/without --trial/);

    // Between the passes: order 2 is paid (its confirmation queued, then sent), order 4 is placed,
    // the owner signs out.
    await site.markPaid("ord_copy_2", "confirmation");
    const [email] = await site.listEmails("ord_copy_2");
    await site.markEmailSent(email!.id, "<sent@example.com>");
    await site.createOrder(order(4));
    await site.deleteAdminSession("session-signed-out-later");
    const expected = { orders: await site.listOrders(100), emails: await site.listEmails("ord_copy_2") };
    await site.close();

    // Pass 2 with the site stopped.
    const final = migrate(dataDir, url);
    expect(counts(final, "orders")).toEqual([4, 1, 1]);
    expect(counts(final, "outbox")).toEqual([2, 1, 0]);
    expect(final).toMatch(/admin_sessions\s+0 read\s+0 inserted\s+0 updated\s+1 removed/);
    const target = storesOver(await openStore({ databaseUrl: url }));
    closers.push(() => target.close());
    expect(await target.listOrders(100)).toEqual(expected.orders);
    expect((await target.findById("ord_copy_2"))!.state).toBe("paid");
    expect(await target.listEmails("ord_copy_2")).toEqual(expected.emails);
    expect(await target.readAdminSession("session-signed-out-later")).toBeUndefined();
    // Nothing changed since: a third pass writes nothing.
    const again = migrate(dataDir, url);
    for (const table of ["orders", "outbox", "sandbox_sessions", "order_events"])
      expect(counts(again, table).slice(1)).toEqual([0, 0]);
  });

  test("a large table shows its progress", async () => {
    const dataDir = tempDataDir();
    const site = await openStores({ DATA_DIR: dataDir });
    await site.createOrder(order(1));
    await site.close();
    const db = openLiveDatabase(path.join(dataDir, "orders.sqlite"));
    db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 25000)
             INSERT INTO order_events (order_id, kind, detail, created_at) SELECT 'ord_copy_1', 'note', 'event ' || i, '2026-11-26T08:00:00.000Z' FROM n`);
    db.close();
    const url = await (await testPostgres()).createDatabase();
    const output = migrate(dataDir, url);
    expect(output).toMatch(/order_events: 10,000 \/ 25,00\d rows/);
    expect(output).toMatch(/order_events: 20,000 \/ 25,00\d rows/);
    expect(counts(output, "order_events")[0]).toBeGreaterThanOrEqual(25_000);
  });

  test("the copy says in one line what to do with the files, which stay where they are", async () => {
    const dataDir = tempDataDir();
    const site = await openStores({ DATA_DIR: dataDir });
    await site.createOrder(order(1));
    await site.close();
    fs.mkdirSync(path.join(dataDir, "files", "orders", "ord_copy_1"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "files", "orders", "ord_copy_1", "f1"), "brief");
    const url = await (await testPostgres()).createDatabase();
    const files = path.join(dataDir, "files");
    const lines = (output: string) => output.split("\n").filter((line) => line.startsWith("Files:"));
    expect(lines(migrate(dataDir, url))).toEqual([
      `Files: PostgreSQL now holds the database only; the 1 file stays in ${files}: keep that directory for the site, or for several instances copy it into an S3 bucket (aws s3 sync ${files}/orders s3://BUCKET/orders) and set FILES_STORAGE=s3.`,
    ]);
    // Moving to a bucket at the same time: the files on disk are named with the command that copies them.
    expect(lines(migrateWith({ FILES_STORAGE: "s3", FILES_S3_BUCKET: "shop-files" }, dataDir, url))).toEqual([
      `Files: PostgreSQL now holds the database only, and 1 file is still in ${files} while FILES_STORAGE=s3: copy them into the bucket (aws s3 sync ${files}/orders s3://shop-files/orders).`,
    ]);
    expect(fs.readFileSync(path.join(files, "orders", "ord_copy_1", "f1"), "utf8")).toBe("brief");
  });
});
