import { randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { getEnv } from "../lib/env.server.ts";
import { getOrderServices } from "../services.server.ts";
import type { OwnerRecord } from "./types.ts";

/**
 * The device cookie (OWASP, "Slow down online guessing attacks with device cookies"): a browser
 * the owner completed a sign-in from, or opened an unlock link in, carries a signed random id.
 * Sign-in attempts from it count against that id alone, never against the account-wide budget
 * strangers can exhaust, so nobody can lock the owner out of their own browser. The id is bound
 * to the owner's session version: `npm run owner -- reset` voids every device cookie.
 */
export const DEVICE_COOKIE = "admin_device";
const MAX_AGE = 365 * 24 * 60 * 60;

interface DeviceValue {
  id: string;
  version: number;
}

let cookie: Promise<Cookie> | undefined;

function deviceCookie(): Promise<Cookie> {
  cookie ??= (async () => {
    const { repo } = await getOrderServices();
    // Forging one only lifts the account-wide lock for that browser; it signs nobody in.
    const secret = await repo.initSetting("admin_device_secret", randomBytes(32).toString("base64url"));
    return createCookie(DEVICE_COOKIE, {
      httpOnly: true,
      sameSite: "strict",
      secure: getEnv().PUBLIC_ORIGIN.startsWith("https:"),
      path: "/admin",
      maxAge: MAX_AGE,
      secrets: [secret],
    });
  })();
  return cookie;
}

async function read(request: Request): Promise<DeviceValue | undefined> {
  const value: unknown = await (await deviceCookie()).parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return undefined;
  const { id, version } = value as Partial<DeviceValue>;
  return typeof id === "string" && typeof version === "number" ? { id, version } : undefined;
}

/** The id of this browser's device cookie when it is genuine and the owner's current one. */
export async function trustedDevice(request: Request, owner: OwnerRecord | undefined): Promise<string | undefined> {
  const device = await read(request);
  return device && owner && device.version === owner.sessionVersion ? device.id : undefined;
}

/** The Set-Cookie header that marks this browser as the owner's (keeps its id if it has one). */
export async function rememberDevice(request: Request, owner: OwnerRecord): Promise<string> {
  const id = (await trustedDevice(request, owner)) ?? randomBytes(18).toString("base64url");
  return (await deviceCookie()).serialize({ id, version: owner.sessionVersion } satisfies DeviceValue);
}
