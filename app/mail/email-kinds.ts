/**
 * Outbox message kinds. The outbox is unique per (order, kind), which is what makes each of these
 * "exactly once": a kind that may repeat carries a counter or the id of what it is about.
 */
export const CONFIRMATION_EMAIL = "confirmation";
/** The owner's notice of a paid order (to OWNER_EMAIL, in OWNER_LANG). */
export const OWNER_PAID_EMAIL = "owner-paid";
/** The owner's unlock link (about an owner_unlocks row, not an order). */
export const OWNER_UNLOCK_EMAIL = "owner-unlock";
/** The customer's short "your order was delivered" email. */
export const DELIVERED_EMAIL = "delivered";
const OWNER_FAILURE_PREFIX = "owner-email-failed-";

/** The owner's notice that the outbox message `outboxId` was given up. */
export const ownerFailureKind = (outboxId: number) => `${OWNER_FAILURE_PREFIX}${outboxId}`;
export const failedOutboxId = (kind: string) => (kind.startsWith(OWNER_FAILURE_PREFIX) ? Number(kind.slice(OWNER_FAILURE_PREFIX.length)) : null);

/** Outbox kinds of a quote request: the visitor's acknowledgement and the owner's copy. */
export const QUOTE_EMAIL_KINDS = { ack: "quote-ack", owner: "quote-owner" } as const;

/** Messages to the owner (a failure of one of these is not reported by another email). */
export const isOwnerKind = (kind: string) => kind.startsWith("owner-") || kind === QUOTE_EMAIL_KINDS.owner;

/** The confirmation and its copies (thank-you page `resend-N`, back office `admin-resend-N`). */
export const isConfirmationKind = (kind: string) => kind === CONFIRMATION_EMAIL || kind.startsWith("resend-") || kind.startsWith("admin-resend-");

/**
 * After checkout (payment-events.server.ts, the sandbox portal): customer emails and owner notices,
 * each carrying the id of what it is about, so a replayed event cannot send it twice.
 */
export const BILLING_EMAIL = {
  paymentFailed: (invoiceId: string) => `payment-failed.${invoiceId}`,
  renewal: (invoiceId: string) => `renewal.${invoiceId}`,
  subscriptionEnded: "subscription-ended",
  manageLink: (stamp: string) => `manage-link.${stamp}`,
  ownerCancellation: "owner-cancellation",
  ownerRefund: (chargeId: string, amount: number) => `owner-refund.${chargeId}.${amount}`,
  ownerDispute: (disputeId: string, amount: number) => `owner-dispute.${disputeId}.${amount}`,
  ownerDisputeClosed: (disputeId: string, status: string) => `owner-dispute-closed.${disputeId}.${status}`,
  ownerPaused: (eventId: string) => `owner-paused.${eventId}`,
  /** A provider event about the order that the site could not handle (stored as unhandled). */
  ownerUnhandled: (eventId: string) => `owner-unhandled.${eventId}`,
} as const;
