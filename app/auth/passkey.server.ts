import { createHash, randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { readCookieValues, serializeCookie } from "../lib/cookies.ts";
import type { SettingsStore } from "../db/settings-store.server.ts";
import type { ChallengePurpose, FactorStore, OwnerRecord, PasskeyRecord } from "./types.ts";

/**
 * Passkeys (WebAuthn) for the one owner, with @simplewebauthn/server: registered from the back
 * office (a full, aal2 session), then used alone to sign in — a discoverable credential with user
 * verification is two factors in one (something held, unlocked by something known or biometric),
 * and it is bound to this site's origin, so a look-alike site cannot phish it.
 *
 * Each ceremony's challenge is stored on the server under the hash of a random nonce the browser
 * holds in a cookie (admin_passkey): bound to that browser, single use (taken out with DELETE …
 * RETURNING), expiring after CHALLENGE_TTL_MS. The relying party is PUBLIC_ORIGIN: its host name is
 * the RP ID (a domain: `localhost` works, an IP address does not), the origin is checked exactly.
 */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export interface RelyingParty {
  origin: string;
  rpID: string;
}

export const relyingParty = (publicOrigin: string): RelyingParty => ({
  origin: publicOrigin,
  rpID: new URL(publicOrigin).hostname,
});

type Repo = Pick<
  FactorStore,
  "saveChallenge" | "takeChallenge" | "listPasskeys" | "findPasskey" | "addPasskey" | "passkeyUsed"
> &
  Pick<SettingsStore, "initSetting">;

const nonceKey = (nonce: string) => createHash("sha256").update(`passkey:${nonce}`).digest("base64url");

/** Starts a ceremony: stores its challenge and returns the cookie naming it (Set-Cookie value). */
async function bindChallenge(
  repo: Repo,
  purpose: ChallengePurpose,
  challenge: string,
  secure: boolean,
): Promise<string> {
  const nonce = randomBytes(24).toString("base64url");
  await repo.saveChallenge(nonceKey(nonce), purpose, challenge, Date.now() + CHALLENGE_TTL_MS);
  return serializeCookie("adminPasskey", nonce, secure);
}

/** The challenge this browser's ceremony was given, taken out (once), if it is still valid. */
async function takeChallenge(repo: Repo, request: Request, purpose: ChallengePurpose): Promise<string | undefined> {
  for (const nonce of readCookieValues("adminPasskey", request.headers.get("Cookie"))) {
    if (!/^[\w-]{20,64}$/.test(nonce)) continue;
    const challenge = await repo.takeChallenge(nonceKey(nonce), purpose, Date.now());
    if (challenge) return challenge;
  }
  return undefined;
}

/** The WebAuthn user handle: random, stable, naming nobody (not the email address). */
async function userHandle(repo: Repo): Promise<Uint8Array<ArrayBuffer>> {
  const stored = await repo.initSetting("passkey_user_handle", randomBytes(32).toString("base64url"));
  return new Uint8Array(Buffer.from(stored, "base64url"));
}

export async function registrationOptions(
  repo: Repo,
  rp: RelyingParty,
  userName: string,
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; setCookie: string }> {
  const existing = await repo.listPasskeys();
  const options = await generateRegistrationOptions({
    rpName: rp.rpID,
    rpID: rp.rpID,
    userName,
    userID: await userHandle(repo),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    // A discoverable credential (signs in without a user name), unlocked by the device (PIN, biometrics).
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    timeout: CHALLENGE_TTL_MS,
  });
  return {
    options,
    setCookie: await bindChallenge(repo, "register", options.challenge, rp.origin.startsWith("https:")),
  };
}

export type PasskeyRefusal = "expired" | "invalid";

/** Verifies the new credential against this browser's challenge and stores it. */
export async function finishRegistration(
  repo: Repo,
  rp: RelyingParty,
  request: Request,
  response: RegistrationResponseJSON,
): Promise<PasskeyRecord | PasskeyRefusal> {
  const challenge = await takeChallenge(repo, request, "register");
  if (!challenge) return "expired";
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch {
    return "invalid";
  }
  if (!verification.verified) return "invalid";
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const passkey = {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: credential.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
  };
  if (await repo.findPasskey(passkey.id)) return "invalid";
  await repo.addPasskey(passkey);
  return { ...passkey, createdAt: new Date().toISOString(), lastUsedAt: null };
}

/** Options for signing in: no credential list (the authenticator offers the owner's discoverable passkey). */
export async function signInOptions(
  repo: Repo,
  rp: RelyingParty,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; setCookie: string }> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: "required",
    timeout: CHALLENGE_TTL_MS,
  });
  return {
    options,
    setCookie: await bindChallenge(repo, "authenticate", options.challenge, rp.origin.startsWith("https:")),
  };
}

/**
 * Verifies a sign-in assertion: this browser's challenge (once), a passkey of the owner, its
 * signature over the challenge and this origin, user verification, and a counter that moved on
 * (when the authenticator keeps one). Returns the passkey used, or why not.
 */
export async function finishSignIn(
  repo: Repo,
  rp: RelyingParty,
  request: Request,
  response: AuthenticationResponseJSON,
  owner: OwnerRecord | undefined,
): Promise<PasskeyRecord | PasskeyRefusal> {
  const challenge = await takeChallenge(repo, request, "authenticate");
  if (!challenge) return "expired";
  const passkey = typeof response.id === "string" ? await repo.findPasskey(response.id) : undefined;
  if (!passkey || !owner?.passwordHash) return "invalid";
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    return "invalid";
  }
  if (!verification.verified) return "invalid";
  await repo.passkeyUsed(passkey.id, verification.authenticationInfo.newCounter);
  return passkey;
}
