import type { Kysely } from "kysely";
import { ERASED } from "../db/erased.ts";
import type { Database } from "../db/schema.ts";
import { toQuote } from "./quote-store.server.ts";
import type { QuoteRequest } from "./types.ts";

/** A person's data in the quote_requests table: found by email, erased by id (ADR 016). */
export interface QuotePrivacyStore {
  /** Every quote request sent with this email address (trimmed, case-insensitive), oldest first. */
  findQuotesOfPerson(email: string): Promise<Array<QuoteRequest & { erasedAt: string | null }>>;
  /**
   * Replaces name, email, company and message by ERASED, once, and the person's words about its
   * proposals (a decline's reason, the questions asked); returns how many requests this call erased.
   */
  eraseQuotes(quoteIds: readonly string[]): Promise<number>;
  /** Requests received before `before` and not erased yet. */
  quotesDueForErasure(before: string, limit: number): Promise<string[]>;
}

export function quotePrivacyStore(db: Kysely<Database>): QuotePrivacyStore {
  return {
    async findQuotesOfPerson(email: string) {
      const rows = await db
        .selectFrom("quote_requests")
        .selectAll()
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({ ...toQuote(row), erasedAt: row.erased_at ?? null }));
    },

    async eraseQuotes(quoteIds: readonly string[]): Promise<number> {
      if (!quoteIds.length) return 0;
      // The proposals keep their prices and dates (the orders they became are accounted for).
      const proposals = db.selectFrom("proposals").select("id").where("quote_id", "in", quoteIds);
      await db
        .updateTable("proposal_questions")
        .set({ message: ERASED })
        .where("proposal_id", "in", proposals)
        .execute();
      await db
        .updateTable("proposals")
        .set({ decline_reason: ERASED })
        .where("quote_id", "in", quoteIds)
        .where("decline_reason", "is not", null)
        .execute();
      const result = await db
        .updateTable("quote_requests")
        .set({ name: ERASED, email: ERASED, company: ERASED, message: ERASED, erased_at: new Date().toISOString() })
        .where("id", "in", quoteIds)
        .where("erased_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async quotesDueForErasure(before: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("quote_requests")
        .select("id")
        .where("erased_at", "is", null)
        .where("created_at", "<", before)
        .orderBy("created_at")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
