import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * A person's data in the delivery room's tables (ADR 016): their brief, the revisions they wrote,
 * the notes and links delivered to them and the names of the files. Erased by order id, rows and
 * all (the order's delivered event stays in its timeline, without its note). The files' bytes are
 * in the file storage under `orders/<order id>/`, removed by that prefix.
 */
export interface DeliveryPrivacyStore {
  /** Deletes the briefs, file records, revisions and deliveries of these orders; returns how many rows. */
  eraseOrderWork(orderIds: readonly string[]): Promise<number>;
}

export class KyselyDeliveryPrivacyStore implements DeliveryPrivacyStore {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async eraseOrderWork(orderIds: readonly string[]): Promise<number> {
    if (!orderIds.length) return 0;
    return this.db.transaction().execute(async (trx) => {
      let rows = 0;
      // Files first: they point at deliveries.
      for (const table of ["order_files", "order_revisions", "order_deliveries", "order_briefs"] as const) {
        const result = await trx.deleteFrom(table).where("order_id", "in", orderIds).executeTakeFirst();
        rows += Number(result.numDeletedRows);
      }
      return rows;
    });
  }
}
