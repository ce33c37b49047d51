import type { Currency, OfferId, RequestPage } from "../content/offers.ts";
import type { Language } from "../i18n/languages.ts";
import type { OrderForm } from "./order-schema.ts";

export const ORDER_STATES = ["pending", "checkout_created", "paid", "expired", "failed"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export type ProviderName = "stripe" | "sandbox";

/** After the first payment: the subscription's life (or a one-time payment's refund/dispute). */
export const BILLING_STATES = ["active", "past_due", "cancelling", "cancelled", "refunded", "disputed"] as const;
export type BillingState = (typeof BILLING_STATES)[number];

/** What placing an order stores; the rest of an Order is written as it goes on. */
export interface NewOrder {
  id: string;
  /** Hidden token of the form that created it: a second post of the same form finds this order. */
  submissionToken: string;
  lang: Language;
  offer: OfferId;
  currency: Currency;
  /** Charged at checkout, minor units. */
  amountDueNow: number;
  /** Monthly amount after checkout, minor units (0 for one-time offers). */
  monthly: number;
  customer: OrderForm;
  provider: ProviderName;
}

export interface Order extends NewOrder {
  state: OrderState;
  sessionId: string | null;
  checkoutUrl: string | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  /** The provider's customer and subscription (set when the checkout is paid). */
  customerRef: string | null;
  subscriptionRef: string | null;
  /** null until paid (and for one-time payments that were never refunded or disputed). */
  billingState: BillingState | null;
  /** End of the current subscription period: the next renewal, or when a cancelled one stops. */
  periodEnd: string | null;
}

/** One provider event, stored by its id so a replay is recognised and ignored. */
export interface PaymentEventRow {
  id: string;
  type: string;
  orderId: string | null;
  receivedAt: string;
}

/** What handling one event changes, applied with the event's record in one transaction. */
export interface PaymentEventChange {
  orderId: string;
  billing?: { state: BillingState; periodEnd: string | null };
  /** Outbox kinds to enqueue (unique per order, so a second enqueue of a kind is a no-op). */
  emails: string[];
}

export interface BillingRefs {
  customerRef: string | null;
  subscriptionRef: string | null;
  state: BillingState | null;
  periodEnd: string | null;
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
  page: RequestPage;
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
  /** failed: given up (a permanent refusal, or too many attempts); shown by `npm run orders`. */
  status: "pending" | "sent" | "failed";
  lastError: string | null;
  sentAt: string | null;
}

/**
 * Everything the orders module stores, behind one asynchronous interface: one implementation
 * (repository.server.ts, Kysely) over the embedded SQLite file or PostgreSQL (DATABASE_URL).
 * Add a method here and write it once in repository.server.ts; no other module writes SQL.
 */
export interface OrderRepository extends BackOfficeStore {
  /** Inserts the order; when the submission token exists already, returns that order instead. */
  createOrder(order: NewOrder): Promise<{ order: Order; created: boolean }>;
  findById(id: string): Promise<Order | undefined>;
  findBySessionId(sessionId: string): Promise<Order | undefined>;
  /** pending|failed → checkout_created with the provider's session. */
  setCheckout(orderId: string, sessionId: string, url: string): Promise<void>;
  /** Any state but paid → failed. */
  markFailed(orderId: string, reason: string): Promise<void>;
  /** Any state but paid → expired. */
  markExpired(orderId: string): Promise<void>;
  /**
   * Marks the order paid (once) and enqueues its confirmation email (once), in one transaction.
   * Returns true when this call made the change.
   */
  markPaid(orderId: string, emailKind: string): Promise<boolean>;
  /** Enqueues an email unless one of this kind exists for the order. Returns true when added. */
  enqueueEmail(orderId: string, kind: string): Promise<boolean>;
  countEmails(orderId: string): Promise<number>;
  /** Leases due messages (so a crashed worker's messages come back later) and returns them. */
  claimDueEmails(limit: number, leaseMs: number): Promise<OutboxMessage[]>;
  /** Hands claimed messages back (due now, the claim not counted as an attempt) while the lease still holds. */
  releaseEmails(ids: number[]): Promise<void>;
  markEmailSent(id: number, messageId: string): Promise<void>;
  markEmailRetry(id: number, delayMs: number, error: string): Promise<void>;
  /** pending → failed: no more attempts. */
  markEmailFailed(id: number, error: string): Promise<void>;
  listEmails(orderId: string): Promise<OutboxRow[]>;
  listOrders(limit: number): Promise<Order[]>;
  /** Stores a quote request and enqueues its emails (one per kind), in one transaction. */
  createQuoteRequest(quote: NewQuoteRequest, emailKinds: readonly string[]): Promise<QuoteRequest>;
  findQuoteRequest(id: string): Promise<QuoteRequest | undefined>;
  /** Newest first; `offset` pages through them (the back office's list). */
  listQuoteRequests(limit: number, offset?: number): Promise<QuoteRequest[]>;
  countQuoteRequests(): Promise<number>;
  listQuoteEmails(quoteId: string): Promise<OutboxRow[]>;
  /** Enqueues an email unless one of this kind exists for the quote request. Returns true when added. */
  enqueueQuoteEmail(quoteId: string, kind: string): Promise<boolean>;
  /** Orders still `pending` without a checkout, last changed before `updatedBefore` (ISO time): the reconciler's work. */
  listStalePending(updatedBefore: string, limit: number): Promise<Order[]>;
  /** A cheap query; throws when the database cannot answer (health check). */
  ping(): Promise<void>;
  /** Links the paid order to the provider's customer/subscription; sets the first billing state once. */
  setBillingRefs(orderId: string, refs: BillingRefs): Promise<void>;
  /** The order of a subscription, else the latest paid order of a customer. */
  findByBillingRef(ref: { subscriptionRef?: string | null; customerRef?: string | null }): Promise<Order | undefined>;
  /** Paid subscription orders of an email address (case-insensitive), newest first. */
  findSubscriptionsByEmail(email: string): Promise<Order[]>;
  hasPaymentEvent(id: string): Promise<boolean>;
  /**
   * Records a provider event once (by id) and, only when this call recorded it, applies its change
   * (billing state, emails) in the same transaction. Returns true when recorded now.
   */
  recordPaymentEvent(event: { id: string; type: string; orderId: string | null }, change?: PaymentEventChange): Promise<boolean>;
  listPaymentEvents(orderId: string): Promise<PaymentEventRow[]>;
  close(): Promise<void>;
}

// ---- Back office (issue 14): kept apart so another adapter can port them as one block ----

/** One line of an order's timeline (besides created/paid, which are the order's own columns). */
export interface OrderEvent {
  id: number;
  orderId: string;
  kind: "checkout_created" | "email_sent" | "email_failed" | "email_gave_up" | "resend_requested" | "delivered";
  detail: string | null;
  createdAt: string;
}

export interface OrderQuery {
  state?: OrderState;
  /** Matches the reference, the email or the customer's name (case-insensitive, substring). */
  search?: string;
  limit: number;
  offset: number;
}

export interface OwnerRecord {
  passwordHash: string | null;
  totpSecret: string | null;
  totpEnabled: boolean;
  /** Bumped by `npm run owner -- reset`: sessions carrying an older version are refused. */
  sessionVersion: number;
  setupTokenHash: string | null;
}

export interface BackOfficeHealth {
  emailsPending: number;
  emailsFailed: number;
  /** Orders still pending or at checkout, created before the given time. */
  ordersStuck: number;
  ordersPaid: number;
}

/** The back office's storage. Every method is asynchronous so any adapter can implement it. */
export interface BackOfficeStore {
  searchOrders(query: OrderQuery): Promise<{ orders: Order[]; total: number }>;
  addOrderEvent(orderId: string, kind: OrderEvent["kind"], detail?: string | null): Promise<void>;
  listOrderEvents(orderId: string): Promise<OrderEvent[]>;
  health(stuckBefore: string): Promise<BackOfficeHealth>;

  getOwner(): Promise<OwnerRecord | undefined>;
  /**
   * Starts over (first start, or `npm run owner -- reset`): forgets the password and TOTP secret,
   * stores the hash of a new one-time set-up token, bumps the session version, deletes every admin
   * session and the used TOTP steps (of the old secret), in one transaction.
   */
  resetOwner(setupTokenHash: string): Promise<void>;
  /** Stores the hash of a fresh set-up token while no owner has set a password (a restart). */
  renewSetupToken(setupTokenHash: string): Promise<boolean>;
  /** Consumes the set-up token (once) and stores the password hash and the TOTP secret to enrol. */
  claimOwnerSetup(setupTokenHash: string, passwordHash: string, totpSecret: string): Promise<boolean>;
  enableOwnerTotp(): Promise<void>;
  /** Records a TOTP time step as used; false when it was used already (a replayed code). */
  useTotpStep(step: number): Promise<boolean>;

  createAdminSession(id: string, data: string, expiresAt: number): Promise<void>;
  /** The session's data, unless it is unknown or expired. */
  readAdminSession(id: string): Promise<string | undefined>;
  updateAdminSession(id: string, data: string, expiresAt: number): Promise<void>;
  deleteAdminSession(id: string): Promise<void>;

  getSetting(key: string): Promise<string | undefined>;
  /** Stores the value unless the key exists; returns the stored value either way. */
  initSetting(key: string, value: string): Promise<string>;
}
