import type { RetentionPolicy } from "../config/site-schema.ts";
import { BackgroundWorker } from "../lib/background-worker.server.ts";
import { eraseRecords, type ErasureCounts } from "./data-rights.server.ts";
import type { PrivacyDeps } from "./types.ts";

const DAY_MS = 24 * 60 * 60_000;
/** Records erased per round; a pass goes round until nothing is due (a first run may find years of attempts). */
const BATCH = 200;
const MAX_ROUNDS = 500;

/**
 * One retention pass (GDPR art. 5(1)(e)): erases the personal details of every record older than
 * the configured periods — unpaid attempts, quote requests, and paid orders past the accounting
 * period (a running subscription is never due). The same pass run twice, or on two instances at
 * once, erases each record once: the stores erase only what is not erased yet and say how many
 * they changed, so only the instance that changed something records the pass.
 */
export async function runRetention(
  deps: PrivacyDeps,
  policy: RetentionPolicy,
  now = Date.now(),
): Promise<ErasureCounts> {
  const before = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const due = { unpaidBefore: before(policy.unpaidAttemptDays), paidBefore: before(policy.customerDays) };
  const quotesBefore = before(policy.quoteRequestDays);
  const total: ErasureCounts = { orders: 0, quotes: 0, emails: 0 };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [orderIds, quoteIds] = await Promise.all([
      deps.repo.ordersDueForErasure(due, BATCH),
      deps.repo.quotesDueForErasure(quotesBefore, BATCH),
    ]);
    if (!orderIds.length && !quoteIds.length) break;
    const erased = await eraseRecords(deps, orderIds, quoteIds);
    total.orders += erased.orders;
    total.quotes += erased.quotes;
    total.emails += erased.emails;
  }
  if (total.orders || total.quotes)
    await deps.repo.recordDataRequest({ kind: "retention", subjectDigest: null, actor: "retention", ...total });
  return total;
}

/** The retention pass at start-up and then once a day, on every instance (a pass is idempotent). */
export class RetentionWorker extends BackgroundWorker {
  private readonly deps: PrivacyDeps;
  private readonly policy: () => RetentionPolicy;

  constructor(deps: PrivacyDeps, policy: () => RetentionPolicy, pollMs = DAY_MS) {
    super("retention", pollMs);
    this.deps = deps;
    this.policy = policy;
  }

  async runOnce(): Promise<number> {
    const erased = await runRetention(this.deps, this.policy());
    return erased.orders + erased.quotes;
  }
}
