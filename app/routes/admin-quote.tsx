import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/admin-quote";
import { quoteDetail } from "../admin/quotes.server.ts";
import { adminLang, adminMeta, adminT } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminBar } from "../components/admin/admin-ui.tsx";
import { QuoteEmailBadge } from "../components/admin/quote-email-badge.tsx";
import { LabelValueList } from "../components/label-value-list.tsx";
import { dateTimeFormatter } from "../i18n/format.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireOwner(context);
  // Any id not stored (unknown, malformed, too long) is simply not found: the translated 404.
  const quote = await quoteDetail(params.quoteId, adminLang(context));
  if (!quote) throw data(null, { status: 404 });
  return {
    meta: { ...adminMeta(context, "quote.title"), title: `${adminT(context)("quote.title")} ${quote.id}` },
    lang: adminLang(context),
    quote,
    reply: adminT(context)("quote.replySubject", { offer: quote.offer }),
  };
}

/** Nothing to post here (the owner answers by email): 405 for the owner, sign-in for anyone else. */
export async function action({ context }: Route.ActionArgs) {
  await requireOwner(context);
  throw data(null, { status: 405 });
}

export default function AdminQuote({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { quote, lang, reply } = loaderData;
  const dateTime = dateTimeFormatter(lang, "medium");
  return (
    <>
      <AdminBar current="/admin/quotes" />
      <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8">
        <a href="/admin/quotes" className="text-sm text-accent-700 underline">
          {t("quote.back")}
        </a>
        <h1 className="mt-2 text-2xl font-bold break-words sm:text-3xl">{quote.name}</h1>
        <p className="mt-1 text-sm break-all text-muted">{quote.id}</p>
        <a href={`mailto:${quote.email}?subject=${encodeURIComponent(reply)}`} className="btn-primary mt-4 w-full sm:w-auto" data-testid="quote-reply">
          {t("quote.reply")}
        </a>

        <h2 className="mt-6 text-lg font-semibold">{t("order.details")}</h2>
        <LabelValueList rows={quote.fields} className="mt-2 gap-y-2 rounded-2xl border border-line bg-white p-4 sm:grid-cols-[11rem_1fr]" testId="quote-fields" />

        <h2 className="mt-6 text-lg font-semibold">{t("order.emails")}</h2>
        {quote.emails.length ? (
          <ol className="mt-2 divide-y divide-line rounded-2xl border border-line bg-white text-sm" data-testid="quote-emails">
            {quote.emails.map((email) => (
              <li key={email.id} className="px-4 py-3" data-kind={email.kind}>
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono break-all">{email.kind}</span>
                  <QuoteEmailBadge state={email.state} />
                </span>
                <span className="mt-1 block text-muted">
                  {t("order.attempts", { count: email.attempts })}
                  {email.sentAt ? ` · ${dateTime(email.sentAt)}` : ""}
                </span>
                {email.lastError ? <span className="mt-1 block break-words text-red-800">{email.lastError}</span> : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-2 text-sm text-muted">{t("order.noEmails")}</p>
        )}
      </section>
    </>
  );
}
