export const LANGUAGES = ["fr", "en", "es", "de", "pt", "it"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Switcher order and labels, as the spec lists them (FR EN DE ES PT IT). */
export const SWITCHER: ReadonlyArray<{ lang: Language; label: string; name: string; locale: string }> = [
  { lang: "fr", label: "FR", name: "Français", locale: "fr-FR" },
  { lang: "en", label: "EN", name: "English", locale: "en-GB" },
  { lang: "de", label: "DE", name: "Deutsch", locale: "de-DE" },
  { lang: "es", label: "ES", name: "Español", locale: "es-ES" },
  { lang: "pt", label: "PT", name: "Português", locale: "pt-PT" },
  { lang: "it", label: "IT", name: "Italiano", locale: "it-IT" },
];

/** A language's own name ("Deutsch"), as the switcher shows it. */
export function languageName(lang: Language): string {
  return SWITCHER.find((entry) => entry.lang === lang)!.name;
}

/** BCP 47 locale used for Intl formatting and og:locale. */
export function intlLocale(lang: Language): string {
  return SWITCHER.find((entry) => entry.lang === lang)!.locale;
}
