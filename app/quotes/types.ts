import type { RequestPage } from "../content/offers.ts";
import type { Language } from "../i18n/languages.ts";
import type { StoredEmailKind } from "../mail/email-kinds.ts";

/** A "request a quote or a demo" sent from the page of an offer without a price. */
export interface NewQuoteRequest {
  id: string;
  /** The offer's page (it names the offer). */
  page: RequestPage;
  lang: Language;
  name: string;
  email: string;
  company: string;
  message: string;
}
export interface QuoteRequest extends NewQuoteRequest {
  createdAt: string;
  /** When the owner marked it answered (the back office); null or absent while it waits. */
  answeredAt?: string | null;
}

/** Quote and demo requests; their emails live in the outbox (mail/). */
export interface QuoteStore {
  /** Stores a quote request and enqueues its emails (one per kind), in one transaction. */
  createQuoteRequest(quote: NewQuoteRequest, emailKinds: readonly StoredEmailKind[]): Promise<QuoteRequest>;
  findQuoteRequest(id: string): Promise<QuoteRequest | undefined>;
  /** Newest first; `offset` pages through them (the back office's list). */
  listQuoteRequests(limit: number, offset?: number): Promise<QuoteRequest[]>;
  countQuoteRequests(): Promise<number>;
}
