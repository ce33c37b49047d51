import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type {
  BillingState,
  NewOrder,
  Order,
  OrderRepository,
  OutboxMessage,
  OutboxRow,
  PaymentEventChange,
  PaymentEventRow,
  SandboxSession,
  SandboxSessionStatus,
} from "./types.ts";

/** Schema changes, applied in order once each (PRAGMA user_version remembers how far we are). */
const MIGRATIONS: string[] = [
  `CREATE TABLE orders (
     id TEXT PRIMARY KEY,
     submission_token TEXT NOT NULL UNIQUE,
     state TEXT NOT NULL CHECK (state IN ('pending','checkout_created','paid','expired','failed')),
     lang TEXT NOT NULL,
     offer TEXT NOT NULL,
     currency TEXT NOT NULL,
     amount_due_now INTEGER NOT NULL,
     monthly INTEGER NOT NULL,
     customer_json TEXT NOT NULL,
     email TEXT NOT NULL,
     provider TEXT NOT NULL,
     session_id TEXT UNIQUE,
     checkout_url TEXT,
     failure_reason TEXT,
     created_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     paid_at TEXT
   );
   CREATE INDEX orders_created_at ON orders (created_at);
   CREATE TABLE outbox (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     order_id TEXT NOT NULL REFERENCES orders (id),
     kind TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','sent')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     message_id TEXT,
     created_at TEXT NOT NULL,
     sent_at TEXT,
     UNIQUE (order_id, kind)
   );
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
   CREATE TABLE sandbox_sessions (
     id TEXT PRIMARY KEY,
     order_id TEXT NOT NULL REFERENCES orders (id),
     status TEXT NOT NULL CHECK (status IN ('open','paid','expired')),
     created_at TEXT NOT NULL
   );`,
  // After checkout: the provider's customer/subscription, the subscription's state, and every
  // provider event by id (replays and out-of-order deliveries are recognised).
  `ALTER TABLE orders ADD COLUMN customer_ref TEXT;
   ALTER TABLE orders ADD COLUMN subscription_ref TEXT;
   ALTER TABLE orders ADD COLUMN billing_state TEXT CHECK (billing_state IN ('active','past_due','cancelling','cancelled','refunded','disputed'));
   ALTER TABLE orders ADD COLUMN period_end TEXT;
   CREATE INDEX orders_subscription_ref ON orders (subscription_ref);
   CREATE INDEX orders_customer_ref ON orders (customer_ref);
   CREATE INDEX orders_email ON orders (email COLLATE NOCASE);
   CREATE TABLE payment_events (
     id TEXT PRIMARY KEY,
     type TEXT NOT NULL,
     order_id TEXT REFERENCES orders (id),
     received_at TEXT NOT NULL
   );
   CREATE INDEX payment_events_order ON payment_events (order_id);`,
];

interface OrderRecord {
  id: string;
  submission_token: string;
  state: Order["state"];
  lang: Order["lang"];
  offer: Order["offer"];
  currency: Order["currency"];
  amount_due_now: number;
  monthly: number;
  customer_json: string;
  provider: Order["provider"];
  session_id: string | null;
  checkout_url: string | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  customer_ref: string | null;
  subscription_ref: string | null;
  billing_state: BillingState | null;
  period_end: string | null;
}

const toOrder = (row: OrderRecord): Order => ({
  id: row.id,
  submissionToken: row.submission_token,
  state: row.state,
  lang: row.lang,
  offer: row.offer,
  currency: row.currency,
  amountDueNow: row.amount_due_now,
  monthly: row.monthly,
  customer: JSON.parse(row.customer_json),
  provider: row.provider,
  sessionId: row.session_id,
  checkoutUrl: row.checkout_url,
  failureReason: row.failure_reason,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  paidAt: row.paid_at,
  customerRef: row.customer_ref,
  subscriptionRef: row.subscription_ref,
  billingState: row.billing_state,
  periodEnd: row.period_end,
});

const now = () => new Date().toISOString();

export function openDatabase(file: string): DatabaseSync {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
  migrate(db);
  return db;
}

function migrate(db: DatabaseSync) {
  const { user_version: version } = db.prepare("PRAGMA user_version").get() as { user_version: number };
  for (let index = version; index < MIGRATIONS.length; index++) {
    transaction(db, () => {
      db.exec(MIGRATIONS[index]!);
      db.exec(`PRAGMA user_version = ${index + 1}`);
    });
  }
}

function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

export class SqliteOrderRepository implements OrderRepository {
  readonly db: DatabaseSync;

  constructor(file: string) {
    this.db = openDatabase(file);
  }

