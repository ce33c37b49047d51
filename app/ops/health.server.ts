import fs from "node:fs";
import path from "node:path";

/**
 * What GET /healthz checks: that the site can take an order, not merely that the process runs. A
 * load balancer keeps sending visitors to an instance that answers 200, so with the data volume
 * full every order got a 503 while /healthz still said "ok".
 *
 * - the database answers a read (`ping`);
 * - it takes a write: a row in a transaction, rolled back (`probeWrite`; a read-only database or a
 *   PostgreSQL replica refuses it);
 * - the SQLite file's volume keeps MIN_FREE_BYTES free. A rolled-back write puts nothing on disk
 *   (SQLite's WAL gets pages at commit, and reuses its file), so only the free space tells that the
 *   next orders will fail; the margin says so before they do.
 *
 * The answer is one line for the operator's log and the balancer's page: never a path, a table or
 * a driver's message.
 */
export const MIN_FREE_BYTES = 16 * 1024 * 1024;

export interface HealthProbes {
  ping(): Promise<void>;
  probeWrite(): Promise<void>;
}

export type Health = { ok: true } | { ok: false; reason: string };

const mb = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;

/** How long the file storage has to answer (an unreachable S3 endpoint would otherwise hold the check). */
export const STORAGE_PROBE_MS = 3000;

/**
 * The file storage (briefs' and deliveries' files): it answers a listing within STORAGE_PROBE_MS
 * (S3 reachable, the disk readable), and on disk its volume keeps MIN_FREE_BYTES free. Uploads
 * answer 503 while it fails; so does this check, so a balancer stops sending customers there.
 */
export async function checkStorage(
  files: { kind: "disk" | "s3"; list(prefix: string): Promise<string[]> },
  filesDir?: string,
): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      files.list("healthz/"),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), STORAGE_PROBE_MS))),
    ]);
  } catch {
    return { ok: false, reason: `file storage unavailable (${files.kind})` };
  } finally {
    clearTimeout(timer);
  }
  if (files.kind === "disk" && filesDir) {
    let free: number;
    try {
      // Before the first file the folder does not exist yet: its parent (DATA_DIR) is the same volume.
      const stats = await fs.promises.statfs(filesDir).catch(() => fs.promises.statfs(path.dirname(filesDir)));
      free = stats.bavail * stats.bsize;
    } catch {
      return { ok: false, reason: "file storage unreadable" };
    }
    if (free < MIN_FREE_BYTES)
      return { ok: false, reason: `file storage full: ${mb(free)} free, ${mb(MIN_FREE_BYTES)} needed` };
  }
  return { ok: true };
}

/** `sqliteDir`: the SQLite file's directory (none with PostgreSQL, whose disk is its server's). */
export async function checkHealth(probes: HealthProbes, sqliteDir?: string): Promise<Health> {
  try {
    await probes.ping();
  } catch {
    return { ok: false, reason: "database unavailable" };
  }
  if (sqliteDir) {
    let free: number | undefined;
    try {
      const stats = await fs.promises.statfs(sqliteDir);
      free = stats.bavail * stats.bsize;
    } catch {
      return { ok: false, reason: "data directory unreadable" };
    }
    if (free < MIN_FREE_BYTES)
      return { ok: false, reason: `data volume full: ${mb(free)} free, ${mb(MIN_FREE_BYTES)} needed` };
  }
  try {
    await probes.probeWrite();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const why = /full|ENOSPC|no space/i.test(message)
      ? "disk full"
      : /read-?only/i.test(message)
        ? "read-only"
        : /locked|busy/i.test(message)
          ? "locked"
          : "write refused";
    return { ok: false, reason: `database cannot write (${why})` };
  }
  return { ok: true };
}
