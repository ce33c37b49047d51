import { createHash, randomBytes } from "node:crypto";
import type { OwnerStore } from "./types.ts";

/** Only a hash of the one-time set-up token is stored: the link itself lives in the log. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const setupLink = (origin: string, token: string) => `${origin}/admin/setup?token=${token}`;

/**
 * Forgets the owner's password and authenticator, signs out every session, and returns a new
 * one-time set-up link (`npm run owner -- reset`, and the very first start).
 */
export async function resetOwner(repo: OwnerStore, origin: string): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await repo.resetOwner(hashToken(token));
  return setupLink(origin, token);
}

/**
 * At start-up: while no owner has chosen a password, a fresh one-time set-up link (replacing any
 * earlier one) for the log, as Grafana or Jenkins print their first admin link. Null otherwise.
 */
export async function pendingSetupLink(repo: OwnerStore, origin: string): Promise<string | null> {
  const owner = await repo.getOwner();
  if (owner?.passwordHash) return null;
  if (!owner) return resetOwner(repo, origin);
  const token = randomBytes(24).toString("base64url");
  return (await repo.renewSetupToken(hashToken(token))) ? setupLink(origin, token) : null;
}
