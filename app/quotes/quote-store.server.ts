import type { Kysely, Selectable } from "kysely";
import type { Database, QuoteRequestsTable } from "../db/schema.ts";
import { WEBHOOK_EVENTS } from "../automation/events.ts";
import { recordWebhookEvent } from "../automation/webhook-store.server.ts";
import type { StoredEmailKind } from "../mail/email-kinds.ts";
import { enqueue } from "../mail/outbox-store.server.ts";
import type { NewQuoteRequest, QuoteRequest, QuoteStore } from "./types.ts";

/** A stored row as the rest of the site reads it (the privacy store adds when it was erased). */
export const toQuote = (row: Selectable<QuoteRequestsTable>): QuoteRequest => ({
  id: row.id,
  page: row.page as QuoteRequest["page"],
  lang: row.lang as QuoteRequest["lang"],
  name: row.name,
  email: row.email,
  company: row.company,
  message: row.message,
  createdAt: row.created_at,
  answeredAt: row.answered_at ?? null,
  startedBy: row.started_by === "owner" ? "owner" : "visitor",
});

const now = () => new Date().toISOString();

/** The quote_requests table over the one Kysely database. */
export function quoteStore(db: Kysely<Database>): QuoteStore {
  return {
    async createQuoteRequest(quote: NewQuoteRequest, emailKinds: readonly StoredEmailKind[]): Promise<QuoteRequest> {
      // The request and its emails in one transaction: a stored request is always answered.
      return db.transaction().execute(async (trx) => {
        const stamp = now();
        await trx
          .insertInto("quote_requests")
          .values({
            id: quote.id,
            page: quote.page,
            lang: quote.lang,
            name: quote.name,
            email: quote.email,
            company: quote.company,
            message: quote.message,
            created_at: stamp,
            started_by: quote.startedBy ?? "visitor",
          })
          .execute();
        for (const kind of emailKinds) await enqueue(trx, { quoteId: quote.id }, kind, stamp);
        // A request the owner started is not one received: its proposal's quote.proposed says it all.
        if (quote.startedBy !== "owner")
          await recordWebhookEvent(trx, { quoteId: quote.id }, WEBHOOK_EVENTS.quoteRequested(quote.id), stamp);
        return { ...quote, startedBy: quote.startedBy ?? "visitor", createdAt: stamp };
      });
    },

    async findQuoteRequest(id: string): Promise<QuoteRequest | undefined> {
      const row = await db.selectFrom("quote_requests").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toQuote(row) : undefined;
    },

    async listQuoteRequests(limit: number, offset = 0): Promise<QuoteRequest[]> {
      const rows = await db
        .selectFrom("quote_requests")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toQuote);
    },

    async countQuoteRequests(): Promise<number> {
      const { n } = await db
        .selectFrom("quote_requests")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}
