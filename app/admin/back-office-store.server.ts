import { sql, type Kysely } from "kysely";
import type { Dialect } from "../db/database.server.ts";
import type { Database } from "../db/schema.ts";
import { confirmationCopyKind } from "../mail/email-kinds.ts";
import { enqueue } from "../mail/outbox-store.server.ts";
import { toOrder } from "../orders/order-store.server.ts";
import { referenceNumberOf } from "../orders/reference.ts";
import type { Order } from "../orders/types.ts";
import type { ExportQuery, ExportRow } from "../ops/orders-csv.server.ts";
import { toDeliver } from "./to-deliver.server.ts";
import {
  ATTEMPT_STATES,
  type BackOfficeHealth,
  type CustomerRow,
  type BackOfficeStore,
  type OrderEvent,
  type OrderQuery,
} from "./types.ts";

const now = () => new Date().toISOString();

/** The back office's reads (order search, timeline, health), over the one Kysely database. */
export function backOfficeStore(db: Kysely<Database>, dialect: Dialect): BackOfficeStore {
  /** "first last" of an order's customer, lower-cased, for a search by name. */
  function customerName() {
    return dialect === "postgres"
      ? sql`lower((customer_json::json ->> 'firstName') || ' ' || (customer_json::json ->> 'lastName'))`
      : sql`lower(json_extract(customer_json, '$.firstName') || ' ' || json_extract(customer_json, '$.lastName'))`;
  }

  /** The orders of the back office's list and export: by state, and a search in reference, email or name. */
  function matchingOrders(query: ExportQuery) {
    let selection = db.selectFrom("orders");
    if (query.state) selection = selection.where("state", "=", query.state);
    if (query.toDeliver) selection = selection.where(toDeliver);
    const search = query.search?.trim().toLowerCase();
    if (search) {
      // % and _ typed by the owner are searched literally.
      const like = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const name = customerName();
      // "LA-1042", "1042": the readable reference's number, whatever the prefix typed.
      const number = referenceNumberOf(search);
      const reference = number === null ? sql`1 = 0` : sql`reference_number = ${number}`;
      selection = selection.where(
        sql<boolean>`(lower(id) LIKE ${like} ESCAPE '\\' OR lower(email) LIKE ${like} ESCAPE '\\' OR ${name} LIKE ${like} ESCAPE '\\' OR ${reference})`,
      );
    }
    return selection;
  }

  return {
    async searchOrders(query: OrderQuery): Promise<{ orders: Order[]; total: number }> {
      let selection = matchingOrders(query);
      if (query.foldAttempts) {
        // An attempt with a paid order of the same customer and offer made at or after it is folded.
        selection = selection.where(
          sql<boolean>`NOT (orders.state IN ('checkout_created', 'expired') AND EXISTS (SELECT 1 FROM orders p WHERE p.state = 'paid' AND lower(p.email) = lower(orders.email) AND p.offer = orders.offer AND p.created_at >= orders.created_at))`,
        );
      }
      const { n } = await selection.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const rows = await selection
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      return { orders: rows.map(toOrder), total: Number(n) };
    },

    async exportPage(
      query: ExportQuery,
      after: { createdAt: string; id: string } | null,
      limit: number,
    ): Promise<ExportRow[]> {
      let selection = matchingOrders(query);
      if (after) {
        selection = selection.where((eb) =>
          eb.or([
            eb("created_at", "<", after.createdAt),
            eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)]),
          ]),
        );
      }
      // Each order's emails in the same query (a correlated subquery over the outbox's (order_id, kind)
      // index), as JSON: 30,000 orders used to cost 30,001 queries.
      const emails =
        dialect === "postgres"
          ? sql<string>`(SELECT coalesce(json_agg(json_build_object('kind', o.kind, 'status', o.status, 'attempts', o.attempts) ORDER BY o.id), '[]')::text FROM outbox o WHERE o.order_id = orders.id)`
          : sql<string>`(SELECT json_group_array(json_object('kind', o.kind, 'status', o.status, 'attempts', o.attempts)) FROM (SELECT kind, status, attempts FROM outbox WHERE outbox.order_id = orders.id ORDER BY outbox.id) o)`;
      // What billing recorded as refunded of the order's charges (the CSV's refunded and net columns).
      const refunded = sql<
        number | string
      >`(SELECT coalesce(sum(c.amount_refunded), 0) FROM charge_refunds c WHERE c.order_id = orders.id)`;
      // The latest delivery (a subscription's is its current period's): the owner's "delivered on" column.
      const delivered = sql<
        string | null
      >`(SELECT max(e.created_at) FROM order_events e WHERE e.order_id = orders.id AND e.kind = 'delivered')`;
      const rows = await selection
        .selectAll()
        .select([emails.as("emails_json"), refunded.as("refunded"), delivered.as("delivered_at")])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map(({ emails_json, refunded, delivered_at, ...row }) => ({
        order: toOrder(row),
        emails: JSON.parse(emails_json ?? "[]"),
        refunded: Number(refunded),
        deliveredAt: delivered_at,
      }));
    },

    async listCustomers(query: {
      search?: string;
      limit: number;
      offset: number;
    }): Promise<{ customers: CustomerRow[]; total: number }> {
      const email = sql<string>`lower(email)`;
      let paid = db.selectFrom("orders").where("state", "=", "paid").where("erased_at", "is", null);
      const search = query.search?.trim().toLowerCase();
      if (search) {
        const like = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        paid = paid.where(
          sql<boolean>`(lower(email) LIKE ${like} ESCAPE '\\' OR ${customerName()} LIKE ${like} ESCAPE '\\')`,
        );
      }
      const total = await paid.select(sql<number | string>`count(DISTINCT lower(email))`.as("n")).executeTakeFirst();
      const page = await paid
        .select([
          email.as("email"),
          sql<number | string>`count(*)`.as("orders"),
          sql<string>`max(created_at)`.as("last"),
        ])
        .groupBy(email)
        .orderBy(sql`max(created_at)`, "desc")
        .orderBy(email)
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      if (!page.length) return { customers: [], total: Number(total?.n ?? 0) };
      const emails = page.map((row) => row.email);
      const of = db
        .selectFrom("orders")
        .where("state", "=", "paid")
        .where("erased_at", "is", null)
        .where(email, "in", emails);
      const refunded = sql<
        number | string
      >`coalesce((SELECT sum(c.amount_refunded) FROM charge_refunds c WHERE c.order_id = orders.id), 0)`;
      const sums = await of
        .select([email.as("email"), "currency", sql<number | string>`sum(amount_due_now - ${refunded})`.as("amount")])
        .groupBy([email, "currency"])
        .orderBy("currency")
        .execute();
      const latest = await of
        .select([email.as("email"), "customer_json", "created_at"])
        .orderBy("created_at", "desc")
        .execute();
      return {
        total: Number(total?.n ?? 0),
        customers: page.map((row) => {
          const customer = JSON.parse(latest.find((order) => order.email === row.email)?.customer_json ?? "{}") as {
            firstName?: string;
            lastName?: string;
          };
          return {
            email: row.email,
            name: `${customer.firstName ?? ""} ${customer.lastName ?? ""}`.trim(),
            orders: Number(row.orders),
            paid: sums
              .filter((sum) => sum.email === row.email)
              .map((sum) => ({ currency: sum.currency, amount: Number(sum.amount) })),
            lastOrderAt: row.last,
          };
        }),
      };
    },

    async newSince(since: string, until: string): Promise<{ paid: Order[]; briefs: Order[]; revisions: Order[] }> {
      const live = db.selectFrom("orders").selectAll("orders").where("orders.erased_at", "is", null);
      const [paid, briefs, revisions] = await Promise.all([
        live
          .where("orders.state", "=", "paid")
          .where("orders.paid_at", ">=", since)
          .where("orders.paid_at", "<", until)
          .orderBy("orders.paid_at")
          .orderBy("orders.id")
          .execute(),
        live
          .innerJoin("order_briefs", "order_briefs.order_id", "orders.id")
          .where("order_briefs.created_at", ">=", since)
          .where("order_briefs.created_at", "<", until)
          .orderBy("order_briefs.created_at")
          .orderBy("orders.id")
          .execute(),
        live
          .where("orders.id", "in", (eb) =>
            eb
              .selectFrom("order_revisions")
              .select("order_revisions.order_id")
              .where("order_revisions.created_at", ">=", since)
              .where("order_revisions.created_at", "<", until),
          )
          .orderBy("orders.paid_at")
          .orderBy("orders.id")
          .execute(),
      ]);
      return { paid: paid.map(toOrder), briefs: briefs.map(toOrder), revisions: revisions.map(toOrder) };
    },

    async listDetails(orders: readonly Order[]): Promise<{
      attempts: Map<string, Order[]>;
      delivered: Set<string>;
      toDeliver: Set<string>;
      refunded: Map<string, number>;
    }> {
      const attempts = new Map<string, Order[]>();
      const delivered = new Set<string>();
      const refunded = new Map<string, number>();
      const paid = orders.filter((order) => order.state === "paid");
      if (!paid.length) return { attempts, delivered, toDeliver: new Set(), refunded };
      const ids = paid.map((order) => order.id);
      // The same rule as the front page's tile and the "to deliver" filter: one definition, so a list row never disagrees with them.
      const toDeliverRows = await db
        .selectFrom("orders")
        .select("id")
        .where("id", "in", ids)
        .where(toDeliver)
        .execute();
      const refunds = await db
        .selectFrom("charge_refunds")
        .select(["order_id", sql<number | string>`sum(amount_refunded)`.as("amount")])
        .where("order_id", "in", ids)
        .groupBy("order_id")
        .execute();
      for (const row of refunds)
        if (row.order_id && Number(row.amount) > 0) refunded.set(row.order_id, Number(row.amount));
      // Every paid order and attempt of the page's (email, offer) pairs: an attempt belongs to the
      // first paid order made at or after it (a customer who bought twice has two folds).
      const pairs = [
        ...new Map(paid.map((order) => [`${order.customer.email.toLowerCase()}\n${order.offer}`, order])).values(),
      ];
      const rows = await db
        .selectFrom("orders")
        .selectAll()
        .where("state", "in", ["paid", ...ATTEMPT_STATES])
        .where((eb) =>
          eb.or(
            pairs.map((order) =>
              eb.and([eb(sql`lower(email)`, "=", order.customer.email.toLowerCase()), eb("offer", "=", order.offer)]),
            ),
          ),
        )
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      const related = rows.map(toOrder);
      for (const attempt of related.filter((order) => order.state !== "paid")) {
        const owner = related.find(
          (order) =>
            order.state === "paid" &&
            order.offer === attempt.offer &&
            order.customer.email.toLowerCase() === attempt.customer.email.toLowerCase() &&
            order.createdAt >= attempt.createdAt,
        );
        if (owner) attempts.set(owner.id, [...(attempts.get(owner.id) ?? []), attempt]);
      }
      const events = await db
        .selectFrom("order_events")
        .select(["order_id", "period"])
        .where("kind", "=", "delivered")
        .where(
          "order_id",
          "in",
          paid.map((order) => order.id),
        )
        .execute();
      for (const order of paid) {
        const period = order.monthly ? order.periodEnd : null;
        if (events.some((event) => event.order_id === order.id && event.period === period)) delivered.add(order.id);
      }
      return { attempts, delivered, toDeliver: new Set(toDeliverRows.map((row) => row.id)), refunded };
    },

    async addOrderEvent(orderId: string, kind: OrderEvent["kind"], detail: string | null = null): Promise<void> {
      await db
        .insertInto("order_events")
        .values({ order_id: orderId, kind, detail: detail === null ? null : detail.slice(0, 2000), created_at: now() })
        .execute();
    },

    async queueCopy(
      orderId: string,
      kind: "admin-resend",
      event: OrderEvent["kind"],
    ): Promise<"queued" | "alreadyQueued"> {
      return db.transaction().execute(async (trx) => {
        const copies = await trx
          .selectFrom("outbox")
          .select("status")
          .where("order_id", "=", orderId)
          .where("kind", "like", `${kind}-%`)
          .execute();
        if (copies.some((copy) => copy.status === "pending")) return "alreadyQueued";
        // Two requests that read the same count try the same kind: the outbox's unique (order, kind)
        // lets one in; the other waits for it to commit and inserts nothing.
        if (!(await enqueue(trx, { orderId }, confirmationCopyKind(kind, copies.length + 1)))) return "alreadyQueued";
        await trx
          .insertInto("order_events")
          .values({ order_id: orderId, kind: event, detail: null, created_at: now() })
          .execute();
        return "queued";
      });
    },

    async listOrderEvents(orderId: string): Promise<OrderEvent[]> {
      const rows = await db
        .selectFrom("order_events")
        .selectAll()
        .where("order_id", "=", orderId)
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

    async markQuoteAnswered(quoteId: string): Promise<boolean> {
      const result = await db
        .updateTable("quote_requests")
        .set({ answered_at: now() })
        .where("id", "=", quoteId)
        .where("answered_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async health(stuckBefore: string): Promise<BackOfficeHealth> {
      const emails = await db
        .selectFrom("outbox")
        .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
        .where("status", "<>", "sent")
        .groupBy("status")
        .execute();
      const count = (status: string) => Number(emails.find((row) => row.status === status)?.n ?? 0);
      const { stuck } = await db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("stuck"))
        .where("state", "in", ["pending", "checkout_created"])
        .where("created_at", "<", stuckBefore)
        .executeTakeFirstOrThrow();
      const { paid } = await db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("paid"))
        .where("state", "=", "paid")
        .executeTakeFirstOrThrow();
      return {
        emailsPending: count("pending"),
        emailsFailed: count("failed"),
        ordersStuck: Number(stuck),
        ordersPaid: Number(paid),
      };
    },
  };
}
