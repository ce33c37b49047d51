import { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { briefFields, orderTerms } from "../content/offers.ts";
import { countryName } from "../content/countries.ts";
import { orderFieldSpec } from "../content/order-fields.ts";
import { isLanguage, languageName } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import type { FileStorage } from "../files/storage.ts";
import { logger } from "../lib/logger.server.ts";
import {
  FileRefused,
  readUpload,
  StorageFailed,
  type BodyRefusalReason,
  type IncomingFile,
  type UploadAllowance,
  type UploadName,
} from "../http/read-form.server.ts";
import { formatDate, formatFileSize } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import type { Order } from "../orders/types.ts";
import { newId } from "./delivery-store.server.ts";
import {
  closedByOf,
  decide,
  stateOf,
  type Actor,
  type ClosedBy,
  type MoneyEvent,
  type Refusal,
  type WorkEvent,
  type WorkStateName,
} from "./work-state.ts";
import {
  BRIEF_MAX,
  NOTE_MAX,
  REVISION_MAX,
  type BriefQuestionView,
  type Delivery,
  type DeliveryLink,
  type DeliveryStore,
  type FileView,
  type OrderWork,
  type Revision,
  type StoredFileRecord,
  type UploadScope,
  type WorkView,
} from "./types.ts";

/** What the work needs of the services: its store, the file storage, the outbox's wake-up. */
export interface WorkServices {
  repo: DeliveryStore;
  files: FileStorage;
  worker: { kick(): void };
}

/**
 * Types a brief or a delivery may carry, read from the bytes (file-type), never from the name or
 * the browser's claim: images, PDF, short videos, zip archives. An SVG (script inside), an HTML
 * page or a renamed executable has none of these signatures and is refused. Files are only ever
 * served as downloads (routes/order-file.ts), so a PDF with JavaScript is stored but never shown.
 */
export const ALLOWED_TYPES: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "application/pdf": "pdf",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "application/zip": "zip",
};
/** file-type reads at most this much to decide (its own default sample size). */
const SNIFF_BYTES = 4100;

/** A file name safe to show and to offer as a download name: letters, digits, `._-()` and spaces, the extension of its real type. */
export function cleanName(raw: string, ext: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? "").normalize("NFC");
  const stem = base
    .replace(/\.[^.]*$/, "")
    .replace(/[^\p{L}\p{N} ._()-]+/gu, "_")
    .replace(/\.{2,}/g, ".")
    .replace(/^[\s._-]+|[\s._-]+$/g, "")
    .slice(0, 100);
  return `${stem || "file"}.${ext}`;
}

/** The stream's type from its first bytes, and the stream again with those bytes in front. */
async function sniff(stream: Readable): Promise<{ mime: string; ext: string; body: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    size += next.value.byteLength;
  }
  const first = Buffer.concat(head);
  const type = first.byteLength ? await fileTypeFromBuffer(first) : undefined;
  const ext = type ? ALLOWED_TYPES[type.mime] : undefined;
  if (!type || !ext) {
    await iterator.return?.();
    throw new FileRefused("fileType");
  }
  async function* rest() {
    yield first;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { mime: type.mime, ext, body: Readable.from(rest(), { objectMode: false }) };
}

/** The key of an order's file: erasure and export find an order's files by the prefix `orders/<order id>/`. */
export const fileKey = (orderId: string, fileId: string) => `orders/${orderId}/${fileId}`;

/** Deletes a stored file the request does not keep; a storage that fails meanwhile is logged, not thrown (the answer still comes). */
async function removeStored(services: WorkServices, key: string) {
  try {
    await services.files.delete(key);
  } catch (error) {
    logger().error(
      { err: error, storage: services.files.kind },
      "file storage failed: a refused upload's file was not deleted",
    );
  }
}

/** What a customer may upload per order, for the brief and for all the revision requests (each its own). */
export const CUSTOMER_ALLOWANCE = { maxFiles: 10, maxBytes: 50 * 1024 * 1024 } as const;

/**
 * The order's allowance for `scope` as one upload holds it: reservations go to the store's counter
 * (atomic across posts and instances), and `releaseAll` gives back everything this upload still
 * holds when what it stored is dropped after the read (a wrong answer, a closed brief).
 */
function orderAllowance(order: Order, scope: UploadScope, services: WorkServices) {
  const held = { files: 0, bytes: 0 };
  const allowance: UploadAllowance = {
    async reserve(files, bytes) {
      const ok = await services.repo.reserveUpload(order.id, scope, { files, bytes }, CUSTOMER_ALLOWANCE);
      if (ok) {
        held.files += files;
        held.bytes += bytes;
      }
      return ok;
    },
    async release(files, bytes) {
      const given = { files: Math.min(files, held.files), bytes: Math.min(bytes, held.bytes) };
      held.files -= given.files;
      held.bytes -= given.bytes;
      await services.repo.releaseUpload(order.id, scope, given);
    },
  };
  return { allowance, releaseAll: () => allowance.release(held.files, held.bytes) };
}

