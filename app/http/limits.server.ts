import type pg from "pg";
import { createRateLimiter, type RateLimiter } from "./rate-limit.server.ts";

/**
 * Every limit of the site, in one table: what it counts, how many per window, and the window.
 * Routes and domain code never count anything themselves; they ask `limits.take(...)` here.
 *
 * One rule for all of them: TAKE FIRST, ACT SECOND. An attempt is counted (atomically, in the
 * store every instance shares) before the password is hashed, the code checked, the order stored
 * or the email queued; only what was counted may happen. Checking "am I locked?" first and
 * recording the failure afterwards let 60 concurrent wrong passwords all be verified (limit 10).
 * An attempt that turns out to be no guess (a successful sign-in) may give its point back.
 */
export interface LimitPolicy {
  /** Attempts per window (0 = off, only for the limits an operator may switch off). */
  points: number;
  windowSeconds: number;
  /** What one point is, for the docs and logs. */
  counts: string;
}

/** The environment settings some limits take (defaults in app/lib/env.server.ts). */
export interface LimitSettings {
  ORDER_RATE_LIMIT: number;
  RESEND_RATE_LIMIT: number;
  LOOKUP_RATE_LIMIT: number;
  MANAGE_LINK_RATE_LIMIT: number;
  QUOTE_ACK_DAILY_LIMIT: number;
}

const TEN_MINUTES = 10 * 60;
const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;
const ONE_DAY = 24 * ONE_HOUR;

export function limitPolicies(settings: LimitSettings) {
  return {
    order: { points: settings.ORDER_RATE_LIMIT, windowSeconds: TEN_MINUTES, counts: "an order form post, per IP" },
    // Quote requests get the order form's budget per IP (same honeypot, same same-origin check).
    quote: { points: settings.ORDER_RATE_LIMIT, windowSeconds: TEN_MINUTES, counts: "a quote request, per IP" },
    // The quote form's acknowledgement goes to a typed address that proved nothing: a few a day per
    // recipient, whoever posts (no free mail relay). Beyond it the owner still gets the request.
    quoteAck: {
      points: settings.QUOTE_ACK_DAILY_LIMIT,
      windowSeconds: ONE_DAY,
      counts: "a quote acknowledgement, per recipient address",
    },
    resend: {
      points: settings.RESEND_RATE_LIMIT,
      windowSeconds: TEN_MINUTES,
      counts: "a thank-you page's resend-confirmation post, per IP",
    },
    lookup: {
      points: settings.LOOKUP_RATE_LIMIT,
      windowSeconds: TEN_MINUTES,
      counts: "a payment-provider look-up from a visitor's link, per IP",
    },
    manageLink: {
      points: settings.MANAGE_LINK_RATE_LIMIT,
      windowSeconds: TEN_MINUTES,
      counts: "a fresh manage-link request, per IP and per address",
    },
    // The order page's "send me my links again": the same budget as the manage links, counted apart.
    orderLink: {
      points: settings.MANAGE_LINK_RATE_LIMIT,
      windowSeconds: TEN_MINUTES,
      counts: "an order-links request, per IP and per address",
    },
    // Sign-in: each password or code checked counts; a successful step gives its point back.
    signInIp: {
      points: 10,
      windowSeconds: FIFTEEN_MINUTES,
      counts: "a sign-in step (password or code) from an IP without a device cookie",
    },
    signInAccount: {
      points: 30,
      windowSeconds: FIFTEEN_MINUTES,
      counts: "a sign-in step from any browser without a device cookie",
    },
    // A browser the owner signed in from (device cookie) has only its own budget: strangers
    // exhausting the account-wide one cannot lock it out (OWASP, "device cookies").
    signInDevice: { points: 10, windowSeconds: FIFTEEN_MINUTES, counts: "a sign-in step from one device cookie" },
    // Unlock links go to the owner's own address: few, whoever asks.
    unlockIp: { points: 3, windowSeconds: ONE_HOUR, counts: "an unlock-link request, per IP" },
    unlockAccount: { points: 5, windowSeconds: ONE_HOUR, counts: "an unlock-link request, from anywhere" },
    // "Forgot password" links go to the owner's own address too: as few as unlock links.
    resetIp: { points: 3, windowSeconds: ONE_HOUR, counts: "a password-reset link request, per IP" },
    resetAccount: { points: 10, windowSeconds: ONE_HOUR, counts: "a password-reset link request, from anywhere" },
    // Each passkey sign-in start stores a challenge: bounded per IP (the assertion itself counts as a sign-in step).
    passkeyIp: { points: 30, windowSeconds: TEN_MINUTES, counts: "a passkey sign-in started, per IP" },
    // The API in (docs/api.md): an automation polls and posts far less than this; a runaway loop
    // or a leaked token is slowed down, the site is not.
    apiToken: { points: 600, windowSeconds: TEN_MINUTES, counts: "an API request, per bearer token" },
    // Wrong bearer tokens, per IP. The one limit counted after acting: the look-up is one indexed
    // read of a 256-bit secret's hash (nothing to guess), and only a token found wanting is counted,
    // so strangers sharing an address (Zapier's or Make's egress, a proxy) never lock a live token out.
    apiAuthIp: {
      points: 30,
      windowSeconds: TEN_MINUTES,
      counts: "an API request with a wrong or revoked token, per IP",
    },
  } satisfies Record<string, LimitPolicy>;
}

