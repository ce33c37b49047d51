import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin-setup";
import { adminMeta, adminT, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { HashesBusy, hashPassword } from "../auth/password.server.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "../auth/password-rules.ts";
import { startSession } from "../auth/session.server.ts";
import { hashToken } from "../auth/setup.server.ts";
import { newTotpSecret } from "../auth/totp.server.ts";
import { AdminPage, Field, Notice, SubmitButton } from "../components/admin/admin-ui.tsx";
import { servicesOf } from "../services-context.ts";

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The one-time link from the server log (or `npm run owner -- reset`) is still unused. */
async function validToken(context: Route.LoaderArgs["context"], token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const owner = await (await servicesOf(context, { repo: ["owner"] })).repo.getOwner();
  return Boolean(owner && !owner.passwordHash && owner.setupTokenHash === hashToken(token));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const meta = adminMeta(context, "setup.title");
  if (!(await validToken(context, token))) return data({ meta, token: null }, { status: 403 });
  return { meta, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["token", "password", "confirm"]);
  const t = adminT(context);
  const token = text(form, "token", 100);
  const meta = adminMeta(context, "setup.title");
  if (!(await validToken(context, token)))
    return data({ meta, token: null, error: t("errors.setupLink") }, { status: 403 });
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
  if (problem) return data({ meta, token, error: problem }, { status: 400 });
  const { repo } = await servicesOf(context, { repo: ["owner"] });
  let hash: string;
  try {
    hash = await hashPassword(password);
  } catch (error) {
    if (!(error instanceof HashesBusy)) throw error;
    return data(
      { meta, token, error: t("errors.busy") },
      { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  if (!(await repo.claimOwnerSetup(hashToken(token), hash, await newTotpSecret()))) {
    return data({ meta, token: null, error: t("errors.setupLink") }, { status: 403 });
  }
  await startSession(context, 1, (await repo.getOwner())!);
  throw redirect("/admin/enrol", 303);
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const token = actionData ? actionData.token : loaderData.token;
  return (
    <AdminPage title={t("setup.title")}>
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {token ? (
        <>
          <p className="mt-2 text-muted">{t("setup.intro", { min: PASSWORD_MIN })}</p>
          <Form method="post" action="/admin/setup">
            <input type="hidden" name="token" value={token} />
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
            <SubmitButton>{t("setup.submit")}</SubmitButton>
          </Form>
        </>
      ) : (
        <Notice tone="error">{t("errors.setupLink")}</Notice>
      )}
    </AdminPage>
  );
}