/**
 * Reads an upload (the brief's or a delivery's form), storing each file as it arrives after its
 * type is read from its bytes; on a refusal nothing stays (files already stored are deleted).
 */
async function storeUpload(
  request: Request,
  upload: UploadName,
  fields: string[],
  order: Order,
  kind: StoredFileRecord["kind"],
  services: WorkServices,
  allowance: UploadAllowance | null,
) {
  const onFile = async (file: IncomingFile): Promise<StoredFileRecord | null> => {
    // A file input left empty still sends a part with no name and no bytes.
    if (!file.filename) {
      file.stream.resume();
      return null;
    }
    const { mime, ext, body } = await sniff(file.stream);
    const id = newId();
    const key = fileKey(order.id, id);
    // A refused or cut upload errors its stream, and the storage's put rejects with it: that is the
    // upload's failure (answered as such). A put that fails while the bytes flowed is the storage's
    // (a full volume, S3 down): logged, and answered "try again in a moment".
    let bodyFailed = false;
    body.once("error", () => (bodyFailed = true));
    let size: number;
    try {
      ({ size } = await services.files.put(key, body, mime));
    } catch (error) {
      if (bodyFailed || error instanceof FileRefused) throw error;
      logger().error({ err: error, storage: services.files.kind }, "file storage failed: upload refused with 503");
      throw new StorageFailed(error);
    }
    if (size === 0) throw new FileRefused("fileType");
    return {
      id,
      orderId: order.id,
      kind,
      deliveryId: null,
      revisionId: null,
      name: cleanName(file.filename, ext),
      contentType: mime,
      size,
      storageKey: key,
      createdAt: new Date().toISOString(),
    };
  };
  const onRefused = async (stored: Array<StoredFileRecord | null>) => {
    for (const file of stored) if (file) await removeStored(services, file.storageKey);
  };
  const read = await readUpload(request, upload, fields, onFile, allowance, onRefused);
  if (!read.ok) return read;
  return { ...read, files: read.files.filter((file): file is StoredFileRecord => file !== null) };
}

/** The billing period a delivery or revision belongs to: a subscription's current period (its end), '' for a one-time order. */
export const periodOf = (order: Pick<Order, "monthly" | "periodEnd">) => (order.monthly ? (order.periodEnd ?? "") : "");

/** The period's brief, its files and which period it is: the order's brief in the first period, the month's after a renewal. */
function periodBrief(order: Order, work: OrderWork, period: string, current = true) {
  const periods = work.periods ?? [];
  const row = periods.find((entry) => entry.period === period);
  // An earlier period without a row: delivered before periods were recorded; its brief is not known apart.
  if (!row && !current) return { number: 0, first: false, brief: null, files: [], startsAt: null };
  // No row: the first period (no renewal yet), or a one-time order. A period a renewal opened has one.
  const number = row?.number ?? (order.monthly && periods.length ? periods.at(-1)!.number + 1 : 1);
  const first = number === 1;
  const brief = first
    ? work.brief
      ? { text: work.brief.text, createdAt: work.brief.createdAt, updatedAt: work.brief.updatedAt }
      : null
    : (row?.brief ?? null);
  const files = work.files.filter(
    (file) => file.kind === "brief" && (first ? !file.period || file.period === period : file.period === period),
  );
  return { number, first, brief, files, startsAt: row?.startsAt ?? null };
}

/**
 * When the period started: a renewal's period from the previous one's end; the first from the
 * payment (or a month before its end, should the payment be older).
 */
function periodStart(order: Order, period: string, startsAt: string | null): Date {
  if (startsAt) return new Date(startsAt);
  const paid = new Date(order.paidAt ?? order.createdAt);
  if (!period) return paid;
  const end = new Date(period);
  const monthBefore = new Date(end);
  monthBefore.setUTCMonth(monthBefore.getUTCMonth() - 1);
  return monthBefore > paid ? monthBefore : paid;
}

/**
 * When piece `n` (from 1) of a period is due: the period's pieces spread evenly up to its end (8
 * videos a month: one about every four days, the last on the period's last day), the first within
 * the offer's promise (48 hours) from the period's start. A one-piece period: the promise alone.
 */
export function pieceDue(order: Order, start: Date, end: Date | null, n: number, pieces: number): Date {
  const terms = orderTerms(order).delivery;
  const promise = terms.hours ?? (terms.businessDays ?? 0) * 24 * (7 / 5);
  const promised = new Date(start.getTime() + promise * 3_600_000);
  if (!end || pieces <= 1) return promised;
  const spread = new Date(start.getTime() + ((end.getTime() - start.getTime()) * n) / pieces);
  return n === 1 && promised < spread ? promised : spread;
}

/**
 * Where the work of the current period stands. Rounds number the period's deliveries and revisions
 * in turn: revision n asks a change to delivery n - 1 and delivery n answers it; an offer with an
 * allowance per period (`perPeriod`: short videos, 8 a month) also delivers a new piece in the next
 * round while the allowance lasts, and the pieces delivered (not the answers to a revision) count.
 * Each period has its own brief (the first is the order's; a renewal opens the month's), open until
 * the period's pieces are all delivered.
 */
