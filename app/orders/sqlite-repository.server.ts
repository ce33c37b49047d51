import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { NewOrder, NewQuoteRequest, Order, OrderRepository, OutboxMessage, OutboxRow, QuoteRequest, SandboxSession, SandboxSessionStatus } from "./types.ts";

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
  // Quote requests (offers without a price), and outbox rows that belong to an order or to a
  // quote request. SQLite cannot relax NOT NULL in place: the outbox is copied into a new table.
  `CREATE TABLE quote_requests (
     id TEXT PRIMARY KEY,
     page TEXT NOT NULL,
     lang TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     company TEXT NOT NULL DEFAULT '',
     message TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE INDEX quote_requests_created_at ON quote_requests (created_at);
   CREATE TABLE outbox_v2 (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     order_id TEXT REFERENCES orders (id),
     quote_id TEXT REFERENCES quote_requests (id),
     kind TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','sent')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     message_id TEXT,
     created_at TEXT NOT NULL,
     sent_at TEXT,
     CHECK ((order_id IS NULL) <> (quote_id IS NULL)),
     UNIQUE (order_id, kind),
     UNIQUE (quote_id, kind)
   );
   INSERT INTO outbox_v2 (id, order_id, kind, status, attempts, next_attempt_at, last_error, message_id, created_at, sent_at)
     SELECT id, order_id, kind, status, attempts, next_attempt_at, last_error, message_id, created_at, sent_at FROM outbox;
   DROP TABLE outbox;
   ALTER TABLE outbox_v2 RENAME TO outbox;
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);`,
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
        .prepare("SELECT id, order_id, quote_id, kind, attempts FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?")
        .all(Date.now(), limit) as unknown as Array<{ id: number; order_id: string | null; quote_id: string | null; kind: string; attempts: number }>;
      const lease = this.db.prepare("UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?");
      return due.map((row) => {
        lease.run(Date.now() + leaseMs, row.id);
        return { id: row.id, orderId: row.order_id, quoteId: row.quote_id, kind: row.kind, attempts: row.attempts + 1 };
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
    return this.outboxRows(this.db.prepare("SELECT * FROM outbox WHERE order_id = ? ORDER BY id").all(orderId));
  }

  listQuoteEmails(quoteId: string): OutboxRow[] {
    return this.outboxRows(this.db.prepare("SELECT * FROM outbox WHERE quote_id = ? ORDER BY id").all(quoteId));
  }

  private outboxRows(result: unknown[]): OutboxRow[] {
    const rows = result as Array<{
      id: number;
      order_id: string | null;
      quote_id: string | null;
      kind: string;
      attempts: number;
      status: OutboxRow["status"];
      last_error: string | null;
      sent_at: string | null;
    }>;
    return rows.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      quoteId: row.quote_id,
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

  createQuoteRequest(quote: NewQuoteRequest, emailKinds: readonly string[]): QuoteRequest {
    // The request and its emails in one transaction: a stored request is always answered.
    return transaction(this.db, () => {
      const stamp = now();
      this.db
        .prepare("INSERT INTO quote_requests (id, page, lang, name, email, company, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
        .run(quote.id, quote.page, quote.lang, quote.name, quote.email, quote.company, quote.message, stamp);
      const enqueue = this.db.prepare("INSERT INTO outbox (quote_id, kind, next_attempt_at, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING");
      for (const kind of emailKinds) enqueue.run(quote.id, kind, Date.now(), stamp);
      return { ...quote, createdAt: stamp };
    });
  }

  findQuoteRequest(id: string): QuoteRequest | undefined {
    const row = this.db.prepare("SELECT * FROM quote_requests WHERE id = ?").get(id) as
      | { id: string; page: QuoteRequest["page"]; lang: QuoteRequest["lang"]; name: string; email: string; company: string; message: string; created_at: string }
      | undefined;
    return row ? { id: row.id, page: row.page, lang: row.lang, name: row.name, email: row.email, company: row.company, message: row.message, createdAt: row.created_at } : undefined;
  }

  listQuoteRequests(limit: number): QuoteRequest[] {
    const ids = this.db.prepare("SELECT id FROM quote_requests ORDER BY created_at DESC, rowid DESC LIMIT ?").all(limit) as Array<{ id: string }>;
    return ids.map((row) => this.findQuoteRequest(row.id)!);
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
