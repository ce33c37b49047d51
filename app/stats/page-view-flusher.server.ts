import { BackgroundWorker } from "../lib/background-worker.server.ts";
import type { PageViewCounter } from "./page-views.server.ts";
import type { StatsStore } from "./types.ts";

/**
 * Adds the in-memory page views to the database every `pollMs` and once more at shutdown
 * (`flush()`). A flush that fails puts its counts back: they go with the next one.
 */
export class PageViewFlusher extends BackgroundWorker {
  private readonly counter: PageViewCounter;
  private readonly store: Pick<StatsStore, "addPageViews">;

  constructor(options: { counter: PageViewCounter; store: Pick<StatsStore, "addPageViews">; pollMs: number }) {
    super("page-view flush", options.pollMs);
    this.counter = options.counter;
    this.store = options.store;
  }

  async runOnce(): Promise<number> {
    const counts = this.counter.take();
    if (!counts.length) return 0;
    try {
      await this.store.addPageViews(counts);
    } catch (error) {
      this.counter.putBack(counts);
      throw error;
    }
    return counts.length;
  }

  /** Stops the timer and stores what is still counted (graceful shutdown). */
  async flush(): Promise<void> {
    await this.stop();
    await this.runOnce();
  }
}