export function workState(order: Order, work: OrderWork) {
  const period = periodOf(order);
  const deliveries = work.deliveries.filter((delivery) => delivery.period === period);
  const revisions = work.revisions.filter((revision) => revision.period === period);
  const latest: Delivery | null = deliveries.reduce<Delivery | null>(
    (last, delivery) => (!last || delivery.round > last.round ? delivery : last),
    null,
  );
  const openRevision: Revision | null =
    revisions.find((revision) => !deliveries.some((delivery) => delivery.round === revision.round)) ?? null;
  const offer = orderTerms(order);
  const rounds = offer.revisionRounds;
  const allowance = offer.perPeriod ?? 1;
  const answersRevision = (delivery: Delivery) => revisions.some((revision) => revision.round === delivery.round);
  const counted = deliveries.filter((delivery) => !answersRevision(delivery)).length;
  // The latest delivery's answer: accepting an earlier piece does not close the next one.
  const accepted = Boolean(latest?.acceptedAt);
  const closedBy = workClosedBy(work);
  const brief = periodBrief(order, work, period);
  const name: WorkStateName = stateOf({
    closed: closedBy !== null,
    briefReceived: Boolean(brief.brief),
    delivered: Boolean(latest),
    openRevision: Boolean(openRevision),
    accepted,
  });
  const facts = { allowanceLeft: counted < allowance, roundsLeft: revisions.length < rounds };
  /**
   * A delivery waits for its acceptance: one of this period's, not accepted, and not the one a
   * revision asked to change (a revision's answer replaces it: the answer is accepted instead).
   */
  const pieceOpen = (delivery: Delivery | null) =>
    Boolean(
      delivery &&
      delivery.period === period &&
      !delivery.acceptedAt &&
      !revisions.some((revision) => revision.round === delivery.round + 1),
    );
  const start = periodStart(order, period, brief.startsAt);
  const end = period ? new Date(period) : null;
  return {
    /** The state of the period's work (work-state.ts), and why it is closed when it is. */
    name,
    closedBy,
    /** Whether `actor` may fire `event` now (work-state.ts `decide`); `delivery`: the piece an acceptance answers. */
    decide: (event: WorkEvent, actor: Actor, delivery: Delivery | null = null) =>
      decide(name, event, actor, { ...facts, pieceOpen: pieceOpen(delivery) }),
    period,
    /** The period's number (1 from the payment; a renewal opens the next), and its days. */
    periodNumber: brief.number,
    start,
    end,
    /** The period's brief (the order's in the first period, the month's after) and its files. */
    brief: brief.brief,
    firstPeriod: brief.first,
    briefFiles: brief.files,
    /** The round the next delivery fills: the open revision's, or the one after the latest delivery. */
    nextRound: openRevision ? openRevision.round : latest ? latest.round + 1 : 0,
    /** A delivery is due: a revision waits for its answer, or the period's allowance is not used up (never once the work is closed). */
    canDeliver: decide(name, "deliver", "owner", facts).ok,
    /** The pieces delivered this period and the allowance, for an offer that has one ("5 of 8 this month"). */
    allowance: offer.perPeriod ? { done: counted, total: offer.perPeriod } : null,
    /**
     * When the next piece is due: the open revision's answer at once (null), else the next piece
     * of the period's schedule while pieces are left and the work goes on.
     */
    nextDue:
      closedBy || openRevision || !facts.allowanceLeft ? null : pieceDue(order, start, end, counted + 1, allowance),
    latest,
    openRevision,
    accepted,
    rounds,
    revisionsUsed: revisions.length,
    /** The latest delivery waits for the customer's answer (the accept and revision forms). */
    canAnswer: decide(name, "accept", "customer", { ...facts, pieceOpen: pieceOpen(latest) }).ok,
    pieceOpen,
    /** The period's brief is open: until the period's pieces are all delivered (a one-time order: its delivery). */
    briefOpen: decide(name, "sendBrief", "customer", facts).ok,
  };
}

/**
 * Why money ended the work, or null: the closure stored when the state machine moved the work to
 * closed (a full refund, an immediate cancellation, a subscription ended: `moneyMove`). A partial
 * refund, or a cancellation at the period's end, left the work going. A pure read of the work.
 */
export function workClosedBy(work: Pick<OrderWork, "closure">): ClosedBy | null {
  return work.closure?.why ?? null;
}

/**
 * A money event through the state machine, as every event touching the work: `decide(state,
 * event, actor)` on the work as stored. Allowed, it returns the closure to write when the event
 * moves the work to closed (null: the work goes on, or was closed already), for the billing room
 * or the back office to write with the billing change in one transaction (`closeWork`); refused
 * (an actor the event does not name), the reason, answered 409 by whoever asked.
 */
