import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Signed, expiring links that stand in for an account: "manage my subscription" and the sandbox
 * invoice. The token names the order, its purpose and an expiry, and carries an HMAC of the three;
 * nothing is stored, so a leaked link stops working at its expiry.
 */
export type LinkPurpose =
  "manage" | "invoice" | "unlock" | "setup" | "reset" | "order" | "file" | "proposal" | "apiFile";

/**
 * The customer's order page: its link is in every email about the order, kept for as long as the
 * order, so it does not expire (`sign(id, "order", NEVER)`); it stays tamper-proof (the HMAC), and
 * names one order only.
 */
export const NEVER = Number.POSITIVE_INFINITY;

export interface SignedLinks {
  sign(orderId: string, purpose: LinkPurpose, ttlMs?: number, now?: number): string;
  /** The order id when the token is genuine, of this purpose and unexpired; otherwise the reason. */
  verify(
    token: string,
    purpose: LinkPurpose,
    now?: number,
  ): { ok: true; orderId: string } | { ok: false; reason: "invalid" | "expired" };
}

export const MANAGE_LINK_TTL_MS = 14 * 24 * 60 * 60_000;

export function createSignedLinks(secret: string): SignedLinks {
  const mac = (payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");
  return {
    sign(orderId, purpose, ttlMs = MANAGE_LINK_TTL_MS, now = Date.now()) {
      const expiry = Number.isFinite(ttlMs) ? Math.floor((now + ttlMs) / 1000).toString(36) : "never";
      const payload = `${orderId}.${purpose}.${expiry}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(token, purpose, now = Date.now()) {
      const parts = token.split(".");
      if (parts.length !== 4) return { ok: false, reason: "invalid" };
      const [orderId = "", tokenPurpose, expiry = "", signature = ""] = parts;
      const expected = Buffer.from(mac(`${orderId}.${tokenPurpose}.${expiry}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected) || tokenPurpose !== purpose)
        return { ok: false, reason: "invalid" };
      if (expiry !== "never" && Number.parseInt(expiry, 36) * 1000 < now) return { ok: false, reason: "expired" };
      return { ok: true, orderId };
    },
  };
}

/**
 * LINK_SECRET when set; otherwise a random secret generated once and kept in the database, so
 * links survive restarts and work on every instance sharing that database.
 */
export async function loadLinkSecret(
  configured: string | undefined,
  store: { initSetting(key: string, value: string): Promise<string> },
): Promise<string> {
  return configured ?? store.initSetting("link-signing-secret", randomBytes(32).toString("base64url"));
}
