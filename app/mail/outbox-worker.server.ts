import { ERASED } from "../db/erased.ts";
import { RecipientErasedError, UnknownEmailKindError } from "./outbox-emails.server.ts";
import { BackgroundWorker, retryDelay } from "../lib/background-worker.server.ts";
import { logger } from "../lib/logger.server.ts";
import type { BackOfficeStore } from "../admin/types.ts";
import type { OutboxStore } from "./types.ts";
import type { OutboxMessage } from "./types.ts";

export interface OutboxWorkerOptions {
  repo: OutboxStore & Pick<BackOfficeStore, "addOrderEvent">;
  deliver(message: OutboxMessage): Promise<string>;
  /** First retry delay; doubles per attempt up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  pollMs: number;
  /** How long a claimed message stays invisible to other workers while it is being sent. */
  leaseMs?: number;
  /** Called once a message is given up for good (the owner is told of a customer's email). */
  onGaveUp?(message: OutboxMessage, error: string): Promise<void>;
  /** "file" (no SMTP_URL): a delivery writes an .eml file, and the log says so instead of "email sent". */
  mailerKind?: "smtp" | "file";
}

/** Default lease: far longer than a send takes (nodemailer times out well before). */
const LEASE_MS = 2 * 60_000;
const BATCH = 20;

/** A permanent refusal (SMTP 5xx: unknown mailbox, rejected content) is tried this many times, then failed. */
export const MAX_PERMANENT_ATTEMPTS = 3;
/** Any other failure is retried with backoff up to this many attempts (about half a day at the cap). */
export const MAX_ATTEMPTS = 50;

/** SMTP 5xx replies say "do not try again as is"; 4xx and network errors are worth retrying. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export { retryDelay };

/**
 * Sends queued emails in the background: never on a request's path. A failed delivery stays in
 * the outbox and is retried with exponential backoff (capped), so a down SMTP server loses nothing.
 */
export class OutboxWorker extends BackgroundWorker {
  private readonly options: OutboxWorkerOptions;

  constructor(options: OutboxWorkerOptions) {
    super("outbox", options.pollMs);
    this.options = options;
  }

  /** One pass over the due messages (exported for tests). */
  async runOnce(): Promise<number> {
    const { repo, deliver, backoffMs, maxBackoffMs } = this.options;
    let sent = 0;
    const leaseMs = this.options.leaseMs ?? LEASE_MS;
    const claimedAt = Date.now();
    const batch = await repo.claimDueEmails(BATCH, leaseMs);
    // A full batch means more may be waiting: go again at once instead of after the poll interval.
    if (batch.length === BATCH) this.again = true;
    for (const [index, message] of batch.entries()) {
      // The lease covers the whole batch: past half of it (a slow SMTP server), hand the rest back
      // while it is still ours, rather than send a message another instance may claim meanwhile.
      if (Date.now() - claimedAt > leaseMs / 2) {
        await repo.releaseEmails(batch.slice(index).map((rest) => rest.id));
        this.again = true;
        break;
      }
      const context = {
        orderId: message.orderId,
        quoteId: message.quoteId,
        kind: message.kind,
        attempts: message.attempts,
      };
      try {
        const messageId = await deliver(message);
        await repo.markEmailSent(message.id, messageId);
        sent++;
        logger().info(
          context,
          this.options.mailerKind === "file" ? "email written to a file (no SMTP_URL: nothing was sent)" : "email sent",
        );
        await this.record(message.orderId, "email_sent", `${message.kind} #${message.attempts}`);
      } catch (error) {
        const reason = String((error as Error)?.message ?? error);
        if (error instanceof RecipientErasedError) {
          await repo.markEmailFailed(message.id, ERASED);
          await this.record(message.orderId, "email_gave_up", `${message.kind} #${message.attempts}: ${ERASED}`);
          continue;
        }
        const permanent = isPermanentFailure(error);
        // Retrying a permanent refusal for ever would hammer the server and never tell anyone; a
        // kind this version cannot write will not learn to on a retry: given up at once.
        const unknownKind = error instanceof UnknownEmailKindError;
        if (
          unknownKind ||
          (permanent && message.attempts >= MAX_PERMANENT_ATTEMPTS) ||
          message.attempts >= MAX_ATTEMPTS
        ) {
          await repo.markEmailFailed(message.id, reason);
          logger().error({ ...context, permanent, error: reason }, "email delivery failed for good");
          await this.record(message.orderId, "email_gave_up", `${message.kind} #${message.attempts}: ${reason}`);
          await this.options
            .onGaveUp?.(message, reason)
            .catch((notifyError) =>
              logger().error({ ...context, err: notifyError }, "could not queue the failure notice"),
            );
          continue;
        }
        // Recorded first: the retry delay starts when the message is put back.
        await this.record(message.orderId, "email_failed", `${message.kind} #${message.attempts}: ${reason}`);
        const delay = retryDelay(message.attempts, backoffMs, maxBackoffMs);
        await repo.markEmailRetry(message.id, delay, reason);
        logger().warn({ ...context, permanent, retryInMs: delay, error: reason }, "email delivery failed, will retry");
      }
    }
    return sent;
  }

  /** The order's timeline shows every attempt; a failure to write it never stops the sending. */
  private async record(orderId: string | null, kind: "email_sent" | "email_failed" | "email_gave_up", detail: string) {
    // Only orders have a timeline; a quote request's emails are in the outbox table alone.
    if (!orderId) return;
    try {
      await this.options.repo.addOrderEvent(orderId, kind, detail);
    } catch (error) {
      logger().warn({ orderId, err: error }, "could not record an email attempt");
    }
  }
}
