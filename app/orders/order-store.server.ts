import type { OrderForm } from "./order-schema.ts";
import type { Kysely, Selectable, Transaction } from "kysely";
import { getSiteConfig } from "../config/site.server.ts";
import type { Database, OrdersTable } from "../db/schema.ts";
import { WEBHOOK_EVENTS } from "../automation/events.ts";
import { recordWebhookEvent } from "../automation/webhook-store.server.ts";
import type { StoredEmailKind } from "../mail/email-kinds.ts";
import { enqueue } from "../mail/outbox-store.server.ts";
import { setBillingRefs } from "./billing-columns.server.ts";
import { formatReference, referencePrefix } from "./reference.ts";
import type { NewOrder, Order, OrderStore, PaidCheckout } from "./types.ts";

let prefix: string | undefined;
/** The brand's initials, read once per process (the configuration is read once too). */
const prefixOfReferences = () => (prefix ??= referencePrefix(getSiteConfig().brand));

export const toOrder = (row: Selectable<OrdersTable>): Order => ({
  id: row.id,
  reference: formatReference(prefixOfReferences(), row.reference_number ?? null, row.id),
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
  subscriptionStatus: row.subscription_status ?? null,
  erasedAt: row.erased_at ?? null,
  taxAmount: row.tax_amount ?? null,
  linkVersion: Number(row.link_version ?? 0),
  proposal: row.proposal_json ? (JSON.parse(row.proposal_json) as Order["proposal"]) : null,
  timeZone: row.time_zone ?? null,
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

const now = () => new Date().toISOString();

/**
 * The next order reference number: one UPDATE … RETURNING on the counter row, which both
 * databases run atomically (PostgreSQL locks the row until the transaction ends; SQLite writes one
 * at a time), so concurrent orders on any instances get distinct numbers. The upsert also creates
 * the row on a database whose migration found none.
 */
async function nextReferenceNumber(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .insertInto("sequences")
    .values({ name: "order-reference", value: 1001 })
    .onConflict((conflict) => conflict.column("name").doUpdateSet((eb) => ({ value: eb("sequences.value", "+", 1) })))
    .returning("value")
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** The orders table over the one Kysely database (SQLite or PostgreSQL). */
export function orderStore(db: Kysely<Database>): OrderStore {
  return {
    async createOrder(order: NewOrder): Promise<{ order: Order; created: boolean }> {
      const stamp = now();
      // RETURNING gives the new row in the same round trip; on a repeated token it gives none.
      // A repeated submission token consumes a number and inserts nothing: references may skip one.
      const inserted = await db.transaction().execute(async (trx) =>
        trx
          .insertInto("orders")
          .values({
            id: order.id,
            reference_number: await nextReferenceNumber(trx),
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
            proposal_json: order.proposal ? JSON.stringify(order.proposal) : null,
            time_zone: order.timeZone ?? null,
            created_at: stamp,
            updated_at: stamp,
          })
          .onConflict((conflict) => conflict.column("submission_token").doNothing())
          .returningAll()
          .executeTakeFirst(),
      );
      if (inserted) return { order: toOrder(inserted), created: true };
      const row = await db
        .selectFrom("orders")
        .selectAll()
        .where("submission_token", "=", order.submissionToken)
        .executeTakeFirstOrThrow();
      return { order: toOrder(row), created: false };
    },

    async findById(id: string): Promise<Order | undefined> {
      const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toOrder(row) : undefined;
    },

    async findBySessionId(sessionId: string): Promise<Order | undefined> {
      const row = await db.selectFrom("orders").selectAll().where("session_id", "=", sessionId).executeTakeFirst();
      return row ? toOrder(row) : undefined;
    },

    async setCheckout(orderId: string, sessionId: string, url: string): Promise<void> {
      // The state and its timeline event commit together: never a checkout without its event.
      await db.transaction().execute(async (trx) => {
        const stamp = now();
        const result = await trx
          .updateTable("orders")
          .set({
            state: "checkout_created",
            session_id: sessionId,
            checkout_url: url,
            failure_reason: null,
            updated_at: stamp,
          })
          .where("id", "=", orderId)
          .where("state", "in", ["pending", "failed"])
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return;
        await trx
          .insertInto("order_events")
          .values({ order_id: orderId, kind: "checkout_created", detail: sessionId.slice(0, 2000), created_at: stamp })
          .execute();
      });
    },

    async markFailed(orderId: string, reason: string): Promise<void> {
      await db
        .updateTable("orders")
        .set({ state: "failed", failure_reason: reason.slice(0, 500), updated_at: now() })
        .where("id", "=", orderId)
        .where("state", "<>", "paid")
        .execute();
    },

    async markExpired(orderId: string): Promise<void> {
      await db
        .updateTable("orders")
        .set({ state: "expired", updated_at: now() })
        .where("id", "=", orderId)
        .where("state", "<>", "paid")
        .execute();
    },

    async markPaid(orderId: string, emailKind: StoredEmailKind, checkout: PaidCheckout = {}): Promise<boolean> {
      const { billing, tax } = checkout;
      return db.transaction().execute(async (trx) => {
        const stamp = now();
        const result = await trx
          .updateTable("orders")
          // The tax Stripe Tax computed inside the amount, with the payment it belongs to.
          .set({
            state: "paid",
            paid_at: stamp,
            failure_reason: null,
            updated_at: stamp,
            ...(typeof tax === "number" ? { tax_amount: tax } : {}),
          })
          .where("id", "=", orderId)
          .where("state", "<>", "paid")
          .executeTakeFirst();
        const newlyPaid = Number(result.numUpdatedRows) === 1;
        if (newlyPaid && billing && Object.keys(billing).length) {
          // The billing address the checkout collected joins the customer's answers before any email reads them.
          const row = await trx
            .selectFrom("orders")
            .select("customer_json")
            .where("id", "=", orderId)
            .executeTakeFirstOrThrow();
          await trx
            .updateTable("orders")
            .set({ customer_json: JSON.stringify({ ...(JSON.parse(row.customer_json) as OrderForm), ...billing }) })
            .where("id", "=", orderId)
            .execute();
        }
        for (const kind of [emailKind, ...(checkout.alsoEmails ?? [])]) await enqueue(trx, { orderId }, kind);
        // The owner's automation hears of the payment with the same transaction (once: unique event key).
        if (newlyPaid) await recordWebhookEvent(trx, { orderId }, WEBHOOK_EVENTS.orderPaid(orderId), stamp);
        if (checkout.billingRefs) {
          // Later events name only the provider's customer and subscription: linked with the payment.
          const paid = toOrder(
            await trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow(),
          );
          const refs = checkout.billingRefs(paid);
          if (refs) await setBillingRefs(trx, orderId, refs);
        }
        return newlyPaid;
      });
    },

    async newOrderLink(orderId: string, emailKind: StoredEmailKind): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable("orders")
          .set((eb) => ({ link_version: eb("link_version", "+", 1), updated_at: now() }))
          .where("id", "=", orderId)
          .where("state", "=", "paid")
          .where("erased_at", "is", null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await enqueue(trx, { orderId }, emailKind);
        return true;
      });
    },

    async findPaidByEmail(email: string, limit: number): Promise<Order[]> {
      const rows = await db
        .selectFrom("orders")
        .selectAll()
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
        .where("state", "=", "paid")
        .where("erased_at", "is", null)
        .orderBy("paid_at", "desc")
        .limit(limit)
        .execute();
      return rows.map(toOrder);
    },

    async listOrders(limit: number): Promise<Order[]> {
      const rows = await db
        .selectFrom("orders")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map(toOrder);
    },

    async listStalePending(updatedBefore: string, limit: number): Promise<Order[]> {
      const rows = await db
        .selectFrom("orders")
        .selectAll()
        .where("state", "=", "pending")
        .where("session_id", "is", null)
        .where("updated_at", "<", updatedBefore)
        .orderBy("created_at")
        .limit(limit)
        .execute();
      return rows.map(toOrder);
    },
  };
}
