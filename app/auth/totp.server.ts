import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import QRCode from "qrcode";
import { spendRecoveryCode } from "./recovery-codes.server.ts";
import type { FactorStore, OwnerStore } from "./types.ts";

/** RFC 6238 defaults every authenticator app understands. */
const PERIOD = 30;
const DIGITS = 6;
const ALGORITHM = "SHA-1";

export async function newTotpSecret(): Promise<string> {
  return (await generateTOTP({ period: PERIOD, digits: DIGITS, algorithm: ALGORITHM })).secret;
}

/** The enrolment QR code (an inline SVG) and the same secret as text, for typing by hand. */
export async function enrolment(
  secret: string,
  issuer: string,
  accountName: string,
): Promise<{ uri: string; svg: string; secret: string }> {
  const uri = getTOTPAuthUri({ period: PERIOD, digits: DIGITS, algorithm: ALGORITHM, secret, issuer, accountName });
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { uri, svg, secret };
}

const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD);

export type TotpCheck = "ok" | "invalid" | "replayed";

/**
 * Verifies a code (one step of clock drift either way) and records the time step it belongs to, so
 * the same code, or an older one, can never be used twice.
 */
export async function checkTotp(
  repo: Pick<OwnerStore, "useTotpStep">,
  secret: string,
  input: string,
): Promise<TotpCheck> {
  const otp = input.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(otp)) return "invalid";
  for (;;) {
    const step = currentStep();
    const match = await verifyTOTP({ otp, secret, period: PERIOD, digits: DIGITS, algorithm: ALGORITHM, window: 1 });
    // The step changed during verification: verify again so `step + delta` names the right step.
    if (step !== currentStep()) continue;
    if (!match) return "invalid";
    return (await repo.useTotpStep(step + match.delta)) ? "ok" : "replayed";
  }
}

/**
 * The second factor typed into a form: the authenticator's 6-digit code, or one of the owner's
 * one-time recovery codes (spent by this check). Enrolment asks for the authenticator alone.
 */
export async function checkSecondFactor(
  repo: Pick<OwnerStore, "useTotpStep"> & Pick<FactorStore, "useRecoveryCode">,
  secret: string,
  input: string,
  options: { recovery: boolean },
): Promise<TotpCheck> {
  if (/^\d{6}$/.test(input.replace(/\s+/g, "")) || !options.recovery) return checkTotp(repo, secret, input);
  return (await spendRecoveryCode(repo, input)) ? "ok" : "invalid";
}
