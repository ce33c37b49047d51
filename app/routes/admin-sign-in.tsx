import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin-sign-in";
import { adminMeta, adminT, clientIp, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { verifyPassword } from "../auth/password.server.ts";
import { signInStep } from "../auth/sign-in-step.server.ts";
import { PASSWORD_MAX } from "../auth/password-rules.ts";
import { returnToOf, withReturnTo } from "../auth/return-to.server.ts";
import { currentAal, secondStep, startSession } from "../auth/session.server.ts";
import { AdminPage, Field, Notice, PasskeyButton, SubmitButton } from "../components/admin/admin-ui.tsx";
import { servicesOf } from "../services-context.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { aal, owner } = await currentAal(context);
  const target = returnToOf(request);
  if (aal === 2) throw redirect(target, 303);
  if (aal === 1 && owner) throw redirect(withReturnTo(secondStep(owner), target), 303);
  // The form posts back to this URL, so a failed attempt keeps the page to return to.
  const params = new URL(request.url).searchParams;
  const unlocked = params.get("unlocked") === "1";
  const reset = params.get("reset") === "1";
  return {
    meta: adminMeta(context, "signIn.title"),
    noOwner: !owner?.passwordHash,
    formAction: withReturnTo("/admin/sign-in", target),
    unlocked,
    reset,
    returnTo: target,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["password"]);
  const t = adminT(context);
  const password = text(form, "password", PASSWORD_MAX + 1);
  if (!password) return data({ error: t("errors.passwordMissing") }, { status: 400 });
  const services = await servicesOf(context, { repo: ["owner", "settings"], limits: true });
  const owner = await services.repo.getOwner();
  // Counted first, checked second (app/auth/sign-in-step.server.ts).
  const step = await signInStep(
    request,
    clientIp(context),
    owner,
    async () =>
      Boolean(owner?.passwordHash) &&
      password.length <= PASSWORD_MAX &&
      (await verifyPassword(password, owner!.passwordHash!)),
    (ok) => ok,
    services,
  );
  if (step.status !== "checked") {
    const error =
      step.status === "busy"
        ? t("errors.busy")
        : t("errors.locked", { minutes: Math.ceil(step.retryAfterSeconds / 60) });
    return data(
      { error, locked: step.status === "locked" },
      { status: 429, headers: { "Retry-After": String(step.retryAfterSeconds) } },
    );
  }
  if (!step.result || !owner) return data({ error: t("errors.wrongPassword") }, { status: 401 });
  await startSession(context, 1, owner);
  throw redirect(withReturnTo(secondStep(owner), returnToOf(request)), 303);
}

/** Passes Retry-After of a lock-out on to the page's response. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <AdminPage title={t("signIn.title")}>
      <p className="mt-2 text-muted">{t("signIn.intro")}</p>
      {loaderData.noOwner ? <Notice tone="info">{t("signIn.noOwner")}</Notice> : null}
      {loaderData.unlocked ? (
        <Notice tone="ok" testId="unlocked">
          {t("unlock.done")}
        </Notice>
      ) : null}
      {loaderData.reset ? (
        <Notice tone="ok" testId="reset-done">
          {t("reset.done")}
        </Notice>
      ) : null}
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      <Form method="post" action={loaderData.formAction}>
        <Field
          name="password"
          type="password"
          label={t("fields.password")}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          autoFocus
          invalid={Boolean(actionData?.error)}
        />
        <SubmitButton>{t("signIn.submit")}</SubmitButton>
      </Form>
      {loaderData.noOwner ? null : (
        <>
          <PasskeyButton mode="sign-in" returnTo={loaderData.returnTo} />
          <a
            href="/admin/forgot"
            className="mt-6 inline-flex min-h-11 items-center text-sm font-semibold text-accent-700 underline"
          >
            {t("forgot.link")}
          </a>
        </>
      )}
      {loaderData.noOwner ? null : (
        <Form method="post" action="/admin/unlock" className="mt-10 border-t border-line pt-4">
          <p className="text-sm text-muted">{t("unlock.askIntro")}</p>
          <SubmitButton name="intent" value="request" secondary>
            {t("unlock.ask")}
          </SubmitButton>
        </Form>
      )}
    </AdminPage>
  );
}
