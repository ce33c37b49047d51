import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/admin-customers";
import { customerList, customerSummary, normaliseEmail, retentionPolicy } from "../admin/customers.server.ts";
import { adminLang, adminMeta } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminBar, Notice, Pager } from "../components/admin/admin-ui.tsx";
import { DataRequestList } from "../components/admin/data-rights-ui.tsx";
import { dateTimeFormatter, formatDays } from "../i18n/format.ts";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { noPostsHere } from "../admin/no-posts.server.ts";
import { servicesOf } from "../services-context.ts";

/**
 * A customer's data (GDPR): found by email (typed by the owner, or linked from an order), what the
 * site holds about them, the JSON export, the way to erase them, and the record of both.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const lang = adminLang(context);
  const t = getInstance(context).getFixedT(getLocale(context), "data-rights");
  const url = new URL(request.url);
  const typed = url.searchParams.get("email");
  const email = typed === null ? null : normaliseEmail(typed);
  const policy = retentionPolicy();
  const page = {
    meta: { ...adminMeta(context, "title"), title: t("title") },
    lang,
    typed: (typed ?? "").slice(0, 254),
    erased: url.searchParams.get("done") === "erased",
    retention: {
      unpaid: formatDays(policy.unpaidAttemptDays, lang),
      quotes: formatDays(policy.quoteRequestDays, lang),
      customers: formatDays(policy.customerDays, lang),
    },
    // Without an address typed: everyone who paid, latest first, searchable by part of a name or address.
    list:
      typed === null
        ? await customerList(
            url.searchParams.get("q") ?? "",
            Number(url.searchParams.get("page")) || 1,
            lang,
            await servicesOf(context, { repo: ["backOffice"] }),
          )
        : null,
  };
  // A typed address that cannot be one: the form again, with the reason, as a 400.
  if (typed !== null && !email) return data({ ...page, customer: null, error: t("invalidEmail") }, { status: 400 });
  return data({
    ...page,
    customer: email
      ? await customerSummary(
          email,
          lang,
          await servicesOf(context, { repo: ["dataRequests", "orderPrivacy", "quotePrivacy"] }),
        )
      : null,
    error: null as string | null,
  });
}

/** Nothing is posted here (export and erase have their own addresses): 405 for the owner. */
export const action = noPostsHere;

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("data-rights");
  const { t: tAdmin } = useTranslation("admin");
  const { t: tOffice } = useTranslation("back-office");
  const { customer, typed, erased, retention, lang, error, list } = loaderData;
  const dateTime = dateTimeFormatter(lang, "short");
  const held = customer && (customer.orders.length > 0 || customer.quotes.length > 0);
  return (
    <>
      <AdminBar />
      <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
        <p className="mt-2 text-muted">{t("intro")}</p>
        <form method="get" action="/admin/customers" role="search" className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto]">
          <label className="sr-only" htmlFor="customer-email">
            {t("email")}
          </label>
          <input
            id="customer-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            defaultValue={typed}
            placeholder={t("email")}
            aria-invalid={error ? true : undefined}
            className="min-h-12 rounded-xl border border-line bg-white px-4 aria-invalid:border-red-500"
          />
          <button type="submit" className="btn-secondary">
            {t("find")}
          </button>
        </form>
        {error ? <Notice tone="error">{error}</Notice> : null}
        {erased ? (
          <Notice tone="ok" testId="erased-done">
            {t("done.erased")}
          </Notice>
        ) : null}

        {customer ? (
          <div data-testid="customer">
            <h2 className="mt-6 text-lg font-semibold break-words">
              {held ? t("holds", { email: customer.email }) : t("nothing", { email: customer.email })}
            </h2>
            {customer.name ? <p className="mt-1 font-medium">{customer.name}</p> : null}
            {held ? (
              <>
                <h3 className="mt-4 font-semibold">{t("orders", { n: customer.orders.length })}</h3>
                <ul
                  className="mt-2 divide-y divide-line rounded-2xl border border-line bg-white"
                  data-testid="customer-orders"
                >
                  {customer.orders.map((order) => (
                    <li key={order.id}>
                      <a
                        href={`/admin/orders/${encodeURIComponent(order.id)}`}
                        className="flex flex-wrap justify-between gap-x-3 px-4 py-3 hover:bg-accent-50"
                      >
                        <span className="font-medium">{order.offer}</span>
                        <span className="text-sm text-muted">
                          {order.amount} · {tAdmin(`states.${order.state}`)} · {dateTime(order.createdAt)}
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
                {customer.quotes.length ? (
                  <>
                    <h3 className="mt-4 font-semibold">{t("quotes", { n: customer.quotes.length })}</h3>
                    <ul
                      className="mt-2 divide-y divide-line rounded-2xl border border-line bg-white"
                      data-testid="customer-quotes"
                    >
                      {customer.quotes.map((quote) => (
                        <li key={quote.id}>
                          <a
                            href={`/admin/quotes/${encodeURIComponent(quote.id)}`}
                            className="flex flex-wrap justify-between gap-x-3 px-4 py-3 hover:bg-accent-50"
                          >
                            <span className="font-medium">{quote.offer}</span>
                            <span className="text-sm text-muted">{dateTime(quote.createdAt)}</span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}

                <div className="mt-6 grid gap-4 rounded-2xl border border-line bg-white p-4">
                  <form method="post" action="/admin/customers/export">
                    <input type="hidden" name="email" value={customer.email} />
                    <button type="submit" className="btn-primary w-full sm:w-auto" data-testid="export">
                      {t("export")}
                    </button>
                    <p className="mt-1 text-sm text-muted">{t("exportHint")}</p>
                  </form>
                  {/* The same, for a person to read or print (also recorded as an export). */}
                  <form method="post" action="/admin/customers/summary">
                    <input type="hidden" name="email" value={customer.email} />
                    <button type="submit" className="btn-secondary w-full sm:w-auto" data-testid="summary">
                      {tOffice("summary.open")}
                    </button>
                    <p className="mt-1 text-sm text-muted">{tOffice("summary.openHint")}</p>
                  </form>
                  <div>
                    {customer.subscriptionRunning ? (
                      <p className="text-sm font-medium text-red-900">{t("subscriptionRunning")}</p>
                    ) : (
                      <a
                        href={`/admin/customers/erase?email=${encodeURIComponent(customer.email)}`}
                        className="btn-secondary w-full sm:w-auto"
                        data-testid="erase"
                      >
                        {t("erase")}
                      </a>
                    )}
                    <p className="mt-1 text-sm text-muted">{t("eraseHint")}</p>
                  </div>
                </div>
              </>
            ) : null}
            <DataRequestList requests={customer.requests} lang={lang} />
          </div>
        ) : null}

        {list ? (
          <section className="mt-8" aria-labelledby="customers-title" data-testid="customers-list">
            <h2 id="customers-title" className="text-lg font-semibold">
              {t("list.title", { count: list.total })}
            </h2>
            <form
              method="get"
              action="/admin/customers"
              role="search"
              className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto]"
            >
              <label className="sr-only" htmlFor="customers-q">
                {t("list.search")}
              </label>
              <input
                id="customers-q"
                name="q"
                type="search"
                maxLength={100}
                defaultValue={list.search}
                placeholder={t("list.search")}
                className="min-h-12 rounded-xl border border-line bg-white px-4"
              />
              <button type="submit" className="btn-secondary">
                {t("list.filter")}
              </button>
            </form>
            {list.customers.length ? (
              <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white">
                {list.customers.map((row) => (
                  <li key={row.email} data-customer={row.email}>
                    <a
                      href={`/admin/customers?email=${encodeURIComponent(row.email)}`}
                      className="block px-4 py-3 hover:bg-accent-50"
                    >
                      <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                        <span className="font-semibold break-words">{row.name || row.email}</span>
                        <span className="text-sm font-semibold" data-testid="customer-paid">
                          {row.paid}
                        </span>
                      </span>
                      <span className="mt-0.5 block text-sm break-all text-muted">{row.email}</span>
                      <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted">
                        <span data-testid="customer-orders">{t("list.orders", { count: row.orders })}</span>
                        <span>{t("list.last", { date: dateTime(row.lastOrderAt) })}</span>
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-muted">{t("list.none")}</p>
            )}
            <Pager
              page={list.page}
              pages={list.pages}
              href={(page) =>
                `/admin/customers?${new URLSearchParams({ ...(list.search ? { q: list.search } : {}), page: String(page) })}`
              }
            />
          </section>
        ) : null}

        <h2 className="mt-8 text-lg font-semibold">{t("retention.title")}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="retention">
          <li>{t("retention.unpaid", { period: retention.unpaid })}</li>
          <li>{t("retention.quotes", { period: retention.quotes })}</li>
          <li>{t("retention.customers", { period: retention.customers })}</li>
        </ul>
        <p className="mt-2 text-sm text-muted">{t("retention.where")}</p>
      </section>
    </>
  );
}
