import { createHash, randomInt } from "node:crypto";
import type { FactorStore } from "./types.ts";

/** How many codes the owner gets at enrolment and at each regeneration. */
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: a code copied onto paper reads back without doubt. 32 symbols = 5 bits each. */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
/** 16 symbols ≈ 79 bits: far beyond guessing, so a fast hash (SHA-256) is enough to store it (as for session ids, ADR 012). */
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** Lower case, without the spaces and dashes people type or copy with it. */
export const normaliseRecoveryCode = (input: string) => input.toLowerCase().replace(/[\s-]+/g, "");

export const hashRecoveryCode = (code: string) =>
  createHash("sha256")
    .update(`recovery:${normaliseRecoveryCode(code)}`)
    .digest("hex");

/** Whether an input has a recovery code's shape (else it is an authenticator code, or nothing). */
export const looksLikeRecoveryCode = (input: string) =>
  new RegExp(`^[${ALPHABET}]{${GROUPS * GROUP_LENGTH}}$`).test(normaliseRecoveryCode(input));

function newCode(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
  return groups.join("-");
}

/**
 * Ten new one-time codes, replacing every earlier one in one transaction. Only their hashes are
 * stored: the plaintext is returned to be shown once (the page that answers the POST) and is
 * never kept anywhere.
 */
export async function newRecoveryCodes(repo: Pick<FactorStore, "replaceRecoveryCodes">): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await repo.replaceRecoveryCodes(codes.map(hashRecoveryCode));
  return codes;
}

/** Spends a code (once, even against concurrent uses: one conditional update decides). */
export async function spendRecoveryCode(repo: Pick<FactorStore, "useRecoveryCode">, input: string): Promise<boolean> {
  if (!looksLikeRecoveryCode(input)) return false;
  return repo.useRecoveryCode(hashRecoveryCode(input));
}
