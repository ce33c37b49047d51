import { intlLocale, type Language } from "../i18n/languages.ts";

/**
 * Dataset licensing figures (spec section 9). Amounts in whole euros; copy never types them, the
 * page formats them per locale with Intl.
 */
export const DATASET_FIGURES = {
  curatedHours: 200,
  onRequestHours: [1000, 5700] as const,
  producedHours: 5700,
  nonExclusive: { yearly: 110_000, upfront: 50_000, monthly: 5_000 },
  exclusiveFromYearly: 300_000,
  packages: [
    { id: "starter", hoursPerMonth: 20, monthly: [5_000] },
    { id: "growth", hoursPerMonth: 50, monthly: [10_000, 12_000] },
    { id: "scale", hoursPerMonth: 120, monthly: [20_000] },
  ] as const,
};

// useGrouping "always": Spanish, Portuguese and Italian leave four-digit numbers ungrouped by
// default, so "5700" would sit next to "110.000" on the same page.
export function formatEuros(amount: number, lang: Language): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: "currency", currency: "EUR", maximumFractionDigits: 0, useGrouping: "always" }).format(amount);
}

/** One amount, or a range ("10 000–12 000 €") formatted as the locale writes ranges. */
export function formatEuroRange(amounts: readonly number[], lang: Language): string {
  const format = new Intl.NumberFormat(intlLocale(lang), { style: "currency", currency: "EUR", maximumFractionDigits: 0, useGrouping: "always" });
  const [low = 0, high] = amounts;
  return high === undefined ? format.format(low) : format.formatRange(low, high);
}

export function formatHours(hours: number, lang: Language, display: "long" | "narrow" = "long"): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: "unit", unit: "hour", unitDisplay: display, useGrouping: "always" }).format(hours);
}

export function formatNumber(value: number, lang: Language): string {
  return new Intl.NumberFormat(intlLocale(lang), { useGrouping: "always" }).format(value);
}
