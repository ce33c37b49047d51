import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { billingStateEvents } from "../automation/events.ts";
import { recordWebhookEvent } from "../automation/webhook-store.server.ts";
import { enqueue } from "../mail/outbox-store.server.ts";
import { closeWork, openWorkPeriod } from "../delivery/delivery-store.server.ts";
import { applyBillingState, setBillingRefs } from "../orders/billing-columns.server.ts";
import { toOrder } from "../orders/order-store.server.ts";
import type { Order } from "../orders/types.ts";
import type { BillingRefs, BillingStore, PaymentEventChange, PaymentEventRow } from "./types.ts";

const now = () => new Date().toISOString();

/** Payment events and the billing columns of orders, over the one Kysely database. */
export function billingStore(db: Kysely<Database>): BillingStore {
  return {
    async setBillingRefs(orderId: string, refs: BillingRefs): Promise<void> {
      await setBillingRefs(db, orderId, refs);
    },

    async findByBillingRef(ref: {
      subscriptionRef?: string | null;
      customerRef?: string | null;
    }): Promise<Order | undefined> {
      if (ref.subscriptionRef) {
        const row = await db
          .selectFrom("orders")
          .selectAll()
          .where("subscription_ref", "=", ref.subscriptionRef)
          .executeTakeFirst();
        if (row) return toOrder(row);
      }
      if (!ref.customerRef) return undefined;
      const row = await db
        .selectFrom("orders")
        .selectAll()
        .where("customer_ref", "=", ref.customerRef)
        .where("state", "=", "paid")
        .orderBy("paid_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return row ? toOrder(row) : undefined;
    },

    async findSubscriptionsByEmail(email: string): Promise<Order[]> {
      const rows = await db
        .selectFrom("orders")
        .selectAll()
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
        .where("state", "=", "paid")
        .where("monthly", ">", 0)
        .orderBy("paid_at", "desc")
        .limit(10)
        .execute();
      return rows.map(toOrder);
    },

    async hasPaymentEvent(id: string): Promise<boolean> {
      return (await db.selectFrom("payment_events").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
    },

    async recordPaymentEvent(
      event: { id: string; type: string; orderId: string | null },
      change?: PaymentEventChange,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto("payment_events")
          .values({ id: event.id, type: event.type, order_id: event.orderId, received_at: now() })
          .onConflict((conflict) => conflict.column("id").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
        if (change?.billing) await applyBillingState(trx, change.orderId, change.billing);
        // The work's next month opens with the renewal that pays it, once (the event's record decides).
        if (change?.openPeriod) await openWorkPeriod(trx, change.orderId, change.openPeriod.from, change.openPeriod.to);
        // Money ended the work: its closure commits with the billing change that caused it, once.
        if (change?.closeWork) await closeWork(trx, change.orderId, change.closeWork);
        for (const kind of change?.emails ?? []) await enqueue(trx, { orderId: change!.orderId }, kind);
        if (change) {
          for (const spec of [...(change.webhooks ?? []), ...billingStateEvents(change.orderId, change.billing)])
            await recordWebhookEvent(trx, { orderId: change.orderId }, spec);
        }
        return true;
      });
    },

    async listSandboxPeriodsEnded(nowIso: string, limit: number): Promise<Order[]> {
      const rows = await db
        .selectFrom("orders")
        .selectAll()
        .where("provider", "=", "sandbox")
        .where("state", "=", "paid")
        .where("monthly", ">", 0)
        .where("subscription_ref", "is not", null)
        .where("billing_state", "in", ["active", "past_due", "cancelling"])
        .where("period_end", "<=", nowIso)
        .orderBy("period_end")
        .limit(limit)
        .execute();
      return rows.map(toOrder);
    },

    async listPaymentEvents(orderId: string): Promise<PaymentEventRow[]> {
      const rows = await db
        .selectFrom("payment_events")
        .selectAll()
        .where("order_id", "=", orderId)
        .orderBy("received_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({ id: row.id, type: row.type, orderId: row.order_id, receivedAt: row.received_at }));
    },
  };
}
