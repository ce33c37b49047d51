import type { OrderRepository, OutboxMessage } from "./types.ts";

export interface OutboxWorkerOptions {
  repo: OrderRepository;
  deliver(message: OutboxMessage): Promise<string>;
  /** First retry delay; doubles per attempt up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  pollMs: number;
  /** How long a claimed message stays invisible to other workers while it is being sent. */
  leaseMs?: number;
  log?: (line: Record<string, unknown>) => void;
}

/** Default lease: far longer than a send takes (nodemailer times out well before). */
const LEASE_MS = 2 * 60_000;
const BATCH = 20;

export function retryDelay(attempts: number, backoffMs: number, maxBackoffMs: number): number {
  return Math.min(backoffMs * 2 ** Math.max(0, attempts - 1), maxBackoffMs);
}

/**
 * Sends queued emails in the background: never on a request's path. A failed delivery stays in
 * the outbox and is retried with exponential backoff (capped), so a down SMTP server loses nothing.
 */
export class OutboxWorker {
  private readonly options: OutboxWorkerOptions;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private again = false;

  constructor(options: OutboxWorkerOptions) {
    this.options = options;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.kick();
  }

  /** Runs a pass soon (after a new email was enqueued). */
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

  /** One pass over the due messages (exported for tests). */
  async runOnce(): Promise<number> {
    const { repo, deliver, backoffMs, maxBackoffMs, log } = this.options;
    let sent = 0;
    const batch = await repo.claimDueEmails(BATCH, this.options.leaseMs ?? LEASE_MS);
    // A full batch means more may be waiting: go again at once instead of after the poll interval.
    if (batch.length === BATCH) this.again = true;
    for (const message of batch) {
      try {
        const messageId = await deliver(message);
        await repo.markEmailSent(message.id, messageId);
        sent++;
        log?.({ level: "info", msg: "email sent", order: message.orderId, kind: message.kind, attempts: message.attempts });
      } catch (error) {
        const delay = retryDelay(message.attempts, backoffMs, maxBackoffMs);
        await repo.markEmailRetry(message.id, delay, String((error as Error)?.message ?? error));
        log?.({ level: "warn", msg: "email delivery failed, will retry", order: message.orderId, kind: message.kind, attempts: message.attempts, retryInMs: delay, error: String(error) });
      }
    }
    return sent;
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((error) => this.options.log?.({ level: "error", msg: "outbox pass failed", error: String(error) }))
        .then(() => {
          this.running = undefined;
          if (this.stopped) return;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : this.options.pollMs);
        });
    }, delay);
    this.timer.unref();
  }
}
