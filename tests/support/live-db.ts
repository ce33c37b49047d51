import { DatabaseSync } from "node:sqlite";

/**
 * Opens a SQLite file a running server (or a command) may be writing to. The server's own
 * connection waits for the lock; a test's connection without a busy timeout fails at once with
 * "database is locked" whenever a background worker (outbox, webhooks, backups) holds it — which
 * on a busy CI machine happens, and turned a passing /healthz test red. Every test opens a live
 * store through here (a lint rule forbids `new DatabaseSync` elsewhere in tests/).
 */
export function openLiveDatabase(file: string, options: { readOnly?: boolean } = {}): DatabaseSync {
  return new DatabaseSync(file, { readOnly: options.readOnly ?? false, timeout: 30_000 });
}
