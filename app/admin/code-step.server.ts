import { redirect } from "react-router";
import { rememberDevice, type DeviceSecretStore } from "../auth/device-cookie.server.ts";
import { startSession } from "../auth/session.server.ts";
import { signInStep } from "../auth/sign-in-step.server.ts";
import { checkSecondFactor } from "../auth/totp.server.ts";
import type { FactorStore, OwnerRecord, OwnerStore } from "../auth/types.ts";
import type { Limits } from "../http/limits.server.ts";
import { appendSetCookie } from "../lib/cookies.ts";
import { adminT, clientIp, type Context } from "./request.server.ts";

/** Why a code was not accepted, for the page to show (its status, and Retry-After when locked). */
export interface CodeRefused {
  error: string;
  status: 401 | 429;
  headers?: Record<string, string>;
}

/** What a code step uses: the sign-in limits, the used codes' stores, the device cookie's secret. */
export interface CodeStepServices {
  repo: Pick<OwnerStore, "useTotpStep"> & Pick<FactorStore, "useRecoveryCode"> & DeviceSecretStore;
  limits: Pick<Limits, "take">;
}

/**
 * Counts, then checks, a second factor typed into a form (the authenticator's code, or a recovery
 * code where `recovery` allows it): app/auth/sign-in-step.server.ts, the same limits as any
 * sign-in step. Returns null when accepted, else the refusal to show.
 */
export async function secondFactorStep(
  request: Request,
  context: Context,
  services: CodeStepServices,
  owner: OwnerRecord & { totpSecret: string },
  code: string,
  recovery: boolean,
): Promise<CodeRefused | null> {
  const t = adminT(context);
  const step = await signInStep(
    request,
    clientIp(context),
    owner,
    () => checkSecondFactor(services.repo, owner.totpSecret, code, { recovery }),
    (result) => result === "ok",
    services,
  );
  if (step.status !== "checked") {
    const error = t("errors.locked", { minutes: Math.ceil(step.retryAfterSeconds / 60) });
    return { error, status: 429, headers: { "Retry-After": String(step.retryAfterSeconds) } };
  }
  if (step.result === "replayed") return { error: t("errors.codeReplayed"), status: 401 };
  // The message follows what was typed: six digits are an authenticator code, anything else a recovery code.
  if (step.result !== "ok")
    return {
      error: t(recovery && !/^\d{6}$/.test(code.replace(/\s+/g, "")) ? "errors.wrongRecoveryCode" : "errors.wrongCode"),
      status: 401,
    };
  return null;
}

/**
 * The code step of enrolment and of the second sign-in step: counted first, checked second, then
 * the full (aal2) session, a device cookie for this browser (strangers exhausting the account-wide
 * limit cannot lock it out). Enrolment takes the authenticator's code only; the sign-in step also
 * takes a recovery code. `accepted` runs between the check and the session (enrolment turns TOTP
 * on). Without `stay`, throws the redirect to the page the owner was going to; with it, returns the
 * headers (session, device cookie) for the page that answers (enrolment shows the recovery codes).
 */
export async function codeStep(
  request: Request,
  context: Context,
  services: CodeStepServices,
  owner: OwnerRecord & { totpSecret: string },
  code: string,
  target: string,
  options: { accepted?: () => Promise<void>; recovery?: boolean; stay?: boolean } = {},
): Promise<CodeRefused | { accepted: true; headers: Headers }> {
  const refused = await secondFactorStep(request, context, services, owner, code, options.recovery ?? false);
  if (refused) return refused;
  await options.accepted?.();
  await startSession(context, 2, owner);
  const headers = appendSetCookie(new Headers(), await rememberDevice(request, owner, services.repo));
  if (options.stay) return { accepted: true, headers };
  throw redirect(target, { status: 303, headers });
}
