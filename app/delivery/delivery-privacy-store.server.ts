import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * A person's data in the delivery room's tables (ADR 016): their briefs (the order's and each later
 * month's of a subscription), the revisions they wrote,
 * the notes and links delivered to them and the names of the files. Erased by order id, rows and
 * all (the order's delivered event stays in its timeline, without its note). The files' bytes are
 * in the file storage under `orders/<order id>/`, removed by that prefix.
 */
export interface DeliveryPrivacyStore {
  /** Deletes the briefs, file records, revisions and deliveries of these orders; returns how many rows. */
  eraseOrderWork(orderIds: readonly string[]): Promise<number>;
  /** The files of these orders as the person's export lists them (what, not the bytes). */
  listOrderFiles(
    orderIds: readonly string[],
  ): Promise<
    Array<{ orderId: string; name: string; size: number; contentType: string; kind: string; createdAt: string }>
  >;
}

export function deliveryPrivacyStore(db: Kysely<Database>): DeliveryPrivacyStore {
  return {
    async listOrderFiles(orderIds: readonly string[]) {
      if (!orderIds.length) return [];
      const rows = await db
        .selectFrom("order_files")
        .select(["order_id", "name", "size", "content_type", "kind", "created_at"])
        .where("order_id", "in", orderIds)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        orderId: row.order_id,
        name: row.name,
        size: Number(row.size),
        contentType: row.content_type,
        kind: row.kind,
        createdAt: row.created_at,
      }));
    },

    async eraseOrderWork(orderIds: readonly string[]): Promise<number> {
      if (!orderIds.length) return 0;
      return db.transaction().execute(async (trx) => {
        let rows = 0;
        // Files first: they point at deliveries.
        for (const table of [
          "order_files",
          "order_revisions",
          "order_deliveries",
          "order_briefs",
          // A subscription's later months: their briefs (the month's topics) are the person's words.
          "work_periods",
          "upload_allowances",
        ] as const) {
          const result = await trx.deleteFrom(table).where("order_id", "in", orderIds).executeTakeFirst();
          rows += Number(result.numDeletedRows);
        }
        return rows;
      });
    },
  };
}
