import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin-quote-new";
import { requireForm } from "../http/read-form.server.ts";
import { adminLang, adminT, text } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminDetailPage } from "../components/admin/admin-ui.tsx";
import { inputClass } from "../components/forms.tsx";
import { languageName, LANGUAGES } from "../i18n/languages.ts";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { offerNameIn } from "../i18n/translator.server.ts";
import { QUOTE_MAX, SCRATCH_FIELDS, SCRATCH_PAGES, type ScratchField } from "../quotes/quote-schema.ts";
import { startQuote } from "../quotes/request-quote.server.ts";
import { servicesOf } from "../services-context.ts";

/**
 * "New proposal" for an email address, with no request before it: who it is for, their language
 * and the offer. Posting it stores the quote record (started by the owner) and opens its page,
 * where the proposal is written and sent with the same form and the same function as an answer to
 * a request. A plain form post, no script needed, a phone's width.
 */
export async function loader({ context }: Route.LoaderArgs) {
  await requireOwner(context);
  return view(context);
}

function view(context: Route.LoaderArgs["context"]) {
  const lang = adminLang(context);
  const t = getInstance(context).getFixedT(getLocale(context), "proposal");
  return {
    meta: { title: t("scratch.title"), description: adminT(context)("title"), noindex: true },
    lang,
    // Offers named by their one name, in the back office's language.
    offers: SCRATCH_PAGES.map((page) => ({ id: page, name: offerNameIn(lang, page) })),
    languages: LANGUAGES.map((code) => ({ code, name: languageName(code) })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, [...SCRATCH_FIELDS]);
  await requireOwner(context);
  const values = Object.fromEntries(SCRATCH_FIELDS.map((name) => [name, text(form, name, 1000)]));
  const started = await startQuote(values, await servicesOf(context, { repo: ["quotes"] }));
  if (started.ok) throw redirect(`/admin/quotes/${encodeURIComponent(started.quote.id)}`, 303);
  return data({ ...view(context), errors: started.errors, values }, { status: 400 });
}

export default function AdminQuoteNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("proposal");
  const { offers, languages, lang } = loaderData;
  const errors: Partial<Record<ScratchField, string>> = actionData?.errors ?? {};
  const value = (name: string, fallback = "") => actionData?.values?.[name] ?? fallback;
  const described = (name: ScratchField) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `scratch-${name}-error` } : {};
  const error = (name: ScratchField) =>
    errors[name] ? (
      <p id={`scratch-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {t(errors[name]!)}
      </p>
    ) : null;
  const field = (name: "email" | "name" | "company", attributes: Record<string, unknown>) => (
    <div>
      <label htmlFor={`scratch-${name}`} className="text-sm font-semibold">
        {t(`scratch.${name}`)}
      </label>
      <input
        id={`scratch-${name}`}
        name={name}
        defaultValue={value(name)}
        className={`${inputClass} min-h-12`}
        {...described(name)}
        {...attributes}
      />
      {error(name)}
    </div>
  );
  return (
    <AdminDetailPage back={t("scratch.back")} title={t("scratch.title")}>
      <p className="mt-2 text-sm text-muted">{t("scratch.intro")}</p>
      {Object.keys(errors).length ? (
        <p role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium">
          {t("scratch.fix")}
        </p>
      ) : null}
      <Form
        method="post"
        className="mt-4 grid gap-4 rounded-2xl border border-line bg-white p-4"
        data-testid="scratch-form"
      >
        {field("email", { type: "email", required: true, maxLength: QUOTE_MAX.email, autoComplete: "off" })}
        {field("name", { required: true, minLength: 2, maxLength: QUOTE_MAX.name, autoComplete: "off" })}
        {field("company", { maxLength: QUOTE_MAX.company, autoComplete: "off" })}
        <div>
          <label htmlFor="scratch-lang" className="text-sm font-semibold">
            {t("scratch.lang")}
          </label>
          <select
            id="scratch-lang"
            name="lang"
            defaultValue={value("lang", lang)}
            className={`${inputClass} min-h-12`}
            {...described("lang")}
          >
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </select>
          {error("lang")}
        </div>
        <div>
          <label htmlFor="scratch-offer" className="text-sm font-semibold">
            {t("scratch.offer")}
          </label>
          <select
            id="scratch-offer"
            name="offer"
            required
            defaultValue={value("offer")}
            className={`${inputClass} min-h-12`}
            {...described("offer")}
          >
            <option value="">{t("scratch.chooseOffer")}</option>
            {offers.map((offer) => (
              <option key={offer.id} value={offer.id}>
                {offer.name}
              </option>
            ))}
          </select>
          {error("offer")}
        </div>
        <div>
          <button type="submit" className="btn-primary w-full sm:w-auto">
            {t("scratch.next")}
          </button>
          <p className="mt-2 text-sm text-muted">{t("scratch.nextHint")}</p>
        </div>
      </Form>
    </AdminDetailPage>
  );
}
