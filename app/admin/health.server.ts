import path from "node:path";
import { getEnv } from "../lib/env.server.ts";
import { listBackups } from "../ops/backup.server.ts";
import { getOrderServices } from "../services.server.ts";

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
}

export async function healthSummary(): Promise<HealthSummary> {
  const env = getEnv();
  const { repo, inbox } = await getOrderServices();
  const [counts, paymentEventsUnhandled] = await Promise.all([repo.health(new Date(Date.now() - STUCK_AFTER_MS).toISOString()), inbox.countUnhandled()]);
  const last = listBackups(path.resolve(env.DATA_DIR, "backups")).at(-1);
  const payments = !env.STRIPE_SECRET_KEY ? "sandbox" : env.STRIPE_SECRET_KEY.includes("_live_") ? "live" : "test";
  return { ...counts, paymentEventsUnhandled, payments, lastBackup: last ? last.at.toISOString() : null };
}
