import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { ApiStore } from "./types.ts";

/** What every token starts with, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = "la_api_";

/**
 * A token's hash. The secret is 256 random bits, so a plain SHA-256 cannot be reversed or guessed
 * (a slow password hash would only slow every request down); only this is stored.
 */
export const hashToken = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** Creates a token: the secret is returned once (shown once in the back office), only its hash is kept. */
export async function createApiToken(
  store: Pick<ApiStore, "createApiToken">,
  name: string,
): Promise<{ id: string; secret: string }> {
  const secret = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const id = `tok_${randomUUID()}`;
  await store.createApiToken({
    id,
    name: name.trim().slice(0, 80) || "API",
    hash: hashToken(secret),
    hint: `${secret.slice(0, TOKEN_PREFIX.length + 4)}…`,
  });
  return { id, secret };
}

/** The secret of an `Authorization: Bearer …` header, or null. */
export function bearerSecret(header: string | null): string | null {
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/=-]{1,200})[ ]*$/i.exec(header ?? "");
  return match ? match[1]! : null;
}
