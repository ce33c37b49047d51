import { COOKIES, readCookieValues, serializeCookie } from "../lib/cookies.ts";
import { isLanguage, type Language } from "./languages.ts";

/** The cookie that remembers a language the visitor chose (path suffix, ?lang= or the switcher). */
export const LANGUAGE_COOKIE = COOKIES.lang.name;

/** The language in a Cookie header, if it holds a supported one. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  return readCookieValues("lang", cookieHeader).find(isLanguage) ?? null;
}

/** The Set-Cookie value remembering `lang` for a year (app/lib/cookies.ts). */
export function languageCookie(lang: Language, secure: boolean): string {
  return serializeCookie("lang", lang, secure);
}
