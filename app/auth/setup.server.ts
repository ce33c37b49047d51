import { createHash } from "node:crypto";
import { newOwnerLink, ownerLinkToken, type LinkSigner } from "./owner-links.server.ts";
import type { OwnerStore } from "./types.ts";

/** Only a hash of the one-time set-up token is stored: the link itself lives in the log and the owner's email. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const setupLink = (origin: string, token: string) => `${origin}/admin/setup?token=${token}`;

/** The set-up link names no expiry of its own (it works until used or replaced); its signed token still needs one. */
const SETUP_LINK_TTL_MS = 365 * 24 * 60 * 60_000;

/**
 * The set-up token of link `id`: what the log prints and what the emailed link carries. It is the
 * SHA-256 of the signed (id, purpose, expiry), so only a holder of the link secret can make it, and
 * it keeps the plain shape set-up links always had (43 URL-safe characters: nothing to split).
 */
export const setupToken = (links: LinkSigner, id: string, expiresAt: number) =>
  createHash("sha256")
    .update(ownerLinkToken(links, id, "setup", expiresAt))
    .digest("base64url");

/** What making a set-up link needs: the owner's store, the link signer, and the outbox's enqueue (auth never imports mail). */
export interface SetupDeps {
  repo: OwnerStore & { enqueueOwnerLinkEmail(linkId: string, purpose: "setup"): Promise<boolean> };
  links: LinkSigner;
}

/** A new set-up link: its row (for the email) and its token. */
async function newSetupLink({ repo, links }: SetupDeps): Promise<{ id: string; token: string }> {
  const link = newOwnerLink(SETUP_LINK_TTL_MS);
  await repo.createUnlock(link.id, link.expiresAt, "setup");
  return { id: link.id, token: setupToken(links, link.id, link.expiresAt) };
}

/**
 * Forgets the owner's password, authenticator, recovery codes and passkeys, signs out every
 * session, and returns a new one-time set-up link (`npm run owner -- reset`), also emailed to the
 * owner through the outbox (the running site's worker sends it).
 */
export async function resetOwner(deps: SetupDeps, origin: string): Promise<string> {
  const link = await newSetupLink(deps);
  await deps.repo.resetOwner(hashToken(link.token));
  await deps.repo.enqueueOwnerLinkEmail(link.id, "setup");
  return setupLink(origin, link.token);
}

export type SetupAnnouncement =
  { kind: "link"; url: string; emailed: boolean } | { kind: "pending" } | { kind: "none" };

/**
 * At start-up: the first start of a database prints the one-time set-up link in its log, as
 * Grafana or Jenkins print their first admin link, and emails it to OWNER_EMAIL (no
 * shell needed to read it, ADR 017). Only a hash of the token is stored (a backup must not be a way in,
 * ADR 012), so no later start can print or send that link again; it must not make a new one
 * either: a second instance starting on the same database used to replace the token, and the link
 * in the first instance's log was void. So exactly one start — the one whose insert of
 * the owner row wins — logs and emails it. A later start while set-up is still pending says so and
 * points to `npm run owner -- reset` (which makes, prints and emails a new link on purpose).
 */
export async function pendingSetupLink(deps: SetupDeps, origin: string): Promise<SetupAnnouncement> {
  const owner = await deps.repo.getOwner();
  if (owner?.passwordHash) return { kind: "none" };
  if (owner) return { kind: "pending" };
  const link = await newSetupLink(deps);
  if (!(await deps.repo.createOwnerSetup(hashToken(link.token)))) return { kind: "pending" };
  const emailed = await deps.repo.enqueueOwnerLinkEmail(link.id, "setup");
  return { kind: "link", url: setupLink(origin, link.token), emailed };
}
