/**
 * Where sign-in returns the owner: the back-office page a link (an email on the phone) asked for,
 * carried as `?redirectTo=` through sign-in, the code and enrolment. Only a same-site path under
 * /admin is ever followed, so sign-in can't be turned into an open redirect; anything else is /admin.
 */
export const RETURN_PARAM = "redirectTo";
export const ADMIN_HOME = "/admin";
/** Longer than any real back-office URL (ids, a filter); a longer value is refused, not cut. */
const MAX_LENGTH = 500;
/** The sign-in steps themselves: returning there would loop. */
const SIGN_IN_STEPS = new Set([
  "/admin/sign-in",
  "/admin/verify",
  "/admin/enrol",
  "/admin/setup",
  "/admin/sign-out",
  "/admin/forgot",
  "/admin/passkey",
]);
const BASE = "http://admin.invalid";

/** `value` as a safe back-office path (with its query), else /admin. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return ADMIN_HOME;
  // Backslashes, control characters (CR/LF…) and "//" make browsers read another host or header.
  if (!value.startsWith("/") || value.startsWith("//") || oddCharacter(value)) return ADMIN_HOME;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return ADMIN_HOME;
  }
  // The URL parser has resolved "..", "%2e%2e" and the like: judge (and return) what it made of it.
  if (url.origin !== BASE || !(url.pathname === ADMIN_HOME || url.pathname.startsWith(`${ADMIN_HOME}/`)))
    return ADMIN_HOME;
  if (SIGN_IN_STEPS.has(url.pathname) || !plainPath(url.pathname)) return ADMIN_HOME;
  return url.pathname + url.search;
}

/** No back-office URL hides a slash, a backslash, a dot segment or a control character in an escape. */
function plainPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return !oddCharacter(decoded) && !/\/\/|\/\.\.?(\/|$)/.test(decoded) && !/%2f|%5c/i.test(pathname);
}

/** A backslash (read as "/" by browsers) or a control character (CR/LF split headers; tabs vanish). */
const oddCharacter = (text: string) =>
  [...text].some((char) => char === "\\" || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** `path` with the return target in its query string (nothing to carry when it is /admin). */
export function withReturnTo(path: string, target: string): string {
  const safe = safeReturnTo(target);
  return safe === ADMIN_HOME ? path : `${path}?${new URLSearchParams({ [RETURN_PARAM]: safe })}`;
}

/** The return target a request carries in its query string. */
export const returnToOf = (request: Request) => safeReturnTo(new URL(request.url).searchParams.get(RETURN_PARAM));

/**
 * The page a request asks for, to come back to after signing in: the target a sign-in step already
 * carries, or a GET's own URL. Another POST's page is not known (a form's URL need not be a page).
 */
export function askedPage(request: Request): string {
  const url = new URL(request.url);
  if (SIGN_IN_STEPS.has(url.pathname)) return returnToOf(request);
  return request.method === "GET" || request.method === "HEAD" ? safeReturnTo(url.pathname + url.search) : ADMIN_HOME;
}
