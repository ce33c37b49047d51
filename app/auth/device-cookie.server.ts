import { randomBytes } from "node:crypto";
import type { Cookie } from "react-router";
import { COOKIES, routerCookie } from "../lib/cookies.ts";
import { getEnv } from "../lib/env.server.ts";
import { perStore } from "../lib/per-store.ts";
import type { SettingsStore } from "../db/settings-store.server.ts";
import type { OwnerRecord } from "./types.ts";

/**
 * The device cookie (OWASP, "Slow down online guessing attacks with device cookies"): a browser
 * the owner completed a sign-in from, or opened an unlock link in, carries a signed random id.
 * Sign-in attempts from it count against that id alone, never against the account-wide budget
 * strangers can exhaust, so nobody can lock the owner out of their own browser. The id is bound
 * to the owner's session version: `npm run owner -- reset` voids every device cookie.
 */
export const DEVICE_COOKIE = COOKIES.adminDevice.name;

interface DeviceValue {
  id: string;
  version: number;
}

/** Where the cookie-signing secret is kept. */
export type DeviceSecretStore = Pick<SettingsStore, "initSetting">;

const deviceCookie = perStore(async (repo: DeviceSecretStore): Promise<Cookie> => {
  // Forging one only lifts the account-wide lock for that browser; it signs nobody in.
  const secret = await repo.initSetting("admin_device_secret", randomBytes(32).toString("base64url"));
  return routerCookie("adminDevice", { secure: getEnv().PUBLIC_ORIGIN.startsWith("https:"), secrets: [secret] });
});

async function read(request: Request, repo: DeviceSecretStore): Promise<DeviceValue | undefined> {
  const value: unknown = await (await deviceCookie(repo)).parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return undefined;
  const { id, version } = value as Partial<DeviceValue>;
  return typeof id === "string" && typeof version === "number" ? { id, version } : undefined;
}

/** The id of this browser's device cookie when it is genuine and the owner's current one. */
export async function trustedDevice(
  request: Request,
  owner: OwnerRecord | undefined,
  repo: DeviceSecretStore,
): Promise<string | undefined> {
  const device = await read(request, repo);
  return device && owner && device.version === owner.sessionVersion ? device.id : undefined;
}

/** The Set-Cookie header that marks this browser as the owner's (keeps its id if it has one). */
export async function rememberDevice(request: Request, owner: OwnerRecord, repo: DeviceSecretStore): Promise<string> {
  const id = (await trustedDevice(request, owner, repo)) ?? randomBytes(18).toString("base64url");
  return (await deviceCookie(repo)).serialize({ id, version: owner.sessionVersion } satisfies DeviceValue);
}
