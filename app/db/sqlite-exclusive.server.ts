import { DatabaseSync } from "node:sqlite";

/** Another process has the SQLite file open (the site, `npm run orders`, a backup in progress). */
export class DatabaseInUseError extends Error {
  override name = "DatabaseInUseError";
}

/**
 * Opens an SQLite database for this process alone, or throws DatabaseInUseError at once.
 *
 * Why this detects a running site: in WAL mode (the site's mode, app/db/database.server.ts) every
 * open connection keeps a SHARED lock on the database file for as long as it is open, not only
 * during a transaction (SQLite's pager never drops it in WAL mode). A connection in
 * `locking_mode = EXCLUSIVE` must take an EXCLUSIVE lock on that same file before it can read a
 * WAL database without the shared-memory index, so it gets SQLITE_BUSY while any other process
 * holds the database, idle or not. The locks are the kernel's (POSIX advisory locks on the file):
 * they vanish with the process that held them, even after SIGKILL or a crash, so there is no lock
 * file that could go stale, and they are seen across containers sharing the volume.
 *
 * The returned connection keeps the lock until it is closed: a site started meanwhile waits
 * (busy_timeout) instead of writing into a file that is being replaced or copied.
 */
export function openExclusively(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  try {
    db.exec("PRAGMA busy_timeout = 0; PRAGMA locking_mode = EXCLUSIVE;");
    // BEGIN EXCLUSIVE takes the lock (and, on a WAL file, folds a left-over WAL in on first read).
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    return db;
  } catch (error) {
    db.close();
    if ((error as { errcode?: number }).errcode === 5 /* SQLITE_BUSY */) {
      throw new DatabaseInUseError(`${file} is in use by another process`);
    }
    throw error;
  }
}
