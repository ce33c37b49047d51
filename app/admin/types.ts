import type { ExportQuery, ExportRow } from "../ops/orders-csv.server.ts";
import type { Order, OrderState } from "../orders/types.ts";

/** One line of an order's timeline (besides created/paid, which are the order's own columns). */
export interface OrderEvent {
  id: number;
  orderId: string;
  kind:
    | "checkout_created"
    | "email_sent"
    | "email_failed"
    | "email_gave_up"
    | "resend_requested"
    | "delivered"
    | "refunded"
    | "subscription_cancelled"
    | "in_progress";
  detail: string | null;
  createdAt: string;
  /** A delivered event of a subscription: the billing period it delivered (the period's end). */
  period: string | null;
}

/** A customer of the back office's list: everyone with a paid order, by email. */
export interface CustomerRow {
  email: string;
  /** The name on their latest paid order. */
  name: string;
  orders: number;
  /** What their paid orders took at checkout, less what was refunded, per currency (minor units). */
  paid: Array<{ currency: string; amount: number }>;
  lastOrderAt: string;
}

export interface OrderQuery {
  state?: OrderState;
  /** Only orders still to deliver (app/admin/to-deliver.server.ts). */
  toDeliver?: boolean;
  /** Matches the reference, the email or the customer's name (case-insensitive, substring). */
  search?: string;
  /**
   * Abandoned attempts (checkout_created / expired orders) of a customer and offer that was paid
   * afterwards are not rows of their own: `foldedAttempts` finds them under the paid order.
   */
  foldAttempts?: boolean;
  limit: number;
  offset: number;
}

/** Abandoned attempts folded under a paid order: the states they may be in. */
export const ATTEMPT_STATES = ["checkout_created", "expired"] as const;

export interface BackOfficeHealth {
  emailsPending: number;
  emailsFailed: number;
  /** Orders still pending or at checkout, created before the given time. */
  ordersStuck: number;
  ordersPaid: number;
}

/** What the back office reads across rooms (lists, timeline, health); owner sign-in is auth's. */
export interface BackOfficeStore {
  searchOrders(query: OrderQuery): Promise<{ orders: Order[]; total: number }>;
  /**
   * A page of the CSV export: the orders matching `query` after `after` (keyset, newest first),
   * each with its emails, in ONE query however many orders (never one query per order).
   */
  exportPage(query: ExportQuery, after: { createdAt: string; id: string } | null, limit: number): Promise<ExportRow[]>;
  /**
   * For a list page: each paid order's folded attempts (by id: the attempts of its customer email
   * and offer made before it and after the previous paid one), and which orders are delivered in
   * their current period.
   */
  /**
   * What a list shows beside each order: its earlier attempts, whether it was delivered (this
   * period), whether it is still to deliver (the one rule, to-deliver.server.ts) and what billing
   * recorded as refunded of its charges (minor units).
   */
  /** Customers (a paid order, not erased), latest order first; `search` matches part of the email or the name. */
  listCustomers(query: {
    search?: string;
    limit: number;
    offset: number;
  }): Promise<{ customers: CustomerRow[]; total: number }>;
  listDetails(orders: readonly Order[]): Promise<{
    attempts: Map<string, Order[]>;
    delivered: Set<string>;
    toDeliver: Set<string>;
    refunded: Map<string, number>;
  }>;
  addOrderEvent(orderId: string, kind: OrderEvent["kind"], detail?: string | null): Promise<void>;
  listOrderEvents(orderId: string): Promise<OrderEvent[]>;
  /** Marks a quote request answered (once); false when it was already, or does not exist. */
  markQuoteAnswered(quoteId: string): Promise<boolean>;
  /**
   * Queues copy `${prefix}N+1` of an email and its timeline event, in one transaction, unless a
   * copy still waits in the outbox (or a concurrent request queued the same copy): "alreadyQueued".
   */
  queueCopy(orderId: string, kind: "admin-resend", event: OrderEvent["kind"]): Promise<"queued" | "alreadyQueued">;
  health(stuckBefore: string): Promise<BackOfficeHealth>;
  /**
   * What happened in [since, until) for the owner's morning email: orders paid, first briefs
   * received, revisions asked (each order not erased; an order once per list, oldest first).
   */
  newSince(since: string, until: string): Promise<{ paid: Order[]; briefs: Order[]; revisions: Order[] }>;
}

/** Money that came in (a payment) or went back (a refund, negative), in minor units, at an instant. */
export interface MoneyMovement {
  at: string;
  currency: string;
  amount: number;
}

/** Live subscriptions of one billing state and currency: how many, and their monthly amounts summed. */
export interface SubscriptionGroup {
  state: "active" | "past_due" | "cancelling";
  currency: string;
  count: number;
  monthly: number;
}

/** Orders of one offer and language since a time: placed, and paid. */
export interface OrderFunnelCount {
  offer: string;
  lang: string;
  orders: number;
  paid: number;
}

/** The back office's front page: money, subscriptions and what needs doing, across rooms. */
export interface DashboardStore {
  /**
   * Payments since `since`: paid orders' checkout amounts (at payment), renewals (each renewal
   * invoice paid, at the monthly amount), and refunds as negative amounts; a fully refunded order
   * counts nothing (its payment and its refund are both left out).
   */
  moneyMovements(since: string): Promise<MoneyMovement[]>;
  /** Paid subscriptions still billing (active, past due, cancelling at period end; paused ones not). */
  liveSubscriptions(): Promise<SubscriptionGroup[]>;
  /** Paid orders not delivered yet (subscriptions: not in their current period), their work not closed by money. */
  ordersToDeliver(): Promise<number>;
  /** Orders placed since `since`, per offer and language, and how many of them are paid. */
  orderFunnel(since: string): Promise<OrderFunnelCount[]>;
  /** Quote requests the owner has not marked answered. */
  quotesWaiting(): Promise<number>;
  /** Paid orders whose payment falls in [from, to) (ISO instants), latest payment first, at most `limit`. */
  paidBetween(from: string, to: string, limit: number): Promise<Order[]>;
}
