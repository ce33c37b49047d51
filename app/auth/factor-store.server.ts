import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { ChallengePurpose, FactorStore, PasskeyRecord } from "./types.ts";

const now = () => new Date().toISOString();

/** Recovery codes, passkeys and passkey challenges, over the one Kysely database (both dialects). */
export function factorStore(db: Kysely<Database>): FactorStore {
  return {
    async replaceRecoveryCodes(codeHashes: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("owner_recovery_codes").execute();
        const at = now();
        if (codeHashes.length)
          await trx
            .insertInto("owner_recovery_codes")
            .values(codeHashes.map((code_hash) => ({ code_hash, used_at: null, created_at: at })))
            .execute();
      });
    },

    async useRecoveryCode(codeHash: string): Promise<boolean> {
      // One conditional update: of two concurrent uses of one code, exactly one changes the row.
      const result = await db
        .updateTable("owner_recovery_codes")
        .set({ used_at: now() })
        .where("code_hash", "=", codeHash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async countRecoveryCodes(): Promise<number> {
      const row = await db
        .selectFrom("owner_recovery_codes")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("used_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async addPasskey(passkey: Omit<PasskeyRecord, "createdAt" | "lastUsedAt">): Promise<void> {
      await db
        .insertInto("owner_passkeys")
        .values({
          id: passkey.id,
          public_key: passkey.publicKey,
          counter: passkey.counter,
          transports: JSON.stringify(passkey.transports),
          device_type: passkey.deviceType,
          backed_up: passkey.backedUp ? 1 : 0,
          created_at: now(),
          last_used_at: null,
        })
        .execute();
    },

    async listPasskeys(): Promise<PasskeyRecord[]> {
      const rows = await db.selectFrom("owner_passkeys").selectAll().orderBy("created_at").execute();
      return rows.map(toPasskey);
    },

    async findPasskey(id: string): Promise<PasskeyRecord | undefined> {
      const row = await db.selectFrom("owner_passkeys").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toPasskey(row) : undefined;
    },

    async passkeyUsed(id: string, counter: number): Promise<void> {
      await db.updateTable("owner_passkeys").set({ counter, last_used_at: now() }).where("id", "=", id).execute();
    },

    async removePasskey(id: string): Promise<boolean> {
      const result = await db.deleteFrom("owner_passkeys").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async saveChallenge(key: string, purpose: ChallengePurpose, challenge: string, expiresAt: number): Promise<void> {
      await db.deleteFrom("webauthn_challenges").where("expires_at", "<=", Date.now()).execute();
      await db
        .insertInto("webauthn_challenges")
        .values({ id: key, purpose, challenge, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column("id").doUpdateSet({ purpose, challenge, expires_at: expiresAt }))
        .execute();
    },

    async takeChallenge(key: string, purpose: ChallengePurpose, at: number): Promise<string | undefined> {
      // DELETE … RETURNING: of two concurrent answers to one challenge, one gets it.
      const row = await db
        .deleteFrom("webauthn_challenges")
        .where("id", "=", key)
        .returning(["purpose", "challenge", "expires_at"])
        .executeTakeFirst();
      if (!row || row.purpose !== purpose || Number(row.expires_at) <= at) return undefined;
      return row.challenge;
    },
  };
}

function toPasskey(row: {
  id: string;
  public_key: string;
  counter: number;
  transports: string;
  device_type: string;
  backed_up: number;
  created_at: string;
  last_used_at: string | null;
}): PasskeyRecord {
  return {
    id: row.id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: JSON.parse(row.transports) as string[],
    deviceType: row.device_type,
    backedUp: Number(row.backed_up) === 1,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}
