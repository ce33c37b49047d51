import { languageFromCookie } from "./cookie.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from "./languages.ts";
import { TEST_WORKFLOW_PATHS, THANK_YOU_PATHS } from "./site-map.ts";

export type LanguageSource = "path" | "query" | "cookie" | "header" | "fallback";
export interface ResolvedLanguage {
  lang: Language;
  source: LanguageSource;
}

const PATH_ALIASES = new Map<string, Language>([
  ...Object.entries(THANK_YOU_PATHS).map(([lang, path]) => [path, lang as Language] as const),
  ...Object.entries(TEST_WORKFLOW_PATHS).map(([lang, path]) => [path, lang as Language] as const),
]);

/**
 * Pages that fall back to French instead of English: Nano Banana (spec), and the order form,
 * which the French pages link to without `lang` (spec).
 */
const FRENCH_FALLBACK_PREFIXES = ["/nano-banana", "/commander"];

/** Language forced by the path: a `/xx` suffix (`/de`, `/short-videos/de`) or a localized slug. */
export function languageFromPath(pathname: string): Language | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const alias = PATH_ALIASES.get(path);
  if (alias) return alias;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return isLanguage(last) ? last : null;
}

export function fallbackLanguageFor(pathname: string): Language {
  return FRENCH_FALLBACK_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
    ? "fr"
    : DEFAULT_LANGUAGE;
}

/** Picks the best supported language from an Accept-Language header, honouring q-values. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .slice(0, 20)
    .map((item, index) => {
      const [tag = "", ...params] = item.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split("-")[0], quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    if (isLanguage(entry.base)) return entry.base;
  }
  return null;
}

export interface LanguageInputs {
  pathname: string;
  queryLang?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}

/** The one language resolver: path > ?lang= > cookie > Accept-Language > page fallback. */
export function resolveLanguage(input: LanguageInputs): ResolvedLanguage {
  const forced = languageFromPath(input.pathname);
  if (forced) return { lang: forced, source: "path" };
  if (isLanguage(input.queryLang)) return { lang: input.queryLang, source: "query" };
  const fromCookie = languageFromCookie(input.cookie);
  if (fromCookie) return { lang: fromCookie, source: "cookie" };
  const fromHeader = languageFromAcceptLanguage(input.acceptLanguage);
  if (fromHeader) return { lang: fromHeader, source: "header" };
  return { lang: fallbackLanguageFor(input.pathname), source: "fallback" };
}

export function resolveRequestLanguage(request: Request): ResolvedLanguage {
  const url = new URL(request.url);
  return resolveLanguage({
    pathname: url.pathname,
    queryLang: url.searchParams.get("lang"),
    cookie: request.headers.get("cookie"),
    acceptLanguage: request.headers.get("accept-language"),
  });
}

export { LANGUAGES };
