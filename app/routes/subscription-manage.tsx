import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/subscription-manage";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { cancelFromSandboxPortal, openManageLink } from "../billing/manage-subscription.server.ts";
import { MANAGE_REQUEST_PATH } from "../i18n/site-map.ts";
import { servicesOf } from "../services-context.ts";
import { requireForm } from "../http/read-form.server.ts";

function meta(context: Route.LoaderArgs["context"]) {
  const t = getInstance(context).getFixedT(getLocale(context), "subscription");
  return { title: t("manage.title"), description: t("manage.title"), noindex: true };
}

/** The signed link: Stripe's Billing Portal (redirect), or the sandbox portal below. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await openManageLink(
    params.token,
    await servicesOf(context, { repo: ["orders"], links: true, provider: true, publicOrigin: true }),
  );
  if (page.kind === "redirect") throw redirect(page.url, 303);
  if (page.kind === "sandbox") return data({ kind: page.kind, view: page.view, meta: meta(context) });
  const status = page.kind === "unavailable" ? 503 : page.kind === "expired" ? 410 : 404;
  return data({ kind: page.kind, meta: meta(context) }, { status });
}

export function headers() {
  // Personal data behind a secret URL: never cached, never sent to another site as a referrer
  // ("no-referrer" would make the browser send `Origin: null` on the cancel form, a cross-site post).
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

/** Sandbox portal: a plain form post cancels at the end of the period, then shows the page again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  await requireForm(request, ["intent"]);
  const cancelled = await cancelFromSandboxPortal(
    params.token,
    await servicesOf(context, {
      repo: ["orders", "billing", "delivery"],
      links: true,
      provider: true,
      worker: true,
      webhooksOut: true,
    }),
  );
  if (!cancelled.ok) throw data(null, { status: cancelled.status });
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`, 303);
}

export default function SubscriptionManage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("subscription");
  if (loaderData.kind !== "sandbox" || !("view" in loaderData)) {
    return (
      <section className="container-page max-w-xl py-12 sm:py-16">
        <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
          <h1 className="text-2xl font-bold">{t(`manage.${loaderData.kind}Title`)}</h1>
          <p className="mt-3">{t(`manage.${loaderData.kind}Text`)}</p>
          {loaderData.kind !== "unavailable" ? (
            <a className="btn-primary mt-6" href={MANAGE_REQUEST_PATH}>
              {t("manage.requestNew")}
            </a>
          ) : null}
        </div>
      </section>
    );
  }
  const { view } = loaderData;
  return (
    <section className="container-page max-w-xl py-12 sm:py-16">
      <p className="eyebrow">{t("manage.sandbox")}</p>
      <h1 className="mt-2 text-3xl font-bold">{t("manage.title")}</h1>
      <p className="mt-2 break-all text-muted">{t("manage.intro", { email: view.email })}</p>
      <div className="card mt-8">
        <h2 className="text-xl font-bold">{t(`offers:${view.offer}.name`)}</h2>
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="text-sm font-semibold text-muted">{t("manage.status")}</dt>
          <dd data-testid="subscription-state" data-state={view.state}>
            {t(`manage.state.${view.state}`)}
          </dd>
          <dt className="text-sm font-semibold text-muted">{t("manage.monthly")}</dt>
          <dd>{view.monthly}</dd>
          {view.periodEnd ? (
            <>
              <dt className="text-sm font-semibold text-muted">
                {t(view.canCancel ? "manage.nextRenewal" : "manage.endsOn")}
              </dt>
              <dd>{view.periodEnd}</dd>
            </>
          ) : null}
        </dl>
        {view.canCancel ? (
          <Form method="post" className="mt-6">
            <p className="text-sm text-muted">{t("manage.cancelHelp", { date: view.periodEnd ?? "—" })}</p>
            <button type="submit" name="intent" value="cancel" className="btn-secondary mt-3">
              {t("manage.cancel")}
            </button>
          </Form>
        ) : view.state === "cancelling" ? (
          <p role="status" className="mt-6 font-medium text-emerald-700">
            {t("manage.cancelledNotice", { date: view.periodEnd ?? "—" })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
