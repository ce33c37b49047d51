import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { isLanguage, type Language } from "../i18n/languages.ts";
import type { OwnerLinkPurpose, OwnerRecord, OwnerStore } from "./types.ts";

const now = () => new Date().toISOString();

/** The owner row, admin sessions and used TOTP steps, over the one Kysely database. */
export function ownerStore(db: Kysely<Database>): OwnerStore {
  return {
    async getOwner(): Promise<OwnerRecord | undefined> {
      const row = await db.selectFrom("owner").selectAll().where("id", "=", 1).executeTakeFirst();
      if (!row) return undefined;
      return {
        passwordHash: row.password_hash,
        totpSecret: row.totp_secret,
        totpEnabled: Number(row.totp_enabled) === 1,
        sessionVersion: Number(row.session_version),
        setupTokenHash: row.setup_token_hash,
        lang: isLanguage(row.lang) ? row.lang : null,
      };
    },

    async resetOwner(setupTokenHash: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("owner")
          .values({ id: 1, setup_token_hash: setupTokenHash, updated_at: now() })
          .onConflict((conflict) =>
            conflict.column("id").doUpdateSet({
              password_hash: null,
              totp_secret: null,
              totp_enabled: 0,
              session_version: sql<number>`owner.session_version + 1`,
              setup_token_hash: (eb) => eb.ref("excluded.setup_token_hash"),
              updated_at: (eb) => eb.ref("excluded.updated_at"),
            }),
          )
          .execute();
        await trx.deleteFrom("admin_sessions").execute();
        // Used steps belong to the old secret: the next one starts with a clean slate.
        await trx.deleteFrom("totp_used_steps").execute();
        // The last resort forgets every second factor: a lost phone's passkey and old recovery codes open nothing.
        await trx.deleteFrom("owner_recovery_codes").execute();
        await trx.deleteFrom("owner_passkeys").execute();
        await trx.deleteFrom("webauthn_challenges").execute();
      });
    },

    async createOwnerSetup(setupTokenHash: string): Promise<boolean> {
      // One statement: of instances starting together on a fresh database, exactly one inserts.
      const result = await db
        .insertInto("owner")
        .values({ id: 1, setup_token_hash: setupTokenHash, updated_at: now() })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async claimOwnerSetup(setupTokenHash: string, passwordHash: string, totpSecret: string): Promise<boolean> {
      const result = await db
        .updateTable("owner")
        .set({
          password_hash: passwordHash,
          totp_secret: totpSecret,
          totp_enabled: 0,
          setup_token_hash: null,
          updated_at: now(),
        })
        .where("id", "=", 1)
        .where("password_hash", "is", null)
        .where("setup_token_hash", "=", setupTokenHash)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async enableOwnerTotp(): Promise<void> {
      await db
        .updateTable("owner")
        .set({ totp_enabled: 1, updated_at: now() })
        .where("id", "=", 1)
        .where("totp_secret", "is not", null)
        .execute();
    },

    async useTotpStep(step: number): Promise<boolean> {
      // Steps older than a few minutes can never verify again: forget them.
      await db
        .deleteFrom("totp_used_steps")
        .where("step", "<", step - 20)
        .execute();
      const result = await db
        .insertInto("totp_used_steps")
        .values({ step, used_at: now() })
        .onConflict((conflict) => conflict.column("step").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async createAdminSession(id: string, data: string, expiresAt: number): Promise<void> {
      await db.deleteFrom("admin_sessions").where("expires_at", "<=", Date.now()).execute();
      await db.insertInto("admin_sessions").values({ id, data_json: data, expires_at: expiresAt }).execute();
    },

    async readAdminSession(id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("admin_sessions")
        .select("data_json")
        .where("id", "=", id)
        .where("expires_at", ">", Date.now())
        .executeTakeFirst();
      return row?.data_json;
    },

    async updateAdminSession(id: string, data: string, expiresAt: number): Promise<void> {
      // Only an existing session is refreshed: one deleted by a reset or a sign-out stays gone.
      await db
        .updateTable("admin_sessions")
        .set({ data_json: data, expires_at: expiresAt })
        .where("id", "=", id)
        .execute();
    },

    async deleteAdminSession(id: string): Promise<void> {
      await db.deleteFrom("admin_sessions").where("id", "=", id).execute();
    },

    async createUnlock(id: string, expiresAt: number, purpose: OwnerLinkPurpose = "unlock"): Promise<void> {
      await db
        .insertInto("owner_unlocks")
        .values({ id, expires_at: expiresAt, used_at: null, created_at: now(), purpose })
        .execute();
    },

    async useUnlock(id: string, at: number, purpose: OwnerLinkPurpose = "unlock"): Promise<boolean> {
      const result = await db
        .updateTable("owner_unlocks")
        .set({ used_at: now() })
        .where("id", "=", id)
        .where("purpose", "=", purpose)
        .where("used_at", "is", null)
        .where("expires_at", ">", at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async unlockUsable(id: string, at: number, purpose: OwnerLinkPurpose): Promise<boolean> {
      const row = await db
        .selectFrom("owner_unlocks")
        .select("id")
        .where("id", "=", id)
        .where("purpose", "=", purpose)
        .where("used_at", "is", null)
        .where("expires_at", ">", at)
        .executeTakeFirst();
      return Boolean(row);
    },

    async setOwnerPassword(passwordHash: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("owner")
          .set({ password_hash: passwordHash, session_version: sql<number>`session_version + 1`, updated_at: now() })
          .where("id", "=", 1)
          .where("password_hash", "is not", null)
          .execute();
        // Every session of the old password ends, on every instance.
        await trx.deleteFrom("admin_sessions").execute();
        // And every other "forgot password" link still in a mailbox: one left open for its 30 minutes
        // would let whoever reads that mailbox later set a password of their own.
        await trx
          .updateTable("owner_unlocks")
          .set({ used_at: now() })
          .where("purpose", "=", "reset")
          .where("used_at", "is", null)
          .execute();
      });
    },

    async setOwnerLang(lang: Language | null): Promise<void> {
      await db.updateTable("owner").set({ lang, updated_at: now() }).where("id", "=", 1).execute();
    },
  };
}
