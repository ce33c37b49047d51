import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import type { Route } from "./+types/admin-verify";
import { codeStep } from "../admin/code-step.server.ts";
import { adminMeta, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { returnToOf, withReturnTo } from "../auth/return-to.server.ts";
import { currentAal, requireOwner } from "../auth/session.server.ts";
import { servicesOf } from "../services-context.ts";
import {
  AdminPage,
  CodeForm,
  Notice,
  PasskeyButton,
  RecoveryCodeForm,
  SignOutForm,
} from "../components/admin/admin-ui.tsx";

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
  return {
    meta: adminMeta(context, "verify.title"),
    formAction: withReturnTo("/admin/verify", target),
    returnTo: target,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["code"]);
  const target = returnToOf(request);
  const owner = await ownerAtAal1(context, target);
  const refused = await codeStep(
    request,
    context,
    await servicesOf(context, { repo: ["owner", "factors", "settings"], limits: true }),
    { ...owner, totpSecret: owner.totpSecret! },
    text(form, "code", 40),
    target,
    { recovery: true },
  );
  if ("accepted" in refused) throw new Error("unreachable: the code step redirects");
  return data({ error: refused.error }, { status: refused.status, headers: refused.headers });
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
      <CodeForm
        action={loaderData.formAction}
        submit={t("verify.submit")}
        error={Boolean(actionData?.error)}
        autoFocus
      />
      <PasskeyButton mode="sign-in" returnTo={loaderData.returnTo} />
      <RecoveryCodeForm action={loaderData.formAction} />
      <SignOutForm className="-mx-3 mt-6" />
    </AdminPage>
  );
}
