import { randomBytes } from "node:crypto";
import type { RequestPage } from "../content/offers.ts";
import type { Language } from "../i18n/languages.ts";
import { QUOTE_EMAIL_KINDS } from "./email-kinds.ts";
import type { OrderServices } from "./services.server.ts";
import type { QuoteRequest } from "./types.ts";

export function newQuoteId(): string {
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, "");
  return `quo_${date}_${randomBytes(6).toString("hex")}`;
}

/**
 * Stores a quote request with its two emails (the visitor's acknowledgement, the owner's copy)
 * in one transaction, then wakes the outbox worker: a stored request is never left unanswered.
 */
export async function requestQuote(
  input: { page: RequestPage; lang: Language; name: string; email: string; company: string; message: string },
  services: Pick<OrderServices, "repo" | "worker">,
): Promise<QuoteRequest> {
  const quote = await services.repo.createQuoteRequest({ id: newQuoteId(), ...input }, [QUOTE_EMAIL_KINDS.ack, QUOTE_EMAIL_KINDS.owner]);
  services.worker.kick();
  return quote;
}
