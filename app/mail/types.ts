import type { StoredEmailKind } from "./email-kinds.ts";

/** One email waiting in the outbox, about an order or a quote request. */
export interface OutboxMessage {
  id: number;
  /** The order the email is about, or null when it is about a quote request. */
  orderId: string | null;
  quoteId: string | null;
  /** An unlock link for the owner (app/auth/unlock.server.ts), when about neither. */
  unlockId?: string | null;
  kind: string;
  attempts: number;
}

export interface OutboxRow extends OutboxMessage {
  /** failed: given up (a permanent refusal, or too many attempts); shown by `npm run orders`. */
  status: "pending" | "sent" | "failed";
  lastError: string | null;
  sentAt: string | null;
}

/**
 * The email outbox: one row per (order or quote request, kind), claimed with a lease so that a
 * crashed instance's emails are sent by another. Written once with Kysely for both databases.
 */
export interface OutboxStore {
  /** Enqueues an email unless one of this kind exists for the order. Returns true when added. */
  enqueueEmail(orderId: string, kind: StoredEmailKind): Promise<boolean>;
  /** Enqueues an email unless one of this kind exists for the quote request. Returns true when added. */
  enqueueQuoteEmail(quoteId: string, kind: StoredEmailKind): Promise<boolean>;
  countEmails(orderId: string): Promise<number>;
  /** Leases due messages (so a crashed worker's messages come back later) and returns them. */
  claimDueEmails(limit: number, leaseMs: number): Promise<OutboxMessage[]>;
  /** Hands claimed messages back (due now, the claim not counted as an attempt) while the lease still holds. */
  releaseEmails(ids: number[]): Promise<void>;
  markEmailSent(id: number, messageId: string): Promise<void>;
  markEmailRetry(id: number, delayMs: number, error: string): Promise<void>;
  /** pending → failed: no more attempts. */
  markEmailFailed(id: number, error: string): Promise<void>;
  listEmails(orderId: string): Promise<OutboxRow[]>;
  /** Enqueues the unlock-link email to the owner (once per unlock link). Returns true when added. */
  enqueueUnlockEmail(unlockId: string): Promise<boolean>;
  /** Enqueues the email of an owner link (unlock, set-up, password reset), once per link. Returns true when added. */
  enqueueOwnerLinkEmail(linkId: string, purpose: "unlock" | "setup" | "reset"): Promise<boolean>;
  listQuoteEmails(quoteId: string): Promise<OutboxRow[]>;
  /** When the unlock link an owner-unlock email carries expires (auth's owner_unlocks row), if it exists. */
  unlockExpiry(unlockId: string): Promise<number | undefined>;
}
