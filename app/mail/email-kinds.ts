/**
 * Outbox message kinds: every email the site can send has one entry in `KINDS` below, and
 * `app/mail/email-registry.server.ts` must give each of them a recipient and a renderer (a missing
 * one is a type error). The outbox is unique per (order, kind), which is what makes each email
 * "exactly once": a kind that may repeat carries a key (a counter, a date, the id of what it is
 * about) after its name, e.g. `refund-issued.re_123.4500` or `resend-2`.
 *
 * This module is plain data and small functions (no server code): the back office reads its labels.
 */

/** How a kind's key is written after its name and read back (null: not a key this kind writes). */
interface KeyCodec<S extends "." | "-", P> {
  separator: S;
  /** The payload of the kind stored bare, when it may be (the first delivery is `delivered`, later ones `delivered.<period>`). */
  bare?: P;
  write(payload: P): string | null;
  read(key: string): P | null;
}

const key = <S extends "." | "-", P, B extends P | undefined = undefined>(codec: KeyCodec<S, P> & { bare?: B }) =>
  codec as KeyCodec<S, P> & { bare: B };
/** A date as a key: without its milliseconds, so one instant is always one key. */
const dateKey = (iso: string) => iso.replace(/\.\d+(?=Z$)/, "");
const counter = <N extends string>(name: N) =>
  key({
    separator: "-",
    write: (payload: Record<N, number>) => String(payload[name]),
    read: (raw) => (/^\d+$/.test(raw) ? ({ [name]: Number(raw) } as Record<N, number>) : null),
  });
const oneId = <N extends string>(name: N) =>
  key({
    separator: ".",
    write: (payload: Record<N, string>) => payload[name],
    read: (raw) => (raw ? ({ [name]: raw } as Record<N, string>) : null),
  });
/** `<id>.<amount in minor units>`: split at the last dot (provider ids have none, but an amount never has one). */
const idAndAmount = <N extends string>(name: N) =>
  key({
    separator: ".",
    write: (payload: Record<N, string> & { amount: number }) => `${payload[name]}.${payload.amount}`,
    read: (raw) => {
      const match = /^(.+)\.(\d+)$/.exec(raw);
      return match ? ({ [name]: match[1]!, amount: Number(match[2]) } as Record<N, string> & { amount: number }) : null;
    },
  });

/**
 * Every kind the site writes: its name as stored, its key (what it is about), and the words the
 * back office shows for it (`emailKinds.<label>` in locales/<lang>/admin.json).
 */