export async function moneyMove(
  order: Order,
  event: MoneyEvent,
  actor: Actor,
  repo: Pick<DeliveryStore, "orderWork">,
): Promise<{ ok: true; close: { why: ClosedBy; event: MoneyEvent } | null } | { ok: false; reason: Refusal }> {
  const state = workState(order, await repo.orderWork(order.id));
  const decision = state.decide(event, actor);
  if (!decision.ok) return decision;
  return {
    ok: true,
    close: decision.to === "closed" && state.name !== "closed" ? { why: closedByOf(event), event } : null,
  };
}

/**
 * Whether a subscription's period end moving from `from` to `to` is the next billing period (a
 * renewal): later by more than a week. A smaller move is the same period dated again by the
 * provider (its own clock at the first invoice), not a new month of work.
 */
export function opensNextPeriod(from: string | null, to: string | null): boolean {
  if (!from || !to) return false;
  return new Date(to).getTime() - new Date(from).getTime() > 7 * 86_400_000;
}

/**
 * A renewal, through the state machine as every event touching the work: the period ending `to`
 * opens (its own brief, pieces, due dates) unless the work is closed (a full refund, a
 * cancellation: `renew` then leaves it closed). Returns the period to open, for the billing room to
 * write with the payment event in one transaction (`openWorkPeriod`), or null.
 */
export async function renewWork(
  order: Order,
  to: string | null,
  actor: Extract<Actor, "stripe" | "worker">,
  repo: Pick<DeliveryStore, "orderWork">,
): Promise<{ from: string; to: string } | null> {
  if (!order.monthly || !opensNextPeriod(order.periodEnd, to)) return null;
  const decision = workState(order, await repo.orderWork(order.id)).decide("renew", actor);
  if (!decision.ok || decision.to === "closed") return null;
  return { from: order.periodEnd!, to: to! };
}

/** A refusal of the state machine as the pages and the API answer it: 409 with its reason. */
function refused(state: ReturnType<typeof workState>, event: WorkEvent, actor: Actor): WorkAnswer | null {
  const decision = state.decide(event, actor);
  return decision.ok ? null : fail(409, decision.reason);
}

export type WorkOutcome =
  | "saved"
  | "delivered"
  | "revision"
  | "accepted"
  | "empty"
  | "briefClosed"
  | "alreadyDelivered"
  | "notDelivered"
  | "revisionLimit"
  | "alreadyAnswered"
  | "badLink"
  | "briefAnswers"
  | "notPaid"
  | "erased"
  | "workClosed"
  | "eventRefused";
/**
 * `invalid`: the brief's questions to answer again (reason "briefAnswers"); `typed`: the brief's
 * fields as sent, when the site failed to store it (reason "unavailable"), for the form to show again.
 */
export type WorkAnswer =
  | { ok: true; outcome: WorkOutcome }
  | {
      ok: false;
      status: number;
      reason: WorkOutcome | BodyRefusalReason;
      invalid?: string[];
      typed?: Record<string, string>;
    };

/** A form's text fields, as strings. */
const typedFields = (form: FormData): Array<[string, string]> =>
  [...form.entries()].flatMap(([name, value]) =>
    typeof value === "string" ? [[name, value] as [string, string]] : [],
  );

/**
 * Checks the brief's answers with the order form's own rules for the same questions (the orders
 * room's schema, handed in by the route: this room may not run orders' code).
 */
export type BriefAnswersCheck = (
  form: FormData,
) => { ok: true; answers: Record<string, string> } | { ok: false; invalid: string[] };

const fail = (status: number, reason: WorkOutcome | BodyRefusalReason): WorkAnswer => ({ ok: false, status, reason });

/** The customer's brief: its text and files (the order's allowance: 10 files, 50 MB in all). */
export async function submitBrief(
  request: Request,
  order: Order,
  services: WorkServices,
  checkAnswers: BriefAnswersCheck,
): Promise<WorkAnswer> {
  const work = await services.repo.orderWork(order.id);
  const state = workState(order, work);
  const refusal = refused(state, "sendBrief", "customer");
  if (refusal) return refusal;
  if (!state.briefOpen) return fail(409, "briefClosed");
  // The allowance (10 files, 50 MB for the brief) is reserved file by file and byte by byte as the
  // upload arrives, in the store: checking what is stored before reading let parallel posts pass it.
  // A later month's brief has its own (its period's scope).
  const hold = orderAllowance(order, state.firstPeriod ? "brief" : `brief@${state.period}`, services);
  // The questions moved after payment (the offer's BRIEF_FIELDS) come with the order's brief; a
  // later month's brief asks only the month's topics and files.
  const questions = state.firstPeriod ? briefFields(order.offer) : [];
  const read = await storeUpload(request, "brief", ["brief", ...questions], order, "brief", services, hold.allowance);
  if (!read.ok) {
    // The storage failed, not the customer: what they typed comes back with the page, to send again.
    if (read.reason === "unavailable" && read.form)
      return { ...fail(read.status, read.reason), typed: Object.fromEntries(typedFields(read.form)) } as WorkAnswer;
    return fail(read.status, read.reason);
  }
  const dropFiles = async () => {
    for (const file of read.files) await removeStored(services, file.storageKey);
    await hold.releaseAll();
  };
  let answers: Record<string, string> | undefined;
  if (questions.length) {
    const checked = checkAnswers(read.form);
    if (!checked.ok) {
      await dropFiles();
      return { ok: false, status: 400, reason: "briefAnswers", invalid: checked.invalid };
    }
    answers = checked.answers;
  }
  const text = String(read.form.get("brief") ?? "")
    .trim()
    .slice(0, BRIEF_MAX);
  if (!text && !read.files.length && !state.brief && !answers) {
    await dropFiles();
    return fail(400, "empty");
  }
  const period = state.firstPeriod ? null : state.period;
  for (const file of read.files) await services.repo.addFile({ ...file, period });
  if (text || answers || !state.brief) {
    const target = { period: state.period, first: state.firstPeriod, allowance: orderTerms(order).perPeriod ?? 1 };
    if (!(await services.repo.saveBrief(order.id, text || state.brief?.text || "", answers, target))) {
      await dropFiles();
      return fail(409, "briefClosed");
    }
  }
  return { ok: true, outcome: "saved" };
}

