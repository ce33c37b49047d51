import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import type { Route } from "./+types/commander";
import { ConsentCheckbox } from "../components/consent-checkbox.tsx";
import { ErrorSummary, FormMessages, RadioGroup, SelectField, TextField } from "../components/forms.tsx";
import {
  amountDueNow,
  getOffer,
  isOfferId,
  orderFields,
  type OfferId,
  type OrderFieldName,
} from "../content/offers.ts";
import { ORDER_FIELD_NAMES, orderFieldSpec } from "../content/order-fields.ts";
import { firstMonthlyCharge, priceLine } from "../content/price-story.ts";
import { termsForOrder } from "../content/terms.ts";
import { acceptanceFor } from "../orders/acceptance.server.ts";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { SWITCHER, type Language } from "../i18n/languages.ts";
import { appendSetCookie } from "../lib/cookies.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import { readForm } from "../http/read-form.server.ts";
import { draftCookie, findDraft } from "../orders/draft.server.ts";
import {
  HONEYPOT_FIELD,
  OPTIONAL_FIELDS,
  CONSENT_FIELDS,
  ORDER_FORM_NAMES,
  consentFields,
  keepOrderValues,
  normaliseOrderForm,
  orderFormRules,
  parseOrderForm,
  type ConsentField,
} from "../orders/order-schema.ts";
import { placeOrder } from "../orders/place-order.server.ts";
import { servicesOf } from "../services-context.ts";
import { orderFormPath, pageById, pagePath } from "../i18n/site-map.ts";
import { formatDay, formatMoney } from "../i18n/format.ts";
import { readTimeZone, TIME_ZONE_FIELD } from "../i18n/time-zone.ts";

/**
 * The page does not hydrate: the browser checks the constraint attributes derived from the schema
 * and public/forms.js (`formScript`) puts the server's messages on them and shows "sending".
 * `languageForm`: the switcher posts this form to change language, so typed values come along.
 */
export const handle = {
  formScript: true,
  languageForm: (loaderData: unknown) =>
    (loaderData as { status?: string } | undefined)?.status === "ok" ? "order" : undefined,
};

/** The switcher's submit value (see language-switcher.tsx): re-render in the new language, values kept. */
export const LANGUAGE_INTENT = "language";

const randomUUID = () => globalThis.crypto.randomUUID();
const TOKEN_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

function offerView(id: OfferId, lang: Language, tCommon: (key: string, options?: Record<string, unknown>) => string) {
  const offer = getOffer(id);
  const price = offer.price(lang);
  const terms = termsForOrder(lang);
  return {
    id,
    kind: offer.kind,
    fields: orderFields(id),
    /** What the buyer ticks after the questions (the catalogue says whether the offer starts at once). */
    consents: consentFields(id),
    immediateStart: offer.immediateStart,
    /** The terms that govern this order, as this buyer reads them (app/content/terms.ts). */
    terms: {
      href: pagePath(pageById(terms.doc.id), lang),
      lang: terms.doc.lang,
      version: formatDay(terms.doc.updated, lang),
      translated: terms.translated,
    },
    /** The price story with today's date for the first monthly charge (computed here: one clock, one ICU). */
    priceLine: priceLine(tCommon, price, lang, firstMonthlyCharge(price, new Date())).text,
    dueNow: formatMoney(amountDueNow(price), price.currency, lang),
    monthly: price.monthly ? formatMoney(price.monthly, price.currency, lang) : null,
    monthlyLater: Boolean(price.monthly && (price.oneTime || price.monthlyStartsAfterMonths)),
    oneTimeOnly: !price.monthly,
    /** Promised before payment too, not only on the thank-you page (the same sentence). */
    deliveryHours: offer.delivery.hours,
  };
}

