import { logger } from "../lib/logger.server.ts";
import { handlePaymentEvent, recordUnhandled, UnhandledEventError, type PaymentEventDeps } from "./payment-events.server.ts";

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
/** Doubles per attempt from `first`, capped (the outbox's rule, kept here: rooms do not share code). */
const retryDelay = (attempts: number, first: number, cap: number) => Math.min(first * 2 ** Math.max(0, attempts - 1), cap);
const BATCH = 10;

/**
 * Handles stored provider events off the request path, with retries: the webhook has answered
 * already, so a slow or failing Stripe API delays an event instead of failing its delivery.
 */
export class WebhookWorker {
  private readonly options: WebhookWorkerOptions;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private again = false;

  constructor(options: WebhookWorkerOptions) {
    this.options = options;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
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
          await recordUnhandled(deps, { id: event.id, kind: event.kind, detail: reason, orderId, event }).catch((notifyError) =>
            logger().error({ ...context, err: notifyError }, "could not store the unhandled event"),
          );
          continue;
        }
        const delay = retryDelay(attempts, this.options.backoffMs ?? 1_000, 10 * 60_000);
        await deps.inbox.retryLater(event.id, reason, Date.now() + delay);
        logger().warn({ ...context, retryInMs: delay, error: reason }, "payment event failed, will retry");
      }
    }
    return handled;
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((error) => logger().error({ err: error }, "webhook pass failed"))
        .then(() => {
          this.running = undefined;
          if (this.stopped) return;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : this.options.pollMs);
        });
    }, delay);
    this.timer.unref?.();
  }
}
