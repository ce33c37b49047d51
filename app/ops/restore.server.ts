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
}

/** orders-replaced-20261126T083012Z.sqlite: sorts by time, and restores like any backup. */
function replacedName(dataDir: string, at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
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
    if (integrity !== "ok") throw new RestoreRefused(`${source} fails its integrity check (${integrity.split("\n")[0]}): nothing was changed.`);
    const hasOrders = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'orders'").get();
    if (!hasOrders) throw new RestoreRefused(`${source} is an SQLite database but not this site's (no orders table): nothing was changed.`);
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
export async function restoreDatabase(source: string, dataDir: string, now = new Date()): Promise<Restored> {
  const live = path.join(dataDir, "orders.sqlite");
  if (path.resolve(source) === path.resolve(live)) throw new RestoreRefused(`${source} is the live database itself: name a backup.`);
  const orders = checkSource(source);
  fs.mkdirSync(dataDir, { recursive: true });

  let lock: DatabaseSync | undefined;
  if (fs.existsSync(live)) {
    try {
      lock = openExclusively(live);
    } catch (error) {
      if (!(error instanceof DatabaseInUseError)) throw new RestoreRefused(`The current database ${live} does not open (${reason(error)}): move it away by hand, then restore.`);
      throw new RestoreRefused(
        `${live} is in use (the site or another command has it open): stop the site first (docker stop lumen, or Ctrl-C where npm start runs), then restore again. Nothing was changed.`,
      );
    }
  }
  const restoring = `${live}.restoring`;
  try {
    // SQLite's backup API reads the source with its WAL, if it has one, and checks the copy.
    const copyFrom = new DatabaseSync(source, { readOnly: true });
    try {
      await backupDatabase(copyFrom, restoring);
    } finally {
      copyFrom.close();
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
    return { live, orders, replaced };
  } finally {
    lock?.close();
    fs.rmSync(restoring, { force: true });
  }
}