const KINDS = {
  confirmation: { label: "confirmation" },
  /** A copy of the confirmation asked from the thank-you page. */
  resend: { label: "resend", key: counter("copy") },
  /** A copy of the confirmation sent from the back office. */
  "admin-resend": { label: "adminResend", key: counter("copy") },
  /** The owner's notice of a paid order (to OWNER_EMAIL, in OWNER_LANG). */
  "owner-paid": { label: "ownerPaid" },
  /** The owner's unlock link (about an owner_unlocks row, not an order). */
  "owner-unlock": { label: "ownerUnlock" },
  /** The first set-up link (or one `npm run owner -- reset` made), about an owner_unlocks row of purpose setup. */
  "owner-setup": { label: "ownerSetup" },
  /** A "forgot password" reset link, about an owner_unlocks row of purpose reset. */
  "owner-reset": { label: "ownerReset" },
  /**
   * The customer's short "your order was delivered" email. An order's first delivery is
   * `delivered`; a subscription is delivered again each billing period, each later period's email
   * `delivered.<period end>`, so each is sent once.
   */
  delivered: {
    label: "delivered",
    key: key({
      separator: ".",
      bare: { period: null },
      write: (payload: { period: string | null }) => (payload.period ? dateKey(payload.period) : null),
      read: (raw) => (raw ? { period: raw } : null),
    }),
  },
  /** The customer's email of one delivery of the work (app/delivery/): its link, files and note. */
  "work-delivered": { label: "workDelivered", key: oneId("deliveryId") },
  /** The customer's one reminder to send their brief, BRIEF_REMINDER_HOURS after payment (app/delivery/brief-reminder.server.ts). */
  "brief-reminder": { label: "briefReminder" },
  /** The owner's notice of a revision the customer asked (Reply-To the customer). */
  "owner-revision": { label: "ownerRevision", key: oneId("revisionId") },
  /** The owner's notice that the customer accepted a delivery. */
  "owner-accepted": { label: "ownerAccepted", key: oneId("deliveryId") },
  /**
   * The owner's morning email (app/admin/morning.server.ts): what is due today, late, and new since
   * the day before; once per day (`owner-morning.<YYYY-MM-DD>`, the owner's calendar day), about the
   * system subject 'daily'.
   */
  "owner-morning": {
    label: "ownerMorning",
    key: key({
      separator: ".",
      write: (payload: { day: string }) => payload.day,
      read: (raw) => (/^\d{4}-\d{2}-\d{2}$/.test(raw) ? { day: raw } : null),
    }),
  },
  /** The owner's notice that the outbox message `outboxId` was given up (or could not be written). */
  "owner-email-failed": { label: "ownerFailed", key: counter("outboxId") },
  /** A quote request: the visitor's acknowledgement. */
  "quote-ack": { label: "quoteAck" },
  /** A quote request: the owner's copy (Reply-To the visitor). */
  "quote-owner": { label: "quoteOwner" },
  /** A priced proposal's link, to the customer in the request's language (once per version). */
  proposal: { label: "proposal", key: oneId("proposalId") },
  /** The owner's notices of a proposal: opened the first time, accepted, declined (each once). */
  "owner-proposal-viewed": { label: "ownerProposalViewed", key: oneId("proposalId") },
  "owner-proposal-accepted": { label: "ownerProposalAccepted", key: oneId("proposalId") },
  "owner-proposal-declined": { label: "ownerProposalDeclined", key: oneId("proposalId") },
  /** A customer's question about a proposal (Reply-To the customer), one per question. */
  "owner-proposal-question": { label: "ownerProposalQuestion", key: oneId("questionId") },
  "payment-failed": { label: "paymentFailed", key: oneId("invoiceId") },
  renewal: { label: "renewal", key: oneId("invoiceId") },
  "subscription-ended": { label: "subscriptionEnded" },
  "manage-link": { label: "manageLink", key: oneId("stamp") },
  /** A copy of the confirmation (it carries the order page's link) asked with "send me my links again". */
  "order-link": { label: "orderLink", key: oneId("stamp") },
  /** The customer's confirmation of their cancellation, naming the day it ends (once per end date). */
  "cancellation-confirmed": {
    label: "cancellationConfirmed",
    key: key({
      separator: ".",
      write: (payload: { periodEnd: string }) => dateKey(payload.periodEnd),
      read: (raw) => (raw ? { periodEnd: raw } : null),
    }),
  },
  "owner-cancellation": { label: "ownerCancellation" },
  /** The customer's notice of a refund the owner made from the back office (the provider's refund id, the amount). */
  "refund-issued": { label: "refundIssued", key: idAndAmount("refundId") },
  "owner-refund": { label: "ownerRefund", key: idAndAmount("chargeId") },
  "owner-dispute": { label: "ownerDispute", key: idAndAmount("disputeId") },
  "owner-dispute-closed": {
    label: "ownerDisputeClosed",
    key: key({
      separator: ".",
      write: (payload: { disputeId: string; status: string }) => `${payload.disputeId}.${payload.status}`,
      read: (raw) => {
        const match = /^(.+)\.([^.]+)$/.exec(raw);
        return match ? { disputeId: match[1]!, status: match[2]! } : null;
      },
    }),
  },
  "owner-paused": { label: "ownerPaused", key: oneId("eventId") },
  /** A provider event about the order that the site could not handle (stored as unhandled). */
  "owner-unhandled": { label: "ownerUnhandled", key: oneId("eventId") },
  /**
   * The owner's notice that a webhook endpoint (app/automation/) was paused after failing for too
   * long: once per pause (`<endpoint id>.<pause time in ms>`), about the order or quote request
   * whose delivery paused it.
   */
  "owner-webhook-paused": {
    label: "ownerWebhookPaused",
    key: key({
      separator: ".",
      write: (payload: { endpointId: string; pausedAt: number }) => `${payload.endpointId}.${payload.pausedAt}`,
      read: (raw) => {
        const match = /^(.+)\.(\d+)$/.exec(raw);
        return match ? { endpointId: match[1]!, pausedAt: Number(match[2]) } : null;
      },
    }),
  },
} as const satisfies Record<
  string,
  { label: string; key?: { separator: "." | "-"; write(payload: never): string | null; read(key: string): unknown } }