/** A link the owner delivers: http(s) only, so the customer's page never carries a script URL. */
export function deliveryLink(raw: string): string | null | false {
  const value = raw.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && value.length <= 2000 ? url.href : false;
  } catch {
    return false;
  }
}

/** The most links one delivery carries (the back office's form shows a few rows; the API takes a list). */
export const LINKS_MAX = 20;

/** What a delivery carries, however it was posted (the back office's form, its "outside the site" action, the API). */
export interface DeliveryInput {
  links: Array<{ url: string; label?: string | null }>;
  note: string;
  /** Files already stored (the caller deletes their bytes when the answer is a refusal). */
  files?: StoredFileRecord[];
  /**
   * Whether a delivery may carry only a note: the owner delivered outside the site (confirmed), or
   * the owner's automation says so through the API. The back office's delivery form asks a link or a file.
   */
  noteAlone?: boolean;
  /** The round the owner's form was shown for: a reload of it once that round is filled is a replay. */
  shownRound?: string;
  /** Who delivers: the owner (back office) or the owner's automation (API). */
  by: Extract<Actor, "owner" | "api">;
}

/**
 * The one way an order is delivered, whoever delivers: a delivery record (links with labels,
 * files, a note) in the round it fills, written with the order's delivered event (first of the
 * period), the customer's email and the `order.delivered` webhook in one transaction
 * (DeliveryStore.recordDelivery). The back office's form, its "Delivered outside the site" action
 * and `POST /api/v1/orders/{ref}/deliveries` all end here, so the customer's page, email and the
 * owner's automation cannot tell them apart. The store's unique (order, period, round) decides a
 * replayed or concurrent post: "already delivered".
 */
export async function deliver(
  order: Order,
  input: DeliveryInput,
  services: Pick<WorkServices, "repo" | "worker">,
): Promise<WorkAnswer> {
  if (order.state !== "paid") return fail(409, "notPaid");
  // The delivery is an email to the customer: an erased customer has no address left.
  if (order.erasedAt) return fail(409, "erased");
  const before = workState(order, await services.repo.orderWork(order.id));
  const refusal = refused(before, "deliver", input.by);
  if (refusal) return refusal;
  if (input.shownRound && input.shownRound !== String(before.nextRound)) return fail(409, "alreadyDelivered");
  const links: DeliveryLink[] = [];
  for (const raw of input.links) {
    const url = deliveryLink(raw.url);
    if (url === false) return fail(400, "badLink");
    if (url) links.push({ url, label: (raw.label ?? "").trim().slice(0, 200) || null });
  }
  if (links.length > LINKS_MAX) return fail(400, "badLink");
  const note = input.note.trim().slice(0, NOTE_MAX);
  const files = input.files ?? [];
  if (!links.length && !files.length && !input.noteAlone) return fail(400, "empty");
  const recorded = await services.repo.recordDelivery(
    {
      orderId: order.id,
      period: before.period,
      round: before.nextRound,
      note,
      links,
      first: !before.latest,
      eventPeriod: order.monthly ? order.periodEnd : null,
    },
    files,
  );
  if (!recorded) return fail(409, "alreadyDelivered");
  services.worker.kick();
  return { ok: true, outcome: "delivered" };
}

/** A delivery posted with its files, stored and checked but not delivered yet (`receiveDelivery`). */
export type ReceivedDelivery =
  { ok: true; form: FormData; input: DeliveryInput; discard: () => Promise<void> } | Extract<WorkAnswer, { ok: false }>;

/**
 * A delivery posted as a multipart form (the back office's form; the API's multipart body): links
 * (`link`/`linkLabel`), files and a note, read by the one body reader with the delivery's caps,
 * each file stored as it arrives once its type is read from its bytes. Refused before a byte is
 * stored when `by` cannot deliver now. The caller hands `input` to `deliver`, and calls `discard`
 * when it does not (a refusal, or the API's replay of an Idempotency-Key), so no file stays behind.
 * `extraFields`: text fields the caller reads itself (the API's `links` list).
 */
