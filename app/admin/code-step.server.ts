import { redirect } from "react-router";
import { rememberDevice } from "../auth/device-cookie.server.ts";
import { startSession } from "../auth/session.server.ts";
import { signInStep } from "../auth/sign-in-step.server.ts";
import { checkTotp } from "../auth/totp.server.ts";
import type { OwnerRecord } from "../auth/types.ts";
import { appendSetCookie } from "../lib/cookies.ts";
import { getOrderServices } from "../services.server.ts";
import { adminT, clientIp, type Context } from "./request.server.ts";

/** Why a code was not accepted, for the page to show (its status, and Retry-After when locked). */
export interface CodeRefused {
  error: string;
  status: 401 | 429;
  headers?: Record<string, string>;
}

/**
 * The authenticator-code step shared by enrolment and the second sign-in step: counted first,
 * checked second (app/auth/sign-in-step.server.ts), then the full (aal2) session, a device cookie
 * for this browser (strangers exhausting the account-wide limit cannot lock it out), and the page
 * the owner was going to. `accepted` runs between the check and the session (enrolment turns TOTP on).
 * Returns the refusal to show, or throws the redirect.
 */
export async function codeStep(
  request: Request,
  context: Context,
  owner: OwnerRecord & { totpSecret: string },
  code: string,
  target: string,
  accepted: () => Promise<void> = async () => {},
): Promise<CodeRefused> {
  const t = adminT(context);
  const { repo } = await getOrderServices();
  const step = await signInStep(request, clientIp(context), owner, () => checkTotp(repo, owner.totpSecret, code), (result) => result === "ok");
  if (step.status !== "checked") {
    const error = t("errors.locked", { minutes: Math.ceil(step.retryAfterSeconds / 60) });
    return { error, status: 429, headers: { "Retry-After": String(step.retryAfterSeconds) } };
  }
  if (step.result !== "ok") return { error: t(step.result === "replayed" ? "errors.codeReplayed" : "errors.wrongCode"), status: 401 };
  await accepted();
  await startSession(context, 2, owner);
  throw redirect(target, { status: 303, headers: appendSetCookie(new Headers(), await rememberDevice(request, owner)) });
}
