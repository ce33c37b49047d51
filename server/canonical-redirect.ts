/**
 * One URL per page: a known path asked with trailing slashes or in other letter case answers a
 * 301 to its canonical spelling (query kept), so no variant is ever rendered — or cached — with
 * its own canonical link. Unknown paths are left alone (their 404 stays a 404). `isKnown` says
 * whether an exact path is one of the site's pages (the app's site map; React Router itself
 * matches in any case and with a trailing slash).
 */
export function createCanonicalRedirect(isKnown: (path: string) => boolean) {
  return function canonicalLocation(pathname: string, search: string): string | null {
    if (pathname === "/" || isKnown(pathname)) return null;
    const trimmed = pathname.replace(/\/+$/, "") || "/";
    for (const candidate of [trimmed, trimmed.toLowerCase()]) {
      if (candidate === "/" || isKnown(candidate)) return candidate === pathname ? null : candidate + search;
    }
    return null;
  };
}
