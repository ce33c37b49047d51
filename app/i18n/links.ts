import { pageForPath, pagePath } from "../content/pages.ts";
import { LANGUAGES, THANK_YOU_PATHS, type Language } from "./languages.ts";

const THANK_YOU = new Set(Object.values(THANK_YOU_PATHS));

/**
 * The URL (path + query) showing the same page in `lang`: the page's language path for marketing
 * and thank-you pages, otherwise the same path with `?lang=`. Used by the switcher and hreflang.
 */
export function localizedHref(url: URL, lang: Language): string {
  const page = pageForPath(url.pathname);
  if (page) return pagePath(page, lang);
  if (THANK_YOU.has(url.pathname)) {
    const params = new URLSearchParams(url.search);
    params.delete("lang");
    const query = params.toString();
    return THANK_YOU_PATHS[lang] + (query ? `?${query}` : "");
  }
  const params = new URLSearchParams(url.search);
  params.set("lang", lang);
  return `${url.pathname}?${params.toString()}`;
}

/** The language-neutral URL used as hreflang x-default. */
export function defaultHref(url: URL): string {
  const page = pageForPath(url.pathname);
  if (page) return page.path;
  const params = new URLSearchParams(url.search);
  params.delete("lang");
  const query = params.toString();
  return url.pathname + (query ? `?${query}` : "");
}

export function alternates(url: URL): Array<{ lang: Language; href: string }> {
  return LANGUAGES.map((lang) => ({ lang, href: localizedHref(url, lang) }));
}
