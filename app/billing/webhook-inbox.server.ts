import type { Kysely } from "kysely";
import type { Dialect } from "../db/database.server.ts";
import { JOB_QUEUES, jobQueue, type JobQueue } from "../db/job-queue.server.ts";
import type { Database } from "../db/schema.ts";
import { setSubscriptionStatus } from "../orders/billing-columns.server.ts";
import type { HandledPaymentEvent } from "../payments/provider.ts";

export interface InboxEntry {
  id: string;
  kind: string;
  status: "queued" | "done" | "unhandled";
  attempts: number;
  outcome: string | null;
  lastError: string | null;
  orderId: string | null;
}

const nowIso = () => new Date().toISOString();

/**
 * Verified provider events, stored before the webhook answers and handled from here (Stripe's
 * advice: answer 2xx at once, work asynchronously — https://docs.stripe.com/webhooks#acknowledge-events-immediately).
 * Every instance's worker claims due rows with a lease (the one job queue, app/db/job-queue.server.ts),
 * so an event is handled by one instance at a time and retried after a crash.
 * Also what was refunded of each charge (refunds are tracked per charge, not per order).
 */
export class KyselyWebhookInbox {
  private readonly db: Kysely<Database>;
  private readonly queue: JobQueue<"webhook_inbox">;

  constructor(db: Kysely<Database>, dialect: Dialect) {
    this.db = db;
    this.queue = jobQueue(db, dialect, JOB_QUEUES.paymentEvents);
  }

  /** Stores a verified event for handling; "duplicate" when its id is already stored (a redelivery). */
  async enqueue(event: HandledPaymentEvent): Promise<"queued" | "duplicate"> {
    const inserted = await this.db
      .insertInto("webhook_inbox")
      .values({
        id: event.id,
        kind: event.kind,
        event_json: JSON.stringify(event),
        next_attempt_at: Date.now(),
        outcome: null,
        last_error: null,
        order_id: null,
        received_at: nowIso(),
      })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? "queued" : "duplicate";
  }

  /** Records an event we could not read (or gave up on); true the first time. */
  async markUnhandled(entry: {
    id: string;
    kind: string;
    detail: string;
    orderId: string | null;
    event?: unknown;
  }): Promise<boolean> {
    const existing = await this.db
      .selectFrom("webhook_inbox")
      .select(["status"])
      .where("id", "=", entry.id)
      .executeTakeFirst();
    if (!existing) {
      await this.db
        .insertInto("webhook_inbox")
        .values({
          id: entry.id,
          kind: entry.kind,
          event_json: JSON.stringify(entry.event ?? null),
          status: "unhandled",
          next_attempt_at: Date.now(),
          outcome: null,
          last_error: entry.detail,
          order_id: entry.orderId,
          received_at: nowIso(),
        })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
      return true;
    }
    const updated = await this.db
      .updateTable("webhook_inbox")
      .set({ status: "unhandled", last_error: entry.detail, order_id: entry.orderId })
      .where("id", "=", entry.id)
      .where("status", "!=", "unhandled")
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** Claims up to `limit` due events for `leaseMs`; each claimed row counts one attempt. */
  async claimDue(limit: number, leaseMs: number): Promise<Array<{ event: HandledPaymentEvent; attempts: number }>> {
    const claimed = await this.queue.claim(limit, leaseMs);
    if (!claimed.length) return [];
    const rows = await this.db
      .selectFrom("webhook_inbox")
      .select(["id", "event_json"])
      .where(
        "id",
        "in",
        claimed.map((row) => row.id),
      )
      .execute();
    const events = new Map(rows.map((row) => [row.id, row.event_json]));
    return claimed.flatMap(({ id, attempts }) => {
      const json = events.get(id);
      return json ? [{ event: JSON.parse(json) as HandledPaymentEvent, attempts }] : [];
    });
  }

  async done(id: string, outcome: string, orderId: string | null): Promise<void> {
    await this.db
      .updateTable("webhook_inbox")
      .set({ status: "done", outcome, order_id: orderId, last_error: null })
      .where("id", "=", id)
      .execute();
  }

  async retryLater(id: string, error: string, delayMs: number): Promise<void> {
    await this.queue.retry(id, delayMs, error);
  }

  async find(id: string): Promise<InboxEntry | undefined> {
    const row = await this.db.selectFrom("webhook_inbox").selectAll().where("id", "=", id).executeTakeFirst();
    return row
      ? {
          id: row.id,
          kind: row.kind,
          status: row.status,
          attempts: row.attempts,
          outcome: row.outcome,
          lastError: row.last_error,
          orderId: row.order_id,
        }
      : undefined;
  }

  /** How many events could not be handled (check-live, the back office). */
  async countUnhandled(): Promise<number> {
    const { n } = await this.db
      .selectFrom("webhook_inbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "unhandled")
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * Records what is refunded of one charge now (the charge's own totals: later events carry the
   * running total). Returns what was known refunded before (null: the charge was not known), so a
   * refund the back office recorded already is recognised when Stripe's event about it arrives.
   */
  async recordRefund(refund: {
    chargeId: string;
    orderId: string;
    amount: number;
    amountRefunded: number;
    currency: string;
  }): Promise<number | null> {
    const before = await this.db
      .selectFrom("charge_refunds")
      .select("amount_refunded")
      .where("charge_id", "=", refund.chargeId)
      .executeTakeFirst();
    await this.db
      .insertInto("charge_refunds")
      .values({
        charge_id: refund.chargeId,
        order_id: refund.orderId,
        amount: refund.amount,
        amount_refunded: refund.amountRefunded,
        currency: refund.currency,
        updated_at: nowIso(),
      })
      .onConflict((conflict) => conflict.column("charge_id").doNothing())
      .execute();
    // Deliveries are unordered: a late partial refund never lowers what is known refunded.
    await this.db
      .updateTable("charge_refunds")
      .set({ amount_refunded: refund.amountRefunded, updated_at: nowIso() })
      .where("charge_id", "=", refund.chargeId)
      .where("amount_refunded", "<", refund.amountRefunded)
      .execute();
    return before ? Number(before.amount_refunded) : null;
  }

  async refundsOf(orderId: string): Promise<Array<{ chargeId: string; amount: number; amountRefunded: number }>> {
    const rows = await this.db
      .selectFrom("charge_refunds")
      .selectAll()
      .where("order_id", "=", orderId)
      .orderBy("updated_at")
      .execute();
    return rows.map((row) => ({
      chargeId: row.charge_id,
      amount: Number(row.amount),
      amountRefunded: Number(row.amount_refunded),
    }));
  }

  /** The provider's subscription status as last read. */
  async setSubscriptionStatus(orderId: string, status: string): Promise<void> {
    await setSubscriptionStatus(this.db, orderId, status);
  }
}
