import type { Currency } from "../content/offers.ts";
import { intlLocale, type Language } from "./languages.ts";

/**
 * Every number, amount, duration and date the site writes, formatted per locale with Intl (copy
 * never types a figure). One function per kind of figure; nothing else constructs an Intl formatter.
 */

/**
 * Thousands are always grouped: Spanish, Portuguese and Italian (and German compact notation)
 * leave four-digit numbers bare by default, so a page would show "5700" next to "110.000".
 */
const GROUPED = { useGrouping: "always" } as const;

// Building an Intl formatter costs far more than using one (7 % of an order POST's CPU went to
// formatMoney's constructor): one formatter per locale and options, kept. The combinations are few.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n ${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) formatters.set(key, (formatter = new Intl.NumberFormat(locale, options)));
  return formatter;
}
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale, options)));
  return formatter;
}

type Unit = "second" | "minute" | "hour" | "day" | "month" | "year";
type Display = "long" | "short" | "narrow";

/** "1 234", "1,234". */
export function formatNumber(value: number, lang: Language): string {
  return numberFormat(intlLocale(lang), GROUPED).format(value);
}

/** "200–300": a plain number range. */
export function formatRange(range: readonly [number, number], lang: Language): string {
  return numberFormat(intlLocale(lang), GROUPED).formatRange(range[0], range[1]);
}

/** "24 hours", "24 Stunden", "8 s". */
export function formatUnit(value: number, unit: Unit, lang: Language, display: Display = "long"): string {
  return numberFormat(intlLocale(lang), { ...GROUPED, style: "unit", unit, unitDisplay: display }).format(value);
}

/**
 * A period given in days as a person says it: "11 years" rather than "4,018 days", "3 months"
 * rather than "90 days"; days below two months. Rounded to the nearest unit (a retention period
 * is a policy, not a countdown).
 */
export function formatDays(days: number, lang: Language): string {
  if (days >= 365) return formatUnit(Math.round(days / 365.25), "year", lang);
  if (days >= 60) return formatUnit(Math.round(days / 30.44), "month", lang);
  return formatUnit(days, "day", lang);
}

/** "8–10 min", "30-60 s": a range of durations. */
export function formatUnitRange(
  range: readonly [number, number],
  unit: Unit,
  lang: Language,
  display: Display = "short",
): string {
  return numberFormat(intlLocale(lang), { ...GROUPED, style: "unit", unit, unitDisplay: display }).formatRange(
    range[0],
    range[1],
  );
}

/** "1 €", "£49", "497,00 €": a catalogue price in minor units, decimals only when there are cents. */
export function formatMoney(minor: number, currency: Currency | "USD", lang: Language): string {
  const whole = minor % 100 === 0;
  return numberFormat(intlLocale(lang), {
    ...GROUPED,
    style: "currency",
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
}

function wholeAmounts(currency: string, lang: Language) {
  return numberFormat(intlLocale(lang), { ...GROUPED, style: "currency", currency, maximumFractionDigits: 0 });
}

/** "1 100 €", "7 US$": a figure quoted in whole units of a currency (not a catalogue price). */
export function formatAmount(amount: number, currency: string, lang: Language): string {
  return wholeAmounts(currency, lang).format(amount);
}

/** One amount, or a range ("10 000–12 000 €") written as the locale writes ranges. */
export function formatAmountRange(amounts: readonly number[], currency: string, lang: Language): string {
  const [low = 0, high] = amounts;
  return high === undefined
    ? wholeAmounts(currency, lang).format(low)
    : wholeAmounts(currency, lang).formatRange(low, high);
}

/** "25K", "25 k", "450 millions": the compact form each locale uses. */
export function formatCompact(
  value: number,
  lang: Language,
  options: { display?: "short" | "long"; maximumFractionDigits?: number } = {},
): string {
  return numberFormat(intlLocale(lang), {
    ...GROUPED,
    notation: "compact",
    ...(options.display === "long" ? { compactDisplay: "long" as const } : {}),
    ...(options.maximumFractionDigits === undefined ? {} : { maximumFractionDigits: options.maximumFractionDigits }),
  }).format(value);
}

/** "25K", "25 k", "25 mil", "25.000": follower counts, grouped alike within a page (German 25.000 / 7.000). */
export function formatFollowers(count: number, lang: Language): string {
  return numberFormat(intlLocale(lang), { ...GROUPED, notation: "compact", maximumFractionDigits: 1 }).format(count);
}

/**
 * The owner's time zone (OWNER_TIME_ZONE), the site's one clock: every date and time a page or an
 * email writes is in it, named where a time is shown (the container's clock is usually UTC). Set
 * once by the composition root (app/services.server.ts) from the validated environment; Paris until
 * then (and in the browser, which only ever formats calendar days: `formatDay`).
 */
let ownerZone = "Europe/Paris";
export function setOwnerTimeZone(zone: string): void {
  ownerZone = zone;
}
export const ownerTimeZone = (): string => ownerZone;

/**
 * "24 November 2026", or with `withTime` "24 November 2026 at 14:05 CET": the owner's time, its zone
 * named. A customer's page passes its own clock (`timeZone`: the customer's zone where known,
 * app/i18n/time-zone.ts) and `named: false`, as it names that zone once for all its times.
 */
export function formatDate(
  date: Date,
  lang: Language,
  withTime = false,
  clock: { timeZone?: string; named?: boolean } = {},
): string {
  const options: Intl.DateTimeFormatOptions = withTime
    ? {
        day: "numeric",
        month: "long",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        ...(clock.named === false ? {} : { timeZoneName: "short" as const }),
      }
    : { dateStyle: "long" };
  return dateFormat(intlLocale(lang), { ...options, timeZone: clock.timeZone ?? ownerZone }).format(date);
}

/**
 * A calendar day ("2026-11-24", a document's date) as the language writes it: "24 November 2026".
 * A day is no instant: read in UTC, it is the same day in every zone, on the server and in the browser.
 */
export function formatDay(day: string, lang: Language): string {
  return dateFormat(intlLocale(lang), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
}

/**
 * Back-office times in the owner's time zone: "short" in lists, "medium" (with seconds) on an
 * order's timeline. Unnamed: the whole back office is on that one clock.
 */
export function dateTimeFormatter(lang: Language, style: "short" | "medium"): (at: string | number | Date) => string {
  const format = dateFormat(intlLocale(lang), { dateStyle: style, timeStyle: style, timeZone: ownerZone });
  return (at) => format.format(new Date(at));
}

/** The day a billing period ends, as the payment provider dates it (UTC): "24 Dec 2026". */
export function formatBillingDay(at: string, lang: Language): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: "medium", timeZone: "UTC" }).format(new Date(at));
}

