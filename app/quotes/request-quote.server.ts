import { randomBytes } from "node:crypto";
import type { RequestPage } from "../content/offers.ts";
import type { Language } from "../i18n/languages.ts";
import { QUOTE_EMAIL_KINDS } from "../mail/email-kinds.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";
import { readScratchQuote, type ScratchField } from "./quote-schema.ts";
import type { QuoteRequest } from "./types.ts";

export function newQuoteId(): string {
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, "");
  return `quo_${date}_${randomBytes(6).toString("hex")}`;
}

/**
 * Stores a quote request with its emails (the owner's copy, and the visitor's acknowledgement) in
 * one transaction, then wakes the outbox worker: a stored request is never left unanswered.
 *
 * The address was typed by whoever posted the form and has proved nothing, so the form must not
 * be a way to mail strangers: the acknowledgement repeats none of the visitor's words
 * (quote-email.server.ts), and one address gets at most QUOTE_ACK_DAILY_LIMIT of them a day
 * (counted per address, whichever connection posts). Beyond that the request is still stored and
 * the owner still gets it, with everything.
 */
export async function requestQuote(
  input: { page: RequestPage; lang: Language; name: string; email: string; company: string; message: string },
  services: Pick<OrderServices, "worker" | "limits"> &
    Partial<Pick<OrderServices, "webhooksOut">> & { repo: StoresOf<"quotes"> },
): Promise<QuoteRequest> {
  const acknowledge = (await services.limits.take(["quoteAck", `email:${input.email.trim().toLowerCase()}`])).ok;
  const kinds = acknowledge ? [QUOTE_EMAIL_KINDS.ack, QUOTE_EMAIL_KINDS.owner] : [QUOTE_EMAIL_KINDS.owner];
  const quote = await services.repo.createQuoteRequest({ id: newQuoteId(), ...input }, kinds);
  services.worker.kick();
  services.webhooksOut?.kick();
  return quote;
}

/**
 * The owner starts a proposal for an email address with no request before it (the back office's
 * "New proposal"): the quote record a proposal answers, marked as started by the owner, stored
 * without any email (the proposal's own email is the first the customer gets) and without
 * `quote.requested`. The proposal is then sent from its page, through `proposeForQuote` like any
 * other. Checked by the same rules as the request form (`readScratchQuote`).
 */
export async function startQuote(
  values: Partial<Record<ScratchField, string>>,
  services: { repo: StoresOf<"quotes"> },
): Promise<{ ok: true; quote: QuoteRequest } | { ok: false; errors: Partial<Record<ScratchField, string>> }> {
  const checked = readScratchQuote(values);
  if (!checked.ok) return checked;
  const { offer, ...who } = checked.value;
  const quote = await services.repo.createQuoteRequest(
    { id: newQuoteId(), page: offer, ...who, message: "", startedBy: "owner" },
    [],
  );
  return { ok: true, quote };
}
