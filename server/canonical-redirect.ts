/**
 * Percent-encoded unreserved characters (letters, digits, "-", ".", "_", "~") mean the same as the
 * characters themselves (RFC 3986 §6.2.2.2): `/%73hort-videos` and `/short%2Dvideos` are
 * `/short-videos`. React Router decodes them when it matches a route, but the page's canonical link
 * was built from the spelling asked for, so each spelling was a page of its own. Other
 * escapes (`%2F`, `%20`, `%3F`…) are not equivalent and are left as they are.
 */
export function decodeUnreserved(pathname: string): string {
  if (!pathname.includes("%")) return pathname;
  return pathname.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /^[A-Za-z0-9._~-]$/.test(char) ? char : escape;
  });
}

/**
 * One URL per page: a known path asked with trailing slashes, in other letter case or with
 * percent-encoded letters answers a 301 to its canonical spelling (query kept), so no variant is
 * ever rendered — or cached — with its own canonical link. An unknown path spelt with encoded
 * unreserved characters is sent to its plain spelling (where it gets its 404); other unknown paths
 * are left alone (their 404 stays a 404). `isKnown` says whether an exact path is one of the site's
 * pages (the app's site map; React Router itself matches in any case and with a trailing slash).
 */
export function createCanonicalRedirect(isKnown: (path: string) => boolean) {
  return function canonicalLocation(pathname: string, search: string): string | null {
    const decoded = decodeUnreserved(pathname);
    if (decoded === "/" || isKnown(decoded)) return decoded === pathname ? null : decoded + search;
    const trimmed = decoded.replace(/\/+$/, "") || "/";
    for (const candidate of [trimmed, trimmed.toLowerCase()]) {
      if (candidate === "/" || isKnown(candidate)) return candidate === pathname ? null : candidate + search;
    }
    return decoded === pathname ? null : decoded + search;
  };
}
