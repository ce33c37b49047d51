import path from "node:path";
import { sql, type Kysely, type Selectable } from "kysely";
import { openStore, type Dialect, type Store } from "../db/database.server.ts";
import type { Database, OrdersTable, OutboxTable, QuoteRequestsTable } from "../db/schema.ts";
import type {
  BackOfficeHealth,
  BillingRefs,
  NewOrder,
  NewQuoteRequest,
  Order,
  OrderEvent,
  OrderQuery,
  OrderRepository,
  OutboxMessage,
  OutboxRow,
  OwnerRecord,
  QuoteRequest,
  PaymentEventChange,
  PaymentEventRow,
} from "./types.ts";

const toOrder = (row: Selectable<OrdersTable>): Order => ({
  id: row.id,
  submissionToken: row.submission_token,
  state: row.state,
  lang: row.lang as Order["lang"],
  offer: row.offer as Order["offer"],
  currency: row.currency as Order["currency"],
  amountDueNow: row.amount_due_now,
  monthly: row.monthly,
  customer: JSON.parse(row.customer_json),
  provider: row.provider as Order["provider"],
  sessionId: row.session_id,
  checkoutUrl: row.checkout_url,
  failureReason: row.failure_reason,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  paidAt: row.paid_at,
  customerRef: row.customer_ref ?? null,
  subscriptionRef: row.subscription_ref ?? null,
  billingState: row.billing_state ?? null,
  periodEnd: row.period_end ?? null,
  acceptance:
    row.terms_version && row.terms_accepted_at
      ? {
          termsVersion: row.terms_version,
          termsLang: row.terms_lang as Order["lang"],
          acceptedAt: row.terms_accepted_at,
          immediateStart: (row.immediate_start as NonNullable<Order["acceptance"]>["immediateStart"]) ?? null,
        }
      : null,
});

const toQuote = (row: Selectable<QuoteRequestsTable>): QuoteRequest => ({
  id: row.id,
  page: row.page as QuoteRequest["page"],
  lang: row.lang as QuoteRequest["lang"],
  name: row.name,
  email: row.email,
  company: row.company,
  message: row.message,
  createdAt: row.created_at,
});

const toOutboxRow = (row: Selectable<OutboxTable>): OutboxRow => ({
  id: row.id,
  orderId: row.order_id,
  quoteId: row.quote_id,
  kind: row.kind,
  attempts: row.attempts,
  status: row.status,
  lastError: row.last_error,
  sentAt: row.sent_at,
});

const now = () => new Date().toISOString();

/**
 * The orders and their email outbox, written once with Kysely for SQLite and PostgreSQL. Where
 * the two differ (row locks) the dialect decides.
 */
export class KyselyOrderRepository implements OrderRepository {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  readonly store: Store;

  constructor(store: Store) {
    this.store = store;
    this.db = store.db;
    this.dialect = store.dialect;
  }

