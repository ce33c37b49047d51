import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import type { Route } from "./+types/admin-order-cancel";
import { confirmCancel, planCancel } from "../admin/money.server.ts";
import { screenKey } from "../admin/money-screen.server.ts";
import { orderDetail } from "../admin/orders.server.ts";
import { adminLang, adminMeta, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { servicesOf } from "../services-context.ts";
import { AdminDetailPage, Notice } from "../components/admin/admin-ui.tsx";
import { ConfirmScreen, orderPath } from "../components/admin/money-actions.tsx";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";

const CONFIRM_FIELDS = ["key", "when"];

async function page(context: Route.LoaderArgs["context"], orderId: string) {
  const order = await orderDetail(
    orderId,
    adminLang(context),
    await servicesOf(context, { repo: ["backOffice", "delivery", "orders", "outbox"], orderPageUrl: true }),
  );
  if (!order) throw data(null, { status: 404 });
  const t = getInstance(context).getFixedT(getLocale(context), "money");
  return {
    order,
    t,
    meta: { ...adminMeta(context, "order.title"), title: `${t("confirm.cancelTitle")} · ${order.heading}` },
  };
}

/** The second screen: which subscription ends, for whom, when; a fresh key for the confirm post. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const { order, t, meta } = await page(context, params.orderId);
  const url = new URL(request.url);
  const key = await screenKey(url, params.orderId, await servicesOf(context, { repo: ["database"] }));
  const when = (url.searchParams.get("when") ?? "").slice(0, 20);
  const plan = await planCancel(
    params.orderId,
    when,
    adminLang(context),
    await servicesOf(context, { repo: ["orders"] }),
  );
  const base = { meta, heading: order.heading, orderId: order.id };
  if (!plan.ok)
    return data(
      { ...base, plan: null, key: null, error: t(`errors.${plan.error}`, plan.vars) },
      { status: plan.status },
    );
  return { ...base, plan, key, error: null };
}

/** The confirmation: cancels once per key (app/admin/money.server.ts), then back to the order. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await requireForm(request, CONFIRM_FIELDS);
  await requireOwner(context);
  const { order, t, meta } = await page(context, params.orderId);
  const outcome = await confirmCancel(
    params.orderId,
    text(form, "key", 60),
    text(form, "when", 20),
    adminLang(context),
    await servicesOf(context, {
      repo: ["orders", "database", "delivery"],
      inbox: true,
      provider: true,
      worker: true,
      webhooksOut: true,
    }),
  );
  if (outcome.ok) throw redirect(`${orderPath(params.orderId)}?money=${outcome.done}`, 303);
  return data(
    {
      meta,
      heading: order.heading,
      orderId: order.id,
      plan: null,
      key: null,
      error: t(`errors.${outcome.error}`, outcome.vars),
    },
    { status: outcome.status },
  );
}

export default function AdminOrderCancel({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("money");
  const { t: admin } = useTranslation("admin");
  const view = actionData ?? loaderData;
  const { plan } = view;
  return (
    <AdminDetailPage back={admin("order.back")} title={view.heading}>
      {view.error ? (
        <>
          <Notice tone="error" testId="money-error">
            {view.error}
          </Notice>
          <p className="mt-4">
            <a href={orderPath(view.orderId)} className="text-accent-700 underline">
              {t("confirm.back")}
            </a>
          </p>
        </>
      ) : plan ? (
        <ConfirmScreen
          testId="cancel-confirm"
          title={t("confirm.cancelTitle")}
          question={
            plan.when === "now"
              ? t("confirm.cancelNowQuestion", { offer: plan.offer, name: plan.customer, email: plan.email })
              : t("confirm.cancelAtPeriodEndQuestion", {
                  offer: plan.offer,
                  name: plan.customer,
                  email: plan.email,
                  date: plan.periodEnd ?? "—",
                })
          }
          lines={[plan.when === "now" ? t("confirm.cancelNowNote") : t("confirm.cancelAtPeriodEndNote")]}
          confirm={t("confirm.confirmCancel")}
          orderId={view.orderId}
          fields={{ key: view.key ?? "", when: plan.when }}
        />
      ) : null}
    </AdminDetailPage>
  );
}
