import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/admin-orders";
import { filterQuery, readFilter, TO_DELIVER } from "../admin/order-filter.ts";
import { ordersPage } from "../admin/orders.server.ts";
import { adminLang, adminMeta } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { AdminBar, AdminList, Pager } from "../components/admin/admin-ui.tsx";
import { OrderRow } from "../components/admin/order-row.tsx";
import { ORDER_STATES } from "../orders/types.ts";
import { servicesOf } from "../services-context.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const filter = readFilter(new URL(request.url));
  const lang = adminLang(context);
  const page = await ordersPage(filter, lang, await servicesOf(context, { repo: ["backOffice"] }));
  return { meta: adminMeta(context, "orders.title"), lang, filter, ...page };
}

/** Nothing to post to the list: 405 for the owner, sign-in for anyone else (as /admin itself answers). */
export async function action({ request, context }: Route.ActionArgs) {
  // No field, but the body is still checked like every other (app/http/read-form.server.ts).
  await requireForm(request, []);
  await requireOwner(context);
  throw data(null, { status: 405 });
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { t: tOffice } = useTranslation("back-office");
  const { filter, orders, total, pages, lang } = loaderData;
  return (
    <>
      <AdminBar />
      <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("orders.title")}</h1>

        <form
          method="get"
          action="/admin/orders"
          className="mt-6 grid gap-2 sm:grid-cols-[1fr_12rem_auto]"
          role="search"
        >
          <label className="sr-only" htmlFor="orders-q">
            {t("orders.search")}
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={filter.search}
            maxLength={100}
            placeholder={t("orders.search")}
            className="min-h-12 rounded-xl border border-line bg-white px-4"
          />
          <label className="sr-only" htmlFor="orders-state">
            {t("orders.state")}
          </label>
          <select
            id="orders-state"
            name="state"
            defaultValue={filter.toDeliver ? TO_DELIVER : (filter.state ?? "")}
            className="min-h-12 rounded-xl border border-line bg-white px-3"
          >
            <option value="">{t("orders.allStates")}</option>
            <option value={TO_DELIVER}>{t("orders.toDeliver")}</option>
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
          <span className="flex flex-wrap gap-x-4">
            <a className="font-semibold text-accent-700 underline" href="/admin/invoices" data-testid="invoices-link">
              {tOffice("invoices.link")}
            </a>
            <a
              className="font-semibold text-accent-700 underline"
              href={`/admin/orders.csv${filterQuery(filter)}`}
              download
            >
              {t("orders.exportCsv")}
            </a>
          </span>
        </div>

        <AdminList rows={orders} testId="orders-list" empty={t("orders.none")}>
          {(order) => <OrderRow key={order.id} order={order} lang={lang} />}
        </AdminList>

        <Pager page={filter.page} pages={pages} href={(page) => `/admin/orders${filterQuery({ ...filter, page })}`} />
      </section>
    </>
  );
}
