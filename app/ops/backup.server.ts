import fs from "node:fs";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import type { Store } from "../db/database.server.ts";
import { logger } from "../lib/logger.server.ts";

/** Daily backups kept in DATA_DIR/backups (older ones are deleted). */
export const BACKUPS_KEPT = 14;
const DAY_MS = 24 * 60 * 60_000;
const NAME = /^orders-(\d{8}T\d{6}Z)\.sqlite$/;

export const backupFileName = (at = new Date()) => `orders-${at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}.sqlite`;

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
    if (result.integrity_check !== "ok") throw new Error(`backup failed its integrity check: ${result.integrity_check}`);
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

/** Deletes all but the newest `keep` backups in `dir`. */
export function pruneBackups(dir: string, keep = BACKUPS_KEPT): number {
  const backups = listBackups(dir);
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const { file } of old) fs.rmSync(file, { force: true });
  return old.length;
}

/** Makes today's backup unless the newest one is less than a day old. */
export async function backupIfDue(db: DatabaseSync, dir: string, now = new Date()): Promise<string | null> {
  const last = listBackups(dir).at(-1);
  if (last && now.getTime() - last.at.getTime() < DAY_MS) return null;
  const file = await backupDatabase(db, path.join(dir, backupFileName(now)));
  pruneBackups(dir);
  return file;
}

/**
 * The server's daily backup: checked shortly after start and every hour. SQLite only: a
 * PostgreSQL database is backed up with its own tools (pg_dump), see docs/operating.md.
 */
export function startDailyBackups(store: Store, dir: string): { stop(): void } {
  const db = store.sqlite;
  if (!db) return { stop() {} };
  let running = false;
  const run = async () => {
    if (running || !db.isOpen) return;
    running = true;
    try {
      const file = await backupIfDue(db, dir);
      if (file) logger().info({ file }, "daily backup written");
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
