import type { Generated } from "kysely";

/**
 * The tables as Kysely sees them, for SQLite and PostgreSQL alike. Timestamps are ISO-8601 UTC
 * strings (they sort as text in both databases); due times for the outbox are epoch milliseconds.
 * Add a table here and its DDL in migrations.server.ts.
 */
export interface OrdersTable {
  id: string;
  submission_token: string;
  state: "pending" | "checkout_created" | "paid" | "expired" | "failed";
  lang: string;
  offer: string;
  currency: string;
  amount_due_now: number;
  monthly: number;
  customer_json: string;
  email: string;
  provider: string;
  session_id: string | null;
  checkout_url: string | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** After checkout (migration 004): the provider's customer and subscription, and their state. */
  customer_ref: string | null;
  subscription_ref: string | null;
  billing_state: "active" | "past_due" | "cancelling" | "cancelled" | "refunded" | "disputed" | null;
  period_end: string | null;
}

/** Every provider event handled, by its id: a replay is recognised and ignored. */
export interface PaymentEventsTable {
  id: string;
  type: string;
  order_id: string | null;
  received_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  order_id: string;
  kind: string;
  status: Generated<"pending" | "sent" | "failed">;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  message_id: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The sandbox checkout's own sessions (app/payments): order_id holds the request's reference. */
export interface SandboxSessionsTable {
  id: string;
  order_id: string;
  status: "open" | "paid" | "expired";
  created_at: string;
  /** The CheckoutRequest as JSON (what to show and where to return); null for sessions from before it. */
  request_json: string | null;
}

/** Generated once, shared by every instance (see orders/signed-link.server.ts). */
export interface SiteSecretsTable {
  name: string;
  value: string;
}

export interface Database {
  orders: OrdersTable;
  outbox: OutboxTable;
  sandbox_sessions: SandboxSessionsTable;
  payment_events: PaymentEventsTable;
  site_secrets: SiteSecretsTable;
}