export async function receiveDelivery(
  request: Request,
  order: Order,
  services: WorkServices,
  by: DeliveryInput["by"],
  extraFields: readonly string[] = [],
): Promise<ReceivedDelivery> {
  const refusal = refused(workState(order, await services.repo.orderWork(order.id)), "deliver", by);
  if (refusal) return refusal as Extract<WorkAnswer, { ok: false }>;
  const read = await storeUpload(
    request,
    "delivery",
    ["note", "link", "linkLabel", "round", ...extraFields],
    order,
    "delivery",
    services,
    null,
  );
  if (!read.ok) return fail(read.status, read.reason) as Extract<WorkAnswer, { ok: false }>;
  const urls = read.form.getAll("link").map(String);
  const labels = read.form.getAll("linkLabel").map(String);
  return {
    ok: true,
    form: read.form,
    input: {
      links: urls.map((url, index) => ({ url, label: labels[index] ?? null })),
      note: String(read.form.get("note") ?? ""),
      files: read.files,
      shownRound: String(read.form.get("round") ?? "").trim(),
      by,
    },
    discard: async () => {
      for (const file of read.files) await removeStored(services, file.storageKey);
    },
  };
}

/**
 * The owner's delivery form (multipart): links with labels (`link`/`linkLabel` in pairs), files
 * and a note, handed to `deliver`. Refused before a byte is stored when nothing can be delivered
 * now; on any refusal after, the files stored are deleted.
 */
export async function deliverWork(request: Request, order: Order, services: WorkServices): Promise<WorkAnswer> {
  const received = await receiveDelivery(request, order, services, "owner");
  if (!received.ok) return received;
  const answer = await deliver(order, received.input, services);
  if (!answer.ok) await received.discard();
  return answer;
}

/** Why a revision cannot be asked now (nothing delivered, already answered, no rounds left, work closed), or null. */
function revisionRefusal(state: ReturnType<typeof workState>): WorkAnswer | null {
  return refused(state, "askRevision", "customer");
}

/** The customer asks a change to the latest delivery, within the offer's revision rounds (a form without files). */
export async function askRevision(order: Order, text: string, services: WorkServices): Promise<WorkAnswer> {
  const state = workState(order, await services.repo.orderWork(order.id));
  const asked = text.trim().slice(0, REVISION_MAX);
  if (!asked) return fail(400, "empty");
  const refusal = revisionRefusal(state);
  if (refusal) return refusal;
  // Revision n follows delivery n - 1; the store's unique round refuses a second post of it.
  if (!(await services.repo.recordRevision(order.id, state.period, state.latest!.round + 1, asked)))
    return fail(409, "alreadyAnswered");
  services.worker.kick();
  return { ok: true, outcome: "revision" };
}

/**
 * A revision asked with files (multipart, the revision form): the text and the customer's files,
 * checked as the brief's are (types read from the bytes, 10 MB each; 10 files and 50 MB for all of
 * an order's revisions). Refused before a byte is stored when no revision can be asked; on any
 * refusal after, the files stored are deleted.
 */
export async function askRevisionWithFiles(
  request: Request,
  order: Order,
  services: WorkServices,
): Promise<WorkAnswer> {
  const work = await services.repo.orderWork(order.id);
  const state = workState(order, work);
  const refusal = revisionRefusal(state);
  if (refusal) return refusal;
  const hold = orderAllowance(order, "revision", services);
  const read = await storeUpload(request, "revision", ["text"], order, "revision", services, hold.allowance);
  if (!read.ok) return fail(read.status, read.reason);
  const dropFiles = async () => {
    for (const file of read.files) await removeStored(services, file.storageKey);
    await hold.releaseAll();
  };
  const asked = String(read.form.get("text") ?? "")
    .trim()
    .slice(0, REVISION_MAX);
  if (!asked) {
    await dropFiles();
    return fail(400, "empty");
  }
  if (!(await services.repo.recordRevision(order.id, state.period, state.latest!.round + 1, asked, read.files))) {
    await dropFiles();
    return fail(409, "alreadyAnswered");
  }
  services.worker.kick();
  return { ok: true, outcome: "revision" };
}

/**
 * The customer accepts one delivery (`deliveryId`; absent: the latest): acceptance is per
 * delivery, so accepting one piece of a month's videos says that piece is right and nothing more
 * (the subscription and the month's other pieces go on); a one-time order's accepted delivery
 * ends its revisions.
 */
export async function acceptWork(order: Order, services: WorkServices, deliveryId?: string): Promise<WorkAnswer> {
  const work = await services.repo.orderWork(order.id);
  const state = workState(order, work);
  const delivery = deliveryId ? (work.deliveries.find((entry) => entry.id === deliveryId) ?? null) : state.latest;
  if (deliveryId && !delivery) return fail(400, "malformed");
  const decision = state.decide("accept", "customer", delivery);
  if (!decision.ok) return fail(409, decision.reason);
  if (!(await services.repo.acceptDelivery(order.id, delivery!.id))) return fail(409, "alreadyAnswered");
  services.worker.kick();
  return { ok: true, outcome: "accepted" };
}

