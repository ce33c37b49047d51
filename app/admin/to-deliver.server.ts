import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Billing states where the money was kept and the work is still owed (null: a one-time order
 * nothing happened to since). Not "cancelled": a subscription that has ended owes no more work.
 */
const KEPT = ["active", "past_due", "cancelling"] as const;

/**
 * An order the owner still has to deliver: paid, its money kept, its customer not erased (nothing
 * can be delivered to no one: the order page offers no delivery then), and no delivery mark for its
 * current period, or a revision asked that no delivery answers yet. A one-time order's mark has no period ('' here); a subscription's names the
 * period_end it was made in (back-office-store markDelivered). One definition for the front page's
 * count and the orders list's "to deliver" filter, so the tile and the list it links to agree.
 */
export function toDeliver(eb: ExpressionBuilder<Database, "orders">) {
  return eb.and([
    eb("orders.state", "=", "paid"),
    eb("orders.erased_at", "is", null),
    eb.or([eb("orders.billing_state", "is", null), eb("orders.billing_state", "in", KEPT)]),
    eb.or([
      eb.not(
        eb.exists(
          eb
            .selectFrom("order_events")
            .select("order_events.id")
            .whereRef("order_events.order_id", "=", "orders.id")
            .where("order_events.kind", "=", "delivered")
            .where(sql<boolean>`coalesce(order_events.period, '') = CASE WHEN orders.monthly > 0 THEN coalesce(orders.period_end, '') ELSE '' END`),
        ),
      ),
      // Delivered, then a revision asked (app/delivery/) that no delivery answers yet: back to do.
      eb.exists(
        eb
          .selectFrom("order_revisions")
          .select("order_revisions.id")
          .whereRef("order_revisions.order_id", "=", "orders.id")
          .where(sql<boolean>`order_revisions.period = CASE WHEN orders.monthly > 0 THEN coalesce(orders.period_end, '') ELSE '' END`)
          .where((inner) =>
            inner.not(
              inner.exists(
                inner
                  .selectFrom("order_deliveries")
                  .select("order_deliveries.id")
                  .whereRef("order_deliveries.order_id", "=", "order_revisions.order_id")
                  .whereRef("order_deliveries.period", "=", "order_revisions.period")
                  .whereRef("order_deliveries.round", "=", "order_revisions.round"),
              ),
            ),
          ),
      ),
    ]),
  ]);
}
