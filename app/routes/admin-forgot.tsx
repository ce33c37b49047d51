import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import type { Route } from "./+types/admin-forgot";
import { adminMeta, adminT, clientIp, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { requestPasswordReset, RESET_TTL_MINUTES } from "../auth/password-reset.server.ts";
import { AdminPage, Field, Notice, SubmitButton } from "../components/admin/admin-ui.tsx";
import { getSiteConfig } from "../config/site.server.ts";
import { getEnv } from "../lib/env.server.ts";
import { servicesOf } from "../services-context.ts";

/** "Forgot password": asks for a reset link to the owner's address; the answer never tells whether it matched. */
export function loader({ context }: Route.LoaderArgs) {
  return { meta: adminMeta(context, "forgot.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["email"]);
  const t = adminT(context);
  const meta = adminMeta(context, "forgot.title");
  const typed = text(form, "email", 320);
  // An empty field is a form mistake (the field is required), not an address: said so, nothing counted.
  if (!typed.trim()) return data({ meta, notice: null, error: t("forgot.missing") }, { status: 400 });
  const asked = await requestPasswordReset(
    clientIp(context),
    typed,
    getEnv().OWNER_EMAIL ?? getSiteConfig().contactEmail,
    await servicesOf(context, { repo: ["owner", "outbox"], limits: true, worker: true }),
  );
  if (!asked.ok) {
    const error = t("forgot.limited", { minutes: Math.ceil(asked.retryAfterSeconds / 60) });
    return data(
      { meta, notice: null, error },
      { status: 429, headers: { "Retry-After": String(asked.retryAfterSeconds) } },
    );
  }
  return { meta, notice: t("forgot.sent", { minutes: RESET_TTL_MINUTES }), error: null };
}

/** Passes Retry-After on to the page's response. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function Forgot({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <AdminPage title={t("forgot.title")}>
      {actionData?.notice ? (
        <Notice tone="ok" testId="forgot-sent">
          {actionData.notice}
        </Notice>
      ) : (
        <>
          <p className="mt-2 text-muted">{t("forgot.intro")}</p>
          {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
          <Form method="post">
            <Field
              name="email"
              type="email"
              label={t("fields.ownerEmail")}
              autoComplete="email"
              inputMode="email"
              maxLength={320}
              autoFocus
            />
            <SubmitButton>{t("forgot.submit")}</SubmitButton>
          </Form>
        </>
      )}
      <a href="/admin/sign-in" className="mt-6 inline-block text-sm text-accent-700 underline">
        {t("forgot.back")}
      </a>
    </AdminPage>
  );
}
