import type { Kysely } from "kysely";
import { ERASED } from "../db/erased.ts";
import type { Database } from "../db/schema.ts";
import type { OrderEvent } from "./types.ts";

/**
 * Timeline entries whose detail is written by the site itself and names no one ("order-paid #1"):
 * kept. Every other detail (the owner's delivery note, a delivery error quoting an address, a reason
 * typed for a refund or a cancellation, any kind added later) is erased: unknown means personal.
 */
const IMPERSONAL_DETAIL: ReadonlySet<string> = new Set([
  "email_sent",
  "checkout_created",
  "resend_requested",
] satisfies Array<OrderEvent["kind"]>);

/** A person's data in the back office's own records of an order: timeline details (order_events) and the notes of refunds and cancellations (money_actions), ADR 016. */
export interface TimelinePrivacyStore {
  /** Every timeline entry of these orders, oldest first (the export). */
  listEventsOfOrders(orderIds: readonly string[]): Promise<OrderEvent[]>;
  /** Replaces the details and notes that may name the person by ERASED; returns how many changed. */
  eraseEventDetails(orderIds: readonly string[]): Promise<number>;
}

export function timelinePrivacyStore(db: Kysely<Database>): TimelinePrivacyStore {
  return {
    async listEventsOfOrders(orderIds: readonly string[]): Promise<OrderEvent[]> {
      if (!orderIds.length) return [];
      const rows = await db
        .selectFrom("order_events")
        .selectAll()
        .where("order_id", "in", orderIds)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        orderId: row.order_id,
        kind: row.kind as OrderEvent["kind"],
        detail: row.detail,
        createdAt: row.created_at,
        period: row.period,
      }));
    },

    async eraseEventDetails(orderIds: readonly string[]): Promise<number> {
      if (!orderIds.length) return 0;
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("order_events")
          .set({ detail: ERASED })
          .where("order_id", "in", orderIds)
          .where("detail", "is not", null)
          .where("detail", "<>", ERASED)
          .where("kind", "not in", [...IMPERSONAL_DETAIL])
          .executeTakeFirst();
        // The back office's refunds and cancellations (money-store.server.ts) keep the owner's own
        // words beside the amount: erased too. Amount, currency, reason code and provider id stay.
        const notes = await trx
          .updateTable("money_actions")
          .set({ note: ERASED })
          .where("order_id", "in", orderIds)
          .where("note", "<>", "")
          .where("note", "<>", ERASED)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) + Number(notes.numUpdatedRows);
      });
    },
  };
}
