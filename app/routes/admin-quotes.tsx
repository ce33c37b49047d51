import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/admin-quotes";
import { readFilter } from "../admin/order-filter.ts";
import { quotesPage } from "../admin/quotes.server.ts";
import { adminLang, adminMeta } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminBar, Pager } from "../components/admin/admin-ui.tsx";
import { QuoteEmailBadge } from "../components/admin/quote-email-badge.tsx";
import { dateTimeFormatter } from "../i18n/format.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context);
  // The orders' reader: its page number (anything odd is page 1); quotes have no state or search.
  const { page } = readFilter(new URL(request.url));
  return { meta: adminMeta(context, "quotes.title"), lang: adminLang(context), page, ...(await quotesPage(page, adminLang(context))) };
}

/** A POST here (no form posts to the list): the owner gets 405, anyone else the sign-in page. */
export async function action({ context }: Route.ActionArgs) {
  await requireOwner(context);
  throw data(null, { status: 405 });
}

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { quotes, total, page, pages, lang } = loaderData;
  const dateTime = dateTimeFormatter(lang, "short");
  return (
    <>
      <AdminBar current="/admin/quotes" />
      <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("quotes.title")}</h1>
        <p className="mt-4 text-sm text-muted" data-testid="quotes-total">
          {t("quotes.count", { count: total })}
        </p>
        {quotes.length ? (
          <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white" data-testid="quotes-list">
            {quotes.map((quote) => (
              <li key={quote.id}>
                <a href={`/admin/quotes/${encodeURIComponent(quote.id)}`} className="block px-4 py-3 hover:bg-accent-50">
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-semibold break-all">{quote.name}</span>
                    {quote.emails ? <QuoteEmailBadge state={quote.emails} label={t("order.emails")} /> : null}
                  </span>
                  <span className="mt-0.5 block text-sm break-all text-muted">{quote.email}</span>
                  <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted">
                    <span>{dateTime(quote.createdAt)}</span>
                    <span className="font-semibold text-ink">{quote.offer}</span>
                    <span>{quote.language}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 text-muted">{t("quotes.none")}</p>
        )}
        <Pager page={page} pages={pages} href={(to) => `/admin/quotes${to > 1 ? `?page=${to}` : ""}`} />
      </section>
    </>
  );
}
