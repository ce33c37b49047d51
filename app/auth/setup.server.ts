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

export type SetupAnnouncement = { kind: "link"; url: string } | { kind: "pending" } | { kind: "none" };

/**
 * At start-up: the first start of a database prints the one-time set-up link in its log, as
 * Grafana or Jenkins print their first admin link. Only a hash of the token is stored (a backup
 * must not be a way in, ADR 012), so no later start can print that link again; it must not make
 * a new one either: a second instance starting on the same database used to replace the token,
 * and the link in the first instance's log was void (issue 21). A later start while set-up is
 * still pending says so and points to `npm run owner -- reset` (which makes a new link on purpose).
 */
export async function pendingSetupLink(repo: OwnerStore, origin: string): Promise<SetupAnnouncement> {
  const owner = await repo.getOwner();
  if (owner?.passwordHash) return { kind: "none" };
  if (owner) return { kind: "pending" };
  const token = randomBytes(24).toString("base64url");
  return (await repo.createOwnerSetup(hashToken(token))) ? { kind: "link", url: setupLink(origin, token) } : { kind: "pending" };
}
