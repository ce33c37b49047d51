import type { Kysely } from "kysely";
import { ERASED } from "../db/erased.ts";
import type { Database } from "../db/schema.ts";
import { toOrder } from "./order-store.server.ts";
import type { OrderForm } from "./order-schema.ts";
import type { Order } from "./types.ts";

/**
 * The order form's answers that are not about the person and stay after an erasure: the country
 * (VAT: where the sale was taxed) and the two choices about the product. Every other answer is
 * personal (name, email, phone, address, company, Telegram id, texts) and becomes ERASED.
 */
const KEPT_FIELDS: ReadonlySet<string> = new Set(["country", "videoLanguage", "connectZapier"]);

/** Billing states of a subscription still running: its customer is a current customer, not a past one. */
const RUNNING = ["active", "past_due", "cancelling"] as const;

/** A person's data in the orders table: found by email, erased by order id (ADR 016). */
export interface OrderPrivacyStore {
  /** Every order placed with this email address (compared trimmed and case-insensitively), oldest first. */
  findOrdersOfPerson(email: string): Promise<Order[]>;
  /** Replaces the personal fields of these orders by ERASED, once (erased_at); returns how many this call erased. */
  eraseOrders(orderIds: readonly string[]): Promise<number>;
  /**
   * Orders whose personal fields are due for erasure (not erased yet): attempts never paid created
   * before `unpaidBefore`, and paid orders whose last payment and period ended before `paidBefore`
   * (a subscription still running is never due).
   */
  ordersDueForErasure(due: { unpaidBefore: string; paidBefore: string }, limit: number): Promise<string[]>;
}

export const erasedCustomer = (customer: OrderForm): OrderForm =>
  Object.fromEntries(
    Object.entries(customer).map(([key, value]) => [
      key,
      KEPT_FIELDS.has(key) || typeof value !== "string" ? value : ERASED,
    ]),
  ) as OrderForm;

export function orderPrivacyStore(db: Kysely<Database>): OrderPrivacyStore {
  return {
    async findOrdersOfPerson(email: string): Promise<Order[]> {
      const rows = await db
        .selectFrom("orders")
        .selectAll()
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map(toOrder);
    },

    async eraseOrders(orderIds: readonly string[]): Promise<number> {
      if (!orderIds.length) return 0;
      return db.transaction().execute(async (trx) => {
        // erased_at IS NULL decides it: two instances erasing the same order write it once, and
        // the second learns it had nothing to do (row locks on PostgreSQL, one writer on SQLite).
        const rows = await trx
          .selectFrom("orders")
          .select(["id", "customer_json"])
          .where("id", "in", orderIds)
          .where("erased_at", "is", null)
          .execute();
        let erased = 0;
        const stamp = new Date().toISOString();
        for (const row of rows) {
          const result = await trx
            .updateTable("orders")
            .set({
              customer_json: JSON.stringify(erasedCustomer(JSON.parse(row.customer_json) as OrderForm)),
              email: ERASED,
              // The checkout's address can carry the email (Stripe prefills it); the failure text may quote it.
              checkout_url: null,
              failure_reason: null,
              // Where the buyer was: not needed once no one is named.
              time_zone: null,
              erased_at: stamp,
            })
            .where("id", "=", row.id)
            .where("erased_at", "is", null)
            .executeTakeFirst();
          erased += Number(result.numUpdatedRows);
        }
        return erased;
      });
    },

    async ordersDueForErasure(due: { unpaidBefore: string; paidBefore: string }, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("orders")
        .select("id")
        .where("erased_at", "is", null)
        .where((eb) =>
          eb.or([
            eb.and([eb("state", "<>", "paid"), eb("created_at", "<", due.unpaidBefore)]),
            eb.and([
              eb("state", "=", "paid"),
              eb("paid_at", "<", due.paidBefore),
              eb.or([eb("period_end", "is", null), eb("period_end", "<", due.paidBefore)]),
              eb.or([eb("billing_state", "is", null), eb("billing_state", "not in", RUNNING)]),
            ]),
          ]),
        )
        .orderBy("created_at")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
