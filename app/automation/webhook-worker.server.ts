import { BackgroundWorker, retryDelay } from "../lib/background-worker.server.ts";
import { logger } from "../lib/logger.server.ts";
import { renderWebhookBody, SubjectGoneError, type PayloadSources } from "./payload.server.ts";
import { sendWebhook, type SendOptions, type SendResult } from "./send.server.ts";
import { signedHeaders } from "./signature.server.ts";
import type { ClaimedDelivery, WebhookStore } from "./types.ts";

export interface WebhooksOutOptions {
  repo: WebhookStore & PayloadSources;
  /** The `whsec_…` secret of an endpoint (undefined: not configured any more, nothing is sent). */
  secretOf(endpointId: string): string | undefined;
  publicOrigin: string;
  send?: SendOptions;
  /** First retry delay; doubles per attempt up to maxBackoffMs (the email outbox's rule). */
  backoffMs: number;
  maxBackoffMs: number;
  pollMs: number;
  /** The email outbox's lease: how long a claimed delivery stays invisible to other instances. */
  leaseMs: number;
  /** An endpoint failing for this long (since its last success) is paused. */
  pauseAfterMs: number;
  /** Called once when an endpoint gets paused (the owner is emailed), with the delivery that paused it. */
  onPaused?(delivery: ClaimedDelivery, failingSince: string): Promise<void>;
}

const BATCH = 20;
/** A delivery is given up after this many attempts even if its endpoint answers others (a request it always refuses). */
export const MAX_WEBHOOK_ATTEMPTS = 72;
export const DEFAULT_SEND: SendOptions = { publicOnly: true, timeoutMs: 10_000, maxResponseBytes: 4_096 };

/**
 * Sends the webhook outbox in the background, never on a request's path: each delivery is signed
 * (Standard Webhooks) with the event's id as `webhook-id`, so every retry carries the same id;
 * failures are retried with the email outbox's backoff; an endpoint failing for longer than
 * `pauseAfterMs` is paused and the owner told once.
 *
 * Each endpoint has its own lane: a pass claims due deliveries of the endpoints that have no lane
 * running on this instance, and hands each endpoint's to a lane of its own, which sends them in
 * order, one at a time, while the pass returns. A receiver that hangs until the time limit keeps
 * only its own lane busy; the other endpoints' events leave as soon as they are due.
 */
export class WebhooksOutWorker extends BackgroundWorker {
  private readonly options: WebhooksOutOptions;
  /** The lanes running on this instance, by endpoint id. */
  private readonly lanes = new Map<string, Promise<void>>();

  constructor(options: WebhooksOutOptions) {
    super("webhooks", options.pollMs);
    this.options = options;
  }

  /** Claims due deliveries and starts a lane per endpoint; returns how many were handed to lanes. */
  async runOnce(): Promise<number> {
    const { repo } = this.options;
    const claimedAt = Date.now();
    const batch = await repo.claimDueWebhooks(BATCH, this.options.leaseMs, [...this.lanes.keys()]);
    if (batch.length === BATCH) this.again = true;
    const byEndpoint = new Map<string, ClaimedDelivery[]>();
    for (const delivery of batch)
      byEndpoint.set(delivery.endpointId, [...(byEndpoint.get(delivery.endpointId) ?? []), delivery]);
    for (const [endpointId, deliveries] of byEndpoint) {
      const lane = this.lane(deliveries, claimedAt)
        .catch((error: unknown) => logger().error({ err: error, endpoint: endpointId }, "webhook lane failed"))
        .finally(() => {
          this.lanes.delete(endpointId);
          // The endpoint may have more waiting, which this instance skipped while the lane ran.
          this.kick();
        });
      this.lanes.set(endpointId, lane);
    }
    return batch.length;
  }

  /** Waits for the lanes in flight too (a shutdown lets each finish its request). */
  override async stop(): Promise<void> {
    await super.stop();
    while (this.lanes.size) await Promise.all([...this.lanes.values()]);
  }

  /** One endpoint's claimed deliveries, in order. */
  private async lane(deliveries: ClaimedDelivery[], claimedAt: number): Promise<void> {
    const { repo, leaseMs } = this.options;
    for (const [index, delivery] of deliveries.entries()) {
      // As the email outbox: past half the lease, the rest is handed back while it is still ours.
      if (Date.now() - claimedAt > leaseMs / 2) {
        await repo.releaseWebhooks(deliveries.slice(index).map((rest) => rest.id));
        return;
      }
      await this.deliver(delivery);
    }
  }

  private async deliver(delivery: ClaimedDelivery): Promise<boolean> {
    const { repo, backoffMs, maxBackoffMs } = this.options;
    const context = {
      delivery: delivery.id,
      event: delivery.eventId,
      type: delivery.type,
      attempts: delivery.attempts,
    };
    // An endpoint added in the back office carries its secrets; the env endpoint's is in the environment.
    const envSecret = this.options.secretOf(delivery.endpointId);
    const secrets = delivery.secrets?.length ? delivery.secrets : envSecret ? [envSecret] : [];
    let result: SendResult;
    try {
      if (!secrets.length) throw new Error(`endpoint ${delivery.endpointId} has no secret configured`);
      const body = await renderWebhookBody(delivery, repo, this.options.publicOrigin);
      result = await sendWebhook(
        delivery.url,
        signedHeaders(secrets, delivery.eventId, body),
        body,
        this.options.send ?? DEFAULT_SEND,
      );
    } catch (error) {
      if (error instanceof SubjectGoneError) {
        // The customer was erased (app/privacy/): there is nothing left to tell anyone.
        await repo.recordWebhookAttempt(delivery, {
          statusCode: null,
          error: error.message,
          durationMs: 0,
          result: { status: "failed" },
        });
        return false;
      }
      result = { statusCode: null, error: String((error as Error)?.message ?? error), durationMs: 0 };
    }
    if (result.error === null) {
      await repo.recordWebhookAttempt(delivery, { ...result, result: { status: "sent" } });
      logger().info({ ...context, status: result.statusCode }, "webhook sent");
      return true;
    }
    // The back office's test event is tried once: the owner is looking at the answer.
    const once = delivery.type === "webhook.test";
    const giveUp = once || delivery.attempts >= MAX_WEBHOOK_ATTEMPTS;
    const delayMs = retryDelay(delivery.attempts, backoffMs, maxBackoffMs);
    await repo.recordWebhookAttempt(delivery, {
      ...result,
      result: giveUp ? { status: "failed" } : { status: "retry", delayMs },
    });
    logger().warn(
      { ...context, status: result.statusCode, error: result.error, ...(giveUp ? {} : { retryInMs: delayMs }) },
      giveUp ? "webhook given up" : "webhook failed, will retry",
    );
    if (once) return false;
    const streak = await repo.noteWebhookFailure(delivery.endpointId, this.options.pauseAfterMs);
    if (streak.paused) {
      logger().error(
        { endpoint: delivery.endpointId, failingSince: streak.failingSince },
        "webhook endpoint paused: failing for too long",
      );
      await this.options
        .onPaused?.(delivery, streak.failingSince)
        .catch((error: unknown) =>
          logger().error({ ...context, err: error }, "could not queue the paused-endpoint notice"),
        );
    }
    return false;
  }
}
