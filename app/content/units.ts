import { intlLocale, type Language } from "../i18n/languages.ts";

/** "24 hours", "24 Stunden", "8 s" — durations and counts written per locale with Intl, never by hand. */
export function formatUnit(
  value: number,
  unit: "second" | "minute" | "hour" | "day" | "month",
  lang: Language,
  display: "long" | "short" | "narrow" = "long",
): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: "unit", unit, unitDisplay: display }).format(value);
}

export function formatNumber(value: number, lang: Language): string {
  return new Intl.NumberFormat(intlLocale(lang)).format(value);
}

/** Keeps a short figure such as "≈ 8 Sek." on one line in big type. */
export function nowrap(text: string): string {
  return text.replace(/ /g, "\u00a0");
}
