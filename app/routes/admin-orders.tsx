import { useTranslation } from "react-i18next";
import type { Route } from "./+types/admin-orders";
import { filterQuery, readFilter } from "../admin/order-filter.ts";
import { healthSummary, ordersPage } from "../admin/orders.server.ts";
import { adminLang, adminMeta } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminBar, AdminList, AdminListItem, Pager } from "../components/admin/admin-ui.tsx";
import { dateTimeFormatter, formatMoney } from "../i18n/format.ts";
import { ORDER_STATES } from "../orders/types.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const filter = readFilter(new URL(request.url));
  const [page, health] = await Promise.all([ordersPage(filter), healthSummary()]);
  return { meta: adminMeta(context, "orders.title"), lang: adminLang(context), filter, ...page, health };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { filter, orders, total, pages, health, lang } = loaderData;
  const dateTime = dateTimeFormatter(lang, "short");
  return (
    <>
      <AdminBar current="/admin" />
      <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("orders.title")}</h1>

        <h2 className="sr-only">{t("health.title")}</h2>
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" data-testid="health">
          <HealthItem label={t("health.emailsPending")} value={String(health.emailsPending)} warn={health.emailsPending > 0} />
          <HealthItem label={t("health.emailsFailed")} value={String(health.emailsFailed)} warn={health.emailsFailed > 0} />
          <HealthItem label={t("health.ordersStuck")} value={String(health.ordersStuck)} warn={health.ordersStuck > 0} />
          <HealthItem label={t("health.payments")} value={t(`health.${health.payments}`)} warn={health.payments === "sandbox"} />
          <HealthItem label={t("health.lastBackup")} value={health.lastBackup ? dateTime(health.lastBackup) : t("health.never")} warn={!health.lastBackup} />
        </dl>

        <form method="get" action="/admin" className="mt-6 grid gap-2 sm:grid-cols-[1fr_12rem_auto]" role="search">
          <label className="sr-only" htmlFor="orders-q">
            {t("orders.search")}
          </label>
          <input id="orders-q" name="q" type="search" defaultValue={filter.search} maxLength={100} placeholder={t("orders.search")} className="min-h-12 rounded-xl border border-line bg-white px-4" />
          <label className="sr-only" htmlFor="orders-state">
            {t("orders.state")}
          </label>
          <select id="orders-state" name="state" defaultValue={filter.state ?? ""} className="min-h-12 rounded-xl border border-line bg-white px-3">
            <option value="">{t("orders.allStates")}</option>
            {ORDER_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`states.${state}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="btn-secondary">
            {t("orders.filter")}
          </button>
        </form>

        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
          <p data-testid="orders-total">{t("orders.count", { count: total })}</p>
          <a className="font-semibold text-accent-700 underline" href={`/admin/orders.csv${filterQuery(filter)}`} download>
            {t("orders.exportCsv")}
          </a>
        </div>

        <AdminList rows={orders} testId="orders-list" empty={t("orders.none")}>
          {(order) => (
            <AdminListItem
              key={order.id}
              href={`/admin/orders/${encodeURIComponent(order.id)}`}
              name={order.name}
              aside={<span className="text-sm">{formatMoney(order.amount, order.currency, lang)}</span>}
              email={order.email}
            >
              <span className="font-mono">{order.id}</span>
              <span>{dateTime(order.createdAt)}</span>
              <span className="font-semibold text-ink">{t(`states.${order.state}`)}</span>
              {order.billingState ? <span data-billing-state={order.billingState}>{t(`billing.${order.billingState}`)}</span> : null}
            </AdminListItem>
          )}
        </AdminList>

        <Pager page={filter.page} pages={pages} href={(page) => `/admin${filterQuery({ ...filter, page })}`} />
      </section>
    </>
  );
}

function HealthItem({ label, value, warn }: { label: string; value: string; warn: boolean }) {
  return (
    <div className={`rounded-xl border px-3 py-2 ${warn ? "border-amber-300 bg-amber-50" : "border-line bg-white"}`}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  );
}
