import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** A problem no retry will fix (unusable DATA_DIR, SQLite file that does not open): the start stops. */
export class StartupError extends Error {
  override name = "StartupError";
}

export function reason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return code ? `${code} (${message.replace(/^\w+:\s*/, "").split(",")[0]})` : String(message ?? error);
}

/**
 * Proves DATA_DIR can hold the database and the outbox before the site says it is up: creates it
 * if needed, then writes, syncs and removes a probe file. Throws one readable line naming the path
 * and the reason (read-only, not a directory, disk full, no permission). Asynchronous and within a
 * time limit: on some paths (a directory under /proc) Node's mkdir never returns, and a
 * synchronous probe would leave a process holding its port that answers nothing; these calls run
 * on libuv's threads, so the limit still fires. The Node front runs it before it takes its port,
 * the services again as they open (scripts and tests open them without a front).
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
    timer = setTimeout(
      () =>
        reject(
          new Error(`no answer from the file system within ${ms / 1000} s (is it a real directory, not under /proc?)`),
        ),
      ms,
    );
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
