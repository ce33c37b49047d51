import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/admin-quotes";
import { requireForm } from "../http/read-form.server.ts";
import { readFilter } from "../admin/order-filter.ts";
import { quotesPage } from "../admin/quotes.server.ts";
import { adminLang, adminMeta } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminBar, AdminList, AdminListItem, Pager } from "../components/admin/admin-ui.tsx";
import { EmailStateBadge } from "../components/admin/email-list.tsx";
import { dateTimeFormatter } from "../i18n/format.ts";
import { servicesOf } from "../services-context.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context);
  // The orders' reader: its page number (anything odd is page 1); quotes have no state or search.
  const { page } = readFilter(new URL(request.url));
  return {
    meta: adminMeta(context, "quotes.title"),
    lang: adminLang(context),
    page,
    ...(await quotesPage(page, adminLang(context), await servicesOf(context, { repo: ["outbox", "quotes"] }))),
  };
}

/** A POST here (no form posts to the list): the owner gets 405, anyone else the sign-in page. */
export async function action({ request, context }: Route.ActionArgs) {
  // No field, but the body is still checked like every other (app/http/read-form.server.ts).
  await requireForm(request, []);
  await requireOwner(context);
  throw data(null, { status: 405 });
}

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { t: tProposal } = useTranslation("proposal");
  const { quotes, total, page, pages, lang } = loaderData;
  const dateTime = dateTimeFormatter(lang, "short");
  return (
    <>
      <AdminBar />
      <section className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold sm:text-3xl">{t("quotes.title")}</h1>
          {/* A proposal for someone who never used the form: an email address is enough. */}
          <a href="/admin/quotes/new" className="btn-primary w-full sm:w-auto" data-testid="new-proposal">
            {tProposal("scratch.action")}
          </a>
        </div>
        <p className="mt-4 text-sm text-muted" data-testid="quotes-total">
          {t("quotes.count", { count: total })}
        </p>
        <AdminList rows={quotes} testId="quotes-list" empty={t("quotes.none")}>
          {(quote) => (
            <AdminListItem
              key={quote.id}
              href={`/admin/quotes/${encodeURIComponent(quote.id)}`}
              name={quote.name}
              email={quote.email}
              aside={quote.emails ? <EmailStateBadge state={quote.emails} label={t("order.emails")} /> : null}
            >
              <span>{dateTime(quote.createdAt)}</span>
              <span className="font-semibold text-ink">{quote.offer}</span>
              <span>{quote.language}</span>
            </AdminListItem>
          )}
        </AdminList>
        <Pager page={page} pages={pages} href={(to) => `/admin/quotes${to > 1 ? `?page=${to}` : ""}`} />
      </section>
    </>
  );
}
