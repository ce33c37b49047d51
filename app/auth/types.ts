import type { Language } from "../i18n/languages.ts";
export interface OwnerRecord {
  passwordHash: string | null;
  totpSecret: string | null;
  totpEnabled: boolean;
  /** Bumped by `npm run owner -- reset`: sessions carrying an older version are refused. */
  sessionVersion: number;
  setupTokenHash: string | null;
  /** The back office's language the owner picked there; null: OWNER_LANG. */
  lang: Language | null;
}

/** The one owner, their back-office sessions and used TOTP steps. Never reaches orders. */
export interface OwnerStore {
  getOwner(): Promise<OwnerRecord | undefined>;
  /**
   * Starts over (first start, or `npm run owner -- reset`): forgets the password and TOTP secret,
   * stores the hash of a new one-time set-up token, bumps the session version, deletes every admin
   * session and the used TOTP steps (of the old secret), in one transaction.
   */
  resetOwner(setupTokenHash: string): Promise<void>;
  /**
   * The very first set-up token of a database: stored only if no owner row exists yet (atomic), so
   * of several instances starting together exactly one gets true and prints its link.
   */
  createOwnerSetup(setupTokenHash: string): Promise<boolean>;
  /** Consumes the set-up token (once) and stores the password hash and the TOTP secret to enrol. */
  claimOwnerSetup(setupTokenHash: string, passwordHash: string, totpSecret: string): Promise<boolean>;
  enableOwnerTotp(): Promise<void>;
  /** Records a TOTP time step as used; false when it was used already (a replayed code). */
  useTotpStep(step: number): Promise<boolean>;

  createAdminSession(id: string, data: string, expiresAt: number): Promise<void>;
  /** The session's data, unless it is unknown or expired. */
  readAdminSession(id: string): Promise<string | undefined>;
  updateAdminSession(id: string, data: string, expiresAt: number): Promise<void>;
  deleteAdminSession(id: string): Promise<void>;

  /** A new emailed link (id, expiry, what it does: an unlock link by default). */
  createUnlock(id: string, expiresAt: number, purpose?: OwnerLinkPurpose): Promise<void>;
  /** Uses the link once: true only for the first use before its expiry (a conditional update). */
  useUnlock(id: string, now: number, purpose?: OwnerLinkPurpose): Promise<boolean>;
  /** Whether the link is unused and unexpired (a look, nothing spent). */
  unlockUsable(id: string, now: number, purpose: OwnerLinkPurpose): Promise<boolean>;
  /** A forgotten password replaced: bumps the session version, deletes every session and voids every open reset link, in one transaction. */
  setOwnerPassword(passwordHash: string): Promise<void>;
  /** The back office's language (null: back to OWNER_LANG). */
  setOwnerLang(lang: Language | null): Promise<void>;
}

/** What an emailed owner link does (owner_unlocks.purpose). */
export type OwnerLinkPurpose = "unlock" | "setup" | "reset";

export interface PasskeyRecord {
  /** The credential id, base64url. */
  id: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

export type ChallengePurpose = "register" | "authenticate";

/** The owner's second factors beyond TOTP: recovery codes, passkeys, and passkey challenges. */
export interface FactorStore {
  /** Replaces every recovery code by these hashes (one transaction: the old ones stop working). */
  replaceRecoveryCodes(codeHashes: string[]): Promise<void>;
  /** Spends a code once: true only for the first use (a conditional update). */
  useRecoveryCode(codeHash: string): Promise<boolean>;
  countRecoveryCodes(): Promise<number>;
  addPasskey(passkey: Omit<PasskeyRecord, "createdAt" | "lastUsedAt">): Promise<void>;
  listPasskeys(): Promise<PasskeyRecord[]>;
  findPasskey(id: string): Promise<PasskeyRecord | undefined>;
  /** After a sign-in with it: the authenticator's new counter and the time. */
  passkeyUsed(id: string, counter: number): Promise<void>;
  removePasskey(id: string): Promise<boolean>;
  /** Stores a ceremony's challenge under `key` (replacing one there), forgetting expired ones. */
  saveChallenge(key: string, purpose: ChallengePurpose, challenge: string, expiresAt: number): Promise<void>;
  /** Takes the challenge out (single use): undefined when none, of another purpose, or expired. */
  takeChallenge(key: string, purpose: ChallengePurpose, now: number): Promise<string | undefined>;
}
