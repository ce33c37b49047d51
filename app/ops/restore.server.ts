import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { DatabaseInUseError, openExclusively } from "../db/sqlite-exclusive.server.ts";
import { reason } from "../lib/data-dir.server.ts";
import { backupDatabase } from "./backup.server.ts";

/** A restore that did not happen, with one line saying why; nothing was changed. */
export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

export interface Restored {
  /** DATA_DIR/orders.sqlite, now the copy. */
  live: string;
  /** Orders in the restored database. */
  orders: number;
  /** Where the database it replaced was kept (none when DATA_DIR had none). */
  replaced?: string;
  /** Orders the replaced database had and the backup lacked: dropped (`--force`) or copied over (`--merge-newer`). */
  newer: { orders: number; paid: number; merged: boolean };
  /** Emails pending in the backup that the replaced database had already sent: marked sent, never sent twice. */
  alreadySent: number;
}

/**
 * What to do with orders taken after the backup (in the live database, not in the backup):
 * refuse (the default: say how many and stop), drop them (`--force`: they stay in the replaced
 * file), or copy them and everything about them into the restored database (`--merge-newer`).
 */
export type NewerOrders = "refuse" | "drop" | "merge";

type Row = Record<string, unknown>;
const columnsOf = (db: DatabaseSync, table: string) =>
  db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string; type: string; pk: number }>;
const ids = (db: DatabaseSync, sql: string) =>
  new Set((db.prepare(sql).all() as Array<{ id: string }>).map((row) => row.id));

/** Orders in `live` the backup at `source` lacks, with their states. */
function ordersMissingFrom(source: string, live: DatabaseSync): Array<{ id: string; state: string }> {
  const backup = new DatabaseSync(source, { readOnly: true });
  try {
    const known = ids(backup, "SELECT id FROM orders");
    return (
      live.prepare("SELECT id, state FROM orders ORDER BY created_at").all() as Array<{ id: string; state: string }>
    ).filter((row) => !known.has(row.id));
  } finally {
    backup.close();
  }
}

/**
 * Copies the orders `orderIds` and every row about them (each table with an order_id column) from
 * `live` into `target`, by column name; an autoincrement id is left for the target to number. Then
 * the counters (readable references) never go back below what was handed out.
 */
function mergeOrders(live: DatabaseSync, target: DatabaseSync, orderIds: readonly string[]): void {
  const tables = (
    target.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{
      name: string;
    }>
  ).map((row) => row.name);
  const liveTables = new Set(
    (live.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map(
      (row) => row.name,
    ),
  );
  const marks = orderIds.map(() => "?").join(",");
  const ordered = ["orders", ...tables.filter((table) => table !== "orders")];
  for (const table of ordered) {
    if (!liveTables.has(table)) continue;
    const targetColumns = columnsOf(target, table);
    const key =
      table === "orders" ? "id" : targetColumns.some((column) => column.name === "order_id") ? "order_id" : null;
    if (!key) continue;
    const liveNames = new Set(columnsOf(live, table).map((column) => column.name));
    const copied = targetColumns
      .filter(
        (column) => liveNames.has(column.name) && !(column.pk === 1 && /int/i.test(column.type) && column.name !== key),
      )
      .map((column) => `"${column.name}"`);
    const rows = live
      .prepare(`SELECT ${copied.join(", ")} FROM "${table}" WHERE "${key}" IN (${marks})`)
      .all(...orderIds) as Row[];
    const insert = target.prepare(
      `INSERT OR IGNORE INTO "${table}" (${copied.join(", ")}) VALUES (${copied.map(() => "?").join(", ")})`,
    );
    for (const row of rows) insert.run(...(Object.values(row) as Array<string | number | null>));
  }
  if (liveTables.has("sequences")) {
    const bump = target.prepare(
      "INSERT INTO sequences (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)",
    );
    for (const row of live.prepare("SELECT name, value FROM sequences").all() as Array<{ name: string; value: number }>)
      bump.run(row.name, row.value);
  }
}

/** Emails pending in the restored copy that `live` had sent (same order or quote, same kind): marked sent. */
function markAlreadySent(live: DatabaseSync, target: DatabaseSync): number {
  const sent = live
    .prepare("SELECT order_id, quote_id, kind, message_id, sent_at FROM outbox WHERE status = 'sent'")
    .all() as Array<{
    order_id: string | null;
    quote_id: string | null;
    kind: string;
    message_id: string | null;
    sent_at: string | null;
  }>;
  const mark = target.prepare(
    "UPDATE outbox SET status = 'sent', message_id = ?, sent_at = ? WHERE status <> 'sent' AND kind = ? AND (order_id = ? OR quote_id = ?)",
  );
  let marked = 0;
  for (const row of sent)
    marked += Number(mark.run(row.message_id, row.sent_at, row.kind, row.order_id, row.quote_id).changes);
  // The owner's morning email of a day (a system subject, migration 022): in both files only from that version on.
  const hasSystem = (db: DatabaseSync) =>
    (db.prepare("PRAGMA table_info(outbox)").all() as Array<{ name: string }>).some(
      (column) => column.name === "system_key",
    );
  if (hasSystem(live) && hasSystem(target)) {
    const system = live
      .prepare(
        "SELECT system_key, kind, message_id, sent_at FROM outbox WHERE status = 'sent' AND system_key IS NOT NULL",
      )
      .all() as Array<{ system_key: string; kind: string; message_id: string | null; sent_at: string | null }>;
    const markSystem = target.prepare(
      "UPDATE outbox SET status = 'sent', message_id = ?, sent_at = ? WHERE status <> 'sent' AND kind = ? AND system_key = ?",
    );
    for (const row of system)
      marked += Number(markSystem.run(row.message_id, row.sent_at, row.kind, row.system_key).changes);
  }
  return marked;
}

/** orders-replaced-20261126T083012Z.sqlite: sorts by time, and restores like any backup. */
function replacedName(dataDir: string, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  for (let n = 1; ; n++) {
    const file = path.join(dataDir, `orders-replaced-${stamp}${n > 1 ? `-${n}` : ""}.sqlite`);
    if (!fs.existsSync(file)) return file;
  }
}

/** Reads FILE as a site database: its order count, or a refusal saying what it is instead. */
function checkSource(source: string): number {
  if (!fs.existsSync(source)) throw new RestoreRefused(`No file at ${source}: nothing was changed.`);
  if (!fs.statSync(source).isFile()) throw new RestoreRefused(`${source} is not a file: nothing was changed.`);
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(source, { readOnly: true });
    const { integrity_check: integrity } = db.prepare("PRAGMA integrity_check").get() as { integrity_check: string };
    if (integrity !== "ok")
      throw new RestoreRefused(
        `${source} fails its integrity check (${integrity.split("\n")[0]}): nothing was changed.`,
      );
    const hasOrders = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'orders'").get();
    if (!hasOrders)
      throw new RestoreRefused(
        `${source} is an SQLite database but not this site's (no orders table): nothing was changed.`,
      );
    return (db.prepare("SELECT COUNT(*) AS n FROM orders").get() as { n: number }).n;
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`${source} is not an SQLite database (${(error as Error).message}): nothing was changed.`);
  } finally {
    db?.close();
  }
}