/** A file of the order, with its bytes, for a download. */
export async function openOrderFile(
  orderId: string,
  fileId: string,
  services: Pick<WorkServices, "repo" | "files">,
  lang: Language = "en",
) {
  if (!/^[a-f0-9]{32}$/.test(fileId)) return null;
  const record = await services.repo.findFile(orderId, fileId);
  if (!record) return null;
  let stored;
  try {
    stored = await services.files.get(record.storageKey);
  } catch (error) {
    // The storage is down (S3 unreachable, the volume unreadable): the file is there, the site cannot reach it now.
    logger().error({ err: error, storage: services.files.kind }, "file storage failed: download answered 503");
    throw storageUnavailable(lang);
  }
  return stored ? { record, stored } : null;
}

/** 503 "please try again in a moment", in `lang`, for a file the storage cannot give now. */
export function storageUnavailable(lang: Language): Response {
  return new Response(`${translator(lang, "common")("errors.body.unavailable")}\n`, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" },
  });
}

/**
 * A download answer: always an attachment (never shown from the site's origin), and a CSP that
 * sandboxes it should a browser open it anyway.
 */
export function downloadResponse(record: StoredFileRecord, stored: { body: Readable; size: number }): Response {
  const ascii = record.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(Readable.toWeb(stored.body) as ReadableStream, {
    headers: {
      "Content-Type": record.contentType,
      "Content-Length": String(stored.size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(record.name)}`,
      // X-Content-Type-Options: nosniff comes with every answer of the Node front (server/security-headers.ts).
      // A second CSP adds to the site's: a browser enforces both, so the file runs nothing and has no origin.
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}

/** The offer's brief questions as the field registry describes them, labelled in `lang`, with the stored answers. */
function briefQuestions(order: Order, work: OrderWork, lang: Language): BriefQuestionView[] {
  const t = translator(lang, "order");
  const answers = work.brief?.answers ?? {};
  return briefFields(order.offer).map((name) => {
    const spec = orderFieldSpec(name);
    const value = answers[name] ?? "";
    const shown =
      spec.control === "yesNo"
        ? value
          ? t(value === "oui" ? "form.yes" : "form.no")
          : ""
        : spec.control === "language"
          ? isLanguage(value)
            ? languageName(value)
            : value
          : spec.control === "country"
            ? countryName(value, lang)
            : value;
    return {
      name,
      label: t(`form.${name}`),
      control: spec.control,
      optional: Boolean(spec.optional),
      ...(spec.min ? { minLength: spec.min } : {}),
      ...(spec.max ? { maxLength: spec.max } : {}),
      ...(spec.type ? { type: spec.type } : {}),
      ...(spec.autoComplete ? { autoComplete: spec.autoComplete } : {}),
      ...(spec.rows ? { rows: spec.rows } : {}),
      // The order form's example and hint for the same question (the agent's name "iaBot", what
      // yes to Zapier brings): the brief asks it after payment, in the same words.
      ...(spec.placeholder ? { placeholder: t(`form.${name}Placeholder`) } : {}),
      ...(spec.hint ? { hint: t(`form.${name}Hint`) } : {}),
      value,
      shown,
    };
  });
}

/** One billing period of the order's work: its number, days, brief and the brief's files (`workPeriods`). */
export interface WorkPeriodView {
  /** The period's key: its end (ISO), '' for a one-time order (what its deliveries and revisions carry). */
  period: string;
  number: number;
  start: Date;
  end: Date | null;
  current: boolean;
  brief: { text: string; createdAt: string; updatedAt: string } | null;
  files: StoredFileRecord[];
}

/**
 * Every period of the order's work, oldest first, the current one last: each period a renewal
 * opened (and the first), any other period something was delivered in, then this one. A one-time
 * order has one. What the pages' earlier months and the API's `periods` both list.
 */
export function workPeriods(order: Order, work: OrderWork): WorkPeriodView[] {
  const state = workState(order, work);
  const periods = work.periods ?? [];
  const past = [...new Set([...periods.map((entry) => entry.period), ...work.deliveries.map((entry) => entry.period)])]
    .filter((period) => period && period !== state.period)
    .sort();
  return [
    ...past.map((period) => {
      const brief = periodBrief(order, work, period, false);
      return {
        period,
        number: brief.number,
        start: periodStart(order, period, brief.startsAt),
        end: new Date(period),
        current: false,
        brief: brief.brief,
        files: brief.files,
      };
    }),
    {
      period: state.period,
      number: state.periodNumber,
      start: state.start,
      end: state.end,
      current: true,
      brief: state.brief,
      files: state.briefFiles,
    },
  ];
}

/**
 * The work as a page shows it. `clock`: the customer's page gives its own (the customer's zone,
 * unnamed: the page names it once); the back office's times are the owner's, named.
 */
export function workView(
  order: Order,
  work: OrderWork,
  lang: Language,
  fileUrl: (fileId: string) => string,
  clock: { timeZone?: string; named?: boolean } = {},
  now = new Date(),
): WorkView {
  const state = workState(order, work);
  const date = (iso: string) => formatDate(new Date(iso), lang, true, clock);
  const fileView = (file: StoredFileRecord): FileView => ({
    id: file.id,
    name: file.name,
    size: formatFileSize(file.size, lang),
    url: fileUrl(file.id),
  });
  const offer = orderTerms(order);
  /** A period's deliveries as the pages show them (whether each answers a revision of that period, whether it may be accepted now). */
  const deliveriesOf = (period: string): WorkView["deliveries"] =>
    work.deliveries
      .filter((delivery) => delivery.period === period)
      .map((delivery) => ({
        id: delivery.id,
        round: delivery.round,
        answers: work.revisions.some((revision) => revision.period === period && revision.round === delivery.round),
        note: delivery.note,
        links: delivery.links.map((link) => ({ url: link.url, label: link.label || link.url })),
        files: work.files.filter((file) => file.deliveryId === delivery.id).map(fileView),
        at: date(delivery.createdAt),
        accepted: Boolean(delivery.acceptedAt),
        canAccept: state.decide("accept", "customer", delivery).ok,
      }));
  const piecesOf = (deliveries: WorkView["deliveries"]) => deliveries.filter((delivery) => !delivery.answers).length;
  const day = (at: Date) => formatDate(at, lang, false, clock);
  /** A period's days: from its start to the day before its end (the renewal's day starts the next). */
  const days = (start: Date, end: Date | null, number: number) => ({
    number,
    starts: day(start),
    ends: end ? day(new Date(end.getTime() - 1)) : "",
  });
  // A subscription's earlier months, newest first, below this month's work.
  const past = workPeriods(order, work)
    .filter((entry) => !entry.current)
    .reverse();
  const nextDue = order.monthly && state.nextDue ? state.nextDue : null;
  return {
    closed: state.closedBy,
    brief: state.brief ? { text: state.brief.text, at: date(state.brief.updatedAt) } : null,
    // The questions belong to the order's brief (the first period's); a later month asks only its topics.
    briefQuestions: state.firstPeriod ? briefQuestions(order, work, lang) : [],
    briefFiles: state.briefFiles.map(fileView),
    briefOpen: state.briefOpen,
    deliveries: deliveriesOf(state.period),
    revisions: work.revisions
      .filter((revision) => revision.period === state.period)
      .map((revision) => ({
        round: revision.round,
        text: revision.text,
        at: date(revision.createdAt),
        files: work.files.filter((file) => file.revisionId === revision.id).map(fileView),
      })),
    openRevision: Boolean(state.openRevision),
    canAnswer: state.canAnswer,
    accepted: state.accepted,
    rounds: state.rounds,
    revisionsLeft: Math.max(0, state.rounds - state.revisionsUsed),
    canDeliver: state.canDeliver,
    nextRound: state.nextRound,
    allowance: state.allowance,
    subscription: order.monthly > 0,
    period: order.monthly && state.period ? days(state.start, state.end, state.periodNumber) : null,
    nextDue:
      nextDue && !state.closedBy
        ? { datetime: nextDue.toISOString(), label: date(nextDue.toISOString()), late: nextDue < now }
        : null,
    latestId: state.canAnswer ? (state.latest?.id ?? null) : null,
    pastPeriods: past.map(({ period, number, start, end, brief, files }) => {
      const deliveries = deliveriesOf(period);
      return {
        period,
        ...days(start, end, number),
        brief: brief ? { text: brief.text, at: date(brief.updatedAt) } : null,
        briefFiles: files.map(fileView),
        briefQuestions: number === 1 ? briefQuestions(order, work, lang) : [],
        deliveries,
        allowance: offer.perPeriod ? { done: piecesOf(deliveries), total: offer.perPeriod } : null,
      };
    }),
  };
}

/** A step of the customer's timeline that the work adds (the order page has paid, in progress, delivered). */
export interface WorkStep {
  key: "briefReceived" | "revisionAsked" | "accepted";
  state: "done" | "current";
  datetime: string;
  label: string;
}

/** The work's steps for the order page's timeline: the brief received, then a revision asked (waiting) or the acceptance. */
export function workSteps(
  order: Order,
  work: OrderWork,
  label: (iso: string) => string,
): { afterPaid: WorkStep[]; atEnd: WorkStep[] } {
  const state = workState(order, work);
  const step = (key: WorkStep["key"], stepState: WorkStep["state"], iso: string): WorkStep => ({
    key,
    state: stepState,
    datetime: iso,
    label: label(iso),
  });
  // A subscription's pieces are accepted one by one: no step says the order was accepted.
  const accepted = order.monthly ? null : state.latest?.acceptedAt;
  return {
    // This period's brief (a subscription's month: the month's).
    afterPaid: state.brief ? [step("briefReceived", "done", state.brief.createdAt)] : [],
    atEnd: state.openRevision
      ? [step("revisionAsked", "current", state.openRevision.createdAt)]
      : accepted
        ? [step("accepted", "done", accepted)]
        : [],
  };
}
