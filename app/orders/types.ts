import type { Currency, OfferId, QuotePage } from "../content/offers.ts";
import type { Language } from "../i18n/languages.ts";
import type { OrderForm } from "./order-schema.ts";

export const ORDER_STATES = ["pending", "checkout_created", "paid", "expired", "failed"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export type ProviderName = "stripe" | "sandbox";

export interface Order {
  id: string;
  /** Hidden token of the form that created it: a second post of the same form finds this order. */
  submissionToken: string;
  state: OrderState;
  lang: Language;
  offer: OfferId;
  currency: Currency;
  /** Charged at checkout, minor units. */
  amountDueNow: number;
  /** Monthly amount after checkout, minor units (0 for one-time offers). */
  monthly: number;
  customer: OrderForm;
  provider: ProviderName;
  sessionId: string | null;
  checkoutUrl: string | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
}

export interface NewOrder {
  id: string;
  submissionToken: string;
  lang: Language;
  offer: OfferId;
  currency: Currency;
  amountDueNow: number;
  monthly: number;
  customer: OrderForm;
  provider: ProviderName;
}

export interface OutboxMessage {
  id: number;
  /** The order the email is about, or null when it is about a quote request. */
  orderId: string | null;
  quoteId: string | null;
  kind: string;
  attempts: number;
}

/** A "request a quote or a demo" sent from the page of an offer without a price. */
export interface NewQuoteRequest {
  id: string;
  /** The offer's page (it names the offer). */
  page: QuotePage;
  lang: Language;
  name: string;
  email: string;
  company: string;
  message: string;
}
export interface QuoteRequest extends NewQuoteRequest {
  createdAt: string;
}

export interface OutboxRow extends OutboxMessage {
  status: "pending" | "sent";
  lastError: string | null;
  sentAt: string | null;
}

export type SandboxSessionStatus = "open" | "paid" | "expired";
export interface SandboxSession {
  id: string;
  orderId: string;
  status: SandboxSessionStatus;
}

/**
 * Everything the app stores, behind one interface: SQLite today (sqlite-repository.server.ts), a
 * PostgreSQL adapter can implement the same methods. No other module writes SQL.
 */
export interface OrderRepository {
  /** Inserts the order; when the submission token exists already, returns that order instead. */
  createOrder(order: NewOrder): { order: Order; created: boolean };
  findById(id: string): Order | undefined;
  findBySessionId(sessionId: string): Order | undefined;
  /** pending|failed → checkout_created with the provider's session. */
  setCheckout(orderId: string, sessionId: string, url: string): void;
  /** Any state but paid → failed. */
  markFailed(orderId: string, reason: string): void;
  /** Any state but paid → expired. */
  markExpired(orderId: string): void;
  /**
   * Marks the order paid (once) and enqueues its confirmation email (once), in one transaction.
   * Returns true when this call made the change.
   */
  markPaid(orderId: string, emailKind: string): boolean;
  /** Enqueues an email unless one of this kind exists for the order. Returns true when added. */
  enqueueEmail(orderId: string, kind: string): boolean;
  countEmails(orderId: string): number;
  /** Leases due messages (so a crashed worker's messages come back later) and returns them. */
  claimDueEmails(limit: number, leaseMs: number): OutboxMessage[];
  /** At start-up of the only instance: makes every pending message due now (leases of a killed process). */
  releaseEmailLeases(): number;
  markEmailSent(id: number, messageId: string): void;
  markEmailRetry(id: number, delayMs: number, error: string): void;
  listEmails(orderId: string): OutboxRow[];
  listOrders(limit: number): Order[];
  /** Stores a quote request and enqueues its emails (one per kind), in one transaction. */
  createQuoteRequest(quote: NewQuoteRequest, emailKinds: readonly string[]): QuoteRequest;
  findQuoteRequest(id: string): QuoteRequest | undefined;
  listQuoteRequests(limit: number): QuoteRequest[];
  listQuoteEmails(quoteId: string): OutboxRow[];
  createSandboxSession(session: SandboxSession): void;
  findSandboxSession(id: string): SandboxSession | undefined;
  setSandboxSessionStatus(id: string, status: SandboxSessionStatus): void;
  close(): void;
}
