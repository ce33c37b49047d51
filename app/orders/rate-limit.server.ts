import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";

/** A fixed window of `limit` hits per key (an IP); `take` says whether one more is allowed. */
export interface RateLimiter {
  take(key: string): Promise<boolean>;
}

export interface RateLimiterOptions {
  /** Keeps the counters of two limiters apart in one table. */
  name: string;
  /** Hits per window; 0 turns the limiter off. */
  limit: number;
  windowMs: number;
  /** PostgreSQL: count in the shared `rate_limits` table, so every instance sees the same count. */
  pool?: pg.Pool;
}

/**
 * rate-limiter-flexible: in memory for the single SQLite instance, in PostgreSQL when several
 * instances share it (table created by the migrations). If PostgreSQL cannot answer, the same
 * limit is counted in memory meanwhile rather than refusing or letting everything through.
 */
export function createRateLimiter({ name, limit, windowMs, pool }: RateLimiterOptions): RateLimiter {
  if (limit <= 0) return { take: async () => true };
  const options = { keyPrefix: name, points: limit, duration: Math.ceil(windowMs / 1000) };
  const limiter = pool
    ? new RateLimiterPostgres({
        ...options,
        storeClient: pool,
        storeType: "pool",
        tableName: "rate_limits",
        tableCreated: true,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : new RateLimiterMemory(options);
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return true;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return false;
        throw rejection;
      }
    },
  };
}
