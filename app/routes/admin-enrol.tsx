import { useTranslation } from "react-i18next";
import { createContext, data, redirect } from "react-router";
import type { Route } from "./+types/admin-enrol";
import { codeStep } from "../admin/code-step.server.ts";
import { adminMeta, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { returnToOf, withReturnTo } from "../auth/return-to.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { enrolment } from "../auth/totp.server.ts";
import { AdminPage, CodeForm, Notice, RecoveryCodeList } from "../components/admin/admin-ui.tsx";
import { newRecoveryCodes } from "../auth/recovery-codes.server.ts";
import { getSiteConfig } from "../config/site.server.ts";
import { getEnv } from "../lib/env.server.ts";
import { servicesOf } from "../services-context.ts";

/**
 * Set by a successful enrolment POST: the loaders that run after the action (same request, same
 * context) must render its answer — the recovery codes — rather than send the enrolled owner away.
 */
const enrolledNow = createContext(false);

/** Enrolment is the one thing a password-only session may do, and only until a code was proven. */
async function ownerToEnrol(context: Route.LoaderArgs["context"], target: string) {
  const owner = await requireOwner(context, 1);
  if (owner.totpEnabled || !owner.totpSecret) throw redirect(target, 303);
  return { ...owner, totpSecret: owner.totpSecret };
}

async function pageData(context: Route.LoaderArgs["context"], secret: string, target: string) {
  const env = getEnv();
  const qr = await enrolment(secret, new URL(env.PUBLIC_ORIGIN).host, env.OWNER_EMAIL ?? getSiteConfig().contactEmail);
  // The form posts back to this URL, so a wrong code keeps the page to return to.
  return {
    meta: adminMeta(context, "enrol.title"),
    svg: qr.svg,
    secret: qr.secret,
    uri: qr.uri,
    formAction: withReturnTo("/admin/enrol", target),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const target = returnToOf(request);
  if (context.get(enrolledNow))
    return { meta: adminMeta(context, "recovery.title"), svg: "", secret: "", uri: "", formAction: "" };
  const owner = await ownerToEnrol(context, target);
  return pageData(context, owner.totpSecret, target);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["code"]);
  const target = returnToOf(request);
  const owner = await ownerToEnrol(context, target);
  const { repo, limits } = await servicesOf(context, { repo: ["owner", "factors", "settings"], limits: true });
  let codes: string[] = [];
  const answer = await codeStep(request, context, { repo, limits }, owner, text(form, "code", 20), target, {
    stay: true,
    accepted: async () => {
      await repo.enableOwnerTotp();
      // The ten one-time recovery codes: shown on the page this POST answers, and never again.
      codes = await newRecoveryCodes(repo);
    },
  });
  if ("accepted" in answer) {
    context.set(enrolledNow, true);
    return data(
      {
        meta: adminMeta(context, "recovery.title"),
        svg: "",
        secret: "",
        uri: "",
        formAction: "",
        error: null,
        codes,
        next: target,
      },
      { headers: answer.headers },
    );
  }
  return data(
    { ...(await pageData(context, owner.totpSecret, target)), error: answer.error, codes: null, next: target },
    { status: answer.status, headers: answer.headers },
  );
}

/** Passes Retry-After of a lock-out on to the page's response. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function Enrol({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const view = actionData ?? loaderData;
  const error = actionData?.error ? String(actionData.error) : null;
  if (actionData?.codes?.length) {
    return (
      <AdminPage title={t("recovery.title")}>
        <Notice tone="ok">{t("recovery.enrolled")}</Notice>
        <RecoveryCodeList codes={actionData.codes} />
        <a href={actionData.next} className="btn-primary mt-6 w-full sm:w-auto" data-testid="recovery-continue">
          {t("recovery.continue")}
        </a>
      </AdminPage>
    );
  }
  return (
    <AdminPage title={t("enrol.title")}>
      <p className="mt-2 text-muted">{t("enrol.intro")}</p>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <div
        className="mx-auto mt-6 w-56 max-w-full rounded-xl border border-line bg-white p-2"
        role="img"
        aria-label={t("enrol.qrLabel")}
        data-testid="totp-qr"
        // qrcode's own SVG output (no user input in it).
        dangerouslySetInnerHTML={{ __html: view.svg }}
      />
      <p className="mt-4 text-sm text-muted">{t("enrol.manual")}</p>
      <p className="mt-1 font-mono text-base break-all" data-testid="totp-secret">
        {view.secret}
      </p>
      <CodeForm action={view.formAction} submit={t("enrol.submit")} />
    </AdminPage>
  );
}