>;

type Kinds = typeof KINDS;
/** The name of every email the site sends. */
export type EmailKind = keyof Kinds;
/** What an email is about, read from its stored key (undefined for a kind without one). */
export type EmailPayload<K extends EmailKind> = Kinds[K] extends { key: KeyCodec<"." | "-", infer P> } ? P : undefined;
/** The stored spelling of one kind: its name, or its name, separator and key. */
export type StoredKindOf<K extends EmailKind> = Kinds[K] extends {
  key: { separator: infer S extends string; bare: object };
}
  ? K | `${K}${S}${string}`
  : Kinds[K] extends { key: { separator: infer S extends string } }
    ? `${K}${S}${string}`
    : K;
/** An outbox kind as stored: a string the site wrote. Enqueueing anything else is a type error. */
export type StoredEmailKind = { [K in EmailKind]: StoredKindOf<K> }[EmailKind];
/** A stored kind read back: its name, its raw key, and the key as data. */
export type ParsedEmailKind = {
  [K in EmailKind]: { kind: K; key: string | null; payload: EmailPayload<K> };
}[EmailKind];

export const EMAIL_KINDS = Object.keys(KINDS) as EmailKind[];

const codecOf = (kind: EmailKind): KeyCodec<"." | "-", unknown> | undefined =>
  (KINDS[kind] as { key?: KeyCodec<"." | "-", unknown> }).key;

/** The stored kind of an email about `payload` (`emailKind("refund-issued", { refundId, amount })`). */
export function emailKind<K extends EmailKind>(
  kind: K,
  ...payload: EmailPayload<K> extends undefined ? [] : [EmailPayload<K>]
): StoredKindOf<K> {
  const codec = codecOf(kind);
  const written = codec ? codec.write(payload[0]) : null;
  return (written === null ? kind : `${kind}${codec!.separator}${written}`) as StoredKindOf<K>;
}

const isKind = (name: string): name is EmailKind => Object.hasOwn(KINDS, name);

/**
 * The one reader of a stored kind: its name and key, or null for a string this version never
 * writes (an older or newer version's, or a typo), which is then never sent (the outbox worker
 * fails it and tells the owner).
 */
export function parseEmailKind(stored: string): ParsedEmailKind | null {
  const dot = stored.indexOf(".");
  const dash = stored.lastIndexOf("-");
  const candidates: Array<[name: string, key: string | null, separator: "." | "-" | null]> = [[stored, null, null]];
  if (dot > 0) candidates.push([stored.slice(0, dot), stored.slice(dot + 1), "."]);
  if (dash > 0) candidates.push([stored.slice(0, dash), stored.slice(dash + 1), "-"]);
  for (const [name, raw, separator] of candidates) {
    if (!isKind(name)) continue;
    const codec = codecOf(name);
    if (raw === null) {
      if (!codec) return { kind: name, key: null, payload: undefined } as ParsedEmailKind;
      if (codec.bare !== undefined) return { kind: name, key: null, payload: codec.bare } as ParsedEmailKind;
      continue;
    }
    if (!codec || codec.separator !== separator) continue;
    const payload = codec.read(raw);
    if (payload !== null) return { kind: name, key: raw, payload } as ParsedEmailKind;
  }
  return null;
}

export const CONFIRMATION_EMAIL = emailKind("confirmation");
export const OWNER_PAID_EMAIL = emailKind("owner-paid");
export const OWNER_UNLOCK_EMAIL = emailKind("owner-unlock");
export const OWNER_SETUP_EMAIL = emailKind("owner-setup");
export const OWNER_RESET_EMAIL = emailKind("owner-reset");
/** The outbox kind of each emailed owner link (app/auth names the purpose, never the kind). */
export const OWNER_LINK_KINDS = {
  unlock: OWNER_UNLOCK_EMAIL,
  setup: OWNER_SETUP_EMAIL,
  reset: OWNER_RESET_EMAIL,
} as const;
export const DELIVERED_EMAIL = emailKind("delivered", { period: null });

