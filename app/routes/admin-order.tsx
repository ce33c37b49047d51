import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin-order";
import { NOTE_MAX } from "../admin/order-filter.ts";
import { markDelivered, orderDetail, resendConfirmation, type ActionOutcome } from "../admin/orders.server.ts";
import { adminLang, adminMeta, adminT, text } from "../admin/request.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminDetailPage, Notice } from "../components/admin/admin-ui.tsx";
import { EmailList } from "../components/admin/email-list.tsx";
import { CustomerDataLink } from "../components/admin/data-rights-ui.tsx";
import { LabelValueList } from "../components/label-value-list.tsx";
import { dateTimeFormatter, formatBillingDay } from "../i18n/format.ts";
import { moneyOfOrder } from "../admin/money.server.ts";
import { MoneyDoneNotice, MoneySection } from "../components/admin/money-actions.tsx";
import { OwnerWorkSection } from "../components/admin/work-ui.tsx";
import { workView } from "../delivery/work.server.ts";
import { issueNewOrderLink } from "../orders/order-page.server.ts";
import { servicesOf } from "../services-context.ts";

const DONE = ["resent", "delivered", "newLink"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const services = await servicesOf(context, {
    repo: ["backOffice", "delivery", "orders", "outbox", "database"],
    orderPageUrl: true,
    inbox: true,
  });
  const order = await orderDetail(params.orderId, adminLang(context), services);
  if (!order) throw data(null, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  // Refunds and cancellations: app/admin/money.server.ts, components/admin/money-actions.tsx.
  const money = await moneyOfOrder(
    params.orderId,
    adminLang(context),
    new URL(request.url).searchParams.get("money"),
    services,
  );
  // The brief, deliveries and revisions (app/delivery/); files download through the owner's own route.
  const paid = await services.repo.findById(params.orderId);
  const work =
    paid?.state === "paid" && !paid.erasedAt
      ? workView(
          paid,
          await services.repo.orderWork(paid.id),
          adminLang(context),
          (fileId) => `/admin/orders/${encodeURIComponent(paid.id)}/files/${fileId}`,
        )
      : null;
  return {
    work,
    workDone: done === "workDelivered",
    money,
    meta: { ...adminMeta(context, "order.title"), title: `${order.heading} · ${adminT(context)("order.title")}` },
    lang: adminLang(context),
    order,
    done: (DONE as readonly string[]).includes(done ?? "") ? (done as (typeof DONE)[number]) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["intent", "note", "confirm"]);
  await requireOwner(context);
  const t = adminT(context);
  const intent = text(form, "intent", 20);
  let outcome: ActionOutcome;
  if (intent === "resend")
    outcome = await resendConfirmation(
      params.orderId,
      await servicesOf(context, { repo: ["backOffice", "orders"], worker: true }),
    );
  else if (intent === "outside") {
    // Delivered outside the site: a secondary action, confirmed, that records a delivery with its
    // note through the one deliver function (the customer's email, page and webhook as any delivery).
    if (text(form, "confirm", 10) !== "yes") return data({ error: t("errors.confirmOutside") }, { status: 400 });
    outcome = await markDelivered(
      params.orderId,
      text(form, "note", NOTE_MAX),
      await servicesOf(context, { repo: ["orders", "delivery"], worker: true }),
    );
  } else if (intent === "newLink") {
    // A new order-page link: confirmed, since the link the customer has stops working at once.
    if (text(form, "confirm", 10) !== "yes") return data({ error: t("errors.confirmNewLink") }, { status: 400 });
    if (!(await issueNewOrderLink(params.orderId, await servicesOf(context, { repo: ["orders"], worker: true }))))
      return data({ error: t("errors.notFound") }, { status: 404 });
    throw redirect(`/admin/orders/${encodeURIComponent(params.orderId)}?done=newLink`, 303);
  } else return data({ error: t("errors.badRequest") }, { status: 400 });
  if (outcome === "resent" || outcome === "delivered") {
    // Post/redirect/get: a reload does not repeat the action.
    throw redirect(`/admin/orders/${encodeURIComponent(params.orderId)}?done=${outcome}`, 303);
  }
  return data(
    { error: t(`errors.${outcome}`) },
    { status: outcome === "notFound" ? 404 : outcome === "badLink" ? 400 : 409 },
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { t: tp } = useTranslation("order-page");
  const { order, lang, done, money, work, workDone } = loaderData;
  const dateTime = dateTimeFormatter(lang, "medium");
  // A subscription delivering several pieces a month is delivered when the month's pieces all are;
  // its due date is the next piece's (this month's schedule), not the period's first delivery.
  const periodOpen = Boolean(work?.period && work.allowance && work.allowance.done < work.allowance.total);
  const delivered = order.delivered && !periodOpen;
  const due = work?.period
    ? work.nextDue
      ? {
          datetime: work.nextDue.datetime,
          label: work.nextDue.label,
          mark: work.nextDue.late ? ("late" as const) : null,
        }
      : null
    : order.due;
  return (
    <AdminDetailPage back={t("order.back")} title={order.heading}>
      <p className="mt-1 font-semibold" data-testid="order-state">
        {t(`states.${order.state}`)}
        {delivered ? ` · ${t("order.delivered")}` : ""}
      </p>
      {order.billingState ? (
        <p className="mt-1 text-sm" data-testid="billing-state" data-state={order.billingState}>
          {t(`billing.${order.billingState}`)}
          {order.periodEnd ? ` · ${formatBillingDay(order.periodEnd, lang)}` : ""}
        </p>
      ) : null}
      <p className="mt-1 font-mono text-sm font-semibold" data-testid="order-reference">
        {order.reference}
      </p>
      {due && !delivered ? (
        <p className="mt-1 text-sm" data-testid="order-due" data-mark={due.mark ?? undefined}>
          {due.mark ? (
            <strong className={due.mark === "late" ? "text-red-700" : "text-amber-800"}>
              {tp(`admin.${due.mark}`)} ·{" "}
            </strong>
          ) : null}
          {tp("admin.due")} <time dateTime={due.datetime}>{due.label}</time>
        </p>
      ) : null}
      {order.customerEmail || order.customerPhone || order.customerPageUrl ? (
        <p className="mt-2 flex flex-wrap gap-2" data-testid="customer-contact">
          {order.customerEmail ? (
            <a
              className="btn-secondary"
              href={`mailto:${order.customerEmail}?subject=${encodeURIComponent(order.reference)}`}
            >
              {tp("admin.email")}
            </a>
          ) : null}
          {order.customerPageUrl ? (
            <a className="btn-secondary" href={order.customerPageUrl} data-testid="customer-page">
              {tp("admin.customerPage")}
            </a>
          ) : null}
          {order.customerPhone ? (
            <a className="btn-secondary" href={`tel:${order.customerPhone.replace(/[^\d+]/g, "")}`}>
              {tp("admin.call")}
            </a>
          ) : null}
        </p>
      ) : null}
      {done ? (
        <Notice tone="ok" testId="action-done">
          {t(`order.done.${done}`)}
        </Notice>
      ) : null}
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {money ? <MoneyDoneNotice done={money.done} /> : null}

      {/* What the owner comes to do first: deliver (the brief, the deliveries, the delivery form). */}
      {work ? <OwnerWorkSection orderId={order.id} work={work} done={workDone} /> : null}

      <h2 className="mt-6 text-lg font-semibold">{t("order.actions")}</h2>
      {order.paid && order.erased ? (
        <p className="mt-2 text-sm text-muted" data-testid="erased-no-actions">
          {t("order.erasedNoActions")}
        </p>
      ) : order.paid ? (
        <div className="mt-2 grid gap-4 rounded-2xl border border-line bg-white p-4">
          <Form method="post">
            <button type="submit" name="intent" value="resend" className="btn-secondary w-full sm:w-auto">
              {t("order.resend")}
            </button>
          </Form>
          {order.subscription && order.periodEnd ? (
            <p className="text-sm" data-testid="delivery-period">
              {t(delivered ? "order.periodDelivered" : "order.periodToDeliver", {
                date: formatBillingDay(order.periodEnd, lang),
              })}
            </p>
          ) : null}
          {work?.canDeliver ? (
            // Secondary and folded: a delivery made elsewhere, recorded (with its note) as any delivery is.
            <details data-testid="deliver-outside">
              <summary className="cursor-pointer font-semibold">{t("order.outside.title")}</summary>
              <Form method="post" className="mt-2">
                <p className="text-sm text-muted">{t("order.outside.help")}</p>
                <label htmlFor="delivery-note" className="mt-2 block text-sm font-semibold">
                  {t("order.note")}
                </label>
                <textarea
                  id="delivery-note"
                  name="note"
                  rows={3}
                  maxLength={NOTE_MAX}
                  className="mt-1 w-full rounded-xl border border-line bg-white px-4 py-2"
                />
                <label className="mt-2 flex items-start gap-2 text-sm">
                  <input type="checkbox" name="confirm" value="yes" required className="mt-1" />
                  {t("order.outside.confirm")}
                </label>
                <button type="submit" name="intent" value="outside" className="btn-secondary mt-2 w-full sm:w-auto">
                  {t("order.outside.button")}
                </button>
              </Form>
            </details>
          ) : delivered ? (
            <p className="text-sm text-muted">
              {t(order.subscription && order.periodEnd ? "order.deliveredPeriodAlready" : "order.deliveredAlready")}
            </p>
          ) : null}
          {/* Secondary and folded: the customer's page link leaked; the old one stops working. */}
          <details data-testid="new-order-link">
            <summary className="cursor-pointer font-semibold">{t("order.newLink.title")}</summary>
            <Form method="post" className="mt-2">
              <p className="text-sm text-muted">{t("order.newLink.help")}</p>
              <label className="mt-2 flex items-start gap-2 text-sm">
                <input type="checkbox" name="confirm" value="yes" required className="mt-1" />
                {t("order.newLink.confirm")}
              </label>
              <button type="submit" name="intent" value="newLink" className="btn-secondary mt-2 w-full sm:w-auto">
                {t("order.newLink.button")}
              </button>
            </Form>
          </details>
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("order.notPaidYet")}</p>
      )}

      {money?.view ? <MoneySection orderId={order.id} money={money.view} /> : null}

      {/* What the customer answered: after the actions (what the owner came to do), folded, one tap away. */}
      <details className="group mt-6 rounded-2xl border border-line bg-white" data-testid="order-details">
        <summary className="flex min-h-12 cursor-pointer items-center px-4 text-lg font-semibold">
          {t("order.details")}
        </summary>
        <LabelValueList
          rows={order.fields}
          className="gap-y-2 border-t border-line p-4 sm:grid-cols-[11rem_1fr]"
          testId="order-fields"
        />
      </details>

      <h2 className="mt-6 text-lg font-semibold">{t("order.timeline")}</h2>
      <ol className="mt-2 space-y-2 border-l-2 border-accent-200 pl-4" data-testid="timeline">
        {order.timeline.map((entry, index) => (
          <li key={index}>
            <p className="text-xs text-muted">{dateTime(entry.at)}</p>
            <p className="font-medium">
              {t(`timeline.${entry.kind}`)}
              {entry.kind === "delivered" && entry.period
                ? ` · ${t("order.forPeriod", { date: formatBillingDay(entry.period, lang) })}`
                : ""}
            </p>
            {entry.detail ? <p className="text-sm break-words whitespace-pre-line text-muted">{entry.detail}</p> : null}
            {entry.code ? (
              <details className="text-xs text-muted">
                <summary className="cursor-pointer">{t("timeline.code")}</summary>
                <code className="break-all select-all" data-testid="timeline-code">
                  {entry.code}
                </code>
              </details>
            ) : null}
          </li>
        ))}
      </ol>

      <EmailList emails={order.emails} lang={lang} testId="order-emails" />
      <CustomerDataLink email={order.customerEmail} />
    </AdminDetailPage>
  );
}