  async createOrder(order: NewOrder): Promise<{ order: Order; created: boolean }> {
    const stamp = now();
    // RETURNING gives the new row in the same round trip; on a repeated token it gives none.
    const inserted = await this.db
      .insertInto("orders")
      .values({
        id: order.id,
        submission_token: order.submissionToken,
        state: "pending",
        lang: order.lang,
        offer: order.offer,
        currency: order.currency,
        amount_due_now: order.amountDueNow,
        monthly: order.monthly,
        customer_json: JSON.stringify(order.customer),
        email: order.customer.email,
        provider: order.provider,
        terms_version: order.acceptance?.termsVersion ?? null,
        terms_lang: order.acceptance?.termsLang ?? null,
        terms_accepted_at: order.acceptance?.acceptedAt ?? null,
        immediate_start: order.acceptance?.immediateStart ?? null,
        created_at: stamp,
        updated_at: stamp,
      })
      .onConflict((conflict) => conflict.column("submission_token").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { order: toOrder(inserted), created: true };
    const row = await this.db.selectFrom("orders").selectAll().where("submission_token", "=", order.submissionToken).executeTakeFirstOrThrow();
    return { order: toOrder(row), created: false };
  }

  async findById(id: string): Promise<Order | undefined> {
    const row = await this.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toOrder(row) : undefined;
  }

  async findBySessionId(sessionId: string): Promise<Order | undefined> {
    const row = await this.db.selectFrom("orders").selectAll().where("session_id", "=", sessionId).executeTakeFirst();
    return row ? toOrder(row) : undefined;
  }

  async setCheckout(orderId: string, sessionId: string, url: string): Promise<void> {
    await this.db
      .updateTable("orders")
      .set({ state: "checkout_created", session_id: sessionId, checkout_url: url, failure_reason: null, updated_at: now() })
      .where("id", "=", orderId)
      .where("state", "in", ["pending", "failed"])
      .execute();
  }

  async markFailed(orderId: string, reason: string): Promise<void> {
    await this.db
      .updateTable("orders")
      .set({ state: "failed", failure_reason: reason.slice(0, 500), updated_at: now() })
      .where("id", "=", orderId)
      .where("state", "<>", "paid")
      .execute();
  }

  async markExpired(orderId: string): Promise<void> {
    await this.db.updateTable("orders").set({ state: "expired", updated_at: now() }).where("id", "=", orderId).where("state", "<>", "paid").execute();
  }

  async markPaid(orderId: string, emailKind: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const stamp = now();
      const result = await trx
        .updateTable("orders")
        .set({ state: "paid", paid_at: stamp, failure_reason: null, updated_at: stamp })
        .where("id", "=", orderId)
        .where("state", "<>", "paid")
        .executeTakeFirst();
      await enqueue(trx, { orderId }, emailKind);
      return Number(result.numUpdatedRows) === 1;
    });
  }

  async enqueueEmail(orderId: string, kind: string): Promise<boolean> {
    return enqueue(this.db, { orderId }, kind);
  }

  async enqueueQuoteEmail(quoteId: string, kind: string): Promise<boolean> {
    return enqueue(this.db, { quoteId }, kind);
  }

  async countEmails(orderId: string): Promise<number> {
    const row = await this.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async claimDueEmails(limit: number, leaseMs: number): Promise<OutboxMessage[]> {
    const at = Date.now();
    // One statement: pick the due rows and push their due time past the lease. On PostgreSQL the
    // rows another instance is claiming at this moment are skipped, not waited for.
    const rows = await this.db
      .updateTable("outbox")
      .set((eb) => ({ attempts: eb("attempts", "+", 1), next_attempt_at: at + leaseMs }))
      .where("id", "in", (eb) =>
        eb
          .selectFrom("outbox")
          .select("id")
          .where("status", "=", "pending")
          .where("next_attempt_at", "<=", at)
          .orderBy("next_attempt_at")
          .limit(limit)
          .$if(this.dialect === "postgres", (query) => query.forUpdate().skipLocked()),
      )
      .returning(["id", "order_id", "quote_id", "kind", "attempts"])
      .execute();
    return rows.sort((a, b) => a.id - b.id).map((row) => ({ id: row.id, orderId: row.order_id, quoteId: row.quote_id, kind: row.kind, attempts: row.attempts }));
  }

  async releaseEmails(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.db
      .updateTable("outbox")
      .set((eb) => ({ next_attempt_at: Date.now(), attempts: eb("attempts", "-", 1) }))
      .where("id", "in", ids)
      .where("status", "=", "pending")
      .execute();
  }

  async markEmailSent(id: number, messageId: string): Promise<void> {
    await this.db.updateTable("outbox").set({ status: "sent", sent_at: now(), message_id: messageId, last_error: null }).where("id", "=", id).execute();
  }

  async markEmailRetry(id: number, delayMs: number, error: string): Promise<void> {
    await this.db
      .updateTable("outbox")
      .set({ next_attempt_at: Date.now() + delayMs, last_error: error.slice(0, 500) })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .execute();
  }

  async markEmailFailed(id: number, error: string): Promise<void> {
    await this.db.updateTable("outbox").set({ status: "failed", last_error: error.slice(0, 500) }).where("id", "=", id).where("status", "=", "pending").execute();
  }

  async listEmails(orderId: string): Promise<OutboxRow[]> {
    const rows = await this.db.selectFrom("outbox").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
    return rows.map(toOutboxRow);
  }

  async createQuoteRequest(quote: NewQuoteRequest, emailKinds: readonly string[]): Promise<QuoteRequest> {
    // The request and its emails in one transaction: a stored request is always answered.
    return this.db.transaction().execute(async (trx) => {
      const stamp = now();
      await trx
        .insertInto("quote_requests")
        .values({ id: quote.id, page: quote.page, lang: quote.lang, name: quote.name, email: quote.email, company: quote.company, message: quote.message, created_at: stamp })
        .execute();
      for (const kind of emailKinds) await enqueue(trx, { quoteId: quote.id }, kind, stamp);
      return { ...quote, createdAt: stamp };
    });
  }

  async findQuoteRequest(id: string): Promise<QuoteRequest | undefined> {
    const row = await this.db.selectFrom("quote_requests").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toQuote(row) : undefined;
  }

  async listQuoteRequests(limit: number, offset = 0): Promise<QuoteRequest[]> {
    const rows = await this.db.selectFrom("quote_requests").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
    return rows.map(toQuote);
  }

  async countQuoteRequests(): Promise<number> {
    const { n } = await this.db.selectFrom("quote_requests").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(n);
  }

  async listQuoteEmails(quoteId: string): Promise<OutboxRow[]> {
    const rows = await this.db.selectFrom("outbox").selectAll().where("quote_id", "=", quoteId).orderBy("id").execute();
    return rows.map(toOutboxRow);
  }

  async listOrders(limit: number): Promise<Order[]> {
    const rows = await this.db.selectFrom("orders").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
    return rows.map(toOrder);
  }

  async listStalePending(updatedBefore: string, limit: number): Promise<Order[]> {
    const rows = await this.db
      .selectFrom("orders")
      .selectAll()
      .where("state", "=", "pending")
      .where("session_id", "is", null)
      .where("updated_at", "<", updatedBefore)
      .orderBy("created_at")
      .limit(limit)
      .execute();
    return rows.map(toOrder);
  }

  async ping(): Promise<void> {
    await this.db.selectFrom("orders").select("id").limit(1).execute();
  }

  async setBillingRefs(orderId: string, refs: BillingRefs): Promise<void> {
    // An event handled before the visitor came back may have set the state already: keep it.
    await this.db
      .updateTable("orders")
      .set((eb) => ({
        customer_ref: eb.fn.coalesce("customer_ref", eb.val(refs.customerRef)),
        subscription_ref: eb.fn.coalesce("subscription_ref", eb.val(refs.subscriptionRef)),
        period_end: eb.case().when("billing_state", "is", null).then(eb.val(refs.periodEnd)).else(eb.ref("period_end")).end(),
        billing_state: eb.fn.coalesce("billing_state", eb.val(refs.state)),
        updated_at: now(),
      }))
      .where("id", "=", orderId)
      .execute();
  }

  async findByBillingRef(ref: { subscriptionRef?: string | null; customerRef?: string | null }): Promise<Order | undefined> {
    if (ref.subscriptionRef) {
      const row = await this.db.selectFrom("orders").selectAll().where("subscription_ref", "=", ref.subscriptionRef).executeTakeFirst();
      if (row) return toOrder(row);
    }
    if (!ref.customerRef) return undefined;
    const row = await this.db
      .selectFrom("orders")
      .selectAll()
      .where("customer_ref", "=", ref.customerRef)
      .where("state", "=", "paid")
      .orderBy("paid_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ? toOrder(row) : undefined;
  }

  async findSubscriptionsByEmail(email: string): Promise<Order[]> {
    const rows = await this.db
      .selectFrom("orders")
      .selectAll()
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
      .where("state", "=", "paid")
      .where("monthly", ">", 0)
      .orderBy("paid_at", "desc")
      .limit(10)
      .execute();
    return rows.map(toOrder);
  }

  async hasPaymentEvent(id: string): Promise<boolean> {
    return (await this.db.selectFrom("payment_events").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  }

  async recordPaymentEvent(event: { id: string; type: string; orderId: string | null }, change?: PaymentEventChange): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("payment_events")
        .values({ id: event.id, type: event.type, order_id: event.orderId, received_at: now() })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      if (change?.billing) {
        const { state, periodEnd } = change.billing;
        await trx
          .updateTable("orders")
          .set((eb) => ({ billing_state: state, period_end: eb.fn.coalesce(eb.val(periodEnd), eb.ref("period_end")), updated_at: now() }))
          .where("id", "=", change.orderId)
          .execute();
      }
      for (const kind of change?.emails ?? []) await enqueue(trx, { orderId: change!.orderId }, kind);
      return true;
    });
  }

  async listPaymentEvents(orderId: string): Promise<PaymentEventRow[]> {
    const rows = await this.db.selectFrom("payment_events").selectAll().where("order_id", "=", orderId).orderBy("received_at").orderBy("id").execute();
    return rows.map((row) => ({ id: row.id, type: row.type, orderId: row.order_id, receivedAt: row.received_at }));
  }

  async close(): Promise<void> {
    await this.store.close();
  }

  // ---- Back office (issue 14) ----

  async searchOrders(query: OrderQuery): Promise<{ orders: Order[]; total: number }> {
    let selection = this.db.selectFrom("orders");
    if (query.state) selection = selection.where("state", "=", query.state);
    const search = query.search?.trim().toLowerCase();
    if (search) {
      // % and _ typed by the owner are searched literally.
      const like = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const name =
        this.dialect === "postgres"
          ? sql`lower((customer_json::json ->> 'firstName') || ' ' || (customer_json::json ->> 'lastName'))`
          : sql`lower(json_extract(customer_json, '$.firstName') || ' ' || json_extract(customer_json, '$.lastName'))`;
      selection = selection.where(
        sql<boolean>`(lower(id) LIKE ${like} ESCAPE '\\' OR lower(email) LIKE ${like} ESCAPE '\\' OR ${name} LIKE ${like} ESCAPE '\\')`,
      );
    }
    const { n } = await selection.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const rows = await selection.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit).offset(query.offset).execute();
    return { orders: rows.map(toOrder), total: Number(n) };
  }

  async addOrderEvent(orderId: string, kind: OrderEvent["kind"], detail: string | null = null): Promise<void> {
    await this.db
      .insertInto("order_events")
      .values({ order_id: orderId, kind, detail: detail === null ? null : detail.slice(0, 2000), created_at: now() })
      .execute();
  }

  async listOrderEvents(orderId: string): Promise<OrderEvent[]> {
    const rows = await this.db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
    return rows.map((row) => ({ id: row.id, orderId: row.order_id, kind: row.kind as OrderEvent["kind"], detail: row.detail, createdAt: row.created_at }));
  }

  async health(stuckBefore: string): Promise<BackOfficeHealth> {
    const emails = await this.db
      .selectFrom("outbox")
      .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
      .where("status", "<>", "sent")
      .groupBy("status")
      .execute();
    const count = (status: string) => Number(emails.find((row) => row.status === status)?.n ?? 0);
    const { stuck } = await this.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("stuck"))
      .where("state", "in", ["pending", "checkout_created"])
      .where("created_at", "<", stuckBefore)
      .executeTakeFirstOrThrow();
    const { paid } = await this.db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("paid")).where("state", "=", "paid").executeTakeFirstOrThrow();
    return { emailsPending: count("pending"), emailsFailed: count("failed"), ordersStuck: Number(stuck), ordersPaid: Number(paid) };
  }

  async getOwner(): Promise<OwnerRecord | undefined> {
    const row = await this.db.selectFrom("owner").selectAll().where("id", "=", 1).executeTakeFirst();
    if (!row) return undefined;
    return {
      passwordHash: row.password_hash,
      totpSecret: row.totp_secret,
      totpEnabled: Number(row.totp_enabled) === 1,
      sessionVersion: Number(row.session_version),
      setupTokenHash: row.setup_token_hash,
    };
  }

  async resetOwner(setupTokenHash: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("owner")
        .values({ id: 1, setup_token_hash: setupTokenHash, updated_at: now() })
        .onConflict((conflict) =>
          conflict.column("id").doUpdateSet({
            password_hash: null,
            totp_secret: null,
            totp_enabled: 0,
            session_version: sql<number>`owner.session_version + 1`,
            setup_token_hash: (eb) => eb.ref("excluded.setup_token_hash"),
            updated_at: (eb) => eb.ref("excluded.updated_at"),
          }),
        )
        .execute();
      await trx.deleteFrom("admin_sessions").execute();
      // Used steps belong to the old secret: the next one starts with a clean slate.
      await trx.deleteFrom("totp_used_steps").execute();
    });
  }

  async renewSetupToken(setupTokenHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable("owner")
      .set({ setup_token_hash: setupTokenHash, updated_at: now() })
      .where("id", "=", 1)
      .where("password_hash", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async claimOwnerSetup(setupTokenHash: string, passwordHash: string, totpSecret: string): Promise<boolean> {
    const result = await this.db
      .updateTable("owner")
      .set({ password_hash: passwordHash, totp_secret: totpSecret, totp_enabled: 0, setup_token_hash: null, updated_at: now() })
      .where("id", "=", 1)
      .where("password_hash", "is", null)
      .where("setup_token_hash", "=", setupTokenHash)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async enableOwnerTotp(): Promise<void> {
    await this.db.updateTable("owner").set({ totp_enabled: 1, updated_at: now() }).where("id", "=", 1).where("totp_secret", "is not", null).execute();
  }

  async useTotpStep(step: number): Promise<boolean> {
    // Steps older than a few minutes can never verify again: forget them.
    await this.db.deleteFrom("totp_used_steps").where("step", "<", step - 20).execute();
    const result = await this.db
      .insertInto("totp_used_steps")
      .values({ step, used_at: now() })
      .onConflict((conflict) => conflict.column("step").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async createAdminSession(id: string, data: string, expiresAt: number): Promise<void> {
    await this.db.deleteFrom("admin_sessions").where("expires_at", "<=", Date.now()).execute();
    await this.db.insertInto("admin_sessions").values({ id, data_json: data, expires_at: expiresAt }).execute();
  }

  async readAdminSession(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom("admin_sessions").select("data_json").where("id", "=", id).where("expires_at", ">", Date.now()).executeTakeFirst();
    return row?.data_json;
  }

  async updateAdminSession(id: string, data: string, expiresAt: number): Promise<void> {
    // Only an existing session is refreshed: one deleted by a reset or a sign-out stays gone.
    await this.db.updateTable("admin_sessions").set({ data_json: data, expires_at: expiresAt }).where("id", "=", id).execute();
  }

  async deleteAdminSession(id: string): Promise<void> {
    await this.db.deleteFrom("admin_sessions").where("id", "=", id).execute();
  }

  async getSetting(key: string): Promise<string | undefined> {
    return (await this.db.selectFrom("app_settings").select("value").where("key", "=", key).executeTakeFirst())?.value;
  }

  async initSetting(key: string, value: string): Promise<string> {
    await this.db.insertInto("app_settings").values({ key, value }).onConflict((conflict) => conflict.column("key").doNothing()).execute();
    return (await this.getSetting(key))!;
  }
}

/** The orders repository over the configured database, migrated: PostgreSQL when DATABASE_URL is set. */
export async function openOrderRepository(env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<KyselyOrderRepository> {
  const store = await openStore({ databaseUrl: env.DATABASE_URL, sqliteFile: path.resolve(env.DATA_DIR, "orders.sqlite") });
  return new KyselyOrderRepository(store);
}

/**
 * One email about an order or a quote request, unless one of this kind exists for it: the outbox
 * is unique per (order, kind) and per (quote request, kind). Returns true when added.
 */
async function enqueue(db: Kysely<Database>, about: { orderId: string } | { quoteId: string }, kind: string, stamp = now()): Promise<boolean> {
  const byOrder = "orderId" in about;
  const result = await db
    .insertInto("outbox")
    .values({ order_id: byOrder ? about.orderId : null, quote_id: byOrder ? null : about.quoteId, kind, next_attempt_at: Date.now(), created_at: stamp })
    .onConflict((conflict) => conflict.columns(byOrder ? ["order_id", "kind"] : ["quote_id", "kind"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
