import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from "kysely";
import type { Database } from "../db/schema.ts";
import { WEBHOOK_EVENTS } from "../automation/events.ts";
import { recordWebhookEvent } from "../automation/webhook-store.server.ts";
import { DELIVERY_EMAIL } from "../mail/email-kinds.ts";
import { enqueue } from "../mail/outbox-store.server.ts";
import type {
  Brief,
  BriefTarget,
  Delivery,
  DeliveryLink,
  DeliveryStore,
  NewDelivery,
  OrderWork,
  Revision,
  StoredFileRecord,
  UploadScope,
  WorkClosure,
  WorkPeriod,
} from "./types.ts";
import type { MoneyEvent } from "./work-state.ts";

const now = () => new Date().toISOString();
/** Ids that are safe in a storage key and in an outbox kind's key (no dash, no dot). */
export const newId = () => randomUUID().replace(/-/g, "");

type FileRow = Database["order_files"];
const toFile = (row: Selectable<FileRow>): StoredFileRecord => ({
  id: row.id,
  orderId: row.order_id,
  kind: row.kind,
  deliveryId: row.delivery_id,
  revisionId: row.revision_id,
  name: row.name,
  contentType: row.content_type,
  size: Number(row.size),
  storageKey: row.storage_key,
  createdAt: row.created_at,
  period: row.period ?? null,
});
const toDelivery = (row: {
  id: string;
  order_id: string;
  period: string;
  round: number;
  note: string;
  link_url: string | null;
  link_label: string | null;
  links_json: string | null;
  created_at: string;
  accepted_at: string | null;
}): Delivery => ({
  id: row.id,
  orderId: row.order_id,
  period: row.period,
  round: Number(row.round),
  note: row.note,
  // Deliveries from before labelled lists (025) kept their one link in link_url.
  links: row.links_json
    ? (JSON.parse(row.links_json) as DeliveryLink[])
    : row.link_url
      ? [{ url: row.link_url, label: row.link_label }]
      : [],
  createdAt: row.created_at,
  acceptedAt: row.accepted_at,
});
const toRevision = (row: {
  id: string;
  order_id: string;
  period: string;
  round: number;
  text: string;
  created_at: string;
}): Revision => ({
  id: row.id,
  orderId: row.order_id,
  period: row.period,
  round: Number(row.round),
  text: row.text,
  createdAt: row.created_at,
});

