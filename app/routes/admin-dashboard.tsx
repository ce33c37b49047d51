import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import type { Route } from "./+types/admin-dashboard";
import { dashboardPage } from "../admin/dashboard.server.ts";
import { filterQuery } from "../admin/order-filter.ts";
import { adminLang, adminMeta } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminBar } from "../components/admin/admin-ui.tsx";
import { FunnelChart, RevenueChart } from "../components/admin/dashboard-charts.tsx";
import type { Currency } from "../content/offers.ts";
import { dateTimeFormatter, formatDay, formatFileSize, formatMoney, formatNumber } from "../i18n/format.ts";
import { languageName, type Language } from "../i18n/languages.ts";
import { servicesOf } from "../services-context.ts";

/** The orders list's query parameters: the list lived at /admin before the front page did. */
const LIST_PARAMS = ["q", "state", "page"];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const url = new URL(request.url);
  // Links to the old list (/admin?state=paid&q=…, bookmarks, older emails) keep their meaning.
  if (LIST_PARAMS.some((name) => url.searchParams.has(name))) throw redirect(`/admin/orders${url.search}`, 301);
  const lang = adminLang(context);
  return {
    meta: adminMeta(context, "dashboard.title"),
    lang,
    ...(await dashboardPage(
      lang,
      await servicesOf(context, { repo: ["dashboard", "stats", "backOffice"], inbox: true, orderPageUrl: true }),
    )),
  };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(["admin", "offers"]);
  const { figures, health, lang, latest } = loaderData;
  const money = (minor: number, currency: string) => formatMoney(minor, currency as Currency, lang);
  const amounts = (pick: (line: (typeof figures.revenue)[number]) => number) =>
    figures.revenue.map((line) => money(pick(line), line.currency)).join(" · ");
  const dateTime = dateTimeFormatter(lang, "short");
  const period = t("dashboard.funnel.period", {
    from: formatDay(figures.funnel.fromDay, lang),
    to: formatDay(figures.funnel.toDay, lang),
  });
  const subs = figures.subscriptions;
  return (
    <>
      <AdminBar />
      <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("dashboard.title")}</h1>

        <h2 className="sr-only">{t("dashboard.money")}</h2>
        <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="revenue">
          <Tile label={t("dashboard.today")} value={amounts((line) => line.today)} testId="revenue-today" />
          <Tile
            label={t("dashboard.thisMonth")}
            value={amounts((line) => line.thisMonth)}
            testId="revenue-month"
            strong
          />
          <Tile
            label={t("dashboard.lastMonth")}
            value={amounts((line) => line.lastMonth)}
            testId="revenue-last-month"
          />
          <Tile
            label={t("dashboard.mrr")}
            value={figures.mrr.map((m) => money(m.amount, m.currency)).join(" · ")}
            testId="mrr"
            hint={t("dashboard.mrrHint")}
          />
          <Tile
            label={t("dashboard.subscriptions")}
            value={t("dashboard.activeCount", { count: subs.active })}
            hint={`${t("dashboard.cancellingCount", { count: subs.cancelling })} · ${t("dashboard.pastDueCount", { count: subs.pastDue })}`}
            testId="subscriptions"
          />
          <Tile
            label={t("dashboard.toDeliver")}
            value={formatNumber(figures.toDeliver, lang)}
            href={`/admin/orders${filterQuery({ search: "", toDeliver: true })}`}
            testId="to-deliver"
          />
          <Tile
            label={t("dashboard.quotesWaiting")}
            value={formatNumber(figures.quotesWaiting, lang)}
            href="/admin/quotes"
            testId="quotes-waiting"
          />
        </dl>

        <LatestOrders orders={latest} lang={lang} />

        <div className="mt-8 grid gap-8 lg:grid-cols-2">
          <section aria-labelledby="revenue-chart-heading">
            <h2 id="revenue-chart-heading" className="text-lg font-semibold">
              {t("dashboard.last12Months")}
            </h2>
            {figures.chart.map((line) => (
              <RevenueChart
                key={line.currency}
                months={figures.months}
                amounts={line.amounts}
                currency={line.currency as Currency}
                lang={lang}
              />
            ))}
          </section>

          <section aria-labelledby="funnel-heading" data-testid="funnel">
            <h2 id="funnel-heading" className="text-lg font-semibold">
              {t("dashboard.funnel.heading")}
            </h2>
            <p className="text-sm text-muted">{period}</p>
            <FunnelChart total={figures.funnel.total} lang={lang} period={period} />
            <p className="mt-1 text-xs text-muted">{t("dashboard.funnel.privacy")}</p>
            {figures.funnel.rows.length ? (
              // Stacked: each offer and language on a line of its own across the four figures, then its
              // figures beneath their headings. Side by side, a 320 px phone left the name a sliver and
              // broke words in the middle ("Abonnem/ent"); stacked, each step's heading has a quarter of the width.
              <table className="mt-3 w-full text-left text-sm" data-testid="funnel-table">
                <caption className="sr-only">{t("dashboard.funnel.byOffer")}</caption>
                <thead>
                  <tr className="text-xs text-muted">
                    {(["viewsShort", "formsShort", "ordersShort", "paidShort"] as const).map((step) => (
                      <th key={step} scope="col" className="py-1 pl-1 text-right font-semibold [overflow-wrap:normal]">
                        {t(`dashboard.funnel.${step}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                {figures.funnel.rows.map((row) => (
                  <tbody
                    key={`${row.offer}-${row.lang}`}
                    className="border-t border-line"
                    data-offer={row.offer}
                    data-lang={row.lang}
                  >
                    <tr>
                      <th scope="rowgroup" colSpan={4} className="pt-1.5 font-normal [overflow-wrap:normal]">
                        {t(`offers:${row.offer}.name`)}{" "}
                        <span className="text-muted whitespace-nowrap">· {languageName(row.lang as never)}</span>
                      </th>
                    </tr>
                    <tr>
                      {[row.views, row.forms, row.orders, row.paid].map((count, i) => (
                        <td key={i} className="pb-1.5 pl-1 text-right tabular-nums">
                          {formatNumber(count, lang)}
                        </td>
                      ))}
                    </tr>
                  </tbody>
                ))}
              </table>
            ) : (
              <p className="mt-3 text-sm text-muted">{t("dashboard.funnel.none")}</p>
            )}
          </section>
        </div>

        <h2 className="mt-8 text-sm font-semibold text-muted">{t("health.title")}</h2>
        <dl className="mt-2 grid grid-cols-2 gap-2 text-xs sm:grid-cols-3 lg:grid-cols-6" data-testid="health">
          <SystemTile
            label={t("health.emailsFailed")}
            value={formatNumber(health.emailsFailed, lang)}
            alert={health.alerts.emailsFailed}
          />
          <SystemTile
            label={t("health.ordersStuck")}
            value={formatNumber(health.ordersStuck, lang)}
            alert={health.alerts.ordersStuck}
          />
          <SystemTile
            label={t("health.paymentEvents")}
            value={formatNumber(health.paymentEventsUnhandled, lang)}
            alert={health.alerts.paymentEvents}
          />
          <SystemTile
            label={t("health.lastBackup")}
            value={health.lastBackup ? dateTime(health.lastBackup) : t("health.never")}
            alert={health.alerts.lastBackup}
          />
          <SystemTile
            label={t("health.disk")}
            value={
              health.disk
                ? t("health.diskValue", {
                    free: formatFileSize(health.disk.free, lang),
                    backups: formatFileSize(health.backupsBytes, lang),
                  })
                : t("health.diskUnknown")
            }
            alert={health.alerts.disk}
          />
          <SystemTile label={t("health.payments")} value={t(`health.${health.payments}`)} alert={false} />
        </dl>
      </section>
    </>
  );
}

type LatestOrder = Route.ComponentProps["loaderData"]["latest"][number];

/** The last orders in words, each a link to its page: reference, state, amount; offer; customer and local date. */
function LatestOrders({ orders, lang }: { orders: readonly LatestOrder[]; lang: Language }) {
  const { t } = useTranslation("back-office");
  const { t: admin } = useTranslation("admin");
  const dateTime = dateTimeFormatter(lang, "short");
  return (
    <section aria-labelledby="latest-heading" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="latest-heading" className="text-lg font-semibold">
          {t("latest.heading")}
        </h2>
        <a href="/admin/orders" className="text-sm font-semibold text-accent-700 underline underline-offset-4">
          {t("latest.all")}
        </a>
      </div>
      {orders.length ? (
        <ul className="mt-2 divide-y divide-line rounded-2xl border border-line bg-white" data-testid="latest-orders">
          {orders.map((order) => {
            // The badge says where the money stands: refunded (all of it) outranks the order's own state.
            const state = order.refund?.full
              ? { key: "refunded", label: admin("billing.refunded") }
              : { key: order.state, label: admin(`states.${order.state}`) };
            return (
              <li key={order.id} data-order-id={order.id}>
                <a
                  href={`/admin/orders/${encodeURIComponent(order.id)}`}
                  className="block px-3 py-2.5 hover:bg-accent-50"
                >
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="flex items-baseline gap-x-2">
                      <span className="font-mono font-semibold whitespace-nowrap" data-testid="latest-reference">
                        {order.reference}
                      </span>
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[state.key] ?? BADGE.other}`}
                        data-testid="latest-state"
                        data-state={state.key}
                      >
                        {state.label}
                      </span>
                    </span>
                    <span className="font-semibold tabular-nums" data-testid="latest-amount">
                      {formatMoney(order.amount, order.currency, lang)}
                    </span>
                  </span>
                  <span className="mt-0.5 block text-sm" data-testid="latest-offer">
                    {order.offerName}
                  </span>
                  <span className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted">
                    <span className="font-medium text-ink" data-testid="latest-customer">
                      {order.name}
                    </span>
                    <time dateTime={order.createdAt} data-testid="latest-date">
                      {dateTime(order.createdAt)}
                    </time>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("latest.none")}</p>
      )}
    </section>
  );
}

/** Badge colours by state: money in is green, waiting is amber, the rest quiet. */
const BADGE: Record<string, string> = {
  paid: "bg-emerald-100 text-emerald-900",
  checkout_created: "bg-amber-100 text-amber-900",
  pending: "bg-amber-100 text-amber-900",
  refunded: "bg-red-100 text-red-900",
  other: "bg-slate-100 text-slate-800",
};

function Tile({
  label,
  value,
  hint,
  href,
  testId,
  strong,
}: {
  label: string;
  value: string;
  hint?: string;
  href?: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div className="rounded-2xl border border-line bg-white px-3 py-3">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd
        className={`mt-0.5 font-bold break-words tabular-nums ${strong ? "text-2xl" : "text-xl"}`}
        data-testid={testId}
      >
        {href ? (
          <a href={href} className="text-accent-700 underline underline-offset-4">
            {value}
          </a>
        ) : (
          value
        )}
      </dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}

/** A system tile: quiet unless something needs doing, then red. */
function SystemTile({ label, value, alert }: { label: string; value: string; alert: boolean }) {
  return (
    <div
      className={`rounded-xl border px-2 py-1.5 ${alert ? "border-red-300 bg-red-50 text-red-900" : "border-line bg-white text-muted"}`}
      data-alert={alert || undefined}
    >
      <dt>{label}</dt>
      <dd className={`font-semibold ${alert ? "" : "text-ink"}`}>{value}</dd>
    </div>
  );
}
