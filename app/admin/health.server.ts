import path from "node:path";
import { getEnv } from "../lib/env.server.ts";
import { backupsSize, listBackups } from "../ops/backup.server.ts";
import { isLowSpace, volumeSpace } from "../ops/disk-space.server.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";

/** An order still pending or at checkout after this long is shown as stuck. */
const STUCK_AFTER_MS = 60 * 60_000;

/** The front page's system tiles: the outbox, stuck orders, payment events, the mode of payments, the last backup. */
export interface HealthSummary {
  emailsPending: number;
  emailsFailed: number;
  ordersStuck: number;
  ordersPaid: number;
  /** Payment events of a handled type that could not be read (kept, the owner emailed once each). */
  paymentEventsUnhandled: number;
  payments: "sandbox" | "test" | "live";
  lastBackup: string | null;
  /** The data volume (DATA_DIR: database, files, backups); null when it cannot be read. */
  disk: { free: number; total: number; low: boolean } | null;
  backupsBytes: number;
}

export async function healthSummary({
  repo,
  inbox,
}: Pick<OrderServices, "inbox"> & { repo: StoresOf<"backOffice"> }): Promise<HealthSummary> {
  const env = getEnv();
  const [counts, paymentEventsUnhandled] = await Promise.all([
    repo.health(new Date(Date.now() - STUCK_AFTER_MS).toISOString()),
    inbox.countUnhandled(),
  ]);
  const backups = path.resolve(env.DATA_DIR, "backups");
  const last = listBackups(backups).at(-1);
  const payments = !env.STRIPE_SECRET_KEY ? "sandbox" : env.STRIPE_SECRET_KEY.includes("_live_") ? "live" : "test";
  const space = await volumeSpace(path.resolve(env.DATA_DIR)).catch(() => null);
  const disk = space && { ...space, low: isLowSpace(space) };
  return {
    ...counts,
    paymentEventsUnhandled,
    payments,
    lastBackup: last ? last.at.toISOString() : null,
    disk,
    backupsBytes: backupsSize(backups),
  };
}
