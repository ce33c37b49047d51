import { orderTerms, type DeliveryPromise } from "../content/offers.ts";
import { formatZonedDue } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";

/**
 * When an order's work is due, from the catalogue's promise and the moment it was paid: hours are
 * counted from the payment; business days (Monday to Friday) in the owner's time zone, the work due
 * by the end of the last one (a Friday-evening order promised 2 business days is due Tuesday night).
 * Pure: the zone and "now" are arguments, so the owner's list and the customer's page agree.
 */
export interface Due {
  /** The instant the work is due by (for business days: the next midnight of the zone after the last day). */
  at: Date;
  /** true for hours (a time of day matters); false for business days (the day is the promise). */
  withTime: boolean;
  /** `<time datetime>`: an ISO instant, or the zone's calendar day (YYYY-MM-DD) for business days. */
  datetime: string;
}

const DAY_MS = 24 * 60 * 60_000;

/** The calendar day and weekday of an instant in a zone. */
function zonedDay(at: Date, timeZone: string): { year: number; month: number; day: number; weekday: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    weekday: "short",
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return { year: Number(get("year")), month: Number(get("month")), day: Number(get("day")), weekday };
}

/** The zone's offset from UTC at an instant, in milliseconds (Paris in winter: +3,600,000). */
function offsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of a calendar day's midnight in a zone (twice corrected, for a day that changes offset). */
function zonedMidnight(year: number, month: number, day: number, timeZone: string, minutes = 0): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  let at = wall - offsetMs(new Date(wall), timeZone);
  at = wall - offsetMs(new Date(at), timeZone);
  return new Date(at);
}

const isoDay = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

export function dueDate(paidAt: Date, promise: DeliveryPromise, timeZone: string): Due {
  if (promise.hours !== undefined) {
    const at = new Date(paidAt.getTime() + promise.hours * 60 * 60_000);
    return { at, withTime: true, datetime: at.toISOString() };
  }
  // Walk calendar days in the zone (noon UTC of each day keeps clear of offset changes).
  const start = zonedDay(paidAt, timeZone);
  let cursor = Date.UTC(start.year, start.month - 1, start.day, 12);
  let left = promise.businessDays;
  while (left > 0) {
    cursor += DAY_MS;
    const weekday = new Date(cursor).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  const last = new Date(cursor);
  const [year, month, day] = [last.getUTCFullYear(), last.getUTCMonth() + 1, last.getUTCDate()];
  const next = new Date(Date.UTC(year, month - 1, day + 1, 12));
  return {
    at: zonedMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone),
    withTime: false,
    datetime: isoDay(year, month, day),
  };
}

/** "late" once the due instant has passed; "today" when it falls on the zone's current day; otherwise null. */
export function dueMark(due: Due, timeZone: string, now: Date = new Date()): "late" | "today" | null {
  if (now.getTime() >= due.at.getTime()) return "late";
  const today = zonedDay(now, timeZone);
  // A business-day due is the midnight after its day: its day is the instant just before.
  const dueDay = zonedDay(new Date(due.at.getTime() - (due.withTime ? 0 : 1)), timeZone);
  return today.year === dueDay.year && today.month === dueDay.month && today.day === dueDay.day ? "today" : null;
}

/** The instant a calendar day ("2026-11-28") shows `minutes` past midnight on the zone's clocks (08:00 is 480). */
export function zonedTime(day: string, minutes: number, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return zonedMidnight(year, month, date, timeZone, minutes);
}

/** The zone's calendar day ("2026-11-28") and minutes past midnight at an instant. */
export function zonedClock(at: Date, timeZone: string): { day: string; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { day: isoDay(get("year"), get("month"), get("day")), minutes: get("hour") * 60 + get("minute") };
}

/** The calendar day before `day` ("2026-11-28" → "2026-11-27"). */
export function dayBefore(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return at.toISOString().slice(0, 10);
}

/** Is `timeZone` an IANA zone this runtime knows? The one check, the customer's zone's (app/i18n/time-zone.ts). */
export { isTimeZone } from "../i18n/time-zone.ts";

/**
 * The due time of an order's current delivery: from its payment, or for a subscription from the
 * start of its current billing period (a month before the period's end), whichever is later.
 * null before payment.
 */
export function orderDue(
  order: Parameters<typeof orderTerms>[0] & { paidAt: string | null; monthly: number; periodEnd: string | null },
  timeZone: string,
): Due | null {
  if (!order.paidAt) return null;
  let from = new Date(order.paidAt);
  if (order.monthly && order.periodEnd) {
    const end = new Date(order.periodEnd);
    const start = new Date(
      Date.UTC(
        end.getUTCFullYear(),
        end.getUTCMonth() - 1,
        end.getUTCDate(),
        end.getUTCHours(),
        end.getUTCMinutes(),
        end.getUTCSeconds(),
      ),
    );
    if (start > from) from = start;
  }
  return dueDate(from, orderTerms(order).delivery, timeZone);
}

/**
 * The due time as the reader's language writes it, in `timeZone` (the day only for business days,
 * counted in the owner's zone). Read in another zone (a customer's, `shownIn`), a business day's
 * end is an hour of that zone's day, so it is given with its time: "Friday 4 December, 17:59".
 */
export function dueLabel(
  due: Due,
  lang: Language,
  timeZone: string,
  shownIn: { timeZone: string; named: boolean } = { timeZone, named: true },
): string {
  const withTime = due.withTime || shownIn.timeZone !== timeZone;
  // A business-day due is the midnight after its day: the day is the instant just before.
  return formatZonedDue(
    due.withTime ? due.at : new Date(due.at.getTime() - 1),
    lang,
    shownIn.timeZone,
    withTime,
    shownIn.named,
  );
}
