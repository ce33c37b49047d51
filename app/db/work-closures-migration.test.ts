import { DatabaseSync } from "node:sqlite";
import { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, test } from "vitest";
import { deliveryStore } from "../delivery/delivery-store.server.ts";
import { orderStore } from "../orders/order-store.server.ts";
import { workState } from "../delivery/work.server.ts";
import { migrationProvider } from "./migrations.server.ts";
import { nodeSqliteDialect } from "./node-sqlite-dialect.server.ts";
import type { Database } from "./schema.ts";

describe("035-work-closures", () => {
  test("orders money ended before the work's closures existed read closed (refunded, a charge refunded in full, cancelled); the others stay open", async () => {
    const sqlite = new DatabaseSync(":memory:");
    const db = new Kysely<Database>({ dialect: nodeSqliteDialect(sqlite) });
    const migrator = new Migrator({ db, provider: migrationProvider("sqlite") });
    expect((await migrator.migrateTo("034-owner-started-quotes")).error).toBeUndefined();
    // Orders of the release before, as its billing room left them.
    const orders: Array<[string, string, number, string | null]> = [
      ["ord_refunded", "paid", 0, "refunded"],
      ["ord_cancelled", "paid", 3_900, "cancelled"],
      ["ord_charge", "paid", 3_900, "active"],
      ["ord_partial", "paid", 0, null],
      ["ord_active", "paid", 3_900, "cancelling"],
      ["ord_unpaid", "expired", 0, null],
    ];
    let number = 1000;
    for (const [id, state, monthly, billing] of orders)
      sqlite
        .prepare(
          `INSERT INTO orders (id, submission_token, state, lang, offer, currency, amount_due_now, monthly, customer_json, email, provider, created_at, updated_at, paid_at, billing_state, period_end, reference_number)
           VALUES (?, ?, ?, 'fr', 'formateur-ia', 'EUR', 100, ?, '{"firstName":"A","lastName":"B","email":"a@example.com"}', 'a@example.com', 'sandbox', '2026-11-01T10:00:00.000Z', '2026-11-05T10:00:00.000Z', '2026-11-01T10:00:00.000Z', ?, ?, ?)`,
        )
        .run(id, `token-${id}`, state, monthly, billing, monthly ? "2026-12-01T10:00:00.000Z" : null, ++number);
    const charge = sqlite.prepare(
      `INSERT INTO charge_refunds (charge_id, order_id, amount, amount_refunded, currency, updated_at) VALUES (?, ?, 100, ?, 'eur', '2026-11-05T10:00:00.000Z')`,
    );
    charge.run("ch_full", "ord_charge", 100);
    charge.run("ch_part", "ord_partial", 40);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const work = deliveryStore(db);
    const reads = orderStore(db);
    const closedBy = async (id: string) =>
      workState((await reads.findById(id))!, await work.orderWork(id)).closedBy ?? "open";
    expect(
      Object.fromEntries(await Promise.all(orders.map(async ([id]) => [id, await closedBy(id)] as const))),
    ).toEqual({
      ord_refunded: "refunded",
      ord_cancelled: "cancelled",
      ord_charge: "refunded",
      ord_partial: "open",
      ord_active: "open",
      ord_unpaid: "open",
    });
    expect((await work.orderWork("ord_cancelled")).closure).toEqual({
      why: "cancelled",
      event: "cancelNow",
      at: "2026-11-05T10:00:00.000Z",
    });
    await db.destroy();
  });
});
