import { isLanguage, type Language } from "./languages.ts";

/** The cookie that remembers a language the visitor chose (path suffix, ?lang= or the switcher). */
export const LANGUAGE_COOKIE = "lang";

/** The language in a Cookie header, if it holds a supported one. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === LANGUAGE_COOKIE) {
      const value = part.slice(eq + 1).trim();
      if (isLanguage(value)) return value;
    }
  }
  return null;
}

/** The Set-Cookie value remembering `lang` for a year. */
export function languageCookie(lang: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}`;
}
