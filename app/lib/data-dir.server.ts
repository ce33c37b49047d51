import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** A problem no retry will fix (unusable DATA_DIR, SQLite file that does not open): the start stops. */
export class StartupError extends Error {
  override name = "StartupError";
}

/**
 * Proves DATA_DIR can hold the database and the outbox before the site says it is up: creates it
 * if needed, then writes, syncs and removes a probe file. Throws one readable line naming the path
 * and the reason (read-only, not a directory, disk full, no permission).
 */
export function assertWritableDir(dir: string): void {
  const probe = path.join(dir, `.write-probe-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const fd = fs.openSync(probe, "wx");
    try {
      fs.writeSync(fd, randomBytes(4096));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dir} is not usable: ${reason(error)}`);
  } finally {
    try {
      fs.rmSync(probe, { force: true });
    } catch {
      // Nothing was created (DATA_DIR is not a directory): nothing to remove.
    }
  }
}

export function reason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code ? `${code} (${message.replace(/^\w+:\s*/, "").split(",")[0]})` : String(message ?? error);
}
