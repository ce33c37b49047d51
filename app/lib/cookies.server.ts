import { LANGUAGE_COOKIE, type Language } from "../i18n/languages.ts";

/** The language cookie set when a visitor picks a language (path suffix, ?lang= or switcher). */
export function languageCookie(lang: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}
