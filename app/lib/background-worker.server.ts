import { logger } from "./logger.server.ts";

/** Doubles per attempt from `first`, capped: the retry delay of every background queue. */
export function retryDelay(attempts: number, first: number, cap: number): number {
  return Math.min(first * 2 ** Math.max(0, attempts - 1), cap);
}

/**
 * The loop of a queue worker (the outbox, the payment-event inbox): one pass at a time, a pass as
 * soon as new work is kicked in (or again at once when a pass says more is waiting), otherwise
 * one every `pollMs`; `stop()` waits for the pass in flight. A subclass writes `runOnce()`.
 */
export abstract class BackgroundWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  /** Set by a pass that left work behind (a full batch, a lease running out): run again at once. */
  protected again = false;
  private readonly pollMs: number;
  private readonly name: string;

  protected constructor(name: string, pollMs: number) {
    this.name = name;
    this.pollMs = pollMs;
  }

  /** One pass over the due work; returns how many items it finished. */
  abstract runOnce(): Promise<number>;

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.kick();
  }

  /** Runs a pass soon (new work was queued). */
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

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((error) => logger().error({ err: error }, `${this.name} pass failed`))
        .then(() => {
          this.running = undefined;
          if (this.stopped) return;
          const again = this.again;
          this.again = false;
          this.schedule(again ? 0 : this.pollMs);
        });
    }, delay);
    this.timer.unref?.();
  }
}
