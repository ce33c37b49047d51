import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";

/** A fixed window of `limit` hits per key (an IP); `take` says whether one more is allowed. */
export interface RateLimiter {
  take(key: string): Promise<boolean>;
  /** Keys counted in memory right now (expired windows are evicted); 0 for a PostgreSQL store. */
  size(): number;
}

export interface RateLimiterOptions {
  /** Keeps the counters of two limiters apart in one table. */
  name: string;
  /** Hits per window; 0 turns the limiter off. */
  limit: number;
  windowMs: number;
  /** PostgreSQL: count in the shared `rate_limits` table, so every instance sees the same count. */
  pool?: pg.Pool;
  /** In memory: keys held before the counters start over (bounds memory under a flood of addresses). */
  maxKeys?: number;
}

/** More distinct addresses in one window than any real audience: the memory store starts over. */
export const MAX_KEYS = 100_000;

/**
 * rate-limiter-flexible: in memory for the single SQLite instance, in PostgreSQL when several
 * instances share it (table created by the migrations). If PostgreSQL cannot answer, the same
 * limit is counted in memory meanwhile rather than refusing or letting everything through. In
 * memory each window is evicted when it expires, and the number of keys is capped.
 */
export function createRateLimiter({ name, limit, windowMs, pool, maxKeys = MAX_KEYS }: RateLimiterOptions): RateLimiter {
  if (limit <= 0) return { take: async () => true, size: () => 0 };
  const options = { keyPrefix: name, points: limit, duration: Math.ceil(windowMs / 1000) };
  let memory = new RateLimiterMemory(options);
  // rate-limiter-flexible keeps its records in a Map (version pinned; covered by a unit test).
  const size = () => (memory as unknown as { _memoryStorage: { _storage: Map<string, unknown> } })._memoryStorage._storage.size;
  const store = () => {
    if (pool) {
      return new RateLimiterPostgres({ ...options, storeClient: pool, storeType: "pool", tableName: "rate_limits", tableCreated: true, insuranceLimiter: memory });
    }
    return memory;
  };
  const limiter = pool ? store() : undefined;
  return {
    async take(key) {
      if (!pool && size() >= maxKeys) memory = new RateLimiterMemory(options);
      try {
        await (limiter ?? memory).consume(key);
        return true;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return false;
        throw rejection;
      }
    },
    size: () => (pool ? 0 : size()),
  };
}
