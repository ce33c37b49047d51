import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, FormMessages, TextField } from "./forms.tsx";
import type { Language } from "../i18n/languages.ts";
import { offerName } from "../i18n/site-map.ts";

/**
 * "Request a quote or a demo": a plain form post (no JavaScript needed) from the page of an offer
 * without a price to /quote, which validates, stores and answers. The mailto link stays beside it.
 * Like the order form it does not hydrate (the offer pages are cached, the same bytes for everyone):
 * its fields carry the schema's constraint attributes and public/forms.js shows the translated
 * messages below as the visitor types, and "sending" on the button.
 */
export function QuoteForm({
  page,
  lang,
  rules,
  lastResult,
  formError,
  contactHref,
  bookingUrl = null,
  heading: Heading = "h2",
}: {
  page: string;
  lang: Language;
  /** The schema's constraint attributes and message keys (quoteFormRules in app/quotes/quote-schema.ts). */
  rules: {
    constraint: Record<string, { required?: boolean; minLength?: number; maxLength?: number; pattern?: string }>;
    messages: ComponentProps<typeof FormMessages>["keys"];
  };
  lastResult?: SubmissionResult<string[]> | null;
  formError?: string | null;
  contactHref: string;
  /** The owner's scheduling page (config `bookingUrl`): adds "book a call" beside the mailto. */
  bookingUrl?: string | null;
  /** h1 on its own page (/quote), h2 at the end of an offer's page. */
  heading?: "h1" | "h2";
}) {
  const { t } = useTranslation("quote");
  // `defaultNoValidate: false` leaves the browser's own checks on when no script runs.
  const [form, fields] = useForm<{ name: string; email: string; company?: string; message: string }, string[]>({
    id: "quote",
    lastResult,
    constraint: rules.constraint,
    defaultNoValidate: false,
  });
  const order = ["name", "email", "company", "message"] as const;
  const invalid = order.filter((name) => fields[name].errors?.length);
  const messages = (name: (typeof order)[number]) => fields[name].errors?.map((key) => t(key));
  return (
    <div className="card mx-auto max-w-3xl text-left">
      <Heading className="text-2xl font-bold sm:text-3xl">
        {t(page === "home" ? "form.titleGeneral" : "form.title")}
      </Heading>
      <p className="lead mt-3">{t(page === "home" ? "form.introGeneral" : "form.intro")}</p>
      <p className="mt-4 text-sm text-muted">
        {t("form.offer")}: <strong className="text-ink">{offerName(t, page)}</strong>
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
      <FormMessages
        id="quote-messages"
        summary={{ id: "quote-error-summary", title: t("form.errorSummary") }}
        keys={rules.messages}
        t={t}
      />
      <form
        method="post"
        action={`/quote?offer=${page}&lang=${lang}`}
        {...getFormProps(form)}
        data-messages="quote-messages"
        className="grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name="offer" value={page} />
        <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor="quote-website">{t("form.honeypot")}</label>
          <input id="quote-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <TextField meta={fields.name} label={t("form.name")} autoComplete="name" errors={messages("name")} />
        <TextField
          meta={fields.email}
          label={t("form.email")}
          type="email"
          autoComplete="email"
          placeholder={t("form.emailPlaceholder")}
          errors={messages("email")}
        />
        <TextField
          meta={fields.company}
          label={t("form.company")}
          optionalLabel={t("form.optional")}
          autoComplete="organization"
          wide
          errors={messages("company")}
        />
        <TextField
          meta={fields.message}
          label={t("form.message")}
          placeholder={t("form.messagePlaceholder")}
          rows={5}
          errors={messages("message")}
        />
        <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center">
          <button type="submit" className="btn-primary w-full sm:w-auto" data-pending-label={t("form.submitting")}>
            {t("form.submit")}
          </button>
          {bookingUrl ? (
            <a href={bookingUrl} className="btn-secondary w-full sm:w-auto" data-action="book-call">
              {t("form.bookCall")}
            </a>
          ) : null}
          <a
            href={contactHref}
            className="text-sm font-medium text-accent-700 underline underline-offset-4"
            data-action="contact"
          >
            {t("form.orWrite")}
          </a>
        </div>
      </form>
    </div>
  );
}
