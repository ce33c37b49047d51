import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import type { Dialect } from "./database.server.ts";
import type { Database } from "./schema.ts";

/**
 * The one claimed-job queue. Three tables hold work a background worker does later, on whichever
 * instance gets to it first: the email outbox, the webhooks going out, and the payment provider's
 * events coming in. They share one way to be worked through, written here once:
 *
 * - **claim** picks due rows and pushes their due time past a lease, in one statement, counting an
 *   attempt: a crashed instance's rows come back when the lease runs out. On PostgreSQL the rows
 *   another instance is claiming at this moment are skipped, not waited for (`FOR UPDATE SKIP LOCKED`);
 *   SQLite has one writer, so one statement is already atomic there.
 * - **release** gives claimed rows back unattempted (a worker stopping mid-batch);
 * - **retry** sets the next attempt after a failure (`retryDelay` in lib/background-worker gives the backoff);
 * - **give up** marks a row as the queue's failed state, with the reason;
 * - **requeue** makes any row, sent or given up, due again at once (sent again from the log).
 *
 * A store that writes more in the same transaction (a webhook's attempt log) builds the queue
 * over that transaction: `jobQueue(trx, …)`.
 *
 * What "done" means (an email's message id, a webhook's attempt log, a payment event's outcome)
 * belongs to each room's store. (The back office's refunds and cancellations are
 * not a queue: the provider is called in the request, and their key row is an idempotency record —
 * app/admin/money-store.server.ts.)
 */
export const JOB_QUEUES = {
  outbox: { table: "outbox", waiting: "pending", failed: "failed" },
  webhooksOut: { table: "webhook_deliveries", waiting: "pending", failed: "failed" },
  paymentEvents: { table: "webhook_inbox", waiting: "queued", failed: "unhandled" },
} as const;

type Queue = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];
export type JobTable = Queue["table"];
type JobId<T extends JobTable> = Database[T]["id"] extends { __select__: infer S } ? S : Database[T]["id"];

/** The columns every job table has (the schema-in-step test keeps schema.ts true to the database). */
interface JobColumns {
  id: number | string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
}
type JobDatabase = { [T in JobTable]: JobColumns };

export interface ClaimedJob<T extends JobTable> {
  id: JobId<T>;
  /** Attempts so far, this one included. */
  attempts: number;
}

export interface JobQueue<T extends JobTable> {
  /**
   * Up to `limit` due rows, oldest due first, each leased for `leaseMs`. `only` narrows which
   * waiting rows may be taken (the webhooks: an enabled endpoint whose lane is free).
   */
  claim(
    limit: number,
    leaseMs: number,
    only?: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>,
  ): Promise<Array<ClaimedJob<T>>>;
  release(ids: ReadonlyArray<JobId<T>>): Promise<void>;
  retry(id: JobId<T>, delayMs: number, error: string | null): Promise<void>;
  giveUp(id: JobId<T>, error: string | null): Promise<void>;
  /** Due again at once, whatever its state (the owner's "send again"); false when no such row. */
  requeue(id: JobId<T>): Promise<boolean>;
}

/** Reasons are kept short: they are shown to the owner and can hold a whole provider answer. */
const MAX_ERROR = 500;

export function jobQueue<T extends JobTable>(
  db: Kysely<Database>,
  dialect: Dialect,
  queue: Queue & { table: T },
): JobQueue<T> {
  // The three tables share the columns used here; Kysely cannot see that through a table name
  // chosen at run time, so the queries are typed over the shared columns.
  const jobs = db as unknown as Kysely<JobDatabase>;
  const table = queue.table as JobTable;
  return {
    async claim(limit, leaseMs, only) {
      const at = Date.now();
      const rows = await jobs
        .updateTable(table)
        .set((eb) => ({ attempts: eb("attempts", "+", 1), next_attempt_at: at + leaseMs }))
        .where("id", "in", (eb) =>
          eb
            .selectFrom(table)
            .select("id")
            .where("status", "=", queue.waiting)
            .where("next_attempt_at", "<=", at)
            .$if(only !== undefined, (query) =>
              // The narrowing is written against the room's own table type (see the cast above).
              query.where((inner) => only!(inner as unknown as ExpressionBuilder<Database, T>)),
            )
            .orderBy("next_attempt_at")
            .orderBy("id")
            .limit(limit)
            .$if(dialect === "postgres", (query) => query.forUpdate().skipLocked()),
        )
        .returning(["id", "attempts"])
        .execute();
      return rows
        .map((row) => ({ id: row.id as JobId<T>, attempts: Number(row.attempts) }))
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    },

    async release(ids) {
      if (!ids.length) return;
      await jobs
        .updateTable(table)
        .set((eb) => ({ next_attempt_at: Date.now(), attempts: eb("attempts", "-", 1) }))
        .where("id", "in", ids as ReadonlyArray<number | string>)
        .where("status", "=", queue.waiting)
        .execute();
    },

    async retry(id, delayMs, error) {
      await jobs
        .updateTable(table)
        .set({ next_attempt_at: Date.now() + delayMs, last_error: error?.slice(0, MAX_ERROR) ?? null })
        .where("id", "=", id as number | string)
        .where("status", "=", queue.waiting)
        .execute();
    },

    async giveUp(id, error) {
      await jobs
        .updateTable(table)
        .set({ status: queue.failed, last_error: error?.slice(0, MAX_ERROR) ?? null })
        .where("id", "=", id as number | string)
        .where("status", "=", queue.waiting)
        .execute();
    },

    async requeue(id) {
      const result = await jobs
        .updateTable(table)
        .set({ status: queue.waiting, next_attempt_at: Date.now() })
        .where("id", "=", id as number | string)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