function pageMeta(context: Route.LoaderArgs["context"], offer: OfferId | null) {
  const t = getInstance(context).getFixedT(getLocale(context), "order");
  const name = offer ? getInstance(context).getFixedT(getLocale(context), "offers")(`${offer}.name`) : "";
  return {
    title: offer ? `${t("form.title")} ${name}` : t("meta.title"),
    description: t("meta.description"),
    noindex: true,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = getLocale(context);
  const param = url.searchParams.get("offre")?.trim() ?? "";
  if (!param) return data({ status: "missing" as const, lang, meta: pageMeta(context, null) });
  if (!isOfferId(param))
    return data({ status: "unknown" as const, lang, meta: pageMeta(context, null) }, { status: 404 });
  const cancelled = url.searchParams.has("cancelled");
  return data({
    status: "ok" as const,
    lang,
    offer: offerView(param, lang, getInstance(context).getFixedT(lang, "common")),
    // Fresh for every page shown, whether rendered now or kept by the server (a hole it fills per response).
    token: context.get(requestInfoContext).formToken,
    cancelled,
    // Back from a cancelled checkout: the form comes back as the visitor filled it.
    draft: cancelled ? await findDraft(request, param, (await servicesOf(context, { repo: ["orders"] })).repo) : null,
    meta: pageMeta(context, param),
  });
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  // Each render carries its own submission token and personal data after a failed post.
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

type FormError = "errors.paymentUrl" | "errors.rateLimited" | "errors.rejected" | "errors.storage";

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const lang = getLocale(context);
  // Only the fields this form knows reach the parser (and the reply that echoes them).
  const read = await readForm(request, ORDER_FORM_NAMES);
  if (!read.ok)
    return data(
      { result: undefined, token: randomUUID(), formError: "errors.rejected" as FormError },
      { status: read.status },
    );
  const formData = read.form;
  const offer = String(formData.get("offre") ?? url.searchParams.get("offre") ?? "").trim();
  if (!isOfferId(offer))
    return data({ result: undefined, token: randomUUID(), formError: "errors.rejected" as FormError }, { status: 404 });
  const posted = String(formData.get("token") ?? "");
  const token = TOKEN_PATTERN.test(posted) ? posted : randomUUID();

  if (formData.get("intent") === LANGUAGE_INTENT) {
    // The language switcher: the same form in the language of the URL, values kept, no order. The
    // boxes were ticked against the other language's words: they are asked again in these.
    for (const name of CONSENT_FIELDS) formData.delete(name);
    return data({ result: keepOrderValues(formData).reply(), token, formError: null });
  }

  const submission = parseOrderForm(formData, offer);
  // Bots fill every field they find; people never see this one. Nothing is stored.
  if (String(formData.get(HONEYPOT_FIELD) ?? "") !== "") {
    return data({ result: submission.reply(), token, formError: "errors.rejected" as FormError }, { status: 400 });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(), token, formError: null }, { status: 400 });
  }

  const services = await servicesOf(context, { repo: ["orders"], limits: true, provider: true, returnBase: true });
  const { clientIp, secure } = context.get(requestInfoContext);
  const taken = await services.limits.take(["order", clientIp]);
  if (!taken.ok) {
    return data(
      { result: submission.reply(), token, formError: "errors.rateLimited" as FormError },
      { status: 429, headers: { "Retry-After": String(taken.retryAfterSeconds) } },
    );
  }

  // The schema refused the post unless every consent was ticked: this is the moment they were given.
  const acceptance = acceptanceFor(offer, lang);
  const outcome = await placeOrder(
    {
      form: normaliseOrderForm(offer, submission.value),
      offer,
      lang,
      submissionToken: token,
      acceptance,
      // Anything but a zone Intl knows is ignored: the owner's clock then, never a refusal.
      timeZone: readTimeZone(formData.get(TIME_ZONE_FIELD)),
    },
    services,
  );
  if (outcome.ok)
    return redirect(outcome.url, {
      status: 303,
      headers: appendSetCookie(new Headers(), draftCookie(outcome.order.id, secure)),
    });
  if (outcome.reason === "storage") {
    // Disk full or database down: nothing stored, nothing charged; the same token may try again.
    return data(
      { result: submission.reply(), token, formError: "errors.storage" as FormError },
      { status: 503, headers: { "Retry-After": "60" } },
    );
  }
  // The failed order stays stored (state failed) for a retry; a new token makes the next try a new order.
  return data(
    { result: submission.reply(), token: randomUUID(), formError: "errors.paymentUrl" as FormError },
    { status: 503, headers: { "Retry-After": "30" } },
  );
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("order");
  if (loaderData.status !== "ok") {
    const unknown = loaderData.status === "unknown";
    return (
      <section className="container-page py-24 text-center">
        <h1 className="text-3xl font-bold">{t(unknown ? "form.unknownOfferTitle" : "form.noOffer")}</h1>
        <p className="lead mx-auto mt-4 max-w-xl">{t(unknown ? "form.unknownOffer" : "form.noOfferHint")}</p>
        <a className="btn-primary mt-8" href="/">
          {t("form.backHome")}
        </a>
      </section>
    );
  }
  return <OrderForm {...loaderData} actionData={actionData} />;
}

type ActionData = Route.ComponentProps["actionData"];
type OkData = Extract<Route.ComponentProps["loaderData"], { status: "ok" }>;

