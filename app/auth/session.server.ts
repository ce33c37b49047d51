import { createHash, randomBytes } from "node:crypto";
import {
  createContext,
  createSessionStorage,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
  type Session,
  type SessionStorage,
} from "react-router";
import { COOKIES, appendSetCookie, maxAgeSeconds, routerCookie } from "../lib/cookies.ts";
import { getEnv } from "../lib/env.server.ts";
import { perStore } from "../lib/per-store.ts";
import type { SettingsStore } from "../db/settings-store.server.ts";
import type { OwnerRecord, OwnerStore } from "./types.ts";
import { askedPage, withReturnTo } from "./return-to.server.ts";

/** A session that nobody uses for this long is gone (cookie and stored row alike). */
export const IDLE_SECONDS = maxAgeSeconds("adminSession");
export const SESSION_COOKIE = COOKIES.adminSession.name;

/** Assurance level: 1 = password only (may only enrol or verify the code), 2 = password + TOTP. */
export type Aal = 1 | 2;
interface AdminSessionData {
  aal: Aal;
  /** The owner's session version when signed in: `npm run owner -- reset` bumps it. */
  version: number;
}
type AdminSession = Session<AdminSessionData>;

/** What the back office's sessions are kept in: the owner's store and the cookie-signing secret's setting. */
export type AdminSessionStore = Pick<
  OwnerStore,
  "getOwner" | "createAdminSession" | "readAdminSession" | "updateAdminSession" | "deleteAdminSession"
> &
  Pick<SettingsStore, "initSetting">;

interface AdminSessionState {
  storage: SessionStorage<AdminSessionData>;
  session: AdminSession;
  /** Set by sign-out and by a session that no longer matches the owner: the cookie is cleared. */
  ended: boolean;
  /** The page the request asked for: sign-in returns there. */
  asked: string;
  /** Where the owner is read from (the store the middleware was handed). */
  owners: Pick<OwnerStore, "getOwner">;
}

const stateContext = createContext<AdminSessionState | null>(null);

/**
 * The key a session is stored under: the SHA-256 of its id, never the id itself. A copy of the
 * database (a backup, a dump) then holds no cookie value: the cookie-signing secret stored next to
 * it can sign any id, but only an id whose hash is in the table opens a session, and finding one
 * means inverting SHA-256 on 256 random bits. A fast hash is enough for that (the id is random, not
 * a password). docs/decisions/012-a-backup-is-not-a-key.md.
 */
export const storedSessionKey = (id: string) => createHash("sha256").update(id).digest("base64url");

/**
 * React Router's session storage over the database: the cookie carries only a random, signed id
 * (HttpOnly, SameSite=Strict, Secure on https, path /admin); the data and its idle expiry are
 * stored under the id's hash (storedSessionKey), so sign-out and a reset end a session everywhere
 * and a copy of the database opens none.
 */
const sessionStorage = perStore(async (repo: AdminSessionStore): Promise<SessionStorage<AdminSessionData>> => {
  const secret = await repo.initSetting("admin_cookie_secret", randomBytes(32).toString("base64url"));
  const cookie = routerCookie("adminSession", {
    secure: getEnv().PUBLIC_ORIGIN.startsWith("https:"),
    secrets: [secret],
  });
  const expiry = (expires?: Date) => (expires ?? new Date(Date.now() + IDLE_SECONDS * 1000)).getTime();
  return createSessionStorage<AdminSessionData>({
    cookie,
    async createData(data, expires) {
      const id = randomBytes(32).toString("base64url");
      await repo.createAdminSession(storedSessionKey(id), JSON.stringify(data), expiry(expires));
      return id;
    },
    async readData(id) {
      const json = await repo.readAdminSession(storedSessionKey(id));
      return json ? JSON.parse(json) : null;
    },
    async updateData(id, data, expires) {
      await repo.updateAdminSession(storedSessionKey(id), JSON.stringify(data), expiry(expires));
    },
    async deleteData(id) {
      await repo.deleteAdminSession(storedSessionKey(id));
    },
  });
});

/**
 * The /admin layout's middleware: loads the session, and after the route ran, refreshes a live
 * session (its 12 h idle window starts again) or clears an ended one. Admin responses are never
 * cached or indexed. `storeOf` yields the request's store (the layout route reads it from the
 * services in its context): the session's rows and the owner are read from it.
 */
export function adminSessionMiddleware(
  storeOf: (context: Readonly<RouterContextProvider>) => Promise<AdminSessionStore>,
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const owners = await storeOf(context);
    const store = await sessionStorage(owners);
    const state: AdminSessionState = {
      storage: store,
      session: await store.getSession(request.headers.get("Cookie")),
      ended: false,
      asked: askedPage(request),
      owners,
    };
    context.set(stateContext, state);
    const response = await next();
    if (state.ended) appendSetCookie(response.headers, await store.destroySession(state.session));
    else if (state.session.has("aal")) appendSetCookie(response.headers, await store.commitSession(state.session));
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    return response;
  };
}

function state(context: Readonly<RouterContextProvider>): AdminSessionState {
  const value = context.get(stateContext);
  if (!value) throw new Error("admin session middleware missing");
  return value;
}

/** Starts a new session at `aal` (a new id on every privilege change: no session fixation). */
export async function startSession(
  context: Readonly<RouterContextProvider>,
  aal: Aal,
  owner: OwnerRecord,
): Promise<void> {
  const current = state(context);
  if (current.session.id) await current.storage.destroySession(current.session);
  current.session = await current.storage.getSession();
  current.session.set("aal", aal);
  current.session.set("version", owner.sessionVersion);
  current.ended = false;
}

export async function endSession(context: Readonly<RouterContextProvider>): Promise<void> {
  const current = state(context);
  current.ended = true;
}

/** The session's assurance level, if it belongs to the current owner (else the session ends). */
export async function currentAal(
  context: Readonly<RouterContextProvider>,
): Promise<{ aal: Aal | 0; owner: OwnerRecord | undefined }> {
  const current = state(context);
  const owner = await current.owners.getOwner();
  const aal = current.session.get("aal");
  if (!aal) return { aal: 0, owner };
  if (!owner?.passwordHash || current.session.get("version") !== owner.sessionVersion) {
    current.ended = true;
    return { aal: 0, owner };
  }
  return { aal, owner };
}

/** The password-only session's next step: the code, or enrolling the authenticator first. */
export const secondStep = (owner: OwnerRecord) => (owner.totpEnabled ? "/admin/verify" : "/admin/enrol");

/**
 * Guards every back-office loader and action: a stranger is sent to sign in, a password-only
 * session to its second factor, both carrying the page asked for. Nothing else runs first.
 */
export async function requireOwner(context: Readonly<RouterContextProvider>, level: Aal = 2): Promise<OwnerRecord> {
  const { aal, owner } = await currentAal(context);
  const asked = state(context).asked;
  if (!aal || !owner) throw redirect(withReturnTo("/admin/sign-in", asked), 303);
  if (aal < level) throw redirect(withReturnTo(secondStep(owner), asked), 303);
  return owner;
}
