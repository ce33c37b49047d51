import type pg from "pg";
import { getOrderServices } from "../services.server.ts";
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from "rate-limiter-flexible";

/** Failed sign-in steps (password or code) allowed per window; the window is the longest lock-out. */
export const LOCKOUT_SECONDS = 15 * 60;
export const FAILURES_PER_IP = 10;
export const FAILURES_PER_ACCOUNT = 30;
/** There is one account; the key still names it so the count is kept apart from the IPs'. */
const ACCOUNT = "owner";

export interface SignInLimits {
  /** Seconds until sign-in is allowed again for this IP (or for the account), 0 when it is allowed. */
  lockout(ip: string): Promise<number>;
  /** Counts one failed step against the IP and the account. */
  recordFailure(ip: string): Promise<void>;
}

/**
 * Failed sign-ins counted per IP and per account with rate-limiter-flexible, like the other limits:
 * in memory for the single SQLite instance, in PostgreSQL's `rate_limits` table when instances share
 * it (memory meanwhile if it cannot answer). Only failures count, so the owner is never locked out by
 * their own successful sign-ins; a fixed window bounds any lock-out to 15 minutes.
 */
export function createSignInLimits(pool?: pg.Pool): SignInLimits {
  const limiter = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const options = { keyPrefix, points, duration: LOCKOUT_SECONDS };
    return pool
      ? new RateLimiterPostgres({ ...options, storeClient: pool, storeType: "pool", tableName: "rate_limits", tableCreated: true, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
  };
  const byIp = limiter("signin-ip", FAILURES_PER_IP);
  const byAccount = limiter("signin-account", FAILURES_PER_ACCOUNT);
  return {
    async lockout(ip) {
      const [ipState, accountState] = await Promise.all([byIp.get(ip || "unknown"), byAccount.get(ACCOUNT)]);
      const waits = [
        ipState && ipState.consumedPoints >= FAILURES_PER_IP ? ipState.msBeforeNext : 0,
        accountState && accountState.consumedPoints >= FAILURES_PER_ACCOUNT ? accountState.msBeforeNext : 0,
      ];
      return Math.ceil(Math.max(...waits) / 1000);
    },
    async recordFailure(ip) {
      // consume() rejects once over the limit: that is the lock-out, reported by lockout().
      await Promise.allSettled([byIp.consume(ip || "unknown"), byAccount.consume(ACCOUNT)]);
    },
  };
}

let shared: Promise<SignInLimits> | undefined;

/** The process's sign-in limits, over the same store as the site's other rate limits. */
export function signInLimits(): Promise<SignInLimits> {
  shared ??= getOrderServices().then((services) => createSignInLimits(services.limiterPool));
  return shared;
}
