import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/admin-customer-summary";
import { normaliseEmail, readableCustomerSummary } from "../admin/customers.server.ts";
import { adminLang, adminMeta } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { requireForm, field } from "../http/read-form.server.ts";
import { AdminBar } from "../components/admin/admin-ui.tsx";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { servicesOf } from "../services-context.ts";

/**
 * The summary answers the customer page's POST (it is recorded, as the JSON export is); a GET (a
 * reload, a bookmark) shows a way back to the customers instead. Not a redirect: after the POST,
 * React Router runs this loader too, and a redirect there would hide the summary.
 */
export async function loader({ context }: Route.LoaderArgs) {
  await requireOwner(context);
  const t = getInstance(context).getFixedT(getLocale(context), "back-office");
  return { meta: { ...adminMeta(context, "title"), title: t("summary.open") } };
}

/** Everything held about the person, as a page to read and print, in the owner's language; recorded as an export. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["email"], adminLang(context));
  await requireOwner(context);
  const t = getInstance(context).getFixedT(getLocale(context), "back-office");
  const email = normaliseEmail(field(form, "email", 300));
  if (!email)
    throw data(getInstance(context).getFixedT(getLocale(context), "data-rights")("invalidEmail"), { status: 400 });
  const summary = await readableCustomerSummary(
    email,
    adminLang(context),
    await servicesOf(context, { repo: ["delivery", "orderPrivacy", "quotePrivacy"], privacy: true }),
  );
  return {
    meta: { ...adminMeta(context, "title"), title: t("summary.title", { who: summary.name ?? summary.email }) },
    summary,
  };
}

export default function AdminCustomerSummary({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("back-office");
  if (!actionData) {
    return (
      <>
        <AdminBar />
        <section className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8">
          <h1 className="text-2xl font-bold sm:text-3xl">{t("summary.open")}</h1>
          <p className="mt-3">
            <a href="/admin/customers" className="font-semibold text-accent-700 underline" data-testid="summary-start">
              {t("summary.start")}
            </a>
          </p>
        </section>
      </>
    );
  }
  const { summary } = actionData;
  return (
    <>
      <AdminBar />
      <article className="printable mx-auto w-full max-w-3xl px-4 py-6 sm:px-8" data-testid="customer-summary">
        <a
          href={`/admin/customers?email=${encodeURIComponent(summary.email)}`}
          className="text-sm text-accent-700 underline print:hidden"
        >
          {t("summary.back")}
        </a>
        <h1 className="mt-2 text-2xl font-bold break-words sm:text-3xl">
          {t("summary.title", { who: summary.name ?? summary.email })}
        </h1>
        <p className="mt-1 text-sm break-all text-muted">{summary.email}</p>
        <p className="mt-1 text-sm text-muted">{t("summary.made", { date: summary.madeAt })}</p>
        <p className="mt-3 text-sm">{t("summary.intro")}</p>
        {/* Printing needs a script (public/enhance.js shows the button); without one, the browser's own Print does the same. */}
        <button type="button" className="btn-secondary mt-3 min-h-11 print:hidden" data-print hidden>
          {t("summary.print")}
        </button>

        <h2 className="mt-6 text-xl font-semibold">{t("summary.orders", { count: summary.orders.length })}</h2>
        {summary.orders.length ? null : <p className="mt-1 text-muted">{t("summary.noOrders")}</p>}
        {summary.orders.map((order) => (
          <section
            key={order.id}
            className="mt-3 rounded-2xl border border-line bg-white p-4 break-inside-avoid-page"
            data-testid="summary-order"
            aria-labelledby={`order-${order.id}`}
          >
            <h3 id={`order-${order.id}`} className="font-semibold">
              <span className="font-mono whitespace-nowrap">{order.reference}</span> · {order.offer}
            </h3>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <Row label={t("summary.placed")} value={order.placed} />
              {order.paid ? <Row label={t("summary.paid")} value={order.paid} /> : null}
              <Row label={t("summary.state")} value={[order.state, order.billing].filter(Boolean).join(" · ")} />
              <Row label={t("summary.amount")} value={order.amount} testId="summary-amount" />
              {order.monthly ? <Row label={t("summary.monthly")} value={order.monthly} /> : null}
              {order.refunded ? <Row label={t("summary.refunded")} value={order.refunded} /> : null}
              <Row label={t("summary.emails")} value={String(order.emails)} />
            </dl>
            <h4 className="mt-3 text-sm font-semibold">{t("summary.answers")}</h4>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {order.answers.map(([label, value]) => (
                <Row key={label} label={label} value={value} />
              ))}
            </dl>
            <h4 className="mt-3 text-sm font-semibold">{t("summary.brief")}</h4>
            <p className="mt-1 text-sm whitespace-pre-line" data-testid="summary-brief">
              {order.brief ?? t("summary.noBrief")}
            </p>
            <h4 className="mt-3 text-sm font-semibold">{t("summary.files")}</h4>
            {order.files.length ? (
              <ul className="mt-1 list-disc pl-5 text-sm" data-testid="summary-files">
                {order.files.map((file) => (
                  <li key={`${file.name}-${file.at}`} className="break-all">
                    {file.name}{" "}
                    <span className="text-muted">
                      · {file.size} · {file.kind} · {file.at}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-muted">{t("summary.noFiles")}</p>
            )}
            {order.deliveries.length ? (
              <>
                <h4 className="mt-3 text-sm font-semibold">{t("summary.deliveries")}</h4>
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {order.deliveries.map((delivery) => (
                    <li key={delivery.at} className="break-words">
                      {delivery.at}
                      {delivery.note ? ` · ${delivery.note}` : ""}
                      {delivery.link ? <span className="break-all"> · {delivery.link}</span> : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        ))}

        <h2 className="mt-6 text-xl font-semibold">{t("summary.quotes", { count: summary.quotes.length })}</h2>
        {summary.quotes.length ? null : <p className="mt-1 text-muted">{t("summary.noQuotes")}</p>}
        {summary.quotes.map((quote) => (
          <section
            key={quote.id}
            className="mt-3 rounded-2xl border border-line bg-white p-4 text-sm break-inside-avoid-page"
          >
            <h3 className="font-semibold">
              {quote.offer} · {quote.at}
            </h3>
            {quote.company ? <p className="mt-1">{quote.company}</p> : null}
            <p className="mt-1 whitespace-pre-line">{quote.message}</p>
          </section>
        ))}
      </article>
    </>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="break-words" data-testid={testId}>
        {value}
      </dd>
    </>
  );
}
