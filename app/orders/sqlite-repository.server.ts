import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type {
  BackOfficeHealth,
  NewOrder,
  Order,
  OrderEvent,
  OrderQuery,
  OrderRepository,
  OutboxMessage,
  OutboxRow,
  OwnerRecord,
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
  // Back office (issue 14): emails that finally failed, order timeline, owner credentials, admin
  // sessions, used TOTP steps, app settings. SQLite cannot change a CHECK: the outbox is rebuilt.
  `CREATE TABLE outbox_v2 (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     order_id TEXT NOT NULL REFERENCES orders (id),
     kind TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','sent','failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     message_id TEXT,
     created_at TEXT NOT NULL,
     sent_at TEXT,
     UNIQUE (order_id, kind)
   );
   INSERT INTO outbox_v2 (id, order_id, kind, status, attempts, next_attempt_at, last_error, message_id, created_at, sent_at)
     SELECT id, order_id, kind, status, attempts, next_attempt_at, last_error, message_id, created_at, sent_at FROM outbox;
   DROP TABLE outbox;
   ALTER TABLE outbox_v2 RENAME TO outbox;
   CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
   CREATE TABLE order_events (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     order_id TEXT NOT NULL REFERENCES orders (id),
     kind TEXT NOT NULL,
     detail TEXT,
     created_at TEXT NOT NULL
   );
   CREATE INDEX order_events_order ON order_events (order_id, id);
   CREATE INDEX orders_state_created ON orders (state, created_at);
   CREATE TABLE owner (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     password_hash TEXT,
     totp_secret TEXT,
     totp_enabled INTEGER NOT NULL DEFAULT 0,
     session_version INTEGER NOT NULL DEFAULT 1,
     setup_token_hash TEXT,
     updated_at TEXT NOT NULL
   );
   CREATE TABLE admin_sessions (
     id TEXT PRIMARY KEY,
     data_json TEXT NOT NULL,
     expires_at INTEGER NOT NULL
   );
   CREATE TABLE totp_used_steps (
     step INTEGER PRIMARY KEY,
     used_at TEXT NOT NULL
   );
   CREATE TABLE app_settings (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL
   );`,
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

  // ---- Back office (issue 14) ----

  async searchOrders(query: OrderQuery): Promise<{ orders: Order[]; total: number }> {
    const where: string[] = [];
    const params: Array<string | number> = [];
    if (query.state) {
      where.push("state = ?");
      params.push(query.state);
    }
    const search = query.search?.trim().toLowerCase();
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      where.push(
        `(lower(id) LIKE ? ESCAPE '\\' OR lower(email) LIKE ? ESCAPE '\\'
          OR lower(json_extract(customer_json, '$.firstName') || ' ' || json_extract(customer_json, '$.lastName')) LIKE ? ESCAPE '\\')`,
      );
      params.push(like, like, like);
    }
    const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
    const { n } = this.db.prepare(`SELECT COUNT(*) AS n FROM orders ${clause}`).get(...params) as { n: number };
    const rows = this.db
      .prepare(`SELECT * FROM orders ${clause} ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?`)
      .all(...params, query.limit, query.offset) as unknown as OrderRecord[];
    return { orders: rows.map(toOrder), total: n };
  }

  async addOrderEvent(orderId: string, kind: OrderEvent["kind"], detail: string | null = null): Promise<void> {
    this.db
      .prepare("INSERT INTO order_events (order_id, kind, detail, created_at) VALUES (?, ?, ?, ?)")
      .run(orderId, kind, detail === null ? null : detail.slice(0, 2000), now());
  }

  async listOrderEvents(orderId: string): Promise<OrderEvent[]> {
    const rows = this.db.prepare("SELECT * FROM order_events WHERE order_id = ? ORDER BY id").all(orderId) as unknown as Array<{
      id: number;
      order_id: string;
      kind: OrderEvent["kind"];
      detail: string | null;
      created_at: string;
    }>;
    return rows.map((row) => ({ id: row.id, orderId: row.order_id, kind: row.kind, detail: row.detail, createdAt: row.created_at }));
  }

  async markEmailFailed(id: number, error: string): Promise<void> {
    this.db.prepare("UPDATE outbox SET status = 'failed', last_error = ? WHERE id = ? AND status = 'pending'").run(error.slice(0, 500), id);
  }

  async health(stuckBefore: string): Promise<BackOfficeHealth> {
    const emails = this.db.prepare("SELECT status, COUNT(*) AS n FROM outbox WHERE status <> 'sent' GROUP BY status").all() as Array<{ status: string; n: number }>;
    const count = (status: string) => emails.find((row) => row.status === status)?.n ?? 0;
    const { stuck } = this.db
      .prepare("SELECT COUNT(*) AS stuck FROM orders WHERE state IN ('pending', 'checkout_created') AND created_at < ?")
      .get(stuckBefore) as { stuck: number };
    const { paid } = this.db.prepare("SELECT COUNT(*) AS paid FROM orders WHERE state = 'paid'").get() as { paid: number };
    return { emailsPending: count("pending"), emailsFailed: count("failed"), ordersStuck: stuck, ordersPaid: paid };
  }

  async getOwner(): Promise<OwnerRecord | undefined> {
    const row = this.db.prepare("SELECT * FROM owner WHERE id = 1").get() as
      | { password_hash: string | null; totp_secret: string | null; totp_enabled: number; session_version: number; setup_token_hash: string | null }
      | undefined;
    if (!row) return undefined;
    return {
      passwordHash: row.password_hash,
      totpSecret: row.totp_secret,
      totpEnabled: row.totp_enabled === 1,
      sessionVersion: row.session_version,
      setupTokenHash: row.setup_token_hash,
    };
  }

  async resetOwner(setupTokenHash: string): Promise<void> {
    transaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO owner (id, setup_token_hash, updated_at) VALUES (1, ?, ?)
           ON CONFLICT (id) DO UPDATE SET password_hash = NULL, totp_secret = NULL, totp_enabled = 0,
             session_version = session_version + 1, setup_token_hash = excluded.setup_token_hash, updated_at = excluded.updated_at`,
        )
        .run(setupTokenHash, now());
      this.db.exec("DELETE FROM admin_sessions");
      // Used steps belong to the old secret: the next one starts with a clean slate.
      this.db.exec("DELETE FROM totp_used_steps");
    });
  }

  async renewSetupToken(setupTokenHash: string): Promise<boolean> {
    const { changes } = this.db
      .prepare("UPDATE owner SET setup_token_hash = ?, updated_at = ? WHERE id = 1 AND password_hash IS NULL")
      .run(setupTokenHash, now());
    return changes === 1;
  }

  async claimOwnerSetup(setupTokenHash: string, passwordHash: string, totpSecret: string): Promise<boolean> {
    const { changes } = this.db
      .prepare(
        `UPDATE owner SET password_hash = ?, totp_secret = ?, totp_enabled = 0, setup_token_hash = NULL, updated_at = ?
         WHERE id = 1 AND password_hash IS NULL AND setup_token_hash = ?`,
      )
      .run(passwordHash, totpSecret, now(), setupTokenHash);
    return changes === 1;
  }

  async enableOwnerTotp(): Promise<void> {
    this.db.prepare("UPDATE owner SET totp_enabled = 1, updated_at = ? WHERE id = 1 AND totp_secret IS NOT NULL").run(now());
  }

  async useTotpStep(step: number): Promise<boolean> {
    // Steps older than a few minutes can never verify again: forget them.
    this.db.prepare("DELETE FROM totp_used_steps WHERE step < ?").run(step - 20);
    const { changes } = this.db.prepare("INSERT INTO totp_used_steps (step, used_at) VALUES (?, ?) ON CONFLICT (step) DO NOTHING").run(step, now());
    return changes === 1;
  }

  async createAdminSession(id: string, data: string, expiresAt: number): Promise<void> {
    this.db.prepare("DELETE FROM admin_sessions WHERE expires_at <= ?").run(Date.now());
    this.db.prepare("INSERT INTO admin_sessions (id, data_json, expires_at) VALUES (?, ?, ?)").run(id, data, expiresAt);
  }

  async readAdminSession(id: string): Promise<string | undefined> {
    const row = this.db.prepare("SELECT data_json FROM admin_sessions WHERE id = ? AND expires_at > ?").get(id, Date.now()) as { data_json: string } | undefined;
    return row?.data_json;
  }

  async updateAdminSession(id: string, data: string, expiresAt: number): Promise<void> {
    // Only an existing session is refreshed: one deleted by a reset or a sign-out stays gone.
    this.db.prepare("UPDATE admin_sessions SET data_json = ?, expires_at = ? WHERE id = ?").run(data, expiresAt, id);
  }

  async deleteAdminSession(id: string): Promise<void> {
    this.db.prepare("DELETE FROM admin_sessions WHERE id = ?").run(id);
  }

  async getSetting(key: string): Promise<string | undefined> {
    return (this.db.prepare("SELECT value FROM app_settings WHERE key = ?").get(key) as { value: string } | undefined)?.value;
  }

  async initSetting(key: string, value: string): Promise<string> {
    this.db.prepare("INSERT INTO app_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING").run(key, value);
    return (await this.getSetting(key))!;
  }
}