/**
 * Puts the backup SOURCE in place of DATA_DIR/orders.sqlite. Refused while any process holds the
 * live database (sqlite-exclusive.server.ts): a running site would go on writing into the file
 * being replaced, and its orders would end up in neither. The replaced database is folded into one
 * file (its WAL checkpointed) and kept under a new timestamped name at every restore, never
 * overwritten. The lock is held until the copy is in place, so a site started meanwhile waits.
 */
export async function restoreDatabase(
  source: string,
  dataDir: string,
  now = new Date(),
  newerOrders: NewerOrders = "refuse",
): Promise<Restored> {
  const live = path.join(dataDir, "orders.sqlite");
  if (path.resolve(source) === path.resolve(live))
    throw new RestoreRefused(`${source} is the live database itself: name a backup.`);
  const orders = checkSource(source);
  fs.mkdirSync(dataDir, { recursive: true });

  let lock: DatabaseSync | undefined;
  if (fs.existsSync(live)) {
    try {
      lock = openExclusively(live);
    } catch (error) {
      if (!(error instanceof DatabaseInUseError))
        throw new RestoreRefused(
          `The current database ${live} does not open (${reason(error)}): move it away by hand, then restore.`,
        );
      throw new RestoreRefused(
        `${live} is in use (the site or another command has it open): stop the site first (docker stop lumen, or Ctrl-C where npm start runs), then restore again. Nothing was changed.`,
      );
    }
  }
  const restoring = `${live}.restoring`;
  try {
    // Orders taken after the backup would silently vanish from the site: said, then dropped or merged only when asked.
    const newer = lock ? ordersMissingFrom(source, lock) : [];
    const paid = newer.filter((order) => order.state === "paid").length;
    if (newer.length && newerOrders === "refuse") {
      throw new RestoreRefused(
        `${live} has ${newer.length} order(s) (${paid} paid) that ${source} lacks, taken after the backup: restoring would drop them. ` +
          "Add --merge-newer to copy them into the restored database, or --force to drop them (they stay in the replaced file). Nothing was changed.",
      );
    }
    // SQLite's backup API reads the source with its WAL, if it has one, and checks the copy.
    const copyFrom = new DatabaseSync(source, { readOnly: true });
    try {
      await backupDatabase(copyFrom, restoring);
    } finally {
      copyFrom.close();
    }
    let alreadySent = 0;
    if (lock) {
      const target = new DatabaseSync(restoring);
      try {
        if (newer.length && newerOrders === "merge")
          mergeOrders(
            lock,
            target,
            newer.map((order) => order.id),
          );
        alreadySent = markAlreadySent(lock, target);
      } finally {
        target.close();
      }
    }
    let replaced: string | undefined;
    if (lock) {
      // One self-contained file: the WAL folded in and removed, so nothing of it can be replayed
      // into the restored database.
      lock.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      lock.exec("PRAGMA journal_mode = DELETE");
      replaced = replacedName(dataDir, now);
      fs.renameSync(live, replaced);
    }
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${live}${suffix}`, { force: true });
    fs.renameSync(restoring, live);
    const merged = newer.length > 0 && newerOrders === "merge";
    return {
      live,
      orders: orders + (merged ? newer.length : 0),
      replaced,
      newer: { orders: newer.length, paid, merged },
      alreadySent,
    };
  } finally {
    lock?.close();
    fs.rmSync(restoring, { force: true });
  }
}
