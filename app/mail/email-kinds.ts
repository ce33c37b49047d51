/**
 * Outbox message kinds. The outbox is unique per (order, kind), which is what makes each of these
 * "exactly once": a kind that may repeat carries a counter or the id of what it is about.
 */
export const CONFIRMATION_EMAIL = "confirmation";
/** The owner's notice of a paid order (to OWNER_EMAIL, in OWNER_LANG). */
export const OWNER_PAID_EMAIL = "owner-paid";
/** The owner's unlock link (about an owner_unlocks row, not an order). */
export const OWNER_UNLOCK_EMAIL = "owner-unlock";
/** The first set-up link (or one `npm run owner -- reset` made), about an owner_unlocks row of purpose setup. */
export const OWNER_SETUP_EMAIL = "owner-setup";
/** A "forgot password" reset link, about an owner_unlocks row of purpose reset. */
export const OWNER_RESET_EMAIL = "owner-reset";
/** The outbox kind of each emailed owner link (app/auth names the purpose, never the kind). */
export const OWNER_LINK_KINDS = { unlock: OWNER_UNLOCK_EMAIL, setup: OWNER_SETUP_EMAIL, reset: OWNER_RESET_EMAIL } as const;
/** The customer's short "your order was delivered" email. */
export const DELIVERED_EMAIL = "delivered";
/**
 * The delivered email of one delivery: an order's first delivery is `delivered`; a subscription is
 * delivered again each billing period, each later period's email `delivered.{period end}`, so each
 * is sent once.
 */
export const deliveredKind = (period: string | null, earlierDeliveries: number) =>
  period && earlierDeliveries > 0 ? `${DELIVERED_EMAIL}.${period.replace(/\.\d+(?=Z$)/, "")}` : DELIVERED_EMAIL;
/**
 * The owner's notice that a webhook endpoint (app/automation/) was paused after failing for too
 * long: once per pause, about the order or quote request whose delivery paused it.
 */
export const OWNER_WEBHOOK_PAUSED_EMAIL = "owner-webhook-paused";
export const ownerWebhookPausedKind = (endpointId: string, pausedAt: string) => `${OWNER_WEBHOOK_PAUSED_EMAIL}.${endpointId}.${Date.parse(pausedAt)}`;
export const isWebhookPausedKind = (kind: string) => kind.startsWith(`${OWNER_WEBHOOK_PAUSED_EMAIL}.`);
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
  /** The customer's confirmation of their cancellation, naming the day it ends (once per end date). */
  cancellationConfirmed: (periodEnd: string) => `cancellation-confirmed.${periodEnd.replace(/\.\d+(?=Z$)/, "")}`,
  ownerCancellation: "owner-cancellation",
  /** The customer's notice of a refund the owner made from the back office (the provider's refund id, the amount). */
  refundIssued: (refundId: string, amount: number) => `refund-issued.${refundId}.${amount}`,
  ownerRefund: (chargeId: string, amount: number) => `owner-refund.${chargeId}.${amount}`,
  ownerDispute: (disputeId: string, amount: number) => `owner-dispute.${disputeId}.${amount}`,
  ownerDisputeClosed: (disputeId: string, status: string) => `owner-dispute-closed.${disputeId}.${status}`,
  ownerPaused: (eventId: string) => `owner-paused.${eventId}`,
  /** A provider event about the order that the site could not handle (stored as unhandled). */
  ownerUnhandled: (eventId: string) => `owner-unhandled.${eventId}`,
} as const;

/**
 * The words the back office shows for an outbox kind (a key of `emailKinds` in locales/<lang>/admin.json):
 * the kind without what follows its prefix or suffix (`cancellation-confirmed.<date>`,
 * `owner-paused.<event>`, `resend-<n>`, `owner-email-failed-<id>`). null for a kind this site never
 * writes (an older or newer version's), which the back office then shows as it is.
 */
export function emailKindKey(kind: string): EmailKindKey | null {
  if (kind === CONFIRMATION_EMAIL) return "confirmation";
  if (kind.startsWith("admin-resend-")) return "adminResend";
  if (kind.startsWith("resend-")) return "resend";
  if (failedOutboxId(kind) !== null) return "ownerFailed";
  const name = kind.split(".")[0]!;
  return (KIND_KEYS as Record<string, EmailKindKey>)[name] ?? null;
}

const KIND_KEYS = {
  [OWNER_PAID_EMAIL]: "ownerPaid",
  [OWNER_UNLOCK_EMAIL]: "ownerUnlock",
  [OWNER_SETUP_EMAIL]: "ownerSetup",
  [OWNER_RESET_EMAIL]: "ownerReset",
  [DELIVERED_EMAIL]: "delivered",
  [QUOTE_EMAIL_KINDS.ack]: "quoteAck",
  [QUOTE_EMAIL_KINDS.owner]: "quoteOwner",
  "payment-failed": "paymentFailed",
  renewal: "renewal",
  "subscription-ended": "subscriptionEnded",
  "manage-link": "manageLink",
  "cancellation-confirmed": "cancellationConfirmed",
  "owner-cancellation": "ownerCancellation",
  "refund-issued": "refundIssued",
  "owner-refund": "ownerRefund",
  "owner-dispute": "ownerDispute",
  "owner-dispute-closed": "ownerDisputeClosed",
  "owner-paused": "ownerPaused",
  "owner-unhandled": "ownerUnhandled",
  [OWNER_WEBHOOK_PAUSED_EMAIL]: "ownerWebhookPaused",
} as const;

export type EmailKindKey = (typeof KIND_KEYS)[keyof typeof KIND_KEYS] | "confirmation" | "resend" | "adminResend" | "ownerFailed";

/** An outbox kind in the owner's words, with `t` the back office's translator (namespace admin). */
export function emailKindLabel(kind: string, t: (key: string) => string): string {
  const key = emailKindKey(kind);
  return key ? t(`emailKinds.${key}`) : kind;
}
