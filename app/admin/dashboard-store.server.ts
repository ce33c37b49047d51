import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { toOrder } from "../orders/order-store.server.ts";
import type { Order } from "../orders/types.ts";
import { toDeliver } from "./to-deliver.server.ts";
import type { DashboardStore, MoneyMovement, OrderFunnelCount, SubscriptionGroup } from "./types.ts";

/** Billing states of a subscription that still bills (a paused one does not: see liveSubscriptions). */
const LIVE = ["active", "past_due", "cancelling"] as const;

/** The back office's front page: sums and counts over orders, refunds, renewals and quote requests. */
export function dashboardStore(db: Kysely<Database>): DashboardStore {
  return {
    async moneyMovements(since: string): Promise<MoneyMovement[]> {
      // A fully refunded one-time order counts nothing: neither its payment nor its refund.
      const [payments, renewals, refunds] = await Promise.all([
        db
          .selectFrom("orders")
          .select(["paid_at as at", "currency", "amount_due_now as amount"])
          .where("state", "=", "paid")
          .where("paid_at", ">=", since)
          .where("amount_due_now", ">", 0)
          .where((eb) => eb.or([eb("billing_state", "is", null), eb("billing_state", "<>", "refunded")]))
          .execute(),
        // A renewal invoice paid leaves exactly one renewal email (outbox kind `renewal.{invoice}`,
        // unique per order): the month's charge, at the order's monthly amount.
        db
          .selectFrom("outbox")
          .innerJoin("orders", "orders.id", "outbox.order_id")
          .select(["outbox.created_at as at", "orders.currency as currency", "orders.monthly as amount"])
          .where("outbox.kind", "like", "renewal.%")
          .where("outbox.created_at", ">=", since)
          .execute(),
        db
          .selectFrom("charge_refunds")
          .innerJoin("orders", "orders.id", "charge_refunds.order_id")
          .select([
            "charge_refunds.updated_at as at",
            "charge_refunds.currency as currency",
            "charge_refunds.amount_refunded as amount",
          ])
          .where("charge_refunds.updated_at", ">=", since)
          .where("charge_refunds.amount_refunded", ">", 0)
          .where((eb) => eb.or([eb("orders.billing_state", "is", null), eb("orders.billing_state", "<>", "refunded")]))
          .execute(),
      ]);
      const row = (sign: number) => (r: { at: string | null; currency: string; amount: number }) => ({
        at: r.at ?? "",
        currency: r.currency.toUpperCase(),
        amount: sign * Number(r.amount),
      });
      return [...payments.map(row(1)), ...renewals.map(row(1)), ...refunds.map(row(-1))];
    },

    async liveSubscriptions(): Promise<SubscriptionGroup[]> {
      const rows = await db
        .selectFrom("orders")
        .select((eb) => [
          "billing_state",
          "currency",
          eb.fn.countAll<number>().as("n"),
          eb.fn.sum<number>("monthly").as("monthly"),
        ])
        .where("state", "=", "paid")
        .where("monthly", ">", 0)
        .where("billing_state", "in", LIVE)
        .where((eb) => eb.or([eb("subscription_status", "is", null), eb("subscription_status", "<>", "paused")]))
        .groupBy(["billing_state", "currency"])
        .execute();
      return rows.map((r) => ({
        state: r.billing_state as SubscriptionGroup["state"],
        currency: r.currency.toUpperCase(),
        count: Number(r.n),
        monthly: Number(r.monthly),
      }));
    },

    async ordersToDeliver(): Promise<number> {
      const { n } = await db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where(toDeliver)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async orderFunnel(since: string): Promise<OrderFunnelCount[]> {
      const rows = await db
        .selectFrom("orders")
        .select((eb) => [
          "offer",
          "lang",
          eb.fn.countAll<number>().as("orders"),
          eb.fn.sum<number>(eb.case().when("state", "=", "paid").then(1).else(0).end()).as("paid"),
        ])
        .where("created_at", ">=", since)
        .groupBy(["offer", "lang"])
        .execute();
      return rows.map((r) => ({ offer: r.offer, lang: r.lang, orders: Number(r.orders), paid: Number(r.paid) }));
    },

    async quotesWaiting(): Promise<number> {
      const { n } = await db
        .selectFrom("quote_requests")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("answered_at", "is", null)
        // A proposal the owner started for an address waits for the owner's own proposal, not for an answer.
        .where("started_by", "!=", "owner")
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async paidBetween(from: string, to: string, limit: number): Promise<Order[]> {
      const rows = await db
        .selectFrom("orders")
        .selectAll()
        .where("state", "=", "paid")
        .where("paid_at", ">=", from)
        .where("paid_at", "<", to)
        .orderBy("paid_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map(toOrder);
    },
  };
}
