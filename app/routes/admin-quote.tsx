import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/admin-quote";
import { requireForm } from "../http/read-form.server.ts";
import { quoteDetail } from "../admin/quotes.server.ts";
import { adminLang, adminMeta, adminT } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminDetailPage } from "../components/admin/admin-ui.tsx";
import { EmailList } from "../components/admin/email-list.tsx";
import { LabelValueList } from "../components/label-value-list.tsx";

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
export async function action({ request, context }: Route.ActionArgs) {
  // No field, but the body is still checked like every other (app/http/read-form.server.ts).
  await requireForm(request, []);
  await requireOwner(context);
  throw data(null, { status: 405 });
}

export default function AdminQuote({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { quote, lang, reply } = loaderData;
  return (
    <AdminDetailPage section="/admin/quotes" back={t("quote.back")} title={quote.name}>
      <p className="mt-1 text-sm break-all text-muted">{quote.id}</p>
      <a href={`mailto:${quote.email}?subject=${encodeURIComponent(reply)}`} className="btn-primary mt-4 w-full sm:w-auto" data-testid="quote-reply">
        {t("quote.reply")}
      </a>

      <h2 className="mt-6 text-lg font-semibold">{t("order.details")}</h2>
      <LabelValueList rows={quote.fields} className="mt-2 gap-y-2 rounded-2xl border border-line bg-white p-4 sm:grid-cols-[11rem_1fr]" testId="quote-fields" />

      <EmailList emails={quote.emails} lang={lang} testId="quote-emails" />
    </AdminDetailPage>
  );
}
