import { BackgroundWorker, retryDelay } from "../lib/background-worker.server.ts";
import { logger } from "../lib/logger.server.ts";
import {
  handlePaymentEvent,
  recordUnhandled,
  UnhandledEventError,
  type PaymentEventDeps,
} from "./payment-events.server.ts";

export interface WebhookWorkerOptions {
  deps: PaymentEventDeps;
  /** How often to look for due events besides the kick a new one gives. */
  pollMs: number;
  /** First retry delay (doubles per attempt, capped at 10 minutes). */
  backoffMs?: number;
}

/** Attempts before an event is given up (stored unhandled, the owner told): about a day at the cap. */
export const MAX_EVENT_ATTEMPTS = 150;
const LEASE_MS = 30_000;
const BATCH = 10;

/**
 * Handles stored provider events off the request path, with retries: the webhook has answered
 * already, so a slow or failing Stripe API delays an event instead of failing its delivery.
 */
export class WebhookWorker extends BackgroundWorker {
  private readonly options: WebhookWorkerOptions;

  constructor(options: WebhookWorkerOptions) {
    super("webhook", options.pollMs);
    this.options = options;
  }

  /** One pass over the due events; returns how many were handled. */
  async runOnce(): Promise<number> {
    const { deps } = this.options;
    const batch = await deps.inbox.claimDue(BATCH, LEASE_MS);
    if (batch.length === BATCH) this.again = true;
    let handled = 0;
    for (const { event, attempts } of batch) {
      const context = { event: event.id, kind: event.kind, attempts };
      try {
        const { outcome, orderId } = await handlePaymentEvent(event, deps);
        await deps.inbox.done(event.id, outcome, orderId);
        handled++;
        logger().info({ ...context, outcome }, "payment event handled");
      } catch (error) {
        const reason = String((error as Error)?.message ?? error);
        if (error instanceof UnhandledEventError || attempts >= MAX_EVENT_ATTEMPTS) {
          const orderId = error instanceof UnhandledEventError ? error.orderId : null;
          await recordUnhandled(deps, { id: event.id, kind: event.kind, detail: reason, orderId, event }).catch(
            (notifyError) => logger().error({ ...context, err: notifyError }, "could not store the unhandled event"),
          );
          continue;
        }
        const delay = retryDelay(attempts, this.options.backoffMs ?? 1_000, 10 * 60_000);
        await deps.inbox.retryLater(event.id, reason, delay);
        logger().warn({ ...context, retryInMs: delay, error: reason }, "payment event failed, will retry");
      }
    }
    return handled;
  }
}
