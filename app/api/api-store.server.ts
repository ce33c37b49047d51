import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { ApiStore, ApiToken, IdempotencyClaim } from "./types.ts";

const now = () => new Date().toISOString();

type TokenRow = Database["api_tokens"];
const token = (
  row: Pick<TokenRow, "id" | "name" | "hint" | "created_at" | "last_used_at" | "revoked_at">,
): ApiToken => ({
  id: row.id,
  name: row.name,
  hint: row.hint,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

/** The API's tokens and idempotency records over the one Kysely database (SQLite or PostgreSQL). */
export function apiStore(db: Kysely<Database>): ApiStore {
  return {
    async createApiToken(spec: { id: string; name: string; hash: string; hint: string }): Promise<void> {
      await db
        .insertInto("api_tokens")
        .values({
          id: spec.id,
          name: spec.name,
          token_hash: spec.hash,
          hint: spec.hint,
          created_at: now(),
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
    },

    async listApiTokens(): Promise<ApiToken[]> {
      const rows = await db
        .selectFrom("api_tokens")
        .select(["id", "name", "hint", "created_at", "last_used_at", "revoked_at"])
        .orderBy("created_at", "desc")
        .limit(200)
        .execute();
      return rows.map(token);
    },

    async revokeApiToken(id: string): Promise<boolean> {
      const result = await db
        .updateTable("api_tokens")
        .set({ revoked_at: now() })
        .where("id", "=", id)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async useApiToken(hash: string): Promise<ApiToken | null> {
      const row = await db
        .selectFrom("api_tokens")
        .select(["id", "name", "hint", "created_at", "last_used_at", "revoked_at"])
        .where("token_hash", "=", hash)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      if (!row) return null;
      // "Last used" to the minute is enough for the list, and spares a write per request.
      const stamp = now();
      if (!row.last_used_at || row.last_used_at.slice(0, 16) !== stamp.slice(0, 16)) {
        await db.updateTable("api_tokens").set({ last_used_at: stamp }).where("id", "=", row.id).execute();
        row.last_used_at = stamp;
      }
      return token(row);
    },

    async claimIdempotencyKey(tokenId: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
      const inserted = await db
        .insertInto("api_idempotency")
        .values({
          token_id: tokenId,
          idempotency_key: key,
          request_hash: requestHash,
          response_status: null,
          response_body: null,
          created_at: now(),
        })
        .onConflict((conflict) => conflict.columns(["token_id", "idempotency_key"]).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { state: "new" };
      const row = await db
        .selectFrom("api_idempotency")
        .select(["request_hash", "response_status", "response_body"])
        .where("token_id", "=", tokenId)
        .where("idempotency_key", "=", key)
        .executeTakeFirst();
      // Dropped between our insert and this read: the caller's twin failed; this one may retry.
      if (!row) return { state: "pending" };
      if (row.request_hash !== requestHash) return { state: "mismatch" };
      if (row.response_status === null || row.response_body === null) return { state: "pending" };
      return { state: "done", status: row.response_status, body: row.response_body };
    },

    async finishIdempotencyKey(tokenId: string, key: string, status: number, body: string): Promise<void> {
      await db
        .updateTable("api_idempotency")
        .set({ response_status: status, response_body: body })
        .where("token_id", "=", tokenId)
        .where("idempotency_key", "=", key)
        .execute();
    },

    async dropIdempotencyKey(tokenId: string, key: string): Promise<void> {
      await db
        .deleteFrom("api_idempotency")
        .where("token_id", "=", tokenId)
        .where("idempotency_key", "=", key)
        .where("response_status", "is", null)
        .execute();
    },
  };
}
