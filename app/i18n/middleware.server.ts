import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { applyBrand } from "../config/brand.server.ts";
import { appendSetCookie } from "../lib/cookies.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import { languageCookie } from "./cookie.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages.ts";
import { resolveRequestLanguage, type ResolvedLanguage } from "./resolve.ts";
import { i18nextOptions } from "./resources.ts";

// The configured brand goes into every translation before the first request renders.
applyBrand();

/** The request's language, resolved once (app/i18n/resolve.ts) by the first middleware below. */
const languageContext = createContext<ResolvedLanguage>();

/**
 * Resolves the language once per request; afterwards remembers a language the visitor chose (path
 * suffix or ?lang=) in a cookie, and marks responses whose language came from the cookie or
 * Accept-Language as varying on them.
 */
const languageMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const resolved = resolveRequestLanguage(request);
  context.set(languageContext, resolved);
  const response = await next();
  if (resolved.source === "path" || resolved.source === "query") {
    appendSetCookie(response.headers, languageCookie(resolved.lang, context.get(requestInfoContext).secure));
  } else {
    response.headers.append("Vary", "Cookie, Accept-Language");
  }
  return response;
};

const [i18nextMiddleware, , getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["custom"],
    // The language resolved above: i18next never detects a second time.
    findLocale: async ({ context }) => context.get(languageContext).lang,
  },
  i18next: { ...i18nextOptions, defaultNS: "common" },
  plugins: [initReactI18next],
});

/** The root route's middleware: language first, then the i18next instance in that language. */
export const i18nMiddleware = [languageMiddleware, i18nextMiddleware];

/** The request's language, as resolved once by the middleware. */
export function getLocale(context: Readonly<RouterContextProvider>): Language {
  return context.get(languageContext).lang;
}

/** Whether the request's URL named its language (`?lang=`, a `/de` suffix): a choice that wins over any default. */
export function localeChosenByUrl(context: Readonly<RouterContextProvider>): boolean {
  const { source } = context.get(languageContext);
  return source === "path" || source === "query";
}

/**
 * A section's own default language in place of the cookie's or the browser's (the back office
 * speaks the owner's language): the request's language and its i18next instance switch to `lang`,
 * so the loaders, the page and `<html lang>` all read it.
 */
export async function setSectionLocale(context: Readonly<RouterContextProvider>, lang: Language): Promise<void> {
  if (context.get(languageContext).lang === lang) return;
  context.set(languageContext, { lang, source: "fallback" });
  await getInstance(context).changeLanguage(lang);
}

export { getInstance };
