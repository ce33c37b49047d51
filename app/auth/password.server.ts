import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { PASSWORD_HASHES } from "../http/limits.server.ts";
import { getEnv } from "../lib/env.server.ts";

/** scrypt cost (OWASP: N=2^17, r=8, p=1); stored with the hash so it can be raised later. */
export const PRODUCTION_COST = { N: 2 ** 17, r: 8, p: 1 } as const;
const MAXMEM = 256 * 1024 * 1024;
const KEY_LENGTH = 32;

/**
 * The cost new hashes get: the production cost, unless a test run on a plain-http origin lowers it
 * with PASSWORD_HASH_LOG2_N (the environment check refuses that variable on a deployed site).
 */
export function hashCost(env: { PASSWORD_HASH_LOG2_N?: number | undefined } = getEnv()): ScryptOptions {
  return {
    ...PRODUCTION_COST,
    ...(env.PASSWORD_HASH_LOG2_N ? { N: 2 ** env.PASSWORD_HASH_LOG2_N } : {}),
    maxmem: MAXMEM,
  };
}

/** Too many password hashes at once: refused before hashing (answer 429 with Retry-After). */
export class HashesBusy extends Error {
  readonly retryAfterSeconds = PASSWORD_HASHES.retryAfterSeconds;
  constructor() {
    super("too many password hashes in flight");
  }
}

// Each scrypt call holds one of libuv's 4 threads (shared with file reads, compression, DNS) for
// about half a second: 24 concurrent sign-ins made /healthz and CSS wait 21 s. At most
// PASSWORD_HASHES.inFlight run, a few wait their turn, the rest are refused at once.
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(hash: () => Promise<T>): Promise<T> {
  if (running >= PASSWORD_HASHES.inFlight) {
    if (waiting.length >= PASSWORD_HASHES.queued) throw new HashesBusy();
    // The finishing hash hands its slot over (running stays the same).
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await hash();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Hashes running right now (tests: never more than PASSWORD_HASHES.inFlight). */
export const hashesInFlight = () => running;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64): the only form in which the owner's password is stored. Throws HashesBusy. */
export async function hashPassword(password: string, cost: ScryptOptions = hashCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Throws HashesBusy when too many hashes run already (nothing was checked: not a failure). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
