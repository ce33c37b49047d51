import fs from "node:fs";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import type { Store } from "../db/database.server.ts";
import { logger } from "../lib/logger.server.ts";
import { lowSpaceThreshold, volumeSpace, type VolumeSpace } from "./disk-space.server.ts";

/** Daily backups kept in DATA_DIR/backups (older ones are deleted). */
export const BACKUPS_KEPT = 14;
const DAY_MS = 24 * 60 * 60_000;
const NAME = /^orders-(\d{8}T\d{6}Z)\.sqlite$/;

export const backupFileName = (at = new Date()) =>
  `orders-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}.sqlite`;

/**
 * A consistent copy of a live database with SQLite's online backup API. All pages are copied in one
 * step, inside one read transaction, so writers in other processes (the server, while
 * `npm run backup` runs) neither block nor restart it; the copy is checked before it gets its name.
 */
export async function backupDatabase(db: DatabaseSync, destination: string): Promise<string> {
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial`;
  fs.rmSync(partial, { force: true });
  await backup(db, partial, { rate: 1_000_000_000 });
  const copy = new DatabaseSync(partial);
  try {
    const result = copy.prepare("PRAGMA integrity_check").get() as { integrity_check: string };
    if (result.integrity_check !== "ok")
      throw new Error(`backup failed its integrity check: ${result.integrity_check}`);
    // Fold the copy's WAL into the file so it is one self-contained file.
    copy.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    copy.close();
  }
  fs.renameSync(partial, destination);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${partial}${suffix}`, { force: true });
  return destination;
}

/** The backups in `dir`, oldest first. */
export function listBackups(dir: string): Array<{ file: string; at: Date }> {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort()
    .map((name) => ({ file: path.join(dir, name), at: fs.statSync(path.join(dir, name)).mtime }));
}

/** Bytes taken by the backups in `dir`. */
export function backupsSize(dir: string): number {
  return listBackups(dir).reduce((sum, { file }) => sum + fs.statSync(file).size, 0);
}

/**
 * Deletes the oldest backups until at most `keep` remain and they fit in `budgetBytes` (with
 * `reserveBytes` left for a backup about to be written). The newest is never deleted: one old
 * copy is worth more than a tidy folder.
 */
export function pruneBackups(dir: string, keep = BACKUPS_KEPT, budgetBytes = Infinity, reserveBytes = 0): number {
  const backups = listBackups(dir).map((entry) => ({ ...entry, size: fs.statSync(entry.file).size }));
  let total = backups.reduce((sum, { size }) => sum + size, 0);
  let removed = 0;
  while (backups.length > 1 && (backups.length > keep || total + reserveBytes > budgetBytes)) {
    const oldest = backups.shift()!;
    fs.rmSync(oldest.file, { force: true });
    total -= oldest.size;
    removed++;
  }
  return removed;
}

/** The live database's size on disk (its file and write-ahead log): what its copy will take. */
function liveSize(db: DatabaseSync): number {
  const file = db.location();
  if (!file) return 0;
  return [file, `${file}-wal`].reduce((sum, name) => sum + (fs.existsSync(name) ? fs.statSync(name).size : 0), 0);
}

export interface BackupOptions {
  /** The most the backups folder may take (BACKUPS_MAX_MB). */
  budgetBytes?: number;
  /** The volume's space: a parameter so a test can play a nearly full disk. */
  space?: (dir: string) => Promise<VolumeSpace>;
}

export type BackupOutcome = { file: string } | { skipped: string } | null;

/**
 * Makes today's backup unless the newest one is less than a day old. Room is made first (older
 * backups over the budget go), and the copy is skipped, saying why, when it would leave the volume
 * low: a full disk stops every order, a missing day's copy stops nothing.
 */
export async function backupIfDue(
  db: DatabaseSync,
  dir: string,
  now = new Date(),
  options: BackupOptions = {},
): Promise<BackupOutcome> {
  const last = listBackups(dir).at(-1);
  if (last && now.getTime() - last.at.getTime() < DAY_MS) return null;
  const budget = options.budgetBytes ?? Infinity;
  const needed = liveSize(db);
  fs.mkdirSync(dir, { recursive: true });
  pruneBackups(dir, BACKUPS_KEPT, budget, needed);
  if (needed > budget)
    return { skipped: `the database (${mb(needed)}) is larger than the backup budget (${mb(budget)}, BACKUPS_MAX_MB)` };
  const space = await (options.space ?? volumeSpace)(dir);
  if (space.free - needed < lowSpaceThreshold(space.total)) {
    return {
      skipped: `${mb(space.free)} free on the data volume: a ${mb(needed)} copy would leave less than ${mb(lowSpaceThreshold(space.total))}`,
    };
  }
  const file = await backupDatabase(db, path.join(dir, backupFileName(now)));
  pruneBackups(dir, BACKUPS_KEPT, budget);
  return { file };
}

const mb = (bytes: number) => `${Math.max(1, Math.round(bytes / (1024 * 1024)))} MB`;

/**
 * The server's daily backup: checked shortly after start and every hour. SQLite only: a
 * PostgreSQL database is backed up with its own tools (pg_dump), see docs/operating.md.
 */
export function startDailyBackups(store: Store, dir: string, options: BackupOptions = {}): { stop(): void } {
  const db = store.sqlite;
  if (!db) return { stop() {} };
  let running = false;
  const run = async () => {
    if (running || !db.isOpen) return;
    running = true;
    try {
      const outcome = await backupIfDue(db, dir, new Date(), options);
      if (outcome && "file" in outcome) logger().info({ file: outcome.file }, "daily backup written");
      if (outcome && "skipped" in outcome) logger().warn({ reason: outcome.skipped }, "daily backup skipped");
    } catch (error) {
      logger().error({ err: error }, "daily backup failed");
    } finally {
      running = false;
    }
  };
  const first = setTimeout(run, 5_000);
  const hourly = setInterval(run, 60 * 60_000);
  first.unref();
  hourly.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(hourly);
    },
  };
}
