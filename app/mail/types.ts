import type { StoredEmailKind } from "./email-kinds.ts";

/** One email waiting in the outbox, about an order or a quote request. */
export interface OutboxMessage {
  id: number;
  /** The order the email is about, or null when it is about a quote request. */
  orderId: string | null;
  quoteId: string | null;
  /** An unlock link for the owner (app/auth/unlock.server.ts), when about neither. */
  unlockId?: string | null;
  /** A system email (the owner's morning email), when about none of those: what it is about ('daily'). */
  systemKey?: string | null;
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
  /** Enqueues a system email (about no order, quote or link) unless one of this kind exists for `systemKey`. Returns true when added. */
  enqueueSystemEmail(systemKey: string, kind: StoredEmailKind): Promise<boolean>;
  /** When the unlock link an owner-unlock email carries expires (auth's owner_unlocks row), if it exists. */
  unlockExpiry(unlockId: string): Promise<number | undefined>;
}

/** One order in the owner's morning email, in words: its reference, offer, customer and due time. */
export interface MorningItem {
  orderId: string;
  reference: string;
  /** The offer's id (its name is written in the owner's language). */
  offer: string;
  customer: string;
  /** What the order paid today and, for a subscription, each month (minor units). */
  amount: { minor: number; monthly: number; currency: string };
  /** When the current delivery is due (ISO instant; withTime false: the day counts, `at` is the next midnight). */
  due: { at: string; withTime: boolean } | null;
}

/**
 * What the owner's morning email of `day` says (app/admin/morning.server.ts computes it): the work
 * late and due today, and what is new since the previous morning.
 */
export interface MorningDigest {
  day: string;
  timeZone: string;
  late: MorningItem[];
  dueToday: MorningItem[];
  paid: MorningItem[];
  briefs: MorningItem[];
  revisions: MorningItem[];
  /** The data volume when its free space is low (app/ops/disk-space.server.ts), else null. */
  disk: { free: number; total: number } | null;
}

/** Nothing to say: no email that day. */
export const isEmptyDigest = (digest: MorningDigest) =>
  !digest.late.length &&
  !digest.dueToday.length &&
  !digest.paid.length &&
  !digest.briefs.length &&
  !digest.revisions.length &&
  !digest.disk;