/** The first block of questions: who orders (the field registry's `section`). The rest is about the offer itself. */
const ABOUT_YOU = new Set<OrderFieldName>(ORDER_FIELD_NAMES.filter((name) => orderFieldSpec(name).section === "you"));

function OrderForm({ offer, lang, token, cancelled, draft, actionData }: OkData & { actionData: ActionData }) {
  const { t } = useTranslation("order");
  const { t: tOffers } = useTranslation("offers");
  const rules = orderFormRules(offer.id);
  // Server rendering only: Conform lays out values, errors and the schema's constraint attributes.
  // `defaultNoValidate: false` leaves the browser's own checks on when no script runs.
  const [form, fields] = useForm({
    id: "order",
    lastResult: actionData?.result,
    defaultValue: {
      ...(draft ?? {}),
      ...(offer.fields.includes("videoLanguage") && !draft ? { videoLanguage: lang } : {}),
      ...(offer.fields.includes("connectZapier") && !draft ? { connectZapier: "non" } : {}),
    },
    constraint: rules.constraint,
    defaultNoValidate: false,
  });
  const field = (name: OrderFieldName | ConsentField) =>
    fields[name as keyof typeof fields] as unknown as FieldMetadata<string | undefined>;
  const messages = (name: OrderFieldName | ConsentField) => field(name).errors?.map((error) => t(error));
  const invalid = [...offer.fields, ...offer.consents].filter((name) => field(name).errors?.length);
  const formError = actionData?.formError;
  const name = tOffers(`${offer.id}.name`);

  const renderField = (fieldName: OrderFieldName, autoFocus: boolean) => {
    const meta = field(fieldName);
    const control = orderFieldSpec(fieldName).control;
    if (control === "yesNo") {
      return (
        <RadioGroup
          key={fieldName}
          meta={meta}
          legend={t(`form.${fieldName}`)}
          note={orderFieldSpec(fieldName).hint ? t(`form.${fieldName}Hint`) : undefined}
          options={[
            { value: "oui", label: t("form.yes") },
            { value: "non", label: t("form.no") },
          ]}
          errors={messages(fieldName)}
        />
      );
    }
    if (control === "language") {
      return (
        <SelectField
          key={fieldName}
          meta={meta}
          label={t(`form.${fieldName}`)}
          options={SWITCHER.map((entry) => ({ value: entry.lang, label: entry.name, lang: entry.lang }))}
          errors={messages(fieldName)}
        />
      );
    }
    // How the question looks: its entry in the field registry (content/order-fields.ts).
    const input = orderFieldSpec(fieldName);
    return (
      <TextField
        key={fieldName}
        meta={meta}
        label={t(`form.${fieldName}`)}
        optionalLabel={OPTIONAL_FIELDS.has(fieldName) ? t("form.optional") : undefined}
        type={input.type}
        autoComplete={input.autoComplete}
        placeholder={input.placeholder ? t(`form.${fieldName}Placeholder`) : undefined}
        hint={input.hint ? t(`form.${fieldName}Hint`) : undefined}
        wide={input.wide}
        rows={input.rows}
        autoFocus={autoFocus}
        errors={messages(fieldName)}
      />
    );
  };
  const aboutYou = offer.fields.filter((name) => ABOUT_YOU.has(name));
  const aboutOffer = offer.fields.filter((name) => !ABOUT_YOU.has(name));
  // Without JavaScript the summary takes the focus when the page comes back with errors.
  const summaryFocus = invalid.length > 0;

  return (
    <section className="container-page py-12 sm:py-16">
      {/* Phone: heading, price, form. Desktop: price card in a sticky column beside the form. */}
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem] lg:gap-x-10">
        <div className="lg:col-start-1 lg:row-start-1">
          <p className="eyebrow">{t("form.eyebrow")}</p>
          <h1 className="mt-2 text-[clamp(1.5rem,7.2vw,1.875rem)] font-bold sm:text-4xl">{`${t("form.title")} ${name}`}</h1>
          <p className="lead mt-4 max-w-2xl">{t(`form.intro.${offer.kind}`)}</p>
        </div>

        <aside
          className="card h-fit lg:sticky lg:self-start lg:top-28 lg:col-start-2 lg:row-span-2 lg:row-start-1"
          aria-labelledby="order-offer-name"
        >
          <p id="order-offer-name" className="text-lg font-semibold">
            {name}
          </p>
          {offer.oneTimeOnly || offer.monthlyLater ? (
            <p className="mt-4 text-sm text-muted">{t("form.dueToday")}</p>
          ) : null}
          <p className="mt-1 text-3xl font-bold" data-testid="order-amount">
            {offer.oneTimeOnly || offer.monthlyLater ? offer.dueNow : t("form.perMonth", { amount: offer.monthly })}
          </p>
          <p className="mt-2 text-sm text-muted" data-price-line={offer.id}>
            {offer.priceLine}
          </p>
          {offer.monthly ? <p className="mt-3 text-sm text-muted">{t("form.noCommitment")}</p> : null}
          <p className="mt-3 text-sm font-medium text-ink" data-delivery-hours={offer.deliveryHours}>
            {t(`nextSteps.delivery.${offer.kind}`, { hours: offer.deliveryHours })}
          </p>
        </aside>

        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          {cancelled && !actionData ? (
            <p role="status" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
              {t(draft ? "form.cancelledKept" : "form.cancelled")}
            </p>
          ) : null}
          {formError ? (
            <p
              id="order-form-error"
              role="alert"
              className="mb-6 rounded-xl border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-900"
            >
              {t(formError)}
            </p>
          ) : null}
          <ErrorSummary
            id="order-error-summary"
            title={t("form.errorSummary")}
            autoFocus={summaryFocus}
            items={invalid.map((fieldName) => ({
              href: `#${fieldName === "connectZapier" ? `${field(fieldName).id}-oui` : field(fieldName).id}`,
              message: messages(fieldName)!.join(" · "),
            }))}
          />

          <FormMessages
            id="order-messages"
            summary={{ id: "order-error-summary", title: t("form.errorSummary") }}
            keys={rules.messages}
            t={t}
          />
          <form
            method="post"
            action={orderFormPath(offer.id, lang)}
            {...getFormProps(form)}
            data-messages="order-messages"
            className="space-y-10"
          >
            <input type="hidden" name="offre" value={offer.id} />
            <input type="hidden" name="token" value={actionData?.token ?? token} />
            {/* The browser's time zone, filled by public/forms.js: the customer's pages tell times on their clock. */}
            <input type="hidden" name={TIME_ZONE_FIELD} value="" data-time-zone="" />
            <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
              <label htmlFor="order-website">{t("form.honeypot")}</label>
              <input
                id="order-website"
                type="text"
                name={HONEYPOT_FIELD}
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </div>

            <fieldset className="grid gap-5 sm:grid-cols-2">
              <legend className="mb-4 text-lg font-semibold">{t("form.sectionYou")}</legend>
              {aboutYou.map((fieldName) => renderField(fieldName, false))}
            </fieldset>

            <fieldset className="grid gap-5 sm:grid-cols-2">
              <legend className="mb-4 text-lg font-semibold">{t(`form.section.${offer.kind}`)}</legend>
              {aboutOffer.map((fieldName) => renderField(fieldName, false))}
            </fieldset>

            {/* Terms accepted before payment; for an offer started at once, the withdrawal waiver (CRD art. 16(m), L221-28). */}
            <fieldset className="grid gap-5" data-block="terms-acceptance">
              <legend className="mb-4 text-lg font-semibold">{t("form.sectionTerms")}</legend>
              <p className="text-sm">
                <a
                  className="font-medium text-accent-700 underline underline-offset-2"
                  href={offer.terms.href}
                  hrefLang={offer.terms.lang}
                  target="_blank"
                  rel="noopener"
                  data-terms-link
                >
                  {t("form.termsLink", { date: offer.terms.version })}
                </a>
                {offer.terms.translated ? <span className="text-muted"> {t("form.termsGoverning")}</span> : null}
              </p>
              <ConsentCheckbox
                meta={field("acceptTerms")}
                label={t("form.acceptTerms")}
                errors={messages("acceptTerms")}
              />
              {offer.immediateStart ? (
                <ConsentCheckbox
                  meta={field("immediateStart")}
                  label={t(`form.immediateStart.${offer.immediateStart}`)}
                  hint={t("form.immediateStartHint")}
                  errors={messages("immediateStart")}
                />
              ) : null}
            </fieldset>

            <div>
              <button type="submit" className="btn-primary w-full sm:w-auto" data-pending-label={t("form.submitting")}>
                {t("form.submit")}
              </button>
              <p className="mt-3 text-sm text-muted">{t("form.secureNote")}</p>
              <p className="mt-1 text-sm text-muted" data-privacy-note>
                {t("form.privacyNote")}{" "}
                <a
                  className="font-medium text-accent-700 underline underline-offset-2"
                  href={pagePath(pageById("privacy"), lang)}
                >
                  {t("form.privacyLink")}
                </a>
              </p>
            </div>
          </form>
        </div>
      </div>
    </section>
  );
}