export type LimitName = keyof ReturnType<typeof limitPolicies>;

/**
 * Password hashes (scrypt, 128 MB and about half a second of a libuv thread each) allowed at once,
 * and how many more may wait; the rest are refused with 429 before hashing. libuv has 4 threads
 * shared with file reads and compression: two sign-in bursts must not take them all.
 */
export const PASSWORD_HASHES = { inFlight: 1, queued: 2, retryAfterSeconds: 2 } as const;

export type Taken = { ok: true; refund(): Promise<void> };
export type Refused = { ok: false; retryAfterSeconds: number };

export interface Limits {
  /**
   * Counts one attempt against each (limit, key), in order, before the attempt is made. Refused as
   * soon as one is over its limit (the points already taken are given back: that attempt never
   * happens). `refund` gives back every point of an attempt that turned out to be no guess.
   */
  take(...keys: [LimitName, string][]): Promise<Taken | Refused>;
  /** Keys held in memory by one limit (tests: memory stays bounded). */
  size(name: LimitName): number;
}

/**
 * The site's limits over one store: in memory (one SQLite instance) or PostgreSQL's `rate_limits`
 * table shared by every instance (`pool`). Key prefixes stay those of the counters' first versions,
 * so deployed counts carry over.
 */
export function createLimits(settings: LimitSettings, pool?: pg.Pool): Limits {
  const prefixes: Record<LimitName, string> = {
    order: "order",
    quote: "quote",
    quoteAck: "quote-ack",
    resend: "resend",
    lookup: "lookup",
    manageLink: "manage-link",
    orderLink: "order-link",
    signInIp: "signin-ip",
    signInAccount: "signin-account",
    signInDevice: "signin-device",
    unlockIp: "unlock-ip",
    unlockAccount: "unlock-account",
    resetIp: "reset-ip",
    resetAccount: "reset-account",
    passkeyIp: "passkey-ip",
    apiToken: "api-token",
    apiAuthIp: "api-auth-ip",
  };
  const policies = limitPolicies(settings);
  const limiters = Object.fromEntries(
    (Object.keys(policies) as LimitName[]).map((name) => [
      name,
      createRateLimiter({
        name: prefixes[name],
        limit: policies[name].points,
        windowMs: policies[name].windowSeconds * 1000,
        pool,
      }),
    ]),
  ) as Record<LimitName, RateLimiter>;
  return {
    async take(...keys) {
      const taken: [RateLimiter, string][] = [];
      const refund = async () => {
        await Promise.all(taken.map(([limiter, key]) => limiter.refund(key)));
      };
      for (const [name, rawKey] of keys) {
        const key = rawKey || "unknown";
        const limiter = limiters[name];
        const answer = await limiter.take(key);
        if (!answer.ok) {
          await refund();
          return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(answer.retryAfterMs / 1000)) };
        }
        taken.push([limiter, key]);
      }
      return { ok: true, refund };
    },
    size: (name) => limiters[name].size(),
  };
}