  createOrder(order: NewOrder): { order: Order; created: boolean } {
    const stamp = now();
    const result = this.db
      .prepare(
        `INSERT INTO orders (id, submission_token, state, lang, offer, currency, amount_due_now, monthly, customer_json, email, provider, created_at, updated_at)
         VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (submission_token) DO NOTHING`,
      )
      .run(
        order.id,
        order.submissionToken,
        order.lang,
        order.offer,
        order.currency,
        order.amountDueNow,
        order.monthly,
        JSON.stringify(order.customer),
        order.customer.email,
        order.provider,
        stamp,
        stamp,
      );
    const row = this.db.prepare("SELECT * FROM orders WHERE submission_token = ?").get(order.submissionToken) as unknown as OrderRecord;
    return { order: toOrder(row), created: result.changes === 1 };
  }

  findById(id: string): Order | undefined {
    const row = this.db.prepare("SELECT * FROM orders WHERE id = ?").get(id) as unknown as OrderRecord | undefined;
    return row ? toOrder(row) : undefined;
  }

  findBySessionId(sessionId: string): Order | undefined {
    const row = this.db.prepare("SELECT * FROM orders WHERE session_id = ?").get(sessionId) as unknown as OrderRecord | undefined;
    return row ? toOrder(row) : undefined;
  }

  setCheckout(orderId: string, sessionId: string, url: string): void {
    this.db
      .prepare(
        `UPDATE orders SET state = 'checkout_created', session_id = ?, checkout_url = ?, failure_reason = NULL, updated_at = ?
         WHERE id = ? AND state IN ('pending', 'failed')`,
      )
      .run(sessionId, url, now(), orderId);
  }

  markFailed(orderId: string, reason: string): void {
    this.db
      .prepare("UPDATE orders SET state = 'failed', failure_reason = ?, updated_at = ? WHERE id = ? AND state <> 'paid'")
      .run(reason.slice(0, 500), now(), orderId);
  }

  markExpired(orderId: string): void {
    this.db.prepare("UPDATE orders SET state = 'expired', updated_at = ? WHERE id = ? AND state <> 'paid'").run(now(), orderId);
  }

  markPaid(orderId: string, emailKind: string): boolean {
    return transaction(this.db, () => {
      const stamp = now();
      const { changes } = this.db
        .prepare("UPDATE orders SET state = 'paid', paid_at = ?, failure_reason = NULL, updated_at = ? WHERE id = ? AND state <> 'paid'")
        .run(stamp, stamp, orderId);
      this.enqueueEmail(orderId, emailKind);
      return changes === 1;
    });
  }

  enqueueEmail(orderId: string, kind: string): boolean {
    const { changes } = this.db
      .prepare(
        `INSERT INTO outbox (order_id, kind, next_attempt_at, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (order_id, kind) DO NOTHING`,
      )
      .run(orderId, kind, Date.now(), now());
    return changes === 1;
  }

