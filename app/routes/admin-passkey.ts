import { redirect } from "react-router";
import type { Route } from "./+types/admin-passkey";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { adminT, clientIp, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { rememberDevice } from "../auth/device-cookie.server.ts";
import {
  finishRegistration,
  finishSignIn,
  registrationOptions,
  relyingParty,
  signInOptions,
} from "../auth/passkey.server.ts";
import { safeReturnTo } from "../auth/return-to.server.ts";
import { requireOwner, startSession } from "../auth/session.server.ts";
import { signInStep } from "../auth/sign-in-step.server.ts";
import { getSiteConfig } from "../config/site.server.ts";
import { appendSetCookie } from "../lib/cookies.ts";
import { getEnv } from "../lib/env.server.ts";
import { servicesOf } from "../services-context.ts";

/**
 * The passkey ceremonies, for public/passkey.js (the one step of the back office that needs
 * JavaScript): form-encoded posts through the one body reader, JSON answers. Registering needs a
 * full (aal2) session; signing in needs nothing but the passkey (counted like any sign-in step).
 */
export function loader() {
  throw redirect("/admin", 303);
}

/** The browser's JSON answer to a ceremony, or null when it is not an object with an id. */
function credentialJson<T>(raw: string): T | null {
  try {
    const value: unknown = JSON.parse(raw);
    return value &&
      typeof value === "object" &&
      typeof (value as { id?: unknown }).id === "string" &&
      typeof (value as { response?: unknown }).response === "object"
      ? (value as T)
      : null;
  } catch {
    return null;
  }
}

const json = (body: unknown, status = 200, headers = new Headers()) => Response.json(body, { status, headers });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["intent", "response", "returnTo"]);
  const t = adminT(context);
  const env = getEnv();
  const rp = relyingParty(env.PUBLIC_ORIGIN);
  const { repo, limits } = await servicesOf(context, { repo: ["owner", "factors", "settings"], limits: true });
  const intent = text(form, "intent", 30);

  if (intent === "register-options" || intent === "register") {
    await requireOwner(context);
    if (intent === "register-options") {
      const { options, setCookie } = await registrationOptions(
        repo,
        rp,
        env.OWNER_EMAIL ?? getSiteConfig().contactEmail,
      );
      return json(options, 200, appendSetCookie(new Headers(), setCookie));
    }
    const response = credentialJson<RegistrationResponseJSON>(text(form, "response", 20_000));
    if (!response) return json({ error: t("passkey.failed") }, 400);
    const added = await finishRegistration(repo, rp, request, response);
    if (typeof added === "string")
      return json({ error: t(added === "expired" ? "passkey.expired" : "passkey.failed") }, 400);
    return json({ redirect: "/admin/security?done=passkey-added" });
  }

  if (intent === "sign-in-options") {
    const taken = await limits.take(["passkeyIp", clientIp(context)]);
    if (!taken.ok)
      return json(
        { error: t("errors.locked", { minutes: Math.ceil(taken.retryAfterSeconds / 60) }) },
        429,
        new Headers({ "Retry-After": String(taken.retryAfterSeconds) }),
      );
    const { options, setCookie } = await signInOptions(repo, rp);
    return json(options, 200, appendSetCookie(new Headers(), setCookie));
  }

  if (intent === "sign-in") {
    const response = credentialJson<AuthenticationResponseJSON>(text(form, "response", 20_000));
    if (!response) return json({ error: t("passkey.failed") }, 400);
    const owner = await repo.getOwner();
    // Counted first, checked second, like a password or a code (app/auth/sign-in-step.server.ts).
    const step = await signInStep(
      request,
      clientIp(context),
      owner,
      () => finishSignIn(repo, rp, request, response, owner),
      (result) => typeof result === "object",
      { repo, limits },
    );
    if (step.status !== "checked") {
      return json(
        { error: t("errors.locked", { minutes: Math.ceil(step.retryAfterSeconds / 60) }) },
        429,
        new Headers({ "Retry-After": String(step.retryAfterSeconds) }),
      );
    }
    if (typeof step.result === "string" || !owner)
      return json({ error: t(step.result === "expired" ? "passkey.expired" : "passkey.failed") }, 401);
    // A passkey with user verification is both factors: the full session at once.
    await startSession(context, 2, owner);
    const headers = appendSetCookie(new Headers(), await rememberDevice(request, owner, repo));
    return json({ redirect: safeReturnTo(text(form, "returnTo", 600)) }, 200, headers);
  }

  return json({ error: t("passkey.failed") }, 400);
}
