import fs from "node:fs";

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
