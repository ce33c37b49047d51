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
export function signedHeaders(secret: string, id: string, body: string, at = new Date()): Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac("sha256", secretKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}
