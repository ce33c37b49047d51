import { dateTimeFormatter } from "../i18n/format.ts";
import { languageName, type Language } from "../i18n/languages.ts";
import { offerNameIn, translator } from "../i18n/translator.server.ts";
import type { StoresOf } from "../services.server.ts";
import type { QuoteRequest } from "../quotes/types.ts";
import { emailRow, worstEmailState } from "./email-state.ts";
import { PAGE_SIZE } from "./orders.server.ts";

/** The back office's questions on quote requests (the owner answers by email, then marks them answered). */

const offerName = (quote: QuoteRequest, lang: Language) => offerNameIn(lang, quote.page);

export async function quotesPage(page: number, lang: Language, { repo }: { repo: StoresOf<"outbox" | "quotes"> }) {
  const [quotes, total] = await Promise.all([
    repo.listQuoteRequests(PAGE_SIZE, (page - 1) * PAGE_SIZE),
    repo.countQuoteRequests(),
  ]);
  const rows = await Promise.all(
    quotes.map(async (quote) => ({
      id: quote.id,
      createdAt: quote.createdAt,
      name: quote.name,
      email: quote.email,
      offer: offerName(quote, lang),
      language: languageName(quote.lang),
      emails: worstEmailState(await repo.listQuoteEmails(quote.id)),
    })),
  );
  return { quotes: rows, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** Everything the visitor sent, labelled in the back office's language, and the emails about it. */
export async function quoteDetail(id: string, lang: Language, { repo }: { repo: StoresOf<"outbox" | "quotes"> }) {
  const quote = await repo.findQuoteRequest(id);
  if (!quote) return null;
  const t = translator(lang, "quote");
  const admin = translator(lang, "admin");
  const emails = await repo.listQuoteEmails(quote.id);
  return {
    id: quote.id,
    name: quote.name,
    email: quote.email,
    offer: offerName(quote, lang),
    createdAt: quote.createdAt,
    answeredAt: quote.answeredAt ?? null,
    startedBy: quote.startedBy ?? "visitor",
    fields: [
      [admin("fields.quote"), quote.id],
      [admin("fields.received"), dateTimeFormatter(lang, "medium")(quote.createdAt)],
      [t("email.name"), quote.name],
      [t("email.email"), quote.email],
      [t("email.company"), quote.company || "—"],
      [admin("fields.offer"), offerName(quote, lang)],
      [admin("fields.language"), languageName(quote.lang)],
      // A proposal the owner started has no visitor's message.
      ...(quote.startedBy === "owner" ? [] : [[t("email.message"), quote.message]]),
    ] as Array<[string, string]>,
    emails: emails.map(emailRow),
  };
}

/** The owner answered by email: the request stops waiting (the front page counts those that wait). */
export async function markQuoteAnswered(id: string, { repo }: { repo: StoresOf<"backOffice"> }): Promise<boolean> {
  return repo.markQuoteAnswered(id);
}
