import { intlLocale, type Language } from "../i18n/languages.ts";

/**
 * The business figures of spec section 9 that the workflow pages quote. Copy never types them:
 * pages format these with Intl and pass them into the translations.
 */
export const FACELESS = { scenes: 13, clipSeconds: 5, videoMinutes: 1, ratio: "9:16", costUsd: 7, productionMinutes: [8, 10] } as const;
export const AD_GENERATOR = { scenes: 5, maxMinutes: 5 } as const;
export const SHORT_VIDEOS = { videosPerMonth: 8, seconds: [10, 20], deliveryHours: 48, generationMaxMinutes: 5 } as const;
export const NEWSLETTER = { videoSeconds: [30, 60], maxMinutes: 10 } as const;
export const BLOG = { summaryWords: [200, 300], maxMinutes: 2 } as const;

// Single values use the shared helpers; this module adds ranges and the dollar cost.
export { formatNumber, formatUnit } from "./units.ts";

type Unit = "second" | "minute" | "hour";

/** "8–10 min", "30-60 s" — a range of durations in the locale's style. */
export function formatUnitRange(range: readonly [number, number], unit: Unit, lang: Language, display: "short" | "narrow" | "long" = "short"): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: "unit", unit, unitDisplay: display }).formatRange(range[0], range[1]);
}

/** "200–300" — a plain number range. */
export function formatRange(range: readonly [number, number], lang: Language): string {
  return new Intl.NumberFormat(intlLocale(lang)).formatRange(range[0], range[1]);
}

/** "7 US$", "US$7", "7 $US": the production cost, in dollars as the spec gives it. */
export function formatUsd(amount: number, lang: Language): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(amount);
}
