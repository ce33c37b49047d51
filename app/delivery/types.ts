/**
 * The work after payment: the customer's brief and files, the owner's deliveries (a link, files, a
 * note), the revisions the customer asks and their acceptance. A delivery and a revision are
 * numbered rounds per billing period: delivery 0, revision 1, delivery 1, … up to the offer's
 * revision rounds; the store's unique (order, period, round) decides a replayed or concurrent post.
 */

import type { ClosedBy, MoneyEvent } from "./work-state.ts";

export interface StoredFileRecord {
  id: string;
  orderId: string;
  kind: "brief" | "delivery" | "revision";
  deliveryId: string | null;
  /** The revision request a customer's file came with (kind revision). */
  revisionId: string | null;
  /** The cleaned name shown and offered as the download's name (never a path). */
  name: string;
  /** The type read from the bytes. */
  contentType: string;
  size: number;
  storageKey: string;
  createdAt: string;
  /** A brief file's billing period: null (or absent) for the order's brief, a later period's key for that month's. */
  period?: string | null;
}

export interface Brief {
  orderId: string;
  text: string;
  /** The brief's questions answered (the offer's BRIEF_FIELDS), by field name. */
  answers: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

/**
 * A subscription's billing period after the first, opened by a renewal: its number (the first
 * period, before any renewal, is 1 and has no row), when it started, and its own brief (the
 * month's topics; null until sent). `period` is its end, the key its deliveries carry.
 */
export interface WorkPeriod {
  period: string;
  number: number;
  startsAt: string;
  brief: { text: string; createdAt: string; updatedAt: string } | null;
}

/** A link of a delivery: an http(s) URL, and the words the customer clicks (null: the URL itself). */
export interface DeliveryLink {
  url: string;
  label: string | null;
}

export interface Delivery {
  id: string;
  orderId: string;
  period: string;
  round: number;
  note: string;
  links: DeliveryLink[];
  createdAt: string;
  acceptedAt: string | null;
}

export interface Revision {
  id: string;
  orderId: string;
  period: string;
  round: number;
  text: string;
  createdAt: string;
}

/** Everything about one order's work, in order (what the customer's and the owner's pages show). */
export interface OrderWork {
  brief: Brief | null;
  files: StoredFileRecord[];
  deliveries: Delivery[];
  revisions: Revision[];
  /** A subscription's periods after the first (renewals), oldest first; empty for a one-time order. */
  periods?: WorkPeriod[];
  /**
   * Money ended the work (a full refund, an immediate cancellation, a subscription ended): why, the
   * event of the state machine that closed it, and when (work_closures). Absent or null: open.
   */
  closure?: WorkClosure | null;
}

/** The order's work closed by money, as the state machine decided it with the billing write (work.server.ts `moneyMove`). */
export interface WorkClosure {
  why: ClosedBy;
  event: MoneyEvent;
  at: string;
}

export interface NewDelivery {
  orderId: string;
  period: string;
  round: number;
  note: string;
  links: DeliveryLink[];
  /** Whether this is the period's first delivery: it also writes the order's delivered event. */
  first: boolean;
  /** For a subscription, the period end the delivered event names (null for a one-time order). */
  eventPeriod: string | null;
}

/**
 * The customer's upload allowances: the brief's files (the order's brief; `brief@<period>` for a
 * later billing period's brief, each month its own), and the files sent with revision requests.
 */
export type UploadScope = "brief" | "revision" | `brief@${string}`;

/** Where a brief is written: the order's brief (the first period's), or a later period's; refused once the period's pieces are all delivered. */
export interface BriefTarget {
  /** The period's key (its end; '' for a one-time order). */
  period: string;
  /** The order's first period: the brief is the order's (order_briefs), with the questions' answers. */
  first: boolean;
  /** How many pieces the period delivers: the brief closes when they are all delivered. */
  allowance: number;
}

export interface DeliveryStore {
  orderWork(orderId: string): Promise<OrderWork>;
  /**
   * Writes or replaces the brief's text and answers, the order's or a later period's (`target`;
   * absent: the order's, closed by any delivery); false once the period's pieces are all delivered
   * (the brief is then closed).
   */
  saveBrief(orderId: string, text: string, answers?: Record<string, string>, target?: BriefTarget): Promise<boolean>;
  addFile(file: StoredFileRecord): Promise<void>;
  findFile(orderId: string, fileId: string): Promise<StoredFileRecord | null>;
  /**
   * Grows the order's allowance in use for `scope` by `want`, only if it then stays within `caps`
   * (one conditional UPDATE: atomic across concurrent posts and instances); false when it would not.
   */
  reserveUpload(
    orderId: string,
    scope: UploadScope,
    want: { files: number; bytes: number },
    caps: { maxFiles: number; maxBytes: number },
  ): Promise<boolean>;
  /** Gives back what an upload reserved and did not keep (never below zero). */
  releaseUpload(orderId: string, scope: UploadScope, held: { files: number; bytes: number }): Promise<void>;
  /**
   * The delivery, its files, the order's delivered event (first of the period) and the customer's
   * email, in one transaction; null when that round was delivered already (a replay).
   */
  /** The delivery and its files' rows in one transaction; null (nothing written) when its round is already filled. */
  recordDelivery(delivery: NewDelivery, files: StoredFileRecord[]): Promise<Delivery | null>;
  /** The revision, its files' records and the owner's email in one transaction; null when that round exists. */
  recordRevision(
    orderId: string,
    period: string,
    round: number,
    text: string,
    files?: StoredFileRecord[],
  ): Promise<Revision | null>;
  /**
   * A renewal opened the billing period `to` after `from`: its row (and the first period's, once),
   * so its brief, deliveries and due dates start afresh. Idempotent (the period's key).
   */
  openPeriod(orderId: string, from: string, to: string): Promise<void>;
  /** Marks the delivery accepted (once) and emails the owner; false when it was already. */
  acceptDelivery(orderId: string, deliveryId: string): Promise<boolean>;
  findDelivery(deliveryId: string): Promise<Delivery | null>;
  findRevision(revisionId: string): Promise<Revision | null>;
}

/** The longest brief, delivery note and revision text kept (characters). */
export const BRIEF_MAX = 5000;
export const NOTE_MAX = 2000;
export const REVISION_MAX = 3000;

export interface FileView {
  id: string;
  name: string;
  size: string;
  url: string;
}

/** What the customer's page and the owner's order page show of the work. */
/** One of the brief's questions (the field registry's entry), as its form asks it and its answer reads. */
export interface BriefQuestionView {
  name: string;
  label: string;
  control: "text" | "multiline" | "email" | "yesNo" | "language" | "country";
  optional: boolean;
  minLength?: number;
  maxLength?: number;
  type?: "email" | "tel";
  autoComplete?: string;
  rows?: number;
  /** An example inside the empty field and a line under it, as the order form shows them (the field registry's words). */
  placeholder?: string;
  hint?: string;
  /** The stored answer as posted ("oui"/"non" for yes/no), for the form's value. */
  value: string;
  /** The answer in words, for reading. */
  shown: string;
}

export interface WorkView {
  /** Money ended the work (a full refund, an immediate cancellation): the page is read-only and says why. */
  closed: "refunded" | "cancelled" | null;
  brief: { text: string; at: string } | null;
  /** The offer's brief questions (none for some offers), with what was answered. */
  briefQuestions: BriefQuestionView[];
  briefFiles: FileView[];
  briefOpen: boolean;
  /** `answers`: the delivery answers the revision of its round (otherwise a new piece). */
  deliveries: Array<{
    id: string;
    round: number;
    answers: boolean;
    note: string;
    links: Array<{ url: string; label: string }>;
    files: FileView[];
    at: string;
    accepted: boolean;
    /** The customer may accept this piece now (each delivery is accepted on its own). */
    canAccept: boolean;
  }>;
  revisions: Array<{ round: number; text: string; at: string; files: FileView[] }>;
  openRevision: boolean;
  canAnswer: boolean;
  accepted: boolean;
  rounds: number;
  revisionsLeft: number;
  /** The owner may deliver now (the delivery form is shown), filling round `nextRound`. */
  canDeliver: boolean;
  nextRound: number;
  /** An offer delivering several pieces per period: how many this period, of how many. */
  allowance: { done: number; total: number } | null;
  /** A subscription: the pages speak of this month's pieces, never of closing the order. */
  subscription: boolean;
  /** A subscription's current billing period: its number (1 from the payment), its first and last day. */
  period: PeriodView | null;
  /**
   * When the next piece is due (a subscription: spread over the period, the first within the
   * offer's promise), while pieces are left and the work goes on; null otherwise.
   */
  nextDue: { datetime: string; label: string; late: boolean } | null;
  /** The delivery the accept form answers (the latest, while it waits for an answer). */
  latestId: string | null;
  /**
   * A subscription's earlier billing periods, newest first (this period's work is above them):
   * each with its days, its brief and what was delivered in it.
   */
  pastPeriods: Array<
    PeriodView & {
      period: string;
      brief: { text: string; at: string } | null;
      briefFiles: FileView[];
      /** The first period's brief carries the questions' answers (later months ask only the topics). */
      briefQuestions: BriefQuestionView[];
      deliveries: WorkView["deliveries"];
      allowance: { done: number; total: number } | null;
    }
  >;
}

/** A billing period as the pages show it: "Month 2 · 1 – 31 January". */
export interface PeriodView {
  number: number;
  starts: string;
  ends: string;
}
