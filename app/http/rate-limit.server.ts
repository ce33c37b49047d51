import type pg from "pg";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

/**
 * The counting machinery under app/http/limits.server.ts (the only module that may use it): a fixed
 * window of `points` per key. `take` counts one attempt and says, in the same atomic step, whether
 * it was still within the limit; `refund` gives a point back (an attempt that turned out to be no
 * guess, e.g. a successful sign-in).
 */
export interface RateLimiter {
  take(key: string): Promise<{ ok: boolean; retryAfterMs: number }>;
  refund(key: string): Promise<void>;
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
 * instances share it (table created by the migrations). Both count with one atomic step per attempt
 * (a Map update; an `INSERT … ON CONFLICT DO UPDATE … RETURNING`), so a burst of concurrent attempts
 * cannot all read "under the limit" before any of them is counted. If PostgreSQL cannot answer, the
 * same limit is counted in memory meanwhile rather than refusing or letting everything through. In
 * memory each window is evicted when it expires, and the number of keys is capped.
 */
export function createRateLimiter({
  name,
  limit,
  windowMs,
  pool,
  maxKeys = MAX_KEYS,
}: RateLimiterOptions): RateLimiter {
  if (limit <= 0) return { take: async () => ({ ok: true, retryAfterMs: 0 }), refund: async () => {}, size: () => 0 };
  const options = { keyPrefix: name, points: limit, duration: Math.ceil(windowMs / 1000) };
  let memory = new RateLimiterMemory(options);
  // rate-limiter-flexible keeps its records in a Map (version pinned; covered by a unit test).
  const size = () =>
    (memory as unknown as { _memoryStorage: { _storage: Map<string, unknown> } })._memoryStorage._storage.size;
  const shared: RateLimiterAbstract | undefined = pool
    ? new RateLimiterPostgres({
        ...options,
        storeClient: pool,
        storeType: "pool",
        tableName: "rate_limits",
        tableCreated: true,
        insuranceLimiter: memory,
      })
    : undefined;
  return {
    async take(key) {
      if (!pool && size() >= maxKeys) memory = new RateLimiterMemory(options);
      try {
        await (shared ?? memory).consume(key);
        return { ok: true, retryAfterMs: 0 };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return { ok: false, retryAfterMs: rejection.msBeforeNext };
        throw rejection;
      }
    },
    async refund(key) {
      await (shared ?? memory).reward(key, 1);
    },
    size: () => (pool ? 0 : size()),
  };
}
