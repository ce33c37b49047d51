import type { Currency, RequestPage } from "../content/offers.ts";
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
  /**
   * Who started it: a visitor's request form, or the owner answering someone from the back office
   * with a proposal (no request before it: no acknowledgement, no message). Unset: a visitor.
   */
  startedBy?: QuoteStarter;
}
export const QUOTE_STARTERS = ["visitor", "owner"] as const;
export type QuoteStarter = (typeof QUOTE_STARTERS)[number];
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

/** How a proposal is priced: once, every month, or a set-up fee then every month. */
export const PRICE_KINDS = ["one-off", "monthly", "setup-monthly"] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

/**
 * Where a proposal stands. Stored: sent, viewed, accepted, declined, withdrawn, replaced (by a new
 * version); read: expired (past its valid-until time while sent or viewed) and paid (its order is).
 */
export const PROPOSAL_STATES = [
  "sent",
  "viewed",
  "accepted",
  "paid",
  "declined",
  "expired",
  "withdrawn",
  "replaced",
] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

/** A priced proposal answering a quote request, as the owner wrote it. */
export interface NewProposal {
  id: string;
  quoteId: string;
  /** The offer: the request's page. */
  page: RequestPage;
  lang: Language;
  title: string;
  /** What is included, in the owner's words and the customer's language. */
  included: string;
  priceKind: PriceKind;
  currency: Currency;
  /** Minor units: the whole price (one-off), the set-up fee (set-up + monthly), 0 (monthly). */
  oneTime: number;
  /** Minor units a month; 0 for a one-off price. */
  monthly: number;
  deliveryDays: number;
  revisionRounds: number;
  /** ISO time after which it can no longer be accepted. */
  validUntil: string;
  /** The terms version in force when it was sent (app/content/terms.ts). */
  termsVersion: string;
}

export interface Proposal extends NewProposal {
  state: ProposalState;
  replacedBy: string | null;
  orderId: string | null;
  declineReason: string | null;
  createdAt: string;
  viewedAt: string | null;
  acceptedAt: string | null;
  declinedAt: string | null;
  withdrawnAt: string | null;
}

/** The proposals and the questions asked about them; their emails and webhooks go with each write. */
export interface ProposalStore {
  /** Stores a proposal, retires the one it replaces (if still open), queues its email and `quote.proposed`, in one transaction. */
  createProposal(proposal: NewProposal, replaces: string | null): Promise<Proposal>;
  findProposal(id: string): Promise<Proposal | undefined>;
  /** A request's proposals, newest first. */
  listProposals(quoteId: string): Promise<Proposal[]>;
  /** sent → viewed, once; the owner's notice with it. True for the call that changed it. */
  markProposalViewed(id: string): Promise<boolean>;
  /**
   * sent|viewed and still valid → accepted, by one conditional write (two accepts at once, on any
   * instances: one wins); the owner's notice and `quote.accepted` with it. True for the winner.
   */
  acceptProposal(id: string, now: Date): Promise<boolean>;
  /** The order that pays an accepted proposal: its first, or a new attempt's in place of an expired one. */
  linkProposalOrder(id: string, orderId: string): Promise<void>;
  /** sent|viewed → declined with the customer's optional reason; the owner's notice and `quote.declined`. */
  declineProposal(id: string, reason: string, now: Date): Promise<boolean>;
  /** sent|viewed → withdrawn (the owner's back office). */
  withdrawProposal(id: string): Promise<boolean>;
  /** Stores a customer's question and queues it to the owner; returns the question's id. */
  askProposalQuestion(id: string, message: string): Promise<string>;
  findProposalQuestion(id: string): Promise<{ id: string; proposalId: string; message: string } | undefined>;
}
