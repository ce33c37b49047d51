import { sql, type Kysely } from "kysely";
import { toDeliver } from "../admin/to-deliver.server.ts";
import type { Database } from "../db/schema.ts";
import { toOrder } from "../orders/order-store.server.ts";
import type { Order } from "../orders/types.ts";
import type { QuoteRequest } from "../quotes/types.ts";
import type { ApiStore, ApiToken, IdempotencyClaim, PageQuery } from "./types.ts";

const now = () => new Date().toISOString();

/** The order events that are a work status the owner set through the API (schemas.ts WORK_STATUSES). */
const WORK_STATUS_KINDS = ["in_progress"];

type TokenRow = Database["api_tokens"];
const token = (
  row: Pick<TokenRow, "id" | "name" | "hint" | "created_at" | "last_used_at" | "revoked_at">,
): ApiToken => ({
  id: row.id,
  name: row.name,
  hint: row.hint,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

/**
 * When an order last changed, as the API's lists sort and filter it (`updated_since`, the cursor):
 * its own row (placed, paid, refunded, billing) or its work — the brief sent or edited, a work
 * status, a delivery, an acceptance, a revision asked — whichever is latest. Read from what is
 * stored, as the work's state is (no second "updated" column to keep in step, and only the orders
 * room writes the orders table). Correlated subqueries and `max`: the same SQL on SQLite and
 * PostgreSQL, each an indexed look-up by order id.
 */
const orderChanged = sql<string>`(SELECT max(changed.stamp) FROM (
  SELECT orders.updated_at AS stamp
  UNION ALL SELECT b.updated_at FROM order_briefs b WHERE b.order_id = orders.id
  UNION ALL SELECT coalesce(d.accepted_at, d.created_at) FROM order_deliveries d WHERE d.order_id = orders.id
  UNION ALL SELECT r.created_at FROM order_revisions r WHERE r.order_id = orders.id
  UNION ALL SELECT e.created_at FROM order_events e WHERE e.order_id = orders.id AND e.kind IN (${sql.join(
    WORK_STATUS_KINDS,
  )})
) AS changed)`;

/** The API's tokens and idempotency records over the one Kysely database (SQLite or PostgreSQL). */
export function apiStore(db: Kysely<Database>): ApiStore {
  return {
    async findOrderByIdOrReference(key: string): Promise<Order | undefined> {
      // The internal id first (what every event's `orderId` names), exactly.
      const byId = await db.selectFrom("orders").selectAll().where("id", "=", key).executeTakeFirst();
      if (byId) return toOrder(byId);
      // Then the readable reference: its number is unique, so one row or none; the prefix must be
      // the one the site prints (compared once the row is read), never a search that could match
      // other orders' names or emails.
      const number = /^[A-Za-z0-9]{1,3}-(\d{1,9})$/.exec(key)?.[1];
      if (!number) return undefined;
      const row = await db
        .selectFrom("orders")
        .selectAll()
        .where("reference_number", "=", Number(number))
        .executeTakeFirst();
      const order = row ? toOrder(row) : undefined;
      return order && order.reference.toLowerCase() === key.toLowerCase() ? order : undefined;
    },

    async pageOrders(query: PageQuery): Promise<Array<Order & { changedAt: string }>> {
      let selection = db.selectFrom("orders").selectAll().select(orderChanged.as("changed_at"));
      if (query.state === "to-deliver") selection = selection.where(toDeliver);
      else if (query.state !== "any") selection = selection.where("state", "=", query.state as Order["state"]);
      if (query.updatedSince) selection = selection.where(orderChanged, ">=", query.updatedSince);
      const after = query.after;
      if (after)
        selection = selection.where((eb) =>
          eb.or([eb(orderChanged, ">", after.at), eb.and([eb(orderChanged, "=", after.at), eb("id", ">", after.id)])]),
        );
      // (last change, id) is a total order: a page ends at a row and the next starts right after it.
      const rows = await selection.orderBy(orderChanged).orderBy("id").limit(query.limit).execute();
      return rows.map((row) => ({ ...toOrder(row), changedAt: row.changed_at }));
    },

    async orderChangedAt(orderId: string): Promise<string | null> {
      const row = await db
        .selectFrom("orders")
        .select(orderChanged.as("changed_at"))
        .where("id", "=", orderId)
        .executeTakeFirst();
      return row?.changed_at ?? null;
    },

    async pageQuoteRequests(query: PageQuery): Promise<Array<QuoteRequest & { changedAt: string }>> {
      // A quote request changes when it arrives, when it is answered, and with its proposals: each
      // one's latest step (a proposal is withdrawn, declined or accepted at most once, after it was
      // viewed; paid when its order is), so a workflow polling `updated_since` hears a proposal
      // viewed or paid. Plain correlated subqueries and CASE: the same SQL on SQLite and PostgreSQL.
      const asked = sql<string>`coalesce(quote_requests.answered_at, quote_requests.created_at)`;
      const proposed = sql<string | null>`(SELECT max(coalesce(
          (SELECT o.paid_at FROM orders o WHERE o.id = p.order_id),
          p.withdrawn_at, p.declined_at, p.accepted_at, p.viewed_at, p.created_at))
        FROM proposals p WHERE p.quote_id = quote_requests.id)`;
      const changed = sql<string>`(CASE WHEN ${proposed} > ${asked} THEN ${proposed} ELSE ${asked} END)`;
      let selection = db.selectFrom("quote_requests").selectAll().select(changed.as("changed_at"));
      // Waiting for the owner's answer: a visitor's request (a proposal the owner started waits for no one but the owner).
      if (query.state === "waiting")
        selection = selection.where("answered_at", "is", null).where("started_by", "!=", "owner");
      if (query.state === "answered") selection = selection.where("answered_at", "is not", null);
      if (query.updatedSince) selection = selection.where(changed, ">=", query.updatedSince);
      const after = query.after;
      if (after)
        selection = selection.where((eb) =>
          eb.or([eb(changed, ">", after.at), eb.and([eb(changed, "=", after.at), eb("id", ">", after.id)])]),
        );
      const rows = await selection.orderBy(changed).orderBy("id").limit(query.limit).execute();
      return rows.map((row) => ({
        id: row.id,
        page: row.page as QuoteRequest["page"],
        lang: row.lang as QuoteRequest["lang"],
        name: row.name,
        email: row.email,
        company: row.company,
        message: row.message,
        createdAt: row.created_at,
        answeredAt: row.answered_at,
        startedBy: row.started_by === "owner" ? "owner" : "visitor",
        changedAt: row.changed_at,
      }));
    },

    async setWorkStatus(orderId: string, status: string, note: string): Promise<void> {
      // On the order's timeline: the customer's page shows the latest until the work is delivered.
      await db
        .insertInto("order_events")
        .values({ order_id: orderId, kind: status, detail: note || null, created_at: now() })
        .execute();
    },

    async workStatus(orderId: string): Promise<{ status: string; note: string; at: string } | null> {
      const row = await db
        .selectFrom("order_events")
        .select(["kind", "detail", "created_at"])
        .where("order_id", "=", orderId)
        .where("kind", "in", WORK_STATUS_KINDS)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      return row ? { status: row.kind, note: row.detail ?? "", at: row.created_at } : null;
    },

    async createApiToken(spec: { id: string; name: string; hash: string; hint: string }): Promise<void> {
      await db
        .insertInto("api_tokens")
        .values({
          id: spec.id,
          name: spec.name,
          token_hash: spec.hash,
          hint: spec.hint,
          created_at: now(),
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
    },

    async listApiTokens(): Promise<ApiToken[]> {
      const rows = await db
        .selectFrom("api_tokens")
        .select(["id", "name", "hint", "created_at", "last_used_at", "revoked_at"])
        .orderBy("created_at", "desc")
        .limit(200)
        .execute();
      return rows.map(token);
    },

    async revokeApiToken(id: string): Promise<boolean> {
      const result = await db
        .updateTable("api_tokens")
        .set({ revoked_at: now() })
        .where("id", "=", id)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async useApiToken(hash: string): Promise<ApiToken | null> {
      const row = await db
        .selectFrom("api_tokens")
        .select(["id", "name", "hint", "created_at", "last_used_at", "revoked_at"])
        .where("token_hash", "=", hash)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      if (!row) return null;
      // "Last used" to the minute is enough for the list, and spares a write per request.
      const stamp = now();
      if (!row.last_used_at || row.last_used_at.slice(0, 16) !== stamp.slice(0, 16)) {
        await db.updateTable("api_tokens").set({ last_used_at: stamp }).where("id", "=", row.id).execute();
        row.last_used_at = stamp;
      }
      return token(row);
    },

    async claimIdempotencyKey(tokenId: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
      const inserted = await db
        .insertInto("api_idempotency")
        .values({
          token_id: tokenId,
          idempotency_key: key,
          request_hash: requestHash,
          response_status: null,
          response_body: null,
          created_at: now(),
        })
        .onConflict((conflict) => conflict.columns(["token_id", "idempotency_key"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { state: "new" };
      const row = await db
        .selectFrom("api_idempotency")
        .select(["request_hash", "response_status", "response_body"])
        .where("token_id", "=", tokenId)
        .where("idempotency_key", "=", key)
        .executeTakeFirst();
      // Dropped between our insert and this read: the caller's twin failed; this one may retry.
      if (!row) return { state: "pending" };
      if (row.request_hash !== requestHash) return { state: "mismatch" };
      if (row.response_status === null || row.response_body === null) return { state: "pending" };
      return { state: "done", status: row.response_status, body: row.response_body };
    },

    async idempotencyKeyExists(tokenId: string, key: string): Promise<boolean> {
      const row = await db
        .selectFrom("api_idempotency")
        .select("token_id")
        .where("token_id", "=", tokenId)
        .where("idempotency_key", "=", key)
        .executeTakeFirst();
      return Boolean(row);
    },

    async finishIdempotencyKey(tokenId: string, key: string, status: number, body: string): Promise<void> {
      await db
        .updateTable("api_idempotency")
        .set({ response_status: status, response_body: body })
        .where("token_id", "=", tokenId)
        .where("idempotency_key", "=", key)
        .execute();
    },

    async dropIdempotencyKey(tokenId: string, key: string): Promise<void> {
      await db
        .deleteFrom("api_idempotency")
        .where("token_id", "=", tokenId)
        .where("idempotency_key", "=", key)
        .where("response_status", "is", null)
        .execute();
    },
  };
}
