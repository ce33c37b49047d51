import { createHmac } from "node:crypto";
import { WEBHOOK_SECRET_PATTERN } from "../lib/env.server.ts";

/** The key bytes of a `whsec_…` secret (what the receiver's verifier decodes too). */
export function secretKey(secret: string): Buffer {
  if (!WEBHOOK_SECRET_PATTERN.test(secret)) throw new Error("a webhook secret looks like whsec_ followed by base64");
  return Buffer.from(secret.slice("whsec_".length), "base64");
}

/**
 * The three headers of a Standard Webhooks request: the event's id (the same on every retry, so
 * the receiver can de-duplicate), the send time in seconds, and `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body`.
 */
export function signedHeaders(
  secret: string | readonly string[],
  id: string,
  body: string,
  at = new Date(),
): Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  // Several secrets during a rotation: one signature each, space-separated, as the specification allows.
  const signatures = (typeof secret === "string" ? [secret] : secret).map(
    (one) => `v1,${createHmac("sha256", secretKey(one)).update(`${id}.${timestamp}.${body}`).digest("base64")}`,
  );
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signatures.join(" ") };
}
