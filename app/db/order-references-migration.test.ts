import { DatabaseSync } from "node:sqlite";
import { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, test } from "vitest";
import { orderStore } from "../orders/order-store.server.ts";
import { migrationProvider } from "./migrations.server.ts";
import { nodeSqliteDialect } from "./node-sqlite-dialect.server.ts";
import type { Database } from "./schema.ts";

describe("017-order-references", () => {
  test("orders placed before get readable numbers in the order they were placed, and new orders continue after them", async () => {
    const sqlite = new DatabaseSync(":memory:");
    const db = new Kysely<Database>({ dialect: nodeSqliteDialect(sqlite) });
    const migrator = new Migrator({ db, provider: migrationProvider("sqlite") });
    expect((await migrator.migrateTo("016-datarights-erasure-and-requests")).error).toBeUndefined();
    // Three orders of an older release, inserted out of their placing order.
    for (const [id, createdAt] of [
      ["ord_b", "2026-11-02T10:00:00.000Z"],
      ["ord_c", "2026-11-03T10:00:00.000Z"],
      ["ord_a", "2026-11-01T10:00:00.000Z"],
    ]) {
      sqlite
        .prepare(
          `INSERT INTO orders (id, submission_token, state, lang, offer, currency, amount_due_now, monthly, customer_json, email, provider, created_at, updated_at)
           VALUES (?, ?, 'paid', 'fr', 'test-workflow', 'EUR', 100, 0, '{"firstName":"A","lastName":"B","email":"a@example.com"}', 'a@example.com', 'sandbox', ?, ?)`,
        )
        .run(id!, `token-${id}`, createdAt!, createdAt!);
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = sqlite.prepare("SELECT id, reference_number FROM orders ORDER BY reference_number").all();
    expect(rows).toEqual([
      { id: "ord_a", reference_number: 1001 },
      { id: "ord_b", reference_number: 1002 },
      { id: "ord_c", reference_number: 1003 },
    ]);
    const store = orderStore(db);
    expect((await store.findById("ord_b"))!.reference).toBe("LA-1002");
    const { order } = await store.createOrder({
      id: "ord_new",
      submissionToken: "token-new",
      lang: "en",
      offer: "test-workflow",
      currency: "EUR",
      amountDueNow: 100,
      monthly: 0,
      customer: { firstName: "A", lastName: "B", email: "a@example.com" } as never,
      provider: "sandbox",
      acceptance: null,
    });
    expect(order.reference).toBe("LA-1004");
    await db.destroy();
  });
});
