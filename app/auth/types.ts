export interface OwnerRecord {
  passwordHash: string | null;
  totpSecret: string | null;
  totpEnabled: boolean;
  /** Bumped by `npm run owner -- reset`: sessions carrying an older version are refused. */
  sessionVersion: number;
  setupTokenHash: string | null;
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

  /** A new unlock link (id, expiry) and its email to the owner, in one transaction. */
  createUnlock(id: string, expiresAt: number): Promise<void>;
  /** Uses the link once: true only for the first use before its expiry (a conditional update). */
  useUnlock(id: string, now: number): Promise<boolean>;

}
