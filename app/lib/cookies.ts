import { createCookie, type Cookie } from "react-router";

/**
 * Every cookie the site sets, in one registry. The modules that write a cookie build it here, the
 * privacy policy lists exactly these (app/routes/privacy.tsx), and `npm run lint` refuses a
 * `Set-Cookie` header or a React Router cookie made anywhere else (eslint.config.js, block
 * "cookies/registry"), so the policy cannot fall behind what the site sends. A test compares the
 * list on /privacy with the Set-Cookie headers of a full order (tests/e2e/privacy-cookies.spec.ts).
 *
 * All are first-party, HttpOnly and strictly necessary for something the visitor asked for (a
 * language, an order, the owner's sign-in): no consent is needed (ePrivacy art. 5(3), CNIL
 * guidelines of 17 September 2020). A new cookie gets an entry here and its purpose in
 * locales/{lng}/privacy.json `cookieList.purpose.{id}`.
 */
type Lifetime = { value: number; unit: "hour" | "month" };

interface CookieEntry {
  name: string;
  lifetime: Lifetime;
  path: string;
  sameSite: "Lax" | "Strict";
  /** Who receives it: every visitor who picks a language, a visitor sending an order, the site's owner. */
  audience: "visitors" | "customers" | "owner";
}

export const COOKIES = {
  /** The language a visitor chose (path suffix, ?lang=, the switcher): app/i18n/cookie.ts. */
  lang: { name: "lang", lifetime: { value: 12, unit: "month" }, path: "/", sameSite: "Lax", audience: "visitors" },
  /**
   * The order just sent to payment (its id only), so a cancelled checkout brings the form back
   * filled: app/orders/draft.server.ts. Path=/ rather than /commander: with JavaScript the form's
   * data comes from /commander.data.
   */
  orderDraft: {
    name: "order_draft",
    lifetime: { value: 24, unit: "hour" },
    path: "/",
    sameSite: "Lax",
    audience: "customers",
  },
  /** The owner's back-office session (a random, signed id): app/auth/session.server.ts. */
  adminSession: {
    name: "admin_session",
    lifetime: { value: 12, unit: "hour" },
    path: "/admin",
    sameSite: "Strict",
    audience: "owner",
  },
  /**
   * A browser the owner completed a sign-in from (a signed random id): failed attempts from
   * elsewhere cannot lock it out (OWASP "device cookies"): app/auth/device-cookie.server.ts.
   */
  adminDevice: {
    name: "admin_device",
    lifetime: { value: 12, unit: "month" },
    path: "/admin",
    sameSite: "Strict",
    audience: "owner",
  },
  /**
   * A passkey ceremony under way (a random nonce): the challenge stored on the server is bound to
   * this browser, used once, and expires in minutes: app/auth/passkey.server.ts.
   */
  adminPasskey: {
    name: "admin_passkey",
    lifetime: { value: 1, unit: "hour" },
    path: "/admin",
    sameSite: "Strict",
    audience: "owner",
  },
} as const satisfies Record<string, CookieEntry>;

export type CookieId = keyof typeof COOKIES;
export const COOKIE_IDS = Object.keys(COOKIES) as CookieId[];

/** A 12-month cookie lives 365 days (31,536,000 s), as it always has. */
const UNIT_SECONDS: Record<Lifetime["unit"], number> = { hour: 3_600, month: 2_628_000 };

export function maxAgeSeconds(id: CookieId): number {
  const { value, unit } = COOKIES[id].lifetime;
  return value * UNIT_SECONDS[unit];
}

/** The Set-Cookie value of a registered cookie (`Secure` on an https origin). */
export function serializeCookie(id: CookieId, value: string, secure: boolean): string {
  const cookie = COOKIES[id];
  return `${cookie.name}=${value}; Path=${cookie.path}; Max-Age=${maxAgeSeconds(id)}; SameSite=${cookie.sameSite}; HttpOnly${secure ? "; Secure" : ""}`;
}

/** Every value a Cookie request header holds for a registered cookie, in order (a stale path may send two). */
export function readCookieValues(id: CookieId, cookieHeader: string | null | undefined): string[] {
  const values: string[] = [];
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === COOKIES[id].name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/** Adds a Set-Cookie header made by this module (serializeCookie, or a cookie from `routerCookie`). */
export function appendSetCookie(headers: Headers, setCookie: string): Headers {
  headers.append("Set-Cookie", setCookie);
  return headers;
}

/** A React Router cookie for a registered entry (signed with `secrets`), for its session storage. */
export function routerCookie(id: CookieId, options: { secure: boolean; secrets: string[] }): Cookie {
  const cookie = COOKIES[id];
  return createCookie(cookie.name, {
    httpOnly: true,
    sameSite: cookie.sameSite === "Strict" ? "strict" : "lax",
    secure: options.secure,
    path: cookie.path,
    maxAge: maxAgeSeconds(id),
    secrets: options.secrets,
  });
}
