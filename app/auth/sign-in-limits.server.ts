import { RateLimiterMemory } from "rate-limiter-flexible";

/** Failed sign-in steps (password or code) allowed per window; the window is the longest lock-out. */
export const LOCKOUT_SECONDS = 15 * 60;
export const FAILURES_PER_IP = 10;
export const FAILURES_PER_ACCOUNT = 30;
/** There is one account; the key still names it so another store can count it alongside. */
const ACCOUNT = "owner";

const byIp = new RateLimiterMemory({ keyPrefix: "signin-ip", points: FAILURES_PER_IP, duration: LOCKOUT_SECONDS });
const byAccount = new RateLimiterMemory({ keyPrefix: "signin-account", points: FAILURES_PER_ACCOUNT, duration: LOCKOUT_SECONDS });

/** Seconds until sign-in is allowed again for this IP (or for the account), 0 when it is allowed. */
export async function signInLockout(ip: string): Promise<number> {
  const [ipState, accountState] = await Promise.all([byIp.get(ip || "unknown"), byAccount.get(ACCOUNT)]);
  const waits = [
    ipState && ipState.consumedPoints >= FAILURES_PER_IP ? ipState.msBeforeNext : 0,
    accountState && accountState.consumedPoints >= FAILURES_PER_ACCOUNT ? accountState.msBeforeNext : 0,
  ];
  return Math.ceil(Math.max(...waits) / 1000);
}

/** Counts one failed step against the IP and the account. */
export async function recordSignInFailure(ip: string): Promise<void> {
  // consume() rejects once over the limit: that is the lock-out, already reported by signInLockout.
  await Promise.allSettled([byIp.consume(ip || "unknown"), byAccount.consume(ACCOUNT)]);
}
