import { createHash } from "node:crypto";

/** The longest address SMTP carries (RFC 5321: 254 characters in a path). */
export const EMAIL_MAX = 254;

/**
 * An address typed by the owner, as the stores compare it: trimmed and lower-cased (the order and
 * quote forms store it lower-cased). null when it cannot be an address.
 */
export function normaliseEmail(raw: string | null | undefined): string | null {
  const email = (raw ?? "").trim().toLowerCase();
  if (!email || email.length > EMAIL_MAX || /\s/.test(email)) return null;
  const at = email.lastIndexOf("@");
  return at > 0 && at < email.length - 1 ? email : null;
}

/**
 * How the record of requests names a person without holding their address: a SHA-256 digest of it.
 * The owner, typing the address again, finds what was done; the table alone names no one
 * (guessing needs the address already). ADR 016 says why not a keyed digest.
 */
export function subjectDigest(email: string): string {
  return createHash("sha256").update(`data-subject:${email}`).digest("hex");
}
