import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/admin-invoices";
import { invoicesPage, readMonth } from "../admin/invoices.server.ts";
import { adminLang, adminMeta } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminBar, Notice } from "../components/admin/admin-ui.tsx";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { noPostsHere } from "../admin/no-posts.server.ts";
import { servicesOf } from "../services-context.ts";

/** Invoices and receipts, month by month: the papers of each paid order, for the accountant. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context);
  const lang = adminLang(context);
  const t = getInstance(context).getFixedT(getLocale(context), "back-office");
  const meta = { ...adminMeta(context, "title"), title: t("invoices.title") };
  const asked = new URL(request.url).searchParams.get("month");
  const month = readMonth(asked);
  // Not a month: this month's page, with the reason, as a 400 (the owner's typed value kept).
  if (!month)
    return data(
      {
        meta,
        lang,
        typed: (asked ?? "").slice(0, 20),
        error: t("invoices.badMonth"),
        page: await invoicesPage(
          readMonth(null)!,
          lang,
          await servicesOf(context, {
            repo: ["dashboard", "database"],
            sandbox: true,
            invoiceUrl: true,
            provider: true,
          }),
        ),
      },
      { status: 400 },
    );
  return {
    meta,
    lang,
    typed: month,
    error: null as string | null,
    page: await invoicesPage(
      month,
      lang,
      await servicesOf(context, { repo: ["dashboard", "database"], sandbox: true, invoiceUrl: true, provider: true }),
    ),
  };
}

/** Nothing is posted here: 405 for the owner, sign-in for anyone else. */
export const action = noPostsHere;

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("back-office");
  const { page, typed, error } = loaderData;
  return (
    <>
      <AdminBar />
      <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8">
        <a href="/admin/orders" className="text-sm text-accent-700 underline">
          {t("invoices.back")}
        </a>
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{t("invoices.title")}</h1>
        <p className="mt-1 text-sm text-muted">{t("invoices.intro")}</p>

        <form method="get" action="/admin/invoices" className="mt-4 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="invoices-month" className="block text-sm font-semibold">
              {t("invoices.month")}
            </label>
            <input
              id="invoices-month"
              name="month"
              type="month"
              defaultValue={typed}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "invoices-error" : undefined}
              className="mt-1 min-h-12 rounded-xl border border-line bg-white px-3 aria-invalid:border-red-500"
            />
          </div>
          <button type="submit" className="btn-secondary min-h-12">
            {t("invoices.show")}
          </button>
        </form>
        {error ? (
          <div id="invoices-error">
            <Notice tone="error" testId="invoices-error">
              {error}
            </Notice>
          </div>
        ) : null}

        <nav className="mt-4 flex items-center justify-between gap-2 text-sm" aria-label={t("invoices.months")}>
          <a
            className="font-semibold text-accent-700 underline underline-offset-4"
            href={`/admin/invoices?month=${page.previous}`}
            rel="prev"
          >
            {t("invoices.previous")}
          </a>
          {page.next ? (
            <a
              className="font-semibold text-accent-700 underline underline-offset-4"
              href={`/admin/invoices?month=${page.next}`}
              rel="next"
            >
              {t("invoices.next")}
            </a>
          ) : null}
        </nav>

        <h2 className="mt-4 text-lg font-semibold" data-testid="invoices-month">
          {page.monthName}
        </h2>
        {page.rows.length ? (
          <>
            <p className="text-sm text-muted" data-testid="invoices-total">
              {t("invoices.count", { count: page.rows.length })} · {t("invoices.total", { amounts: page.total })}
              {page.refunded && page.net ? (
                <>
                  {" · "}
                  <span data-testid="invoices-refunded">{t("invoices.refunded", { amounts: page.refunded })}</span>
                  {" · "}
                  <strong className="text-ink" data-testid="invoices-net">
                    {t("invoices.net", { amounts: page.net })}
                  </strong>
                </>
              ) : null}
            </p>
            {page.cut ? (
              <p className="mt-1 text-sm font-semibold">{t("invoices.cut", { count: page.rows.length })}</p>
            ) : null}
            <ul
              className="mt-2 divide-y divide-line rounded-2xl border border-line bg-white"
              data-testid="invoices-list"
            >
              {page.rows.map((row) => (
                <li key={row.id} className="px-4 py-3" data-order-id={row.id}>
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <a
                      href={`/admin/orders/${encodeURIComponent(row.id)}`}
                      className="font-mono font-semibold whitespace-nowrap text-accent-700 underline"
                      data-testid="invoice-reference"
                    >
                      {row.reference}
                    </a>
                    <span className="font-semibold tabular-nums" data-testid="invoice-amount">
                      {row.amount}
                    </span>
                  </div>
                  <p className="mt-0.5 text-sm">{row.offer}</p>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-muted">
                    <span className="font-medium text-ink">{row.name}</span>
                    <span>
                      {t("invoices.paidOn")} <time dateTime={row.paidAt}>{row.date}</time>
                    </span>
                  </p>
                  {row.creditNotes.length ? (
                    <ul
                      className="mt-2 space-y-1 border-l-2 border-line pl-3 text-sm"
                      data-testid="invoice-credit-notes"
                    >
                      {row.creditNotes.map((note) => (
                        <li
                          key={note.number}
                          className="flex flex-wrap items-baseline justify-between gap-x-3"
                          data-testid="credit-note"
                        >
                          <span>
                            {t("invoices.creditNote")}{" "}
                            <span
                              className="font-mono font-semibold whitespace-nowrap"
                              data-testid="credit-note-number"
                            >
                              {note.number}
                            </span>{" "}
                            <span className="text-xs text-muted">
                              <time dateTime={note.at}>{note.date}</time>
                              {note.providerRef ? ` · ${note.providerRef}` : ""}
                            </span>
                          </span>
                          <span
                            className="font-semibold whitespace-nowrap tabular-nums"
                            data-testid="credit-note-amount"
                          >
                            {note.amount}
                          </span>
                        </li>
                      ))}
                      <li className="flex flex-wrap items-baseline justify-between gap-x-3 font-semibold">
                        <span>{t("invoices.netOfOrder")}</span>
                        <span className="whitespace-nowrap tabular-nums" data-testid="invoice-net">
                          {row.net}
                        </span>
                      </li>
                    </ul>
                  ) : null}
                  <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="invoice-papers">
                    {row.papers.map((paper) => (
                      <a
                        key={paper.kind}
                        href={paper.url}
                        className="font-semibold text-accent-700 underline underline-offset-4"
                        data-paper={paper.kind}
                        rel="noreferrer"
                        target="_blank"
                      >
                        {t(`invoices.papers.${paper.kind}`)}
                      </a>
                    ))}
                    {!row.papers.length ? (
                      <span className="text-muted">
                        {row.unavailable ? t("invoices.unavailable") : t("invoices.noPaper")}
                      </span>
                    ) : null}
                  </p>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-2 text-muted" data-testid="invoices-none">
            {t("invoices.none", { month: page.monthName })}
          </p>
        )}
      </section>
    </>
  );
}
