import { execFileSync } from "node:child_process";
import path from "node:path";
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
  firstName: "Zoé", lastName: "Ruiz", email: "zoe@example.com", companyName: "", address: "Calle 1", city: "Sevilla",
  postalCode: "41001", country: "ES", phoneNumber: "600000000", agentName: "bot", telegramId: "@zoe", connectZapier: "oui" as const, comments: "¡Hola!\nDos líneas",
};
const order = (n: number): NewOrder => ({
  id: `ord_copy_${n}`, submissionToken: `copy-${n}`, lang: "es", offer: "formateur-ia", currency: "EUR", amountDueNow: 49_700 + 3_900, monthly: 3_900, customer, provider: "sandbox",
});

const migrate = (dataDir: string, url: string) =>
  execFileSync(process.execPath, ["scripts/migrate-to-postgres.ts"], { cwd: root, env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: url }, encoding: "utf8" });

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe("npm run migrate-to-postgres", () => {
  test("copies orders, their emails and sandbox sessions; a second run copies nothing twice; ids continue", async () => {
    const dataDir = tempDataDir();
    const sqlite = await openStores({ DATA_DIR: dataDir });
    const sandbox = new SandboxProvider({ store: new SandboxSessionStore(sqlite.db), pageUrl: (id) => `/checkout/sandbox/${id}` });
    for (let n = 1; n <= 5; n++) {
      const { order: placed } = await sqlite.createOrder(order(n));
      const session = await sandbox.createCheckout(checkoutRequest(placed, { success: "/gracias?session_id={CHECKOUT_SESSION_ID}", cancel: "/commander" }));
      await sqlite.setCheckout(placed.id, session.id, session.url);
      if (n <= 3) await sqlite.markPaid(placed.id, "confirmation");
    }
    await sqlite.enqueueEmail("ord_copy_1", "resend-1");
    const before = { orders: await sqlite.listOrders(100), emails: await sqlite.listEmails("ord_copy_1") };
    await sqlite.close();

    const url = await (await testPostgres()).createDatabase();
    const first = migrate(dataDir, url);
    expect(first).toMatch(/orders\s+5 read\s+5 copied/);
    expect(first).toMatch(/outbox\s+4 read\s+4 copied/);
    expect(first).toMatch(/sandbox_sessions\s+5 read\s+5 copied/);
    expect(migrate(dataDir, url)).toMatch(/orders\s+5 read\s+0 copied/);

    const target = storesOver(await openStore({ databaseUrl: url }));
    closers.push(() => target.close());
    expect(await target.listOrders(100)).toEqual(before.orders);
    expect(await target.listEmails("ord_copy_1")).toEqual(before.emails);
    const paidSession = (await target.findById("ord_copy_2"))!.sessionId!;
    const pgSandbox = new SandboxProvider({ store: new SandboxSessionStore(target.db), pageUrl: (id) => id });
    expect(await pgSandbox.getSession(paidSession)).toMatchObject({ id: paidSession, reference: "ord_copy_2", state: "open" });
    // New rows get fresh ids after the copied ones.
    expect(await target.enqueueEmail("ord_copy_2", "resend-1")).toBe(true);
    const ids = (await target.listEmails("ord_copy_2")).map((email) => email.id);
    expect(ids[1]).toBeGreaterThan(Math.max(...before.emails.map((email) => email.id)));
  }, 60_000);
});
