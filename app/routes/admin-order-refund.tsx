import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import type { Route } from "./+types/admin-order-refund";
import { confirmRefund, moneySummary, newActionKey, planRefund, type Refused } from "../admin/money.server.ts";
import { screenKey } from "../admin/money-screen.server.ts";
import { orderDetail } from "../admin/orders.server.ts";
import { adminLang, adminMeta, adminT, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminDetailPage, Notice } from "../components/admin/admin-ui.tsx";
import { ConfirmScreen, RefundFields, orderPath } from "../components/admin/money-actions.tsx";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { servicesOf } from "../services-context.ts";

/** The fields of the confirm post: the screen's key and the checked refund (amount in minor units). */
const CONFIRM_FIELDS = ["key", "amountMinor", "reason", "note"];

async function page(context: Route.LoaderArgs["context"], orderId: string) {
  const order = await orderDetail(
    orderId,
    adminLang(context),
    await servicesOf(context, { repo: ["backOffice", "delivery", "orders", "outbox"], orderPageUrl: true }),
  );
  if (!order) throw data(null, { status: 404 });
  return order;
}

/** A refused refund: the reason in the owner's language, and the form again with what they typed. */
async function refusal(
  context: Route.LoaderArgs["context"],
  orderId: string,
  refused: Refused,
  typed: { amount: string; reason: string; note: string },
  key: string,
) {
  const t = getInstance(context).getFixedT(getLocale(context), "money");
  const services = await servicesOf(context, { repo: ["orders", "database"], inbox: true });
  const stored = await services.repo.findById(orderId);
  const summary = stored ? await moneySummary(stored, adminLang(context), services) : null;
  return {
    plan: null,
    key,
    error: t(`errors.${refused.error}`, refused.vars),
    typed,
    left: summary?.left ?? "",
    canRefund: summary?.canRefund ?? false,
  };
}

/** The second screen: what exactly will be refunded, to whom, why; a fresh key for the confirm post. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const order = await page(context, params.orderId);
  const url = new URL(request.url);
  const query = url.searchParams;
  const key = await screenKey(url, params.orderId, await servicesOf(context, { repo: ["database"] }));
  const typed = {
    amount: (query.get("amount") ?? "").slice(0, 40),
    reason: (query.get("reason") ?? "").slice(0, 40),
    note: (query.get("note") ?? "").slice(0, 500),
  };
  const meta = {
    ...adminMeta(context, "order.title"),
    title: `${getInstance(context).getFixedT(getLocale(context), "money")("confirm.refundTitle")} · ${order.heading}`,
  };
  const plan = await planRefund(
    params.orderId,
    typed,
    adminLang(context),
    await servicesOf(context, { repo: ["orders", "database"], inbox: true }),
  );
  if (!plan.ok) {
    return data(
      {
        ...(await refusal(context, params.orderId, plan, typed, key)),
        meta,
        heading: order.heading,
        orderId: order.id,
      },
      { status: plan.status },
    );
  }
  return { meta, heading: order.heading, orderId: order.id, plan, key, error: null, typed, left: "", canRefund: true };
}

/** The confirmation: refunds once per key (app/admin/money.server.ts), then back to the order. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await requireForm(request, CONFIRM_FIELDS);
  await requireOwner(context);
  const order = await page(context, params.orderId);
  const asked = {
    amountMinor: text(form, "amountMinor", 20),
    reason: text(form, "reason", 40),
    note: text(form, "note", 500),
  };
  const outcome = await confirmRefund(
    params.orderId,
    text(form, "key", 60),
    asked,
    adminLang(context),
    await servicesOf(context, {
      repo: ["orders", "database", "delivery"],
      inbox: true,
      provider: true,
      worker: true,
      webhooksOut: true,
    }),
  );
  // Post/redirect/get: a reload of the result does not post again (and a replayed post lands here too).
  if (outcome.ok) throw redirect(`${orderPath(params.orderId)}?money=${outcome.done}`, 303);
  const meta = { ...adminMeta(context, "order.title"), title: `${adminT(context)("order.title")} · ${order.heading}` };
  const typed = { amount: "", reason: asked.reason, note: asked.note };
  return data(
    {
      ...(await refusal(context, params.orderId, outcome, typed, newActionKey())),
      meta,
      heading: order.heading,
      orderId: order.id,
    },
    { status: outcome.status },
  );
}

export default function AdminOrderRefund({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("money");
  const { t: admin } = useTranslation("admin");
  const view = actionData ?? loaderData;
  const { heading, orderId } = view;
  return (
    <AdminDetailPage back={admin("order.back")} title={heading}>
      {view.error ? (
        <>
          <Notice tone="error" testId="money-error">
            {view.error}
          </Notice>
          {view.canRefund ? (
            <div className="mt-4 rounded-2xl border border-line bg-white p-4">
              <RefundFields
                orderId={orderId}
                actionKey={view.key ?? ""}
                amount={view.typed.amount}
                left={view.left}
                reason={view.typed.reason || undefined}
                note={view.typed.note}
              />
            </div>
          ) : null}
          <p className="mt-4">
            <a href={orderPath(orderId)} className="text-accent-700 underline">
              {t("confirm.back")}
            </a>
          </p>
        </>
      ) : view.plan ? (
        <ConfirmScreen
          testId="refund-confirm"
          title={t("confirm.refundTitle")}
          question={t("confirm.refundQuestion", {
            amount: view.plan.money,
            name: view.plan.customer,
            email: view.plan.email,
            offer: view.plan.offer,
          })}
          lines={[t("confirm.reason", { reason: view.plan.reasonLabel }), t("confirm.refundNote")]}
          confirm={t("confirm.confirmRefund")}
          orderId={orderId}
          fields={{
            key: view.key ?? "",
            amountMinor: view.plan.amountMinor,
            reason: view.plan.reason,
            note: view.plan.note,
          }}
        />
      ) : null}
    </AdminDetailPage>
  );
}
