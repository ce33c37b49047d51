import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin-unlock";
import { adminMeta, adminT, clientIp, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { rememberDevice } from "../auth/device-cookie.server.ts";
import { appendSetCookie } from "../lib/cookies.ts";
import { requestUnlock, UNLOCK_TTL_MINUTES, unlockLinkId, spendUnlockLink } from "../auth/unlock.server.ts";
import { AdminPage, Notice, SubmitButton } from "../components/admin/admin-ui.tsx";
import { servicesOf } from "../services-context.ts";

// GET with the emailed token shows a button; only the POST spends the link, so a mail scanner
// that follows links cannot use it up.

export async function loader({ request, context }: Route.LoaderArgs) {
  const meta = adminMeta(context, "unlock.title");
  const token = new URL(request.url).searchParams.get("token");
  // Without a token this is the page a request for a link posts to (its answer comes from the action).
  if (token === null) return { meta, token: null, message: null };
  if (!(await unlockLinkId(token, (await servicesOf(context, { links: true })).links)))
    return data({ meta, token: null, message: "invalid" as const }, { status: 403 });
  return { meta, token, message: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = adminT(context);
  const meta = adminMeta(context, "unlock.title");
  const form = await requireForm(request, ["intent", "token"]);
  if (text(form, "intent", 20) === "request") {
    const asked = await requestUnlock(
      clientIp(context),
      await servicesOf(context, { repo: ["owner", "outbox"], limits: true, worker: true }),
    );
    if (!asked.ok) {
      const error = t("unlock.limited", { minutes: Math.ceil(asked.retryAfterSeconds / 60) });
      return data(
        { meta, token: null, message: "limited" as const, error },
        { status: 429, headers: { "Retry-After": String(asked.retryAfterSeconds) } },
      );
    }
    return data({
      meta,
      token: null,
      message: "sent" as const,
      notice: t("unlock.sent", { minutes: UNLOCK_TTL_MINUTES }),
      error: null,
    });
  }
  const services = await servicesOf(context, { repo: ["owner", "settings"], links: true });
  const owner = await spendUnlockLink(text(form, "token", 200), services);
  if (!owner) return data({ meta, token: null, message: "invalid" as const, error: null }, { status: 403 });
  // This browser now carries the owner's device cookie: the account-wide lock no longer applies to it.
  throw redirect("/admin/sign-in?unlocked=1", {
    status: 303,
    headers: appendSetCookie(new Headers(), await rememberDevice(request, owner, services.repo)),
  });
}

/** Passes Retry-After on to the page's response. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function Unlock({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const view = actionData ?? loaderData;
  return (
    <AdminPage title={t("unlock.title")}>
      {actionData && "notice" in actionData && actionData.notice ? (
        <Notice tone="ok" testId="unlock-sent">
          {actionData.notice}
        </Notice>
      ) : null}
      {view.message === "limited" && actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {view.message === "invalid" ? (
        <Notice tone="error" testId="unlock-invalid">
          {t("unlock.invalid")}
        </Notice>
      ) : null}
      {view.token ? (
        <Form method="post">
          <p className="mt-2 text-muted">{t("unlock.confirmIntro")}</p>
          <input type="hidden" name="token" value={view.token} />
          <SubmitButton name="intent" value="unlock">
            {t("unlock.confirm")}
          </SubmitButton>
        </Form>
      ) : null}
    </AdminPage>
  );
}