  countEmails(orderId: string): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE order_id = ?").get(orderId) as { n: number }).n;
  }

  claimDueEmails(limit: number, leaseMs: number): OutboxMessage[] {
    return transaction(this.db, () => {
      const due = this.db
        .prepare("SELECT id, order_id, kind, attempts FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?")
        .all(Date.now(), limit) as unknown as Array<{ id: number; order_id: string; kind: string; attempts: number }>;
      const lease = this.db.prepare("UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?");
      return due.map((row) => {
        lease.run(Date.now() + leaseMs, row.id);
        return { id: row.id, orderId: row.order_id, kind: row.kind, attempts: row.attempts + 1 };
      });
    });
  }

  releaseEmailLeases(): number {
    const { changes } = this.db.prepare("UPDATE outbox SET next_attempt_at = ? WHERE status = 'pending' AND next_attempt_at > ?").run(Date.now(), Date.now());
    return Number(changes);
  }

  markEmailSent(id: number, messageId: string): void {
    this.db.prepare("UPDATE outbox SET status = 'sent', sent_at = ?, message_id = ?, last_error = NULL WHERE id = ?").run(now(), messageId, id);
  }

  markEmailRetry(id: number, delayMs: number, error: string): void {
    this.db
      .prepare("UPDATE outbox SET next_attempt_at = ?, last_error = ? WHERE id = ? AND status = 'pending'")
      .run(Date.now() + delayMs, error.slice(0, 500), id);
  }

  listEmails(orderId: string): OutboxRow[] {
    const rows = this.db.prepare("SELECT * FROM outbox WHERE order_id = ? ORDER BY id").all(orderId) as unknown as Array<{
      id: number;
      order_id: string;
      kind: string;
      attempts: number;
      status: OutboxRow["status"];
      last_error: string | null;
      sent_at: string | null;
    }>;
    return rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      kind: row.kind,
      attempts: row.attempts,
      status: row.status,
      lastError: row.last_error,
      sentAt: row.sent_at,
    }));
  }

  listOrders(limit: number): Order[] {
    const rows = this.db.prepare("SELECT * FROM orders ORDER BY created_at DESC, rowid DESC LIMIT ?").all(limit) as unknown as OrderRecord[];
    return rows.map(toOrder);
  }

  setBillingRefs(orderId: string, refs: { customerRef: string | null; subscriptionRef: string | null; state: BillingState | null; periodEnd: string | null }): void {
    // An event handled before the visitor came back may have set the state already: keep it.
    this.db
      .prepare(
        `UPDATE orders SET customer_ref = COALESCE(customer_ref, ?), subscription_ref = COALESCE(subscription_ref, ?),
           period_end = CASE WHEN billing_state IS NULL THEN ? ELSE period_end END,
           billing_state = COALESCE(billing_state, ?), updated_at = ?
         WHERE id = ?`,
      )
      .run(refs.customerRef, refs.subscriptionRef, refs.periodEnd, refs.state, now(), orderId);
  }

  findByBillingRef(ref: { subscriptionRef?: string | null; customerRef?: string | null }): Order | undefined {
    const bySubscription = ref.subscriptionRef
      ? (this.db.prepare("SELECT * FROM orders WHERE subscription_ref = ?").get(ref.subscriptionRef) as unknown as OrderRecord | undefined)
      : undefined;
    const row =
      bySubscription ??
      (ref.customerRef
        ? (this.db
            .prepare("SELECT * FROM orders WHERE customer_ref = ? AND state = 'paid' ORDER BY paid_at DESC LIMIT 1")
            .get(ref.customerRef) as unknown as OrderRecord | undefined)
        : undefined);
    return row ? toOrder(row) : undefined;
  }

  findSubscriptionsByEmail(email: string): Order[] {
    const rows = this.db
      .prepare("SELECT * FROM orders WHERE email = ? COLLATE NOCASE AND state = 'paid' AND monthly > 0 ORDER BY paid_at DESC LIMIT 10")
      .all(email.trim()) as unknown as OrderRecord[];
    return rows.map(toOrder);
  }

  hasPaymentEvent(id: string): boolean {
    return this.db.prepare("SELECT 1 FROM payment_events WHERE id = ?").get(id) !== undefined;
  }

  recordPaymentEvent(event: { id: string; type: string; orderId: string | null }, change?: PaymentEventChange): boolean {
    return transaction(this.db, () => {
      const { changes } = this.db
        .prepare("INSERT INTO payment_events (id, type, order_id, received_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")
        .run(event.id, event.type, event.orderId, now());
      if (changes !== 1) return false;
      if (change?.billing) {
        this.db
          .prepare("UPDATE orders SET billing_state = ?, period_end = COALESCE(?, period_end), updated_at = ? WHERE id = ?")
          .run(change.billing.state, change.billing.periodEnd, now(), change.orderId);
      }
      for (const kind of change?.emails ?? []) this.enqueueEmail(change!.orderId, kind);
      return true;
    });
  }

  listPaymentEvents(orderId: string): PaymentEventRow[] {
    const rows = this.db.prepare("SELECT * FROM payment_events WHERE order_id = ? ORDER BY received_at, rowid").all(orderId) as unknown as Array<{
      id: string;
      type: string;
      order_id: string | null;
      received_at: string;
    }>;
    return rows.map((row) => ({ id: row.id, type: row.type, orderId: row.order_id, receivedAt: row.received_at }));
  }

  createSandboxSession(session: SandboxSession): void {
    this.db
      .prepare("INSERT INTO sandbox_sessions (id, order_id, status, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING")
      .run(session.id, session.orderId, session.status, now());
  }

  findSandboxSession(id: string): SandboxSession | undefined {
    const row = this.db.prepare("SELECT id, order_id, status FROM sandbox_sessions WHERE id = ?").get(id) as
      | { id: string; order_id: string; status: SandboxSessionStatus }
      | undefined;
    return row ? { id: row.id, orderId: row.order_id, status: row.status } : undefined;
  }

  setSandboxSessionStatus(id: string, status: SandboxSessionStatus): void {
    // Paid and expired are final, as at Stripe.
    this.db.prepare("UPDATE sandbox_sessions SET status = ? WHERE id = ? AND status = 'open'").run(status, id);
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}
