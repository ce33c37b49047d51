import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import type { Route } from "./+types/quote";
import { mailtoHref } from "../components/blocks/blocks.tsx";
import { QuoteForm } from "../components/quote-form.tsx";
import { isRequestPage, type RequestPage } from "../content/offers.ts";
import { offerName, pageById, pagePath } from "../i18n/site-map.ts";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import type { Language } from "../i18n/languages.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import { QUOTE_FORM_FIELD_NAMES, QUOTE_HONEYPOT, parseQuoteForm, quoteFormRules } from "../quotes/quote-schema.ts";
import { requestQuote } from "../quotes/request-quote.server.ts";
import { servicesOf } from "../services-context.ts";
import { readForm, refusal } from "../http/read-form.server.ts";
import { useRootData } from "../lib/root-data.ts";

/**
 * POST /quote: the "request a quote or a demo" form of the offers without a price. Errors come
 * back here with the values kept (400); a stored request redirects to GET /quote?offer=…&sent=1.
 */
/** Not hydrated: public/forms.js checks the form as the visitor types (see QuoteForm). */
export const handle = { formScript: true };

function pageMeta(context: Route.LoaderArgs["context"]) {
  const t = getInstance(context).getFixedT(getLocale(context), "quote");
  return { title: t("meta.title"), description: t("form.intro"), noindex: true };
}

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const offer = url.searchParams.get("offer");
  if (!isRequestPage(offer)) throw data(null, { status: 404 });
  return data({
    offer,
    lang: getLocale(context) as Language,
    sent: url.searchParams.has("sent"),
    meta: pageMeta(context),
  });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

type FormError = "errors.rateLimited" | "errors.rejected";

export async function action({ request, context }: Route.ActionArgs) {
  const lang = getLocale(context) as Language;
  const meta = pageMeta(context);
  // Only the fields this form knows reach the parser (and the reply that echoes them).
  const read = await readForm(request, QUOTE_FORM_FIELD_NAMES);
  if (!read.ok) throw refusal(read);
  const formData = read.form;
  const offer = formData.get("offer");
  if (!isRequestPage(offer)) throw data(null, { status: 404 });
  const submission = parseQuoteForm(formData);
  const reply = (formError: FormError | null, status: number, headers?: HeadersInit) =>
    data({ offer, lang, sent: false, meta, result: submission.reply(), formError }, { status, headers });
  // Bots fill every field they find; people never see this one. Nothing is stored.
  if (String(formData.get(QUOTE_HONEYPOT) ?? "") !== "") return reply("errors.rejected", 400);
  if (submission.status !== "success") return reply(null, 400);
  const services = await servicesOf(context, { repo: ["quotes"], limits: true, worker: true, webhooksOut: true });
  const { clientIp } = context.get(requestInfoContext);
  const taken = await services.limits.take(["quote", clientIp]);
  if (!taken.ok) return reply("errors.rateLimited", 429, { "Retry-After": String(taken.retryAfterSeconds) });
  const { name, email, company, message } = submission.value;
  await requestQuote({ page: offer, lang, name, email, company: company ?? "", message }, services);
  return redirect(`/quote?offer=${offer}&lang=${lang}&sent=1`, 303);
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("quote");
  const root = useRootData();
  const view = actionData ?? loaderData;
  const offer = view.offer as RequestPage;
  const back = pagePath(pageById(offer), view.lang);
  if (view.sent) {
    return (
      <section className="container-page max-w-3xl py-16 sm:py-24">
        <div role="status" className="flex items-start gap-4">
          <span
            className="grid size-12 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700 ring-4 ring-emerald-50"
            aria-hidden="true"
          >
            <svg viewBox="0 0 24 24" className="size-7" focusable="false">
              <path
                d="m5 12.5 4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <div>
            <h1 className="text-3xl font-bold">{t("sent.title")}</h1>
            <p className="lead mt-3">{t("sent.text")}</p>
          </div>
        </div>
        {/* What happens next, and when: the visitor leaves knowing when to expect an answer. */}
        <h2 className="mt-12 text-xl font-bold">{t("sent.nextTitle")}</h2>
        <ol className="mt-5 grid gap-4" data-block="next-steps">
          {(t("sent.next", { returnObjects: true }) as Array<{ when: string; what: string }>).map((step, index) => (
            <li key={step.when} className="card flex gap-4 py-5">
              <span
                className="grid size-9 shrink-0 place-items-center rounded-full bg-accent-600 text-sm font-bold text-white"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <p>
                <strong className="block text-ink">{step.when}</strong>
                <span className="text-muted">{step.what}</span>
              </p>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex flex-wrap gap-3">
          {root?.bookingUrl ? (
            <a className="btn-primary" href={root.bookingUrl} data-action="book-call">
              {t("form.bookCall")}
            </a>
          ) : null}
          <a className="btn-secondary" href={back}>
            {t("sent.back")}
          </a>
        </div>
      </section>
    );
  }
  return (
    <section className="container-page py-12 sm:py-16">
      <QuoteForm
        page={offer}
        lang={view.lang}
        heading="h1"
        rules={quoteFormRules()}
        lastResult={actionData?.result}
        formError={actionData?.formError}
        contactHref={mailtoHref(root?.contactEmail ?? "", offerName(t, offer))}
        bookingUrl={root?.bookingUrl}
      />
    </section>
  );
}
