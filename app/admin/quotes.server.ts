import { dateTimeFormatter } from "../i18n/format.ts";
import { languageName, type Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import { getOrderServices } from "../orders/services.server.ts";
import type { OutboxRow, QuoteRequest } from "../orders/types.ts";
import { PAGE_SIZE } from "./orders.server.ts";

/** The back office's questions on quote requests (read-only: the owner answers by email). */

/**
 * An email's state at a glance: sent, failed (given up), retrying (tried and refused, another
 * try is due) or waiting (never tried yet).
 */
export type QuoteEmailState = "sent" | "failed" | "retrying" | "waiting";

function emailState(email: OutboxRow): QuoteEmailState {
  if (email.status === "pending") return email.attempts > 0 ? "retrying" : "waiting";
  return email.status;
}

/** A quote request's emails summed up by their worst state (one failure is what the owner must see); null without any. */
function worstState(emails: OutboxRow[]): QuoteEmailState | null {
  if (!emails.length) return null;
  const states = emails.map(emailState);
  return (["failed", "retrying", "waiting"] as const).find((state) => states.includes(state)) ?? "sent";
}

const offerName = (quote: QuoteRequest, lang: Language) => translator(lang, "quote")(`offers.${quote.page}`);

export async function quotesPage(page: number, lang: Language) {
  const { repo } = await getOrderServices();
  const [quotes, total] = await Promise.all([repo.listQuoteRequests(PAGE_SIZE, (page - 1) * PAGE_SIZE), repo.countQuoteRequests()]);
  const rows = await Promise.all(
    quotes.map(async (quote) => ({
      id: quote.id,
      createdAt: quote.createdAt,
      name: quote.name,
      email: quote.email,
      offer: offerName(quote, lang),
      language: languageName(quote.lang),
      emails: worstState(await repo.listQuoteEmails(quote.id)),
    })),
  );
  return { quotes: rows, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** Everything the visitor sent, labelled in the back office's language, and the emails about it. */
export async function quoteDetail(id: string, lang: Language) {
  const { repo } = await getOrderServices();
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
    fields: [
      [admin("fields.quote"), quote.id],
      [admin("fields.received"), dateTimeFormatter(lang, "medium")(quote.createdAt)],
      [t("email.name"), quote.name],
      [t("email.email"), quote.email],
      [t("email.company"), quote.company || "—"],
      [admin("fields.offer"), offerName(quote, lang)],
      [admin("fields.language"), languageName(quote.lang)],
      [t("email.message"), quote.message],
    ] as Array<[string, string]>,
    emails: emails.map((email) => ({ id: email.id, kind: email.kind, state: emailState(email), attempts: email.attempts, lastError: email.lastError, sentAt: email.sentAt })),
  };
}
