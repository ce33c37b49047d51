import type { Kysely, Selectable } from "kysely";
import type { Dialect } from "../db/database.server.ts";
import { JOB_QUEUES, jobQueue } from "../db/job-queue.server.ts";
import type { Database, OutboxTable } from "../db/schema.ts";
import { OWNER_LINK_KINDS, OWNER_UNLOCK_EMAIL, type StoredEmailKind } from "./email-kinds.ts";
import type { OutboxMessage, OutboxRow, OutboxStore } from "./types.ts";

const now = () => new Date().toISOString();

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

/** The outbox table. Other rooms enqueue inside their own transactions with `enqueue` below. */
export function outboxStore(db: Kysely<Database>, dialect: Dialect): OutboxStore {
  const queue = jobQueue(db, dialect, JOB_QUEUES.outbox);
  return {
    async enqueueEmail(orderId: string, kind: StoredEmailKind): Promise<boolean> {
      return enqueue(db, { orderId }, kind);
    },

    async unlockExpiry(unlockId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom("owner_unlocks")
        .select("expires_at")
        .where("id", "=", unlockId)
        .executeTakeFirst();
      return row ? Number(row.expires_at) : undefined;
    },

    async enqueueUnlockEmail(unlockId: string): Promise<boolean> {
      return enqueue(db, { unlockId }, OWNER_UNLOCK_EMAIL);
    },

    async enqueueOwnerLinkEmail(linkId: string, purpose: keyof typeof OWNER_LINK_KINDS): Promise<boolean> {
      return enqueue(db, { unlockId: linkId }, OWNER_LINK_KINDS[purpose]);
    },

    async enqueueSystemEmail(systemKey: string, kind: StoredEmailKind): Promise<boolean> {
      return enqueue(db, { systemKey }, kind);
    },

    async enqueueQuoteEmail(quoteId: string, kind: StoredEmailKind): Promise<boolean> {
      return enqueue(db, { quoteId }, kind);
    },

    async countEmails(orderId: string): Promise<number> {
      const row = await db
        .selectFrom("outbox")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("order_id", "=", orderId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async claimDueEmails(limit: number, leaseMs: number): Promise<OutboxMessage[]> {
      const claimed = await queue.claim(limit, leaseMs);
      if (!claimed.length) return [];
      const rows = await db
        .selectFrom("outbox")
        .select(["id", "order_id", "quote_id", "unlock_id", "system_key", "kind"])
        .where(
          "id",
          "in",
          claimed.map((row) => row.id),
        )
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      return claimed.flatMap(({ id, attempts }) => {
        const row = byId.get(id);
        return row
          ? [
              {
                id,
                orderId: row.order_id,
                quoteId: row.quote_id,
                unlockId: row.unlock_id,
                systemKey: row.system_key,
                kind: row.kind,
                attempts,
              },
            ]
          : [];
      });
    },

    async releaseEmails(ids: number[]): Promise<void> {
      await queue.release(ids);
    },

    async markEmailSent(id: number, messageId: string): Promise<void> {
      await db
        .updateTable("outbox")
        .set({ status: "sent", sent_at: now(), message_id: messageId, last_error: null })
        .where("id", "=", id)
        .execute();
    },

    async markEmailRetry(id: number, delayMs: number, error: string): Promise<void> {
      await queue.retry(id, delayMs, error);
    },

    async markEmailFailed(id: number, error: string): Promise<void> {
      await queue.giveUp(id, error);
    },

    async listEmails(orderId: string): Promise<OutboxRow[]> {
      const rows = await db.selectFrom("outbox").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
      return rows.map(toOutboxRow);
    },

    async listQuoteEmails(quoteId: string): Promise<OutboxRow[]> {
      const rows = await db.selectFrom("outbox").selectAll().where("quote_id", "=", quoteId).orderBy("id").execute();
      return rows.map(toOutboxRow);
    },
  };
}

/**
 * One email about an order, a quote request, an owner link or a system subject, unless one of this
 * kind exists for it: the outbox is unique per (subject, kind). Returns true when added.
 */
export async function enqueue(
  db: Kysely<Database>,
  about: { orderId: string } | { quoteId: string } | { unlockId: string } | { systemKey: string },
  kind: StoredEmailKind,
  stamp = now(),
): Promise<boolean> {
  const [subject, id] =
    "orderId" in about
      ? (["order_id", about.orderId] as const)
      : "quoteId" in about
        ? (["quote_id", about.quoteId] as const)
        : "unlockId" in about
          ? (["unlock_id", about.unlockId] as const)
          : (["system_key", about.systemKey] as const);
  const result = await db
    .insertInto("outbox")
    .values({
      order_id: null,
      quote_id: null,
      unlock_id: null,
      system_key: null,
      [subject]: id,
      kind,
      next_attempt_at: Date.now(),
      created_at: stamp,
    })
    .onConflict((conflict) => conflict.columns([subject, "kind"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
