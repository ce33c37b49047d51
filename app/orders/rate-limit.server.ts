import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/** Keys held before the counters start over: bounds memory under a flood of distinct addresses. */
export const MAX_KEYS = 100_000;

/**
 * A fixed window of `limit` hits per key (an IP) and `windowMs`, counted by rate-limiter-flexible
 * in memory: each window is evicted when it expires. Async, so a shared store (PostgreSQL) can
 * take its place behind the same interface.
 */
export class RateLimiter {
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  private store: RateLimiterMemory;

  constructor(limit: number, windowMs: number, options: { maxKeys?: number } = {}) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.maxKeys = options.maxKeys ?? MAX_KEYS;
    this.store = this.newStore();
  }

  /** Counts one hit; false when the key is over its limit (a limit of 0 disables the limiter). */
  async consume(key: string): Promise<boolean> {
    if (this.limit <= 0) return true;
    // More distinct keys than any real audience in one window: start over rather than grow.
    if (this.size() >= this.maxKeys) this.store = this.newStore();
    try {
      await this.store.consume(key);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }

  /** Keys currently counted (expired windows are already gone). */
  size(): number {
    // rate-limiter-flexible keeps its records in a Map (version pinned; covered by a unit test).
    return (this.store as unknown as { _memoryStorage: { _storage: Map<string, unknown> } })._memoryStorage._storage.size;
  }

  private newStore() {
    return new RateLimiterMemory({ points: Math.max(this.limit, 1), duration: Math.max(1, Math.ceil(this.windowMs / 1000)) });
  }
}
