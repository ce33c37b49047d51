import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Signed, expiring links that stand in for an account: "manage my subscription" and the sandbox
 * invoice. The token names the order, its purpose and an expiry, and carries an HMAC of the three;
 * nothing is stored, so a leaked link stops working at its expiry.
 */
export type LinkPurpose = "manage" | "invoice";

export interface SignedLinks {
  sign(orderId: string, purpose: LinkPurpose, ttlMs?: number, now?: number): string;
  /** The order id when the token is genuine, of this purpose and unexpired; otherwise the reason. */
  verify(token: string, purpose: LinkPurpose, now?: number): { ok: true; orderId: string } | { ok: false; reason: "invalid" | "expired" };
}

export const MANAGE_LINK_TTL_MS = 14 * 24 * 60 * 60_000;

export function createSignedLinks(secret: string): SignedLinks {
  const mac = (payload: string) => createHmac("sha256", secret).update(payload).digest("base64url");
  return {
    sign(orderId, purpose, ttlMs = MANAGE_LINK_TTL_MS, now = Date.now()) {
      const payload = `${orderId}.${purpose}.${Math.floor((now + ttlMs) / 1000).toString(36)}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(token, purpose, now = Date.now()) {
      const parts = token.split(".");
      if (parts.length !== 4) return { ok: false, reason: "invalid" };
      const [orderId = "", tokenPurpose, expiry = "", signature = ""] = parts;
      const expected = Buffer.from(mac(`${orderId}.${tokenPurpose}.${expiry}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected) || tokenPurpose !== purpose) return { ok: false, reason: "invalid" };
      if (Number.parseInt(expiry, 36) * 1000 < now) return { ok: false, reason: "expired" };
      return { ok: true, orderId };
    },
  };
}

/**
 * LINK_SECRET when set (required with several instances); otherwise a random secret created once
 * in DATA_DIR, so links survive restarts of the one embedded instance.
 */
export function loadLinkSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "link-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}
