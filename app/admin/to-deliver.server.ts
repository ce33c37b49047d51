import { sql, type ExpressionBuilder } from "kysely";
import { CATALOGUE_OFFERS } from "../content/catalogue.ts";
import type { Database } from "../db/schema.ts";
import { workOpen } from "../delivery/delivery-store.server.ts";

/** Offers that deliver several pieces per period (short videos: 8 a month), with that allowance. */
const ALLOWANCES = CATALOGUE_OFFERS.flatMap((offer) =>
  offer.perPeriod && offer.perPeriod > 1 ? [[offer.id, offer.perPeriod] as const] : [],
);

/** The order's current period in SQL: a subscription's period end, '' for a one-time order (as delivery/work.server.ts periodOf). */
const CURRENT_PERIOD = sql<string>`CASE WHEN orders.monthly > 0 THEN coalesce(orders.period_end, '') ELSE '' END`;

/**
 * An order the owner still has to deliver: paid, its work not closed by money, not disputed, its customer not erased (nothing
 * can be delivered to no one: the order page offers no delivery then), and no delivery mark for its
 * current period, or a revision asked that no delivery answers yet. A one-time order's mark has no period ('' here); a subscription's names the
 * period_end it was made in (delivery-store recordDelivery, the one deliver function's write). An offer with an allowance per
 * period (`perPeriod`) stays owed after its first delivery on the site while pieces remain, as the
 * delivery page counts them (delivery/work.server.ts workState: a delivery that answers a revision
 * is not a new piece); a delivery made outside the site is one piece like any other. One definition for the front page's count, the orders list's "to deliver" filter and the
 * morning email, so the tile and the list it links to agree.
 */
export function toDeliver(eb: ExpressionBuilder<Database, "orders">) {
  return eb.and([
    eb("orders.state", "=", "paid"),
    eb("orders.erased_at", "is", null),
    // An open dispute holds the work while the money is contested (it is not an end: won, the order is owed again).
    eb.or([eb("orders.billing_state", "is", null), eb("orders.billing_state", "!=", "disputed")]),
    // Money ends the work through the work's state machine (delivery/work.server.ts moneyMove): its
    // closure (a full refund, a cancellation now, a subscription ended) takes the order off the
    // list, as it closes the customer's page; a partial refund or a cancellation at the period's end
    // leaves it owed.
    workOpen(eb),
    eb.or([
      eb.not(
        eb.exists(
          eb
            .selectFrom("order_events")
            .select("order_events.id")
            .whereRef("order_events.order_id", "=", "orders.id")
            .where("order_events.kind", "=", "delivered")
            .where(sql<boolean>`coalesce(order_events.period, '') = ${CURRENT_PERIOD}`),
        ),
      ),
      // Delivered, then a revision asked (app/delivery/) that no delivery answers yet: back to do.
      eb.exists(
        eb
          .selectFrom("order_revisions")
          .select("order_revisions.id")
          .whereRef("order_revisions.order_id", "=", "orders.id")
          .where(sql<boolean>`order_revisions.period = ${CURRENT_PERIOD}`)
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
      // Pieces left in the period's allowance, once the site has delivered one.
      ...ALLOWANCES.map(([offer, allowance]) =>
        eb.and([
          eb("orders.offer", "=", offer),
          eb(
            eb
              .selectFrom("order_deliveries")
              .select((inner) => inner.fn.countAll<number>().as("pieces"))
              .whereRef("order_deliveries.order_id", "=", "orders.id")
              .where(sql<boolean>`order_deliveries.period = ${CURRENT_PERIOD}`)
              .where((inner) =>
                inner.not(
                  inner.exists(
                    inner
                      .selectFrom("order_revisions")
                      .select("order_revisions.id")
                      .whereRef("order_revisions.order_id", "=", "order_deliveries.order_id")
                      .whereRef("order_revisions.period", "=", "order_deliveries.period")
                      .whereRef("order_revisions.round", "=", "order_deliveries.round"),
                  ),
                ),
              ),
            "<",
            allowance,
          ),
          eb.exists(
            eb
              .selectFrom("order_deliveries")
              .select("order_deliveries.id")
              .whereRef("order_deliveries.order_id", "=", "orders.id")
              .where(sql<boolean>`order_deliveries.period = ${CURRENT_PERIOD}`),
          ),
        ]),
      ),
    ]),
  ]);
}
