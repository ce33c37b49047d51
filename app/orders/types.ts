import type { Currency, ImmediateStart, OfferId, Price, RequestPage } from "../content/offers.ts";
import type { Language } from "../i18n/languages.ts";
import type { OrderForm } from "./order-schema.ts";
import type { StoredEmailKind } from "../mail/email-kinds.ts";
import type { BillingRefsUpdate } from "./billing-columns.server.ts";

export const ORDER_STATES = ["pending", "checkout_created", "paid", "expired", "failed"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export type ProviderName = "stripe" | "sandbox";

/** After the first payment: the subscription's life (or a one-time payment's refund/dispute). */
export const BILLING_STATES = ["active", "past_due", "cancelling", "cancelled", "refunded", "disputed"] as const;
export type BillingState = (typeof BILLING_STATES)[number];

/** What the buyer agreed to on the order form (ADR 015): kept with the order, repeated in its confirmation. */
export interface OrderAcceptance {
  /** When the form with the ticked boxes was sent (ISO-8601 UTC). */
  acceptedAt: string;
  /** The governing terms and their version (app/content/terms.ts): "cgv-2026-11-26". */
  termsVersion: string;
  /** The language of the text the buyer was given (a translation of the CGV in de/es/pt/it). */
  termsLang: Language;
  /** The express request to start at once and the acknowledgement of losing the withdrawal right, when the offer asked for it (its kind). */
  immediateStart: ImmediateStart | null;
}

/**
 * What an order buys: a catalogue offer at its listed price, or the offer of a request page (a
 * quote offer, the datasets licence) at the price of the proposal the customer accepted.
 */
export type OrderOfferId = OfferId | RequestPage;

/** The terms of an accepted proposal, frozen on its order (app/quotes/): they stand in for the catalogue's. */
export interface OrderProposal {
  id: string;
  title: string;
  price: Price;
  /** Business days from the payment to the delivery. */
  deliveryDays: number;
  revisionRounds: number;
}

/** What placing an order stores; the rest of an Order is written as it goes on. */
export interface NewOrder {
  id: string;
  /** Hidden token of the form that created it: a second post of the same form finds this order. */
  submissionToken: string;
  lang: Language;
  offer: OrderOfferId;
  /** Set when the order pays an accepted proposal: its price, delivery and revisions are the proposal's. */
  proposal?: OrderProposal | null;
  currency: Currency;
  /** Charged at checkout, minor units. */
  amountDueNow: number;
  /** Monthly amount after checkout, minor units (0 for one-time offers). */
  monthly: number;
  customer: OrderForm;
  provider: ProviderName;
  /** null only for orders placed before acceptance was recorded. */
  acceptance: OrderAcceptance | null;
  /**
   * The buyer's browser's time zone as the order form sent it (IANA, app/i18n/time-zone.ts): their
   * pages tell times on that clock. Absent or null without JavaScript, and on older orders.
   */
  timeZone?: string | null;
}

export interface Order extends NewOrder {
  /** What a person reads out ("LA-1042"): the brand's initials and a number unique across instances (app/orders/reference.ts). */
  reference: string;
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
  /** The provider's own status of the subscription as last read (paused, trialing, incomplete…). */
  subscriptionStatus: string | null;
  /** When the customer's personal fields were erased (app/privacy/); null or absent while held. */
  erasedAt?: string | null;
  /** Minor units of tax inside the amount paid, as Stripe Tax computed it; null or absent when off or unknown. */
  taxAmount?: number | null;
  /** The order page's link version, which its token signs; a new link bumps it. Absent (0) on an order before it. */
  linkVersion?: number;
}

/**
 * The orders table: an order from the form to its payment. Written once with Kysely for SQLite and
 * PostgreSQL (order-store.server.ts); no other module writes SQL for orders.
 */
/** What the checkout reported with a payment: the billing address it collected, the tax inside the amount (Stripe Tax). */
export interface PaidCheckout {
  billing?: Partial<OrderForm>;
  tax?: number | null;
  /** More emails queued in the same transaction (each once per order and kind), e.g. the owner's notice. */
  alsoEmails?: readonly StoredEmailKind[];
  /**
   * The provider's references for the paid order (read inside the transaction), written with it;
   * null: none to write. Asked only while the order has not got them yet.
   */
  billingRefs?: (paid: Order) => BillingRefsUpdate | null;
}

export interface OrderStore {
  /** Inserts the order; when the submission token exists already, returns that order instead. */
  createOrder(order: NewOrder): Promise<{ order: Order; created: boolean }>;
  findById(id: string): Promise<Order | undefined>;
  findBySessionId(sessionId: string): Promise<Order | undefined>;
  /** pending|failed → checkout_created with the provider's session, and its `checkout_created` event, in one transaction. */
  setCheckout(orderId: string, sessionId: string, url: string): Promise<void>;
  /** Any state but paid → failed. */
  markFailed(orderId: string, reason: string): Promise<void>;
  /** Any state but paid → expired. */
  markExpired(orderId: string): Promise<void>;
  /**
   * Marks the order paid (once) and enqueues its confirmation email (once), `alsoEmails` (once each)
   * and its `order.paid` webhook (app/automation/), in one transaction, with the billing address the
   * checkout collected (merged into the customer's answers) and the provider's references
   * (`billingRefs`). Returns true when this call made the change.
   */
  markPaid(orderId: string, emailKind: StoredEmailKind, checkout?: PaidCheckout): Promise<boolean>;
  /** An address's paid orders, not erased, newest first (the "send me my links again" form). */
  findPaidByEmail(email: string, limit: number): Promise<Order[]>;
  /**
   * A new order-page link: the link version goes up (the old link stops working) and the email
   * carrying the new one is queued, in one transaction. False when the order is not paid or erased.
   */
  newOrderLink(orderId: string, emailKind: StoredEmailKind): Promise<boolean>;
  listOrders(limit: number): Promise<Order[]>;
  /** Orders still `pending` without a checkout, last changed before `updatedBefore` (ISO time): the reconciler's work. */
  listStalePending(updatedBefore: string, limit: number): Promise<Order[]>;
}
