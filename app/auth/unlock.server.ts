import { randomBytes } from "node:crypto";
import type { Limits } from "../http/limits.server.ts";
import type { LinkSigner } from "./owner-links.server.ts";
import type { OwnerRecord, OwnerStore } from "./types.ts";

/** How long an unlock link works (once). */
export const UNLOCK_TTL_MINUTES = 60;
/** There is one account; the key names it so this count is kept apart from the IPs'. */
const ACCOUNT = "owner";

/**
 * "Email me an unlock link": the way back in when strangers have used up the account-wide sign-in
 * budget from a browser the owner never signed in from. Anyone may ask (the link goes only to
 * OWNER_EMAIL, in OWNER_LANG, through the outbox); asking is rate-limited per IP and in all, and
 * the answer is the same whether or not an owner is set up. The email is asked of the store
 * (`enqueueUnlockEmail`) and the outbox's worker woken (`kick`): auth never imports mail.
 */
export async function requestUnlock(
  clientIp: string,
  {
    limits,
    repo,
    worker,
  }: {
    limits: Pick<Limits, "take">;
    repo: Pick<OwnerStore, "getOwner" | "createUnlock"> & { enqueueUnlockEmail(unlockId: string): Promise<boolean> };
    worker: { kick(): void };
  },
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const taken = await limits.take(["unlockIp", clientIp], ["unlockAccount", ACCOUNT]);
  if (!taken.ok) return taken;
  if ((await repo.getOwner())?.passwordHash) {
    const id = randomBytes(18).toString("base64url");
    await repo.createUnlock(id, Date.now() + UNLOCK_TTL_MINUTES * 60_000);
    // Its email is the mail room's (kind, template, outbox); auth only asks for it. Should this
    // fail after the link was stored, nothing is sent and the owner can ask again.
    if (await repo.enqueueUnlockEmail(id)) worker.kick();
  }
  return { ok: true };
}

/** The link's id when its signature is genuine and it has not expired (used or not). */
export async function unlockLinkId(token: string, links: LinkSigner): Promise<string | undefined> {
  const checked = links.verify(token, "unlock");
  return checked.ok ? checked.orderId : undefined;
}

/**
 * Spends the link (once, before its expiry: a conditional update, so two clicks on two instances
 * cannot both use it). Returns the owner it unlocks a browser for.
 */
export async function spendUnlockLink(
  token: string,
  { links, repo }: { links: LinkSigner; repo: Pick<OwnerStore, "getOwner" | "useUnlock"> },
): Promise<OwnerRecord | undefined> {
  const id = await unlockLinkId(token, links);
  if (!id) return undefined;
  const owner = await repo.getOwner();
  if (!owner?.passwordHash || !(await repo.useUnlock(id, Date.now()))) return undefined;
  return owner;
}