/** The delivered email of one delivery (see `delivered` above). */
export const deliveredKind = (period: string | null, earlierDeliveries: number) =>
  emailKind("delivered", { period: earlierDeliveries > 0 ? period : null });

/** The emails of the work after payment (app/delivery/), each about the row it names. */
export const DELIVERY_EMAIL = {
  delivered: (deliveryId: string) => emailKind("work-delivered", { deliveryId }),
  revision: (revisionId: string) => emailKind("owner-revision", { revisionId }),
  accepted: (deliveryId: string) => emailKind("owner-accepted", { deliveryId }),
} as const;

/** The owner's morning email of a day (YYYY-MM-DD in the owner's time zone), and the system subject it is written about. */
export const morningKind = (day: string) => emailKind("owner-morning", { day });
export const MORNING_SUBJECT = "daily";

/** The owner's notice that the outbox message `outboxId` was given up. */
export const ownerFailureKind = (outboxId: number) => emailKind("owner-email-failed", { outboxId });

/** Outbox kinds of a quote request: the visitor's acknowledgement and the owner's copy. */
export const QUOTE_EMAIL_KINDS = { ack: emailKind("quote-ack"), owner: emailKind("quote-owner") } as const;

/** Outbox kinds of a proposal (about its quote request). */
export const PROPOSAL_EMAIL = {
  sent: (proposalId: string) => emailKind("proposal", { proposalId }),
  viewed: (proposalId: string) => emailKind("owner-proposal-viewed", { proposalId }),
  accepted: (proposalId: string) => emailKind("owner-proposal-accepted", { proposalId }),
  declined: (proposalId: string) => emailKind("owner-proposal-declined", { proposalId }),
  question: (questionId: string) => emailKind("owner-proposal-question", { questionId }),
} as const;

/** A copy of the confirmation: from the thank-you page (`resend-N`) or the back office (`admin-resend-N`). */
export const confirmationCopyKind = (from: "resend" | "admin-resend", copy: number) => emailKind(from, { copy });

/**
 * After checkout (payment-events.server.ts, the sandbox portal, the back office's money actions):
 * customer emails and owner notices, each carrying the id of what it is about, so a replayed event
 * cannot send it twice.
 */
export const BILLING_EMAIL = {
  paymentFailed: (invoiceId: string) => emailKind("payment-failed", { invoiceId }),
  renewal: (invoiceId: string) => emailKind("renewal", { invoiceId }),
  subscriptionEnded: emailKind("subscription-ended"),
  manageLink: (stamp: string) => emailKind("manage-link", { stamp }),
  cancellationConfirmed: (periodEnd: string) => emailKind("cancellation-confirmed", { periodEnd }),
  ownerCancellation: emailKind("owner-cancellation"),
  refundIssued: (refundId: string, amount: number) => emailKind("refund-issued", { refundId, amount }),
  ownerRefund: (chargeId: string, amount: number) => emailKind("owner-refund", { chargeId, amount }),
  ownerDispute: (disputeId: string, amount: number) => emailKind("owner-dispute", { disputeId, amount }),
  ownerDisputeClosed: (disputeId: string, status: string) => emailKind("owner-dispute-closed", { disputeId, status }),
  ownerPaused: (eventId: string) => emailKind("owner-paused", { eventId }),
  ownerUnhandled: (eventId: string) => emailKind("owner-unhandled", { eventId }),
} as const;

/** The outbox message id an owner failure notice is about (null when `kind` is no such notice). */
export function failedOutboxId(kind: string): number | null {
  const parsed = parseEmailKind(kind);
  return parsed?.kind === "owner-email-failed" ? parsed.payload.outboxId : null;
}

export type EmailKindKey = Kinds[EmailKind]["label"];

/**
 * The words the back office shows for an outbox kind (a key of `emailKinds` in locales/<lang>/admin.json):
 * one label per kind, whatever its key. null for a kind this site never writes (an older or newer
 * version's), which the back office then shows as it is.
 */
export function emailKindKey(kind: string): EmailKindKey | null {
  const parsed = parseEmailKind(kind);
  return parsed ? KINDS[parsed.kind].label : null;
}

/** An outbox kind in the owner's words, with `t` the back office's translator (namespace admin). */
export function emailKindLabel(kind: string, t: (key: string) => string): string {
  const key = emailKindKey(kind);
  return key ? t(`emailKinds.${key}`) : kind;
}
