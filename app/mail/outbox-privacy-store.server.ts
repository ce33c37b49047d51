import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { ERASED } from "../db/erased.ts";
import type { Database } from "../db/schema.ts";

/**
 * A person's emails in the outbox (ADR 016). A row holds no body or recipient (an email is rendered
 * from its order or quote request when it leaves), but an error text may quote the address, and a
 * message still waiting would now go to ERASED: it is given up instead.
 */
export interface OutboxPrivacyStore {
  /** Erases the error texts of the emails about these orders and quote requests and gives up those still waiting; returns how many emails they are. */
  eraseEmailsAbout(about: { orderIds: readonly string[]; quoteIds: readonly string[] }): Promise<number>;
}

export function outboxPrivacyStore(db: Kysely<Database>): OutboxPrivacyStore {
  return {
    async eraseEmailsAbout({
      orderIds,
      quoteIds,
    }: {
      orderIds: readonly string[];
      quoteIds: readonly string[];
    }): Promise<number> {
      if (!orderIds.length && !quoteIds.length) return 0;
      return db.transaction().execute(async (trx) => {
        const about = trx
          .selectFrom("outbox")
          .select("id")
          .where((eb) =>
            eb.or([
              ...(orderIds.length ? [eb("order_id", "in", orderIds)] : []),
              ...(quoteIds.length ? [eb("quote_id", "in", quoteIds)] : []),
            ]),
          );
        const ids = (await about.execute()).map((row) => row.id);
        if (!ids.length) return 0;
        await trx
          .updateTable("outbox")
          .set({ status: "failed", last_error: ERASED })
          .where("id", "in", ids)
          .where("status", "=", "pending")
          .execute();
        await trx
          .updateTable("outbox")
          .set({ last_error: ERASED })
          .where("id", "in", ids)
          .where("last_error", "is not", null)
          .execute();
        return ids.length;
      });
    },
  };
}

/**
 * Without SMTP every email is kept as `DATA_DIR/outbox/{order or quote id}-{kind}.eml`
 * (mailer.server.ts): the copies about these ids, customer's and owner's alike, are deleted.
 */
export function deleteEmailFiles(dataDir: string, subjectIds: readonly string[]): number {
  const dir = path.join(dataDir, "outbox");
  if (!subjectIds.length || !fs.existsSync(dir)) return 0;
  const prefixes = subjectIds.map((id) => `${id}-`);
  let deleted = 0;
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith(".eml") || !prefixes.some((prefix) => name.startsWith(prefix))) continue;
    fs.rmSync(path.join(dir, name), { force: true });
    deleted++;
  }
  return deleted;
}
