import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { BackgroundWorker } from "../lib/background-worker.server.ts";
import { enqueue } from "../mail/outbox-store.server.ts";
import { workOpen } from "./delivery-store.server.ts";

/**
 * The customer's one reminder to send their brief: the work starts from it and the due date counts
 * from the payment, so an order paid BRIEF_REMINDER_HOURS ago with no brief and nothing delivered
 * gets one email with the button to its page. "Never twice" is the outbox's unique (order, kind):
 * two passes, on one instance or several, insert one row. Orders paid more than REMIND_WITHIN
 * before that moment are left alone (a site down for days, or just given this reminder, does not
 * write to customers whose work went on another way).
 */
const REMIND_WITHIN_MS = 3 * 24 * 3_600_000;
export const BRIEF_REMINDER_KIND = "brief-reminder";

/** Queues the reminders due at `now`; returns how many it queued. */
export async function queueBriefReminders(db: Kysely<Database>, hours: number, now = new Date()): Promise<number> {
  if (hours <= 0) return 0;
  const latest = new Date(now.getTime() - hours * 3_600_000);
  const earliest = new Date(latest.getTime() - REMIND_WITHIN_MS);
  const due = await db
    .selectFrom("orders")
    .select("orders.id")
    .where("orders.state", "=", "paid")
    .where("orders.erased_at", "is", null)
    .where("orders.paid_at", "<=", latest.toISOString())
    .where("orders.paid_at", ">=", earliest.toISOString())
    // Money closed the work (a full refund, a cancellation now: the work's state, work_closures): there is no work to brief.
    .where(workOpen)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("order_briefs")
            .select("order_briefs.order_id")
            .whereRef("order_briefs.order_id", "=", "orders.id"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("order_deliveries")
            .select("order_deliveries.id")
            .whereRef("order_deliveries.order_id", "=", "orders.id"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("order_events")
            .select("order_events.order_id")
            .whereRef("order_events.order_id", "=", "orders.id")
            .where("order_events.kind", "=", "delivered"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("outbox")
            .select("outbox.id")
            .whereRef("outbox.order_id", "=", "orders.id")
            .where("outbox.kind", "=", BRIEF_REMINDER_KIND),
        ),
      ),
    )
    .limit(100)
    .execute();
  let queued = 0;
  for (const { id } of due) if (await enqueue(db, { orderId: id }, BRIEF_REMINDER_KIND)) queued++;
  return queued;
}

/** Looks for due reminders at a tenth of the delay (at most every minute, at least every second). */
export class BriefReminderWorker extends BackgroundWorker {
  private readonly db: Kysely<Database>;
  private readonly hours: number;
  private readonly onQueued: () => void;

  constructor(db: Kysely<Database>, hours: number, onQueued: () => void) {
    super("brief reminders", Math.max(1000, Math.min(60_000, (hours * 3_600_000) / 10)));
    this.db = db;
    this.hours = hours;
    this.onQueued = onQueued;
  }

  async runOnce(): Promise<number> {
    const queued = await queueBriefReminders(this.db, this.hours);
    if (queued) this.onQueued();
    return queued;
  }
}
