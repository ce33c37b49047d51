import type { ExportQuery, ExportRow } from "../ops/orders-csv.server.ts";
import type { Order, OrderState } from "../orders/types.ts";

/** One line of an order's timeline (besides created/paid, which are the order's own columns). */
export interface OrderEvent {
  id: number;
  orderId: string;
  kind: "checkout_created" | "email_sent" | "email_failed" | "email_gave_up" | "resend_requested" | "delivered" | "refunded" | "subscription_cancelled";
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
  addOrderEvent(orderId: string, kind: OrderEvent["kind"], detail?: string | null): Promise<void>;
  listOrderEvents(orderId: string): Promise<OrderEvent[]>;
  /**
   * The delivered event (once per order: a unique index) and its email, in one transaction; false
   * when the order was marked delivered already (by this request's twin on any instance).
   */
  markDelivered(orderId: string, note: string, emailKind: string): Promise<boolean>;
  /**
   * Queues copy `${prefix}N+1` of an email and its timeline event, in one transaction, unless a
   * copy still waits in the outbox (or a concurrent request queued the same copy): "alreadyQueued".
   */
  queueCopy(orderId: string, prefix: string, event: OrderEvent["kind"]): Promise<"queued" | "alreadyQueued">;
  health(stuckBefore: string): Promise<BackOfficeHealth>;
}
