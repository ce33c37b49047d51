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

/**
 * The same proof, without blocking and with a time limit, for the Node front to run before it
 * takes its port: on some paths (a directory under /proc) Node's mkdir never returns, and a
 * synchronous probe would leave a process holding its port that answers nothing. The asynchronous
 * calls run on libuv's threads, so the limit still fires; the front then exits with one line.
 */
export async function assertWritableDirWithin(dir: string, ms: number): Promise<void> {
  const probe = path.join(dir, `.write-probe-${process.pid}-${randomBytes(4).toString("hex")}`);
  const attempt = (async () => {
    await fs.promises.mkdir(dir, { recursive: true });
    const handle = await fs.promises.open(probe, "wx");
    try {
      await handle.write(randomBytes(4096));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rm(probe, { force: true });
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the file system within ${ms / 1000} s (is it a real directory, not under /proc?)`)), ms);
  });
  try {
    await Promise.race([attempt, late]);
  } catch (error) {
    await fs.promises.rm(probe, { force: true }).catch(() => undefined);
    throw new StartupError(`DATA_DIR ${dir} is not usable: ${reason(error)}`);
  } finally {
    clearTimeout(timer);
  }
}
