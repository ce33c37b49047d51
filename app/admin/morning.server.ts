import type { SettingsStore } from "../db/settings-store.server.ts";
import { BackgroundWorker } from "../lib/background-worker.server.ts";
import { MORNING_SUBJECT, morningKind } from "../mail/email-kinds.ts";
import { isEmptyDigest, type MorningDigest, type MorningItem, type OutboxStore } from "../mail/types.ts";
import { dayBefore, dueMark, orderDue, zonedClock, zonedTime } from "../orders/due-date.ts";
import type { Order } from "../orders/types.ts";
import { isLowSpace, volumeSpace, type VolumeSpace } from "../ops/disk-space.server.ts";
import type { BackOfficeStore } from "./types.ts";

/**
 * The owner's morning email: at a set time of the owner's day (MORNING_EMAIL_AT, OWNER_TIME_ZONE),
 * what is late, what is due today (the back office's one "to deliver" rule and due dates), and what
 * is new since the previous morning (paid orders, briefs received, revisions asked). Sent only when
 * there is something, once a day: the outbox's unique (system subject, kind) with the day in the
 * kind makes it one row whichever instance writes it, and a mark in app_settings stops the day's
 * checks once one was made (an order paid at noon waits for tomorrow's email). A data volume
 * running low is news too: the owner hears it here, days before /healthz's 503 stops the orders.
 */
export type MorningStores = Pick<BackOfficeStore, "searchOrders" | "newSince"> &
  Pick<OutboxStore, "enqueueSystemEmail"> &
  Pick<SettingsStore, "getSetting" | "setSetting">;

/** The app_settings key of the last day considered (YYYY-MM-DD). */
export const MORNING_SETTING = "morning-email.day";
/** At most this many orders waiting are read (far more than one person has open), as the orders list does. */
const TO_DELIVER_MAX = 1000;

export interface MorningOptions extends VolumeOptions {
  /** Minutes past midnight the email leaves at (08:00: 480); null: never (MORNING_EMAIL_AT=off). */
  at: number | null;
  timeZone: string;
}

interface VolumeOptions {
  /** DATA_DIR, whose volume holds the database, the files and the backups; unset: not checked. */
  dataDir?: string;
  /** The volume's space: a parameter so a test can play a nearly full disk. */
  space?: (dir: string) => Promise<VolumeSpace>;
}

/** "08:00" → 480; "off" → null (the environment's spelling, checked at start-up). */
export function morningMinutes(value: string): number | null {
  if (value === "off") return null;
  const [hours, minutes] = value.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
}

const item = (order: Order, timeZone: string): MorningItem => {
  const due = orderDue(order, timeZone);
  return {
    orderId: order.id,
    reference: order.reference,
    offer: order.offer,
    customer: `${order.customer.firstName} ${order.customer.lastName}`.trim(),
    amount: { minor: order.amountDueNow, monthly: order.monthly, currency: order.currency },
    due: due ? { at: due.at.toISOString(), withTime: due.withTime } : null,
  };
};

/**
 * Each order once in the email: an order late or due today is not listed again as news, and an
 * order with several news keeps its latest (a revision asked, else a brief received, else paid).
 */
function onceEach(
  news: { paid: Order[]; briefs: Order[]; revisions: Order[] },
  listed: readonly string[],
  timeZone: string,
): Pick<MorningDigest, "paid" | "briefs" | "revisions"> {
  const seen = new Set(listed);
  const take = (orders: Order[]) =>
    orders.filter((order) => !seen.has(order.id) && seen.add(order.id)).map((order) => item(order, timeZone));
  const revisions = take(news.revisions);
  const briefs = take(news.briefs);
  return { paid: take(news.paid), briefs, revisions };
}

/** What the morning email of `day` says, as of `now` (late and due today are read when it is written). */
export async function morningDigest(
  repo: MorningStores,
  day: string,
  options: { at: number; timeZone: string } & VolumeOptions,
  now = new Date(),
): Promise<MorningDigest> {
  const { timeZone } = options;
  const { orders } = await repo.searchOrders({
    toDeliver: true,
    foldAttempts: false,
    limit: TO_DELIVER_MAX,
    offset: 0,
  });
  const waiting = orders
    .map((order) => ({ order, due: orderDue(order, timeZone) }))
    .filter((entry) => entry.due)
    .sort((a, b) => a.due!.at.getTime() - b.due!.at.getTime());
  const marked = (mark: "late" | "today") =>
    waiting.filter((entry) => dueMark(entry.due!, timeZone, now) === mark).map((entry) => item(entry.order, timeZone));
  // Each moment belongs to one morning: from the previous day's sending time to this one's.
  const news = await repo.newSince(
    zonedTime(dayBefore(day), options.at, timeZone).toISOString(),
    zonedTime(day, options.at, timeZone).toISOString(),
  );
  // An unreadable volume says nothing here: /healthz reports that one.
  const space = options.dataDir ? await (options.space ?? volumeSpace)(options.dataDir).catch(() => null) : null;
  const late = marked("late");
  const dueToday = marked("today");
  return {
    day,
    timeZone,
    late,
    dueToday,
    ...onceEach(
      news,
      [...late, ...dueToday].map((entry) => entry.orderId),
      timeZone,
    ),
    disk: space && isLowSpace(space) ? { free: space.free, total: space.total } : null,
  };
}

export type MorningOutcome = "off" | "early" | "done" | "nothing" | "queued";

/**
 * One check: before the set time, or once the day was considered, nothing; otherwise the day's
 * digest, queued when it says something, and the day marked considered (after the queueing: an
 * instance stopped in between finds the day again, and the outbox's unique row keeps it one email).
 */
export async function morningTick(
  repo: MorningStores,
  options: MorningOptions,
  now = new Date(),
): Promise<MorningOutcome> {
  if (options.at === null) return "off";
  const { day, minutes } = zonedClock(now, options.timeZone);
  if (minutes < options.at) return "early";
  const last = await repo.getSetting(MORNING_SETTING);
  if (last !== undefined && last >= day) return "done";
  const digest = await morningDigest(repo, day, { ...options, at: options.at }, now);
  const outcome = isEmptyDigest(digest)
    ? "nothing"
    : (await repo.enqueueSystemEmail(MORNING_SUBJECT, morningKind(day)))
      ? "queued"
      : "done";
  await repo.setSetting(MORNING_SETTING, day);
  return outcome;
}

/** The check once a minute on every instance (the outbox and the mark make it one email a day). */
export class MorningWorker extends BackgroundWorker {
  private readonly repo: MorningStores;
  private readonly options: MorningOptions;
  private readonly onQueued: () => void;

  constructor(repo: MorningStores, options: MorningOptions, onQueued: () => void, pollMs = 60_000) {
    super("morning email", pollMs);
    this.repo = repo;
    this.options = options;
    this.onQueued = onQueued;
  }

  async runOnce(): Promise<number> {
    const outcome = await morningTick(this.repo, this.options);
    if (outcome === "queued") this.onQueued();
    return outcome === "queued" ? 1 : 0;
  }
}
