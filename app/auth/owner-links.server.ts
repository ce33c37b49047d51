import { randomBytes } from "node:crypto";
import type { OwnerLinkPurpose } from "./types.ts";

/**
 * The owner's emailed links (set-up, password reset, unlock): a row in owner_unlocks (id, purpose,
 * expiry, used?) and a token signed with the link secret over (id, purpose, expiry). The outbox
 * renders the email when it sends it, from the row alone, so the token is never stored anywhere:
 * a copy of the database without LINK_SECRET opens nothing (ADR 012), and the access log redacts
 * `?token=` (app/lib/logger.server.ts).
 */
export interface LinkSigner {
  sign(id: string, purpose: OwnerLinkPurpose, ttlMs?: number, now?: number): string;
  verify(
    token: string,
    purpose: OwnerLinkPurpose,
    now?: number,
  ): { ok: true; orderId: string } | { ok: false; reason: "invalid" | "expired" };
}

/** The token of a link: the same for the same (id, purpose, expiry), so the log and the email carry one link. */
export function ownerLinkToken(links: LinkSigner, id: string, purpose: OwnerLinkPurpose, expiresAt: number): string {
  const now = Date.now();
  return links.sign(id, purpose, expiresAt - now, now);
}

/** A new link's id and expiry, on a whole second (the signed expiry is in seconds: both renderings agree). */
export function newOwnerLink(ttlMs: number): { id: string; expiresAt: number } {
  return { id: randomBytes(18).toString("base64url"), expiresAt: Math.ceil((Date.now() + ttlMs) / 1000) * 1000 };
}
