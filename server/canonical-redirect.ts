import { THANK_YOU_PATHS, pageForPath } from "../app/i18n/site-map.ts";

/** Fixed paths besides the marketing pages (React Router matches them in any case, with a slash). */
const FIXED = new Set(["/commander", "/sitemap.xml", "/robots.txt", "/healthz", ...Object.values(THANK_YOU_PATHS)]);

const isKnown = (path: string) => FIXED.has(path) || (pageForPath(path) !== undefined && !path.endsWith("/"));

/**
 * One URL per page: a known path asked with trailing slashes or in other letter case answers a
 * 301 to its canonical spelling (query kept), so no variant is ever rendered — or cached — with
 * its own canonical link. Unknown paths are left alone (their 404 stays a 404).
 */
export function canonicalLocation(pathname: string, search: string): string | null {
  if (pathname === "/" || isKnown(pathname)) return null;
  const trimmed = pathname.replace(/\/+$/, "") || "/";
  for (const candidate of [trimmed, trimmed.toLowerCase()]) {
    if (candidate === "/" || isKnown(candidate)) return candidate === pathname ? null : candidate + search;
  }
  return null;
}
