import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, TextField } from "./forms.tsx";
import type { Language } from "../i18n/languages.ts";

/**
 * "Request a quote or a demo": a plain form post (no JavaScript needed) from the page of an offer
 * without a price to /quote, which validates, stores and answers. The mailto link stays beside it.
 */
export function QuoteForm({
  page,
  lang,
  limits,
  lastResult,
  formError,
  contactHref,
  heading: Heading = "h2",
}: {
  page: string;
  lang: Language;
  limits: { name: number; email: number; company: number; message: number };
  lastResult?: SubmissionResult<string[]> | null;
  formError?: string | null;
  contactHref: string;
  /** h1 on its own page (/quote), h2 at the end of an offer's page. */
  heading?: "h1" | "h2";
}) {
  const { t } = useTranslation("quote");
  const [form, fields] = useForm<{ name: string; email: string; company?: string; message: string }, string[]>({ id: "quote", lastResult });
  const order = ["name", "email", "company", "message"] as const;
  const invalid = order.filter((name) => fields[name].errors?.length);
  const messages = (name: (typeof order)[number]) => fields[name].errors?.map((key) => t(key));
  return (
    <div className="card mx-auto max-w-3xl text-left">
      <Heading className="text-2xl font-bold break-words sm:text-3xl">{t("form.title")}</Heading>
      <p className="lead mt-3">{t("form.intro")}</p>
      <p className="mt-4 text-sm text-muted">
        {t("form.offer")}: <strong className="text-ink">{t(`offers.${page}`)}</strong>
      </p>
      {formError ? (
        <p role="alert" className="mt-6 rounded-xl border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-900">
          {t(formError)}
        </p>
      ) : null}
      <div className="mt-6">
        <ErrorSummary
          id="quote-error-summary"
          title={t("form.errorSummary")}
          autoFocus={invalid.length > 0}
          items={invalid.map((name) => ({ href: `#${fields[name].id}`, message: messages(name)!.join(" · ") }))}
        />
      </div>
      <form method="post" action={`/quote?offer=${page}&lang=${lang}`} {...getFormProps(form)} className="grid gap-5 sm:grid-cols-2">
        <input type="hidden" name="offer" value={page} />
        <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor="quote-website">{t("form.honeypot")}</label>
          <input id="quote-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <TextField meta={fields.name} label={t("form.name")} autoComplete="name" maxLength={limits.name} errors={messages("name")} />
        <TextField meta={fields.email} label={t("form.email")} type="email" autoComplete="email" placeholder={t("form.emailPlaceholder")} maxLength={limits.email} errors={messages("email")} />
        <TextField meta={fields.company} label={t("form.company")} optionalLabel={t("form.optional")} autoComplete="organization" maxLength={limits.company} wide errors={messages("company")} />
        <TextField meta={fields.message} label={t("form.message")} placeholder={t("form.messagePlaceholder")} rows={5} maxLength={limits.message} errors={messages("message")} />
        <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center">
          <button type="submit" className="btn-primary w-full sm:w-auto">
            {t("form.submit")}
          </button>
          <a href={contactHref} className="text-sm font-medium text-accent-700 underline underline-offset-4">
            {t("form.orWrite")}
          </a>
        </div>
      </form>
    </div>
  );
}
