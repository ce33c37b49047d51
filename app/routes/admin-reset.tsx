import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin-reset";
import { secondFactorStep } from "../admin/code-step.server.ts";
import { adminMeta, adminT, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { HashesBusy, hashPassword } from "../auth/password.server.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "../auth/password-rules.ts";
import { spendResetLink, usableResetLink } from "../auth/password-reset.server.ts";
import { currentAal, endSession } from "../auth/session.server.ts";
import { AdminPage, Field, Notice, PasskeyButton, SubmitButton } from "../components/admin/admin-ui.tsx";
import { servicesOf } from "../services-context.ts";

/**
 * The emailed "forgot password" link. The link alone proves the mailbox, not the owner: the new
 * password is set only with the second factor too — the authenticator's code, a recovery code, or
 * a passkey (with JavaScript: signing in with it first makes this session a full one). The link
 * works once, for 30 minutes; a reset signs out every session.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const meta = adminMeta(context, "reset.title");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!(await usableResetLink(token, await servicesOf(context, { repo: ["owner"], links: true }))))
    return data({ meta, token: null, passkeyDone: false, resetUrl: "" }, { status: 403 });
  const { aal } = await currentAal(context);
  return { meta, token, passkeyDone: aal === 2, resetUrl: `/admin/reset?token=${encodeURIComponent(token)}` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["token", "password", "confirm", "code"]);
  const t = adminT(context);
  const meta = adminMeta(context, "reset.title");
  const token = text(form, "token", 300);
  const id = await usableResetLink(token, await servicesOf(context, { repo: ["owner"], links: true }));
  if (!id)
    return data({ meta, token: null, passkeyDone: false, resetUrl: "", error: t("reset.invalid") }, { status: 403 });
  const { aal } = await currentAal(context);
  const view = { meta, token, passkeyDone: aal === 2, resetUrl: `/admin/reset?token=${encodeURIComponent(token)}` };
  const password = text(form, "password", PASSWORD_MAX + 1);
  const confirm = text(form, "confirm", PASSWORD_MAX + 1);
  const problem =
    password.length < PASSWORD_MIN
      ? t("errors.passwordShort", { min: PASSWORD_MIN })
      : password.length > PASSWORD_MAX
        ? t("errors.passwordLong", { max: PASSWORD_MAX })
        : password !== confirm
          ? t("errors.passwordMismatch")
          : null;
  if (problem) return data({ ...view, error: problem }, { status: 400 });
  const { repo } = await servicesOf(context, { repo: ["owner"] });
  const owner = await repo.getOwner();
  if (!owner?.passwordHash || !owner.totpEnabled || !owner.totpSecret)
    return data({ ...view, token: null, error: t("reset.invalid") }, { status: 403 });
  // The second factor, unless this session already has it (a passkey sign-in on this page).
  if (aal !== 2) {
    const refused = await secondFactorStep(
      request,
      context,
      await servicesOf(context, { repo: ["owner", "factors", "settings"], limits: true }),
      { ...owner, totpSecret: owner.totpSecret },
      text(form, "code", 40),
      true,
    );
    if (refused) return data({ ...view, error: refused.error }, { status: refused.status, headers: refused.headers });
  }
  let hash: string;
  try {
    hash = await hashPassword(password);
  } catch (error) {
    if (!(error instanceof HashesBusy)) throw error;
    return data(
      { ...view, error: t("errors.busy") },
      { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  if (!(await spendResetLink(id, repo)))
    return data({ ...view, token: null, error: t("reset.invalid") }, { status: 403 });
  // New password, new session version: every session (this one too) and device cookie end.
  await repo.setOwnerPassword(hash);
  await endSession(context);
  throw redirect("/admin/sign-in?reset=1", 303);
}

/** Passes Retry-After of a lock-out on to the page's response. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function Reset({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const view = actionData ?? loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <AdminPage title={t("reset.title")}>
      {error ? <Notice tone="error">{error}</Notice> : null}
      {view.token ? (
        <>
          <p className="mt-2 text-muted">
            {t(view.passkeyDone ? "reset.introPasskey" : "reset.intro", { min: PASSWORD_MIN })}
          </p>
          <Form method="post" action={view.resetUrl}>
            <input type="hidden" name="token" value={view.token} />
            <Field
              name="password"
              type="password"
              label={t("fields.newPassword")}
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              autoFocus
            />
            <Field
              name="confirm"
              type="password"
              label={t("fields.confirmPassword")}
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
            />
            {view.passkeyDone ? null : (
              <Field
                name="code"
                label={t("fields.codeOrRecovery")}
                autoComplete="one-time-code"
                maxLength={40}
                hint={t("reset.codeHint")}
              />
            )}
            <SubmitButton>{t("reset.submit")}</SubmitButton>
          </Form>
          {view.passkeyDone ? null : <PasskeyButton mode="sign-in" returnTo={view.resetUrl} />}
        </>
      ) : (
        <Notice tone="error" testId="reset-invalid">
          {t("reset.invalid")}
        </Notice>
      )}
    </AdminPage>
  );
}
