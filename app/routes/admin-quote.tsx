import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin-quote";
import { requireForm } from "../http/read-form.server.ts";
import { markQuoteAnswered, quoteDetail } from "../admin/quotes.server.ts";
import { adminLang, adminMeta, adminT, text } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminDetailPage, Notice } from "../components/admin/admin-ui.tsx";
import { EmailList } from "../components/admin/email-list.tsx";
import { LabelValueList } from "../components/label-value-list.tsx";
import { dateTimeFormatter } from "../i18n/format.ts";
import { servicesOf } from "../services-context.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireOwner(context);
  // Any id not stored (unknown, malformed, too long) is simply not found: the translated 404.
  const quote = await quoteDetail(params.quoteId, adminLang(context), await servicesOf(context));
  if (!quote) throw data(null, { status: 404 });
  return {
    meta: { ...adminMeta(context, "quote.title"), title: `${adminT(context)("quote.title")} ${quote.id}` },
    lang: adminLang(context),
    quote,
    reply: adminT(context)("quote.replySubject", { offer: quote.offer }),
  };
}

/** The owner answers by email, then marks the request answered (once; a second post changes nothing). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["intent"]);
  await requireOwner(context);
  if (text(form, "intent", 20) !== "answered")
    return data({ error: adminT(context)("errors.badRequest") }, { status: 400 });
  if (!(await quoteDetail(params.quoteId, adminLang(context), await servicesOf(context))))
    throw data(null, { status: 404 });
  await markQuoteAnswered(params.quoteId, await servicesOf(context));
  throw redirect(`/admin/quotes/${encodeURIComponent(params.quoteId)}`, 303);
}

export default function AdminQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { quote, lang, reply } = loaderData;
  return (
    <AdminDetailPage back={t("quote.back")} title={quote.name}>
      <p className="mt-1 text-sm break-all text-muted">{quote.id}</p>
      <a
        href={`mailto:${quote.email}?subject=${encodeURIComponent(reply)}`}
        className="btn-primary mt-4 w-full sm:w-auto"
        data-testid="quote-reply"
      >
        {t("quote.reply")}
      </a>
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {quote.answeredAt ? (
        <p className="mt-3 text-sm font-semibold" data-testid="quote-answered">
          {t("quote.answered", { date: dateTimeFormatter(lang, "short")(quote.answeredAt) })}
        </p>
      ) : (
        <Form method="post" className="mt-3">
          <p className="text-sm text-muted">{t("quote.waiting")}</p>
          <button type="submit" name="intent" value="answered" className="btn-secondary mt-1 w-full sm:w-auto">
            {t("quote.markAnswered")}
          </button>
        </Form>
      )}

      <h2 className="mt-6 text-lg font-semibold">{t("order.details")}</h2>
      <LabelValueList
        rows={quote.fields}
        className="mt-2 gap-y-2 rounded-2xl border border-line bg-white p-4 sm:grid-cols-[11rem_1fr]"
        testId="quote-fields"
      />

      <EmailList emails={quote.emails} lang={lang} testId="quote-emails" />
    </AdminDetailPage>
  );
}
