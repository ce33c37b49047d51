import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin-verify";
import { adminMeta, adminT, clientIp, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { returnToOf, withReturnTo } from "../auth/return-to.server.ts";
import { currentAal, requireOwner, startSession } from "../auth/session.server.ts";
import { rememberDevice } from "../auth/device-cookie.server.ts";
import { signInStep } from "../auth/sign-in-step.server.ts";
import { checkTotp } from "../auth/totp.server.ts";
import { AdminPage, Field, Notice, SignOutForm, SubmitButton } from "../components/admin/admin-ui.tsx";
import { getOrderServices } from "../services.server.ts";

/** The second step: a password-only (aal1) session proves the authenticator code to reach aal2. */
async function ownerAtAal1(context: Route.LoaderArgs["context"], target: string) {
  const { aal } = await currentAal(context);
  if (aal === 2) throw redirect(target, 303);
  const owner = await requireOwner(context, 1);
  if (!owner.totpEnabled || !owner.totpSecret) throw redirect(withReturnTo("/admin/enrol", target), 303);
  return owner;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const target = returnToOf(request);
  await ownerAtAal1(context, target);
  // The form posts back to this URL, so a wrong code keeps the page to return to.
  return { meta: adminMeta(context, "verify.title"), formAction: withReturnTo("/admin/verify", target) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["code"]);
  const target = returnToOf(request);
  const owner = await ownerAtAal1(context, target);
  const t = adminT(context);
  const code = text(form, "code", 20);
  // Counted first, checked second (app/auth/sign-in-step.server.ts).
  const step = await signInStep(request, clientIp(context), owner, async () => checkTotp((await getOrderServices()).repo, owner.totpSecret!, code), (result) => result === "ok");
  if (step.status !== "checked") {
    return data({ error: t("errors.locked", { minutes: Math.ceil(step.retryAfterSeconds / 60) }) }, { status: 429, headers: { "Retry-After": String(step.retryAfterSeconds) } });
  }
  if (step.result !== "ok") return data({ error: t(step.result === "replayed" ? "errors.codeReplayed" : "errors.wrongCode") }, { status: 401 });
  await startSession(context, 2, owner);
  // This browser completed a sign-in: strangers exhausting the account-wide limit cannot lock it out.
  throw redirect(target, { status: 303, headers: { "Set-Cookie": await rememberDevice(request, owner) } });
}

/** Passes Retry-After of a lock-out on to the page's response. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <AdminPage title={t("verify.title")}>
      <p className="mt-2 text-muted">{t("verify.intro")}</p>
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <Form method="post" action={loaderData.formAction}>
        <Field name="code" label={t("fields.code")} autoComplete="one-time-code" inputMode="numeric" maxLength={8} autoFocus invalid={Boolean(actionData?.error)} />
        <SubmitButton>{t("verify.submit")}</SubmitButton>
      </Form>
      <SignOutForm className="-mx-3 mt-6" />
    </AdminPage>
  );
}
