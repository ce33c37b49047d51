import type { Limits } from "../http/limits.server.ts";
import { newOwnerLink, type LinkSigner } from "./owner-links.server.ts";
import type { OwnerStore } from "./types.ts";

/** How long a password-reset link works (once). */
export const RESET_TTL_MINUTES = 30;
/** There is one account; the key names it so this count is kept apart from the IPs'. */
const ACCOUNT = "owner";

/**
 * "Forgot password": the link goes only to the owner's address (OWNER_EMAIL), through the outbox,
 * and only when the address typed is that one and the owner has a second factor enrolled (the
 * reset asks for it). Whatever is typed, the answer is the same (no way to learn the address or
 * whether an owner exists); asking is rate-limited per IP and in all, counted before anything else.
 */
export async function requestPasswordReset(
  clientIp: string,
  typed: string,
  ownerEmail: string,
  {
    limits,
    repo,
    worker,
  }: {
    limits: Pick<Limits, "take">;
    repo: Pick<OwnerStore, "getOwner" | "createUnlock"> & {
      enqueueOwnerLinkEmail(linkId: string, purpose: "reset"): Promise<boolean>;
    };
    worker: { kick(): void };
  },
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const taken = await limits.take(["resetIp", clientIp], ["resetAccount", ACCOUNT]);
  if (!taken.ok) return taken;
  const owner = await repo.getOwner();
  if (owner?.passwordHash && owner.totpEnabled && typed.trim().toLowerCase() === ownerEmail.trim().toLowerCase()) {
    const link = newOwnerLink(RESET_TTL_MINUTES * 60_000);
    await repo.createUnlock(link.id, link.expiresAt, "reset");
    // Its email is the mail room's; auth only asks for it (as for unlock links).
    if (await repo.enqueueOwnerLinkEmail(link.id, "reset")) worker.kick();
  }
  return { ok: true };
}

/** The link's id when its signature is genuine, unexpired, and it was not used yet (nothing spent). */
export async function usableResetLink(
  token: string,
  { links, repo }: { links: LinkSigner; repo: Pick<OwnerStore, "unlockUsable"> },
): Promise<string | undefined> {
  const checked = links.verify(token, "reset");
  if (!checked.ok) return undefined;
  return (await repo.unlockUsable(checked.orderId, Date.now(), "reset")) ? checked.orderId : undefined;
}

/** Spends the link (once, before its expiry: one conditional update decides between two clicks). */
export async function spendResetLink(id: string, repo: Pick<OwnerStore, "useUnlock">): Promise<boolean> {
  return repo.useUnlock(id, Date.now(), "reset");
}