/** The delivery room's tables (order_briefs, order_files, order_deliveries, order_revisions). */
export function deliveryStore(db: Kysely<Database>): DeliveryStore {
  return {
    async orderWork(orderId: string): Promise<OrderWork> {
      const [brief, files, deliveries, revisions, closure, periods] = await Promise.all([
        db.selectFrom("order_briefs").selectAll().where("order_id", "=", orderId).executeTakeFirst(),
        db
          .selectFrom("order_files")
          .selectAll()
          .where("order_id", "=", orderId)
          .orderBy("created_at")
          .orderBy("id")
          .execute(),
        db
          .selectFrom("order_deliveries")
          .selectAll()
          .where("order_id", "=", orderId)
          .orderBy("created_at")
          .orderBy("round")
          .execute(),
        db
          .selectFrom("order_revisions")
          .selectAll()
          .where("order_id", "=", orderId)
          .orderBy("created_at")
          .orderBy("round")
          .execute(),
        // Money ended the work: the closure the state machine decided with the billing write (closeWork).
        db.selectFrom("work_closures").selectAll().where("order_id", "=", orderId).executeTakeFirst(),
        db.selectFrom("work_periods").selectAll().where("order_id", "=", orderId).orderBy("number").execute(),
      ]);
      return {
        closure: closure ? { why: closure.reason, event: closure.event as MoneyEvent, at: closure.closed_at } : null,
        brief: brief
          ? ({
              orderId: brief.order_id,
              text: brief.text,
              answers: brief.answers_json ? (JSON.parse(brief.answers_json) as Record<string, string>) : {},
              createdAt: brief.created_at,
              updatedAt: brief.updated_at,
            } satisfies Brief)
          : null,
        files: files.map(toFile),
        deliveries: deliveries.map(toDelivery),
        revisions: revisions.map(toRevision),
        periods: periods.map((row): WorkPeriod => ({
          period: row.period,
          number: Number(row.number),
          startsAt: row.starts_at,
          brief:
            row.brief_created_at !== null
              ? {
                  text: row.brief_text ?? "",
                  createdAt: row.brief_created_at,
                  updatedAt: row.brief_updated_at ?? row.brief_created_at,
                }
              : null,
        })),
      };
    },

    async saveBrief(
      orderId: string,
      text: string,
      answers?: Record<string, string>,
      target?: BriefTarget,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (await closedIn(trx, orderId)) return false;
        // The brief closes once the period's pieces are all delivered (a one-time order: its delivery);
        // checked in the write's transaction, so a brief racing the last delivery is refused.
        const pieces = await trx
          .selectFrom("order_deliveries")
          .select((eb) => eb.fn.countAll<number>().as("pieces"))
          .where("order_id", "=", orderId)
          .$if(target !== undefined, (query) => query.where("period", "=", target!.period))
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom("order_revisions")
                  .select("order_revisions.id")
                  .whereRef("order_revisions.order_id", "=", "order_deliveries.order_id")
                  .whereRef("order_revisions.period", "=", "order_deliveries.period")
                  .whereRef("order_revisions.round", "=", "order_deliveries.round"),
              ),
            ),
          )
          .executeTakeFirstOrThrow();
        if (Number(pieces.pieces) >= (target?.allowance ?? 1)) return false;
        const stamp = now();
        if (target && !target.first) {
          // A later month's brief: its period's row (opened by the renewal; written here should the renewal's be missing).
          const next = await trx
            .selectFrom("work_periods")
            .select((eb) => eb.fn.max<number>("number").as("last"))
            .where("order_id", "=", orderId)
            .executeTakeFirst();
          await trx
            .insertInto("work_periods")
            .values({
              order_id: orderId,
              period: target.period,
              number: Number(next?.last ?? 1) + 1,
              starts_at: stamp,
              brief_text: text,
              brief_created_at: stamp,
              brief_updated_at: stamp,
              created_at: stamp,
            })
            .onConflict((conflict) =>
              conflict.columns(["order_id", "period"]).doUpdateSet((eb) => ({
                brief_text: text,
                brief_created_at: eb.fn.coalesce("work_periods.brief_created_at", eb.val(stamp)),
                brief_updated_at: stamp,
              })),
            )
            .execute();
          return true;
        }
        const first = !(await trx
          .selectFrom("order_briefs")
          .select("order_id")
          .where("order_id", "=", orderId)
          .executeTakeFirst());
        await trx
          .insertInto("order_briefs")
          .values({
            order_id: orderId,
            text,
            answers_json: answers ? JSON.stringify(answers) : null,
            created_at: stamp,
            updated_at: stamp,
          })
          // Answers are replaced only when the post carried them (an offer without brief questions sends none).
          .onConflict((conflict) =>
            conflict
              .column("order_id")
              .doUpdateSet({ text, updated_at: stamp, ...(answers ? { answers_json: JSON.stringify(answers) } : {}) }),
          )
          .execute();
        // The owner's automation hears of the first brief (its key makes a concurrent first post one event).
        if (first) await recordWebhookEvent(trx, { orderId }, WEBHOOK_EVENTS.orderBriefReceived(orderId), stamp);
        return true;
      });
    },

    async openPeriod(orderId: string, from: string, to: string): Promise<void> {
      await openWorkPeriod(db, orderId, from, to);
    },

    async addFile(file: StoredFileRecord): Promise<void> {
      await insertFile(db, file);
    },

    async reserveUpload(
      orderId: string,
      scope: UploadScope,
      want: { files: number; bytes: number },
      caps: { maxFiles: number; maxBytes: number },
    ): Promise<boolean> {
      // The row starts from what is stored already (orders that uploaded before the counter existed);
      // two first posts insert it once, from the same files.
      // A later period's brief (`brief@<period>`) has its own allowance, counted from its own files.
      const [kind, period] = scope.split("@") as ["brief" | "revision", string | undefined];
      const stored = await db
        .selectFrom("order_files")
        .select((eb) => [
          eb.fn.countAll<number>().as("files"),
          eb.fn.coalesce(eb.fn.sum<number>("size"), eb.lit(0)).as("bytes"),
        ])
        .where("order_id", "=", orderId)
        .where("kind", "=", kind)
        .$if(kind === "brief", (query) =>
          period === undefined ? query.where("period", "is", null) : query.where("period", "=", period),
        )
        .executeTakeFirstOrThrow();
      await db
        .insertInto("upload_allowances")
        .values({ order_id: orderId, scope, files: Number(stored.files), bytes: Number(stored.bytes) })
        .onConflict((conflict) => conflict.columns(["order_id", "scope"]).doNothing())
        .execute();
      // One statement decides: the row grows only when it stays within the caps, whoever else is
      // reserving at the same moment, on this instance or another.
      const grown = await db
        .updateTable("upload_allowances")
        .set((eb) => ({ files: eb("files", "+", want.files), bytes: eb("bytes", "+", want.bytes) }))
        .where("order_id", "=", orderId)
        .where("scope", "=", scope)
        .where((eb) => eb(eb("files", "+", want.files), "<=", caps.maxFiles))
        .where((eb) => eb(eb("bytes", "+", want.bytes), "<=", caps.maxBytes))
        .executeTakeFirst();
      return Number(grown.numUpdatedRows) === 1;
    },

    async releaseUpload(orderId: string, scope: UploadScope, held: { files: number; bytes: number }): Promise<void> {
      if (!held.files && !held.bytes) return;
      await db
        .updateTable("upload_allowances")
        .set({
          files: sql<number>`CASE WHEN files > ${held.files} THEN files - ${held.files} ELSE 0 END`,
          bytes: sql<number>`CASE WHEN bytes > ${held.bytes} THEN bytes - ${held.bytes} ELSE 0 END`,
        })
        .where("order_id", "=", orderId)
        .where("scope", "=", scope)
        .execute();
    },

    async findFile(orderId: string, fileId: string): Promise<StoredFileRecord | null> {
      const row = await db
        .selectFrom("order_files")
        .selectAll()
        .where("order_id", "=", orderId)
        .where("id", "=", fileId)
        .executeTakeFirst();
      return row ? toFile(row) : null;
    },

    async recordDelivery(delivery: NewDelivery, files: StoredFileRecord[]): Promise<Delivery | null> {
      return db.transaction().execute(async (trx) => {
        if (await closedIn(trx, delivery.orderId)) return null;
        const id = newId();
        const stamp = now();
        // The unique (order, period, round): a replayed or concurrent post for the same round inserts nothing.
        const inserted = await trx
          .insertInto("order_deliveries")
          .values({
            id,
            order_id: delivery.orderId,
            period: delivery.period,
            round: delivery.round,
            note: delivery.note,
            link_url: delivery.links[0]?.url ?? null,
            link_label: delivery.links[0]?.label ?? null,
            links_json: JSON.stringify(delivery.links),
            created_at: stamp,
            accepted_at: null,
          })
          .onConflict((conflict) => conflict.columns(["order_id", "period", "round"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
        // The files' rows are written with the delivery they belong to: a replay that inserts no
        // delivery leaves no row behind (the caller deletes the bytes it stored).
        for (const file of files) await insertFile(trx, { ...file, deliveryId: id });
        if (delivery.first) {
          // The back office's delivered event, as "Mark delivered" writes it (one per order and period;
          // already there when the owner marked it by hand first).
          await trx
            .insertInto("order_events")
            .values({
              order_id: delivery.orderId,
              kind: "delivered",
              detail: delivery.note.slice(0, 2000) || null,
              created_at: stamp,
              period: delivery.eventPeriod,
            })
            .onConflict((conflict) => conflict.doNothing())
            .execute();
        }
        await enqueue(trx, { orderId: delivery.orderId }, DELIVERY_EMAIL.delivered(id), stamp);
        await recordWebhookEvent(
          trx,
          { orderId: delivery.orderId },
          WEBHOOK_EVENTS.orderDelivered({
            id,
            round: delivery.round,
            files: files.length,
            link: delivery.links.length > 0,
          }),
          stamp,
        );
        return {
          id,
          orderId: delivery.orderId,
          period: delivery.period,
          round: delivery.round,
          note: delivery.note,
          links: delivery.links,
          createdAt: stamp,
          acceptedAt: null,
        };
      });
    },

    async recordRevision(
      orderId: string,
      period: string,
      round: number,
      text: string,
      files: StoredFileRecord[] = [],
    ): Promise<Revision | null> {
      return db.transaction().execute(async (trx) => {
        if (await closedIn(trx, orderId)) return null;
        const id = newId();
        const stamp = now();
        const inserted = await trx
          .insertInto("order_revisions")
          .values({ id, order_id: orderId, period, round, text, created_at: stamp })
          .onConflict((conflict) => conflict.columns(["order_id", "period", "round"]).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
        for (const file of files) await insertFile(trx, { ...file, revisionId: id });
        await enqueue(trx, { orderId }, DELIVERY_EMAIL.revision(id), stamp);
        return { id, orderId, period, round, text, createdAt: stamp };
      });
    },

    async acceptDelivery(orderId: string, deliveryId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (await closedIn(trx, orderId)) return false;
        const updated = await trx
          .updateTable("order_deliveries")
          .set({ accepted_at: now() })
          .where("id", "=", deliveryId)
          .where("order_id", "=", orderId)
          .where("accepted_at", "is", null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        await enqueue(trx, { orderId }, DELIVERY_EMAIL.accepted(deliveryId));
        return true;
      });
    },

    async findDelivery(deliveryId: string): Promise<Delivery | null> {
      const row = await db.selectFrom("order_deliveries").selectAll().where("id", "=", deliveryId).executeTakeFirst();
      return row ? toDelivery(row) : null;
    },

    async findRevision(revisionId: string): Promise<Revision | null> {
      const row = await db.selectFrom("order_revisions").selectAll().where("id", "=", revisionId).executeTakeFirst();
      return row ? toRevision(row) : null;
    },
  };
}

/** One file's record (its bytes are in the file storage under `storageKey`). */
async function insertFile(db: Kysely<Database>, file: StoredFileRecord): Promise<void> {
  await db
    .insertInto("order_files")
    .values({
      id: file.id,
      order_id: file.orderId,
      kind: file.kind,
      delivery_id: file.deliveryId,
      revision_id: file.revisionId,
      name: file.name,
      content_type: file.contentType,
      size: file.size,
      storage_key: file.storageKey,
      created_at: file.createdAt,
      period: file.period ?? null,
    })
    .execute();
}

/**
 * A renewal opened the period ending `to` after the one ending `from`: the first period's row
 * (number 1, from the order's payment) once, then the new one numbered after the last, starting
 * where `from` ended. In the caller's transaction (billing records it with the payment event); the
 * key (order, period) makes a replay, or the same move reported by two events, write nothing.
 */
export async function openWorkPeriod(db: Kysely<Database>, orderId: string, from: string, to: string): Promise<void> {
  const stamp = now();
  // A period's row: no brief yet (the month's brief is written when the customer sends it).
  const insertPeriod = (period: string, number: number, startsAt: string) =>
    db
      .insertInto("work_periods")
      .values({
        order_id: orderId,
        period,
        number,
        starts_at: startsAt,
        brief_text: null,
        brief_created_at: null,
        brief_updated_at: null,
        created_at: stamp,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  const rows = await db
    .selectFrom("work_periods")
    .select(["period", "number"])
    .where("order_id", "=", orderId)
    .execute();
  if (rows.some((row) => row.period === to)) return;
  let last = rows.reduce((max, row) => Math.max(max, Number(row.number)), 0);
  if (!rows.some((row) => row.period === from)) {
    if (!last) {
      const paid = await db.selectFrom("orders").select("paid_at").where("id", "=", orderId).executeTakeFirst();
      await insertPeriod(from, 1, paid?.paid_at ?? stamp);
      last = 1;
    }
  }
  await insertPeriod(to, last + 1, from);
}

/**
 * Whether money closed the order's work: the work's writes (a brief, a delivery, a revision, an
 * acceptance) check it again in their own transaction, so one that passed `decide` just before a
 * refund or a cancellation committed still writes nothing after it.
 */
async function closedIn(db: Kysely<Database>, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom("work_closures")
    .select("order_id")
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * In a query over `orders`: the order's work is still open, no closure written by money (closeWork).
 * One condition for every list that leaves closed work out ("to deliver", the brief reminder).
 */
export function workOpen(eb: ExpressionBuilder<Database, "orders">) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom("work_closures")
        .select("work_closures.order_id")
        .whereRef("work_closures.order_id", "=", "orders.id"),
    ),
  );
}

/**
 * Money closed the order's work (a full refund, an immediate cancellation, a subscription ended):
 * the closure the state machine decided (work.server.ts `moneyMove`), written in the caller's
 * transaction with the billing change that caused it (billing's payment event, the back office's
 * money action), so the two never disagree. The first closure stays: a later one (a refund after
 * a cancellation) writes nothing.
 */
export async function closeWork(
  db: Kysely<Database>,
  orderId: string,
  closure: Pick<WorkClosure, "why" | "event">,
): Promise<void> {
  await db
    .insertInto("work_closures")
    .values({ order_id: orderId, reason: closure.why, event: closure.event, closed_at: now() })
    .onConflict((conflict) => conflict.column("order_id").doNothing())
    .execute();
}
