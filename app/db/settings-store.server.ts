import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** Values the instances sharing a database must agree on (generated secrets): the first one stored wins. */
export interface SettingsStore {
  getSetting(key: string): Promise<string | undefined>;
  /** Stores the value unless the key exists; returns the stored value either way. */
  initSetting(key: string, value: string): Promise<string>;
  /** Stores the value, replacing any (a mark such as the last day the owner's morning email was considered). */
  setSetting(key: string, value: string): Promise<void>;
}

export function settingsStore(db: Kysely<Database>): SettingsStore {
  async function getSetting(key: string): Promise<string | undefined> {
    return (await db.selectFrom("app_settings").select("value").where("key", "=", key).executeTakeFirst())?.value;
  }

  return {
    getSetting,

    async initSetting(key: string, value: string): Promise<string> {
      await db
        .insertInto("app_settings")
        .values({ key, value })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .execute();
      return (await getSetting(key))!;
    },

    async setSetting(key: string, value: string): Promise<void> {
      await db
        .insertInto("app_settings")
        .values({ key, value })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
        .execute();
    },
  };
}
