import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Dialect } from "../db/database.server.ts";
import { JOB_QUEUES, jobQueue } from "../db/job-queue.server.ts";
import type { Database } from "../db/schema.ts";
import type {
  AttemptRow,
  ClaimedDelivery,
  DeliveryRow,
  WebhookDetail,
  WebhookEndpoint,
  WebhookEventSpec,
  WebhookEventType,
  WebhookStore,
} from "./types.ts";

const now = () => new Date().toISOString();

/** A webhook-id as Standard Webhooks shows them (`msg_` + random): the same on every retry. */
const newEventId = () => `msg_${randomBytes(18).toString("base64url")}`;

/**
 * Records an event once (by its key) and one delivery per enabled endpoint, with the executor it is
 * given: the emitting room calls it inside the transaction that makes the change, as mail's
 * `enqueue()` is called, so a change and its webhook are stored together or not at all. Returns the
 * event's id when recorded now, null when it was recorded before.
 */
export async function recordWebhookEvent(
  db: Kysely<Database>,
  about: { orderId?: string | null; quoteId?: string | null },
  spec: WebhookEventSpec,
  stamp = now(),
): Promise<string | null> {
  const id = newEventId();
  const inserted = await db
    .insertInto("webhook_events")
    .values({
      id,
      event_key: spec.key,
      type: spec.type,
      order_id: about.orderId ?? null,
      quote_id: about.quoteId ?? null,
      detail_json: JSON.stringify(spec.detail ?? {}),
      created_at: stamp,
    })
    .onConflict((conflict) => conflict.column("event_key").doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
  const endpoints = await db.selectFrom("webhook_endpoints").select("id").where("enabled", "=", 1).execute();
  if (endpoints.length) {
    await db
      .insertInto("webhook_deliveries")
      .values(
        endpoints.map((endpoint) => ({
          event_id: id,
          endpoint_id: endpoint.id,
          status: "pending" as const,
          attempts: 0,
          next_attempt_at: Date.now(),
          created_at: stamp,
        })),
      )
      .onConflict((conflict) => conflict.columns(["event_id", "endpoint_id"]).doNothing())
      .execute();
  }
  return id;
}

/** The webhook outbox over the one Kysely database (SQLite or PostgreSQL). */
export function webhookStore(db: Kysely<Database>, dialect: Dialect): WebhookStore {
  const queue = jobQueue(db, dialect, JOB_QUEUES.webhooksOut);
  return {
    async syncWebhookEndpoint(id: string, url: string | null): Promise<void> {
      const stamp = now();
      if (url === null) {
        await db
          .updateTable("webhook_endpoints")
          .set({ enabled: 0, updated_at: stamp })
          .where("id", "=", id)
          .where("enabled", "=", 1)
          .execute();
        return;
      }
      await db
        .insertInto("webhook_endpoints")
        .values({ id, url, enabled: 1, failing_since: null, paused_at: null, created_at: stamp, updated_at: stamp })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
      // A new URL is a new chance: the pause and the failure streak were about the old one.
      await db
        .updateTable("webhook_endpoints")
        .set({ url, enabled: 1, failing_since: null, paused_at: null, updated_at: stamp })
        .where("id", "=", id)
        .where((eb) => eb.or([eb("url", "<>", url), eb("enabled", "<>", 1)]))
        .execute();
    },

    async listWebhookEndpoints(): Promise<WebhookEndpoint[]> {
      const rows = await db.selectFrom("webhook_endpoints").selectAll().orderBy("created_at").execute();
      return rows.map((row) => ({
        id: row.id,
        url: row.url,
        enabled: Number(row.enabled) === 1,
        failingSince: row.failing_since,
        pausedAt: row.paused_at,
        managed: Boolean(row.secret),
        previousSecretUntil:
          row.previous_secret && row.previous_secret_until && row.previous_secret_until > now()
            ? row.previous_secret_until
            : null,
      }));
    },

    async recordTestWebhookEvent(sample: WebhookEventType = "order.paid"): Promise<string> {
      const id = await db
        .transaction()
        .execute((trx) =>
          recordWebhookEvent(
            trx,
            {},
            { type: "webhook.test", key: `webhook.test:${newEventId()}`, detail: { sample } },
          ),
        );
      return id!;
    },

    async claimDueWebhooks(limit: number, leaseMs: number, busy: readonly string[] = []): Promise<ClaimedDelivery[]> {
      // An endpoint whose lane is still sending on this instance keeps its order: its next
      // deliveries wait for the lane, and the others' are not held up behind them. Paused or
      // disabled endpoints' deliveries wait too.
      const claimed = await queue.claim(limit, leaseMs, (eb) =>
        eb.and([
          ...(busy.length > 0 ? [eb("endpoint_id", "not in", busy)] : []),
          eb(
            "endpoint_id",
            "in",
            eb
              .selectFrom("webhook_endpoints as p")
              .select("p.id")
              .where("enabled", "=", 1)
              .where("paused_at", "is", null),
          ),
        ]),
      );
      if (!claimed.length) return [];
      const rows = await db
        .selectFrom("webhook_deliveries as d")
        .innerJoin("webhook_events as e", "e.id", "d.event_id")
        .innerJoin("webhook_endpoints as p", "p.id", "d.endpoint_id")
        .select([
          "d.id",
          "d.event_id",
          "d.endpoint_id",
          "e.type",
          "e.order_id",
          "e.quote_id",
          "e.detail_json",
          "e.created_at",
          "p.url",
          "p.secret",
          "p.previous_secret",
          "p.previous_secret_until",
        ])
        .where(
          "d.id",
          "in",
          claimed.map((row) => row.id),
        )
        .execute();
      const attempts = new Map(claimed.map((row) => [row.id, row.attempts]));
      return rows
        .sort((a, b) => a.id - b.id)
        .map((row) => ({
          id: row.id,
          attempts: attempts.get(row.id)!,
          eventId: row.event_id,
          type: row.type as WebhookEventType,
          orderId: row.order_id,
          quoteId: row.quote_id,
          detail: JSON.parse(row.detail_json) as WebhookDetail,
          createdAt: row.created_at,
          endpointId: row.endpoint_id,
          url: row.url,
          // During a rotation both secrets sign: a receiver still on the old one keeps verifying.
          secrets: [
            row.secret,
            row.previous_secret && row.previous_secret_until && row.previous_secret_until > now()
              ? row.previous_secret
              : null,
          ].filter((secret): secret is string => Boolean(secret)),
        }));
    },

    async releaseWebhooks(ids: number[]): Promise<void> {
      await queue.release(ids);
    },

    async recordWebhookAttempt(
      delivery: ClaimedDelivery,
      outcome: {
        statusCode: number | null;
        error: string | null;
        durationMs: number;
        result: { status: "sent" } | { status: "retry"; delayMs: number } | { status: "failed" };
      },
    ): Promise<void> {
      const error = outcome.error?.slice(0, 500) ?? null;
      const stamp = now();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("webhook_attempts")
          .values({
            delivery_id: delivery.id,
            attempt: delivery.attempts,
            status_code: outcome.statusCode,
            error,
            duration_ms: Math.round(outcome.durationMs),
            created_at: stamp,
          })
          .execute();
        const { result } = outcome;
        await trx
          .updateTable("webhook_deliveries")
          .set({
            last_status: outcome.statusCode,
            last_error: error,
            ...(result.status === "sent" ? { status: "sent" as const, sent_at: stamp } : {}),
          })
          .where("id", "=", delivery.id)
          .where("status", "=", "pending")
          .execute();
        // Its next attempt or its end, as every queue writes them, in this transaction.
        const inTransaction = jobQueue(trx, dialect, JOB_QUEUES.webhooksOut);
        if (result.status === "retry") await inTransaction.retry(delivery.id, result.delayMs, error);
        if (result.status === "failed") await inTransaction.giveUp(delivery.id, error);
        if (result.status === "sent") {
          await trx
            .updateTable("webhook_endpoints")
            .set({ failing_since: null, updated_at: stamp })
            .where("id", "=", delivery.endpointId)
            .where("failing_since", "is not", null)
            .execute();
        }
      });
    },

    async noteWebhookFailure(
      endpointId: string,
      pauseAfterMs: number,
    ): Promise<{ paused: boolean; failingSince: string }> {
      const stamp = now();
      await db
        .updateTable("webhook_endpoints")
        .set({ failing_since: stamp, updated_at: stamp })
        .where("id", "=", endpointId)
        .where("failing_since", "is", null)
        .execute();
      const threshold = new Date(Date.now() - pauseAfterMs).toISOString();
      // One conditional write decides the pause: of two instances failing at once, one pauses (and tells the owner).
      const paused = await db
        .updateTable("webhook_endpoints")
        .set({ paused_at: stamp, updated_at: stamp })
        .where("id", "=", endpointId)
        .where("paused_at", "is", null)
        .where("failing_since", "<=", threshold)
        .executeTakeFirst();
      const row = await db
        .selectFrom("webhook_endpoints")
        .select("failing_since")
        .where("id", "=", endpointId)
        .executeTakeFirst();
      return { paused: Number(paused.numUpdatedRows) === 1, failingSince: row?.failing_since ?? stamp };
    },

    async resumeWebhookEndpoint(endpointId: string): Promise<boolean> {
      const stamp = now();
      const result = await db
        .updateTable("webhook_endpoints")
        .set({ paused_at: null, failing_since: null, updated_at: stamp })
        .where("id", "=", endpointId)
        .where("paused_at", "is not", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async pauseWebhookEndpoint(endpointId: string): Promise<boolean> {
      const stamp = now();
      const result = await db
        .updateTable("webhook_endpoints")
        .set({ paused_at: stamp, updated_at: stamp })
        .where("id", "=", endpointId)
        .where("enabled", "=", 1)
        .where("paused_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async addWebhookEndpoint(id: string, url: string, secret: string): Promise<void> {
      const stamp = now();
      await db
        .insertInto("webhook_endpoints")
        .values({
          id,
          url,
          enabled: 1,
          failing_since: null,
          paused_at: null,
          secret,
          previous_secret: null,
          previous_secret_until: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    },

    async setWebhookEndpointUrl(endpointId: string, url: string): Promise<boolean> {
      const result = await db
        .updateTable("webhook_endpoints")
        .set({ url, failing_since: null, paused_at: null, updated_at: now() })
        .where("id", "=", endpointId)
        .where("secret", "is not", null)
        .where("enabled", "=", 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async rotateWebhookSecret(endpointId: string, secret: string, previousUntil: string): Promise<boolean> {
      const result = await db
        .updateTable("webhook_endpoints")
        .set((eb) => ({
          previous_secret: eb.ref("secret"),
          previous_secret_until: previousUntil,
          secret,
          updated_at: now(),
        }))
        .where("id", "=", endpointId)
        .where("secret", "is not", null)
        .where("enabled", "=", 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async retryWebhookNow(deliveryId: number): Promise<boolean> {
      return queue.requeue(deliveryId);
    },

    async listWebhookDeliveries(limit: number): Promise<DeliveryRow[]> {
      const rows = await db
        .selectFrom("webhook_deliveries as d")
        .innerJoin("webhook_events as e", "e.id", "d.event_id")
        .select([
          "d.id",
          "d.event_id",
          "d.endpoint_id",
          "d.status",
          "d.attempts",
          "d.next_attempt_at",
          "d.last_status",
          "d.last_error",
          "d.created_at",
          "d.sent_at",
          "e.type",
          "e.order_id",
          "e.quote_id",
        ])
        .orderBy("d.id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        eventId: row.event_id,
        type: row.type,
        orderId: row.order_id,
        quoteId: row.quote_id,
        endpointId: row.endpoint_id,
        status: row.status,
        attempts: row.attempts,
        nextAttemptAt: Number(row.next_attempt_at),
        lastStatus: row.last_status,
        lastError: row.last_error,
        createdAt: row.created_at,
        sentAt: row.sent_at,
      }));
    },

    async listWebhookAttempts(deliveryId: number): Promise<AttemptRow[]> {
      const rows = await db
        .selectFrom("webhook_attempts")
        .selectAll()
        .where("delivery_id", "=", deliveryId)
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        attempt: row.attempt,
        statusCode: row.status_code,
        error: row.error,
        durationMs: row.duration_ms,
        createdAt: row.created_at,
      }));
    },
  };
}