/** Keeps a short figure such as "≈ 8 Sek." on one line in big type. */
export function nowrap(text: string): string {
  return text.replace(/ /g, "\u00a0");
}

/** Each language's quotation marks (French with no-break spaces inside its guillemets). */
const QUOTES: Record<Language, [string, string]> = {
  fr: ["«\u00a0", "\u00a0»"],
  en: ["“", "”"],
  es: ["«", "»"],
  de: ["„", "“"],
  pt: ["«", "»"],
  it: ["«", "»"],
};

/** Words quoted as `lang` writes a quotation: « … », „…“, “…”. */
export function quoted(text: string, lang: Language): string {
  const [open, close] = QUOTES[lang];
  return `${open}${text}${close}`;
}

/** A language's name in `lang`, as running text writes it ("allemand", "German", "Deutsch"). */
export function formatLanguageName(of: Language, lang: Language): string {
  return new Intl.DisplayNames([intlLocale(lang)], { type: "language" }).of(of) ?? of;
}

/** A month of the back office's charts ("2026-11"): "nov." / "November 2026", as the language writes it. */
export function formatMonth(month: string, lang: Language, style: "short" | "long"): string {
  const options: Intl.DateTimeFormatOptions =
    style === "short" ? { month: "short", timeZone: "UTC" } : { month: "long", year: "numeric", timeZone: "UTC" };
  return dateFormat(intlLocale(lang), options).format(new Date(`${month}-15T12:00:00Z`));
}

/** "42 %": a share (0..1) rounded to whole percent. */
export function formatPercent(ratio: number, lang: Language): string {
  return numberFormat(intlLocale(lang), { style: "percent", maximumFractionDigits: 0 }).format(ratio);
}

/**
 * A due time in `timeZone` (OWNER_TIME_ZONE, or the customer's on their pages), named: "30 November
 * 2026 at 14:05 CET", or only the day when the promise is counted in business days. `named: false`
 * on a page that names its zone once for all its times (the customer's order page).
 */
export function formatZonedDue(date: Date, lang: Language, timeZone: string, withTime: boolean, named = true): string {
  const options: Intl.DateTimeFormatOptions = withTime
    ? {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        ...(named ? { timeZoneName: "short" as const } : {}),
      }
    : { weekday: "long", day: "numeric", month: "long", year: "numeric" };
  return dateFormat(intlLocale(lang), { ...options, timeZone }).format(date);
}

/** A time of day in the owner's time zone, named: "14:05 CET" (the owner's morning email: "due today at …"). */
export function formatZonedTime(date: Date, lang: Language, timeZone: string): string {
  return dateFormat(intlLocale(lang), { hour: "2-digit", minute: "2-digit", timeZoneName: "short", timeZone }).format(
    date,
  );
}

/** A file's or a disk's size (kB under a megabyte, MB under a gigabyte, else GB; one decimal at most). */
export function formatFileSize(bytes: number, lang: Language): string {
  const [unit, size] =
    bytes >= 1e9
      ? (["gigabyte", 1e9] as const)
      : bytes >= 1e6
        ? (["megabyte", 1e6] as const)
        : (["kilobyte", 1e3] as const);
  return new Intl.NumberFormat(lang, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(
    Math.max(0.1, bytes / size),
  );
}
