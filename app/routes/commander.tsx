import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/commander";
import { amountDueNow, getOffer, isOfferId, type OfferId } from "../content/offers.ts";
import { firstMonthlyCharge, priceLine } from "../content/price-story.ts";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import type { Language } from "../i18n/languages.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import { readKnownFields } from "../lib/form-fields.server.ts";
import { FIELD_MAX, HONEYPOT_FIELD, ORDER_FIELDS, ORDER_FORM_FIELDS, normaliseOrderForm, parseOrderForm, type OrderField } from "../orders/order-schema.ts";
import { placeOrder } from "../orders/place-order.server.ts";
import { getOrderServices } from "../orders/services.server.ts";
import { orderFormPath, pageById, pagePath } from "../i18n/site-map.ts";
import { formatMoney } from "../i18n/format.ts";

export const handle = { hydrate: true };

const randomUUID = () => globalThis.crypto.randomUUID();
const TOKEN_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

function offerView(id: OfferId, lang: Language, tCommon: (key: string, options?: Record<string, unknown>) => string) {
  const price = getOffer(id).price(lang);
  return {
    id,
    /** The price story with today's date for the first monthly charge (computed here: one clock, one ICU). */
    priceLine: priceLine(tCommon, price, lang, firstMonthlyCharge(price, new Date())).text,
    dueNow: formatMoney(amountDueNow(price), price.currency, lang),
    monthly: price.monthly ? formatMoney(price.monthly, price.currency, lang) : null,
    monthlyLater: Boolean(price.monthly && (price.oneTime || price.monthlyStartsAfterMonths)),
    oneTimeOnly: !price.monthly,
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

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = getLocale(context);
  const param = url.searchParams.get("offre")?.trim() ?? "";
  if (!param) return data({ status: "missing" as const, lang, meta: pageMeta(context, null) });
  if (!isOfferId(param)) return data({ status: "unknown" as const, lang, meta: pageMeta(context, null) }, { status: 404 });
  return data({
    status: "ok" as const,
    lang,
    offer: offerView(param, lang, getInstance(context).getFixedT(lang, "common")),
    token: randomUUID(),
    cancelled: url.searchParams.has("cancelled"),
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
  const formData = await readKnownFields(request, ORDER_FORM_FIELDS);
  if (!formData) return data({ result: undefined, token: randomUUID(), formError: "errors.rejected" as FormError }, { status: 400 });
  const offer = String(formData.get("offre") ?? url.searchParams.get("offre") ?? "").trim();
  if (!isOfferId(offer)) return data({ result: undefined, token: randomUUID(), formError: "errors.rejected" as FormError }, { status: 404 });
  const posted = String(formData.get("token") ?? "");
  const token = TOKEN_PATTERN.test(posted) ? posted : randomUUID();

  const submission = parseOrderForm(formData);
  // Bots fill every field they find; people never see this one. Nothing is stored.
  if (String(formData.get(HONEYPOT_FIELD) ?? "") !== "") {
    return data({ result: submission.reply(), token, formError: "errors.rejected" as FormError }, { status: 400 });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(), token, formError: null }, { status: 400 });
  }

  const services = await getOrderServices();
  const { clientIp } = context.get(requestInfoContext);
  if (!(await services.orderLimiter.take(clientIp || "unknown"))) {
    return data({ result: submission.reply(), token, formError: "errors.rateLimited" as FormError }, { status: 429, headers: { "Retry-After": "600" } });
  }

  const outcome = await placeOrder({ form: normaliseOrderForm(submission.value), offer, lang, submissionToken: token }, services);
  if (outcome.ok) return redirect(outcome.url, 303);
  if (outcome.reason === "storage") {
    // Disk full or database down: nothing stored, nothing charged; the same token may try again.
    return data({ result: submission.reply(), token, formError: "errors.storage" as FormError }, { status: 503, headers: { "Retry-After": "60" } });
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
    return (
      <section className="container-page py-24 text-center">
        <h1 className="text-3xl font-bold">{t("form.noOffer")}</h1>
        <p className="lead mx-auto mt-4 max-w-xl">{t(loaderData.status === "unknown" ? "form.unknownOffer" : "form.noOfferHint")}</p>
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

function OrderForm({ offer, lang, token, cancelled, actionData }: OkData & { actionData: ActionData }) {
  const { t } = useTranslation("order");
  const { t: tOffers } = useTranslation("offers");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    id: "order",
    lastResult: actionData?.result,
    defaultValue: { connectZapier: "non" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseOrderForm(formData),
  });
  const name = tOffers(`${offer.id}.name`);
  const invalid = ORDER_FIELDS.filter((field) => fields[field].errors?.length);
  const formError = actionData?.formError;

  return (
    <section className="container-page py-12 sm:py-16">
      {/* Phone: heading, price, form. Desktop: price card in a sticky column beside the form. */}
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem] lg:gap-x-10">
        <div className="lg:col-start-1 lg:row-start-1">
          <p className="eyebrow">{t("form.eyebrow")}</p>
          <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{`${t("form.title")} ${name}`}</h1>
          <p className="lead mt-4 max-w-2xl">{t("form.intro")}</p>
        </div>

        <aside className="card h-fit lg:sticky lg:self-start lg:top-28 lg:col-start-2 lg:row-span-2 lg:row-start-1" aria-labelledby="order-offer-name">
          <p id="order-offer-name" className="text-lg font-semibold">
            {name}
          </p>
          {offer.oneTimeOnly || offer.monthlyLater ? <p className="mt-4 text-sm text-muted">{t("form.dueToday")}</p> : null}
          <p className="mt-1 text-3xl font-bold" data-testid="order-amount">
            {offer.oneTimeOnly || offer.monthlyLater ? offer.dueNow : t("form.perMonth", { amount: offer.monthly })}
          </p>
          <p className="mt-2 text-sm text-muted" data-price-line={offer.id}>
            {offer.priceLine}
          </p>
          {offer.monthly ? <p className="mt-3 text-sm text-muted">{t("form.noCommitment")}</p> : null}
        </aside>

        <div className="lg:col-start-1 lg:row-start-2">
          {cancelled && !actionData ? (
            <p role="status" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
              {t("form.cancelled")}
            </p>
          ) : null}
          {formError ? (
            <p id="order-form-error" role="alert" className="mb-6 rounded-xl border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-900">
              {t(formError)}
            </p>
          ) : null}
          {invalid.length ? (
            <div role="alert" className="mb-6 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900" id="order-error-summary">
              <p className="font-semibold">{t("form.errorSummary")}</p>
              <ul className="mt-2 list-disc pl-5">
                {invalid.map((field) => (
                  <li key={field}>
                    <a className="underline" href={`#${fields[field].id}`}>
                      {t(`form.${field}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <Form method="post" action={orderFormPath(offer.id, lang)} {...getFormProps(form)} className="space-y-10">
            <input type="hidden" name="offre" value={offer.id} />
            <input type="hidden" name="token" value={actionData?.token ?? token} />
            <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
              <label htmlFor="order-website">{t("form.honeypot")}</label>
              <input id="order-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>

            <fieldset className="grid gap-5 sm:grid-cols-2">
              <legend className="mb-4 text-lg font-semibold">{t("form.sectionYou")}</legend>
              <TextField field={fields.firstName} name="firstName" autoComplete="given-name" first={invalid[0]} />
              <TextField field={fields.lastName} name="lastName" autoComplete="family-name" first={invalid[0]} />
              <TextField field={fields.email} name="email" type="email" autoComplete="email" first={invalid[0]} />
              <TextField field={fields.phoneNumber} name="phoneNumber" type="tel" autoComplete="tel" first={invalid[0]} />
              <TextField field={fields.companyName} name="companyName" autoComplete="organization" optional first={invalid[0]} />
              <TextField field={fields.address} name="address" autoComplete="street-address" wide first={invalid[0]} />
              <TextField field={fields.postalCode} name="postalCode" autoComplete="postal-code" first={invalid[0]} />
              <TextField field={fields.city} name="city" autoComplete="address-level2" first={invalid[0]} />
              <TextField field={fields.country} name="country" autoComplete="country-name" first={invalid[0]} />
            </fieldset>

            <fieldset className="grid gap-5 sm:grid-cols-2">
              <legend className="mb-4 text-lg font-semibold">{t("form.sectionAgent")}</legend>
              <TextField field={fields.agentName} name="agentName" placeholder={t("form.agentNamePlaceholder")} hint={t("form.agentNameHint")} first={invalid[0]} />
              <TextField field={fields.telegramId} name="telegramId" placeholder={t("form.telegramIdPlaceholder")} first={invalid[0]} />
              <fieldset className="sm:col-span-2" aria-describedby={`${fields.connectZapier.id}-note`}>
                <legend className="text-sm font-semibold">{t("form.connectZapier")}</legend>
                <div className="mt-2 flex gap-6">
                  {(["oui", "non"] as const).map((value) => (
                    <label key={value} className="inline-flex min-h-11 items-center gap-2">
                      <input {...getInputProps(fields.connectZapier, { type: "radio", value })} key={value} id={`${fields.connectZapier.id}-${value}`} className="size-5 accent-accent-600" />
                      {t(value === "oui" ? "form.yes" : "form.no")}
                    </label>
                  ))}
                </div>
                <p id={`${fields.connectZapier.id}-note`} className="mt-1 text-sm text-muted">
                  {t("form.zapierNote")}
                </p>
                <FieldErrors id={fields.connectZapier.errorId} errors={fields.connectZapier.errors} />
              </fieldset>
              <div className="sm:col-span-2">
                <label htmlFor={fields.comments.id} className="text-sm font-semibold">
                  {t("form.comments")} <span className="font-normal text-muted">({t("form.optional")})</span>
                </label>
                <textarea
                  {...getTextareaProps(fields.comments)}
                  key={fields.comments.key}
                  rows={4}
                  maxLength={FIELD_MAX.comments}
                  placeholder={t("form.commentsPlaceholder")}
                  className="mt-1 w-full rounded-xl border border-line bg-white px-4 py-3 text-base aria-invalid:border-red-500"
                />
                <FieldErrors id={fields.comments.errorId} errors={fields.comments.errors} />
              </div>
            </fieldset>

            <div>
              <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending} aria-disabled={pending}>
                {pending ? t("form.submitting") : t("form.submit")}
              </button>
              <p className="mt-3 text-sm text-muted">{t("form.secureNote")}</p>
              <p className="mt-1 text-sm text-muted" data-privacy-note>
                {t("form.privacyNote")}{" "}
                <a className="font-medium text-accent-700 underline underline-offset-2" href={pagePath(pageById("privacy"), lang)}>
                  {t("form.privacyLink")}
                </a>
              </p>
            </div>
          </Form>
        </div>

      </div>
    </section>
  );
}

function TextField({
  field,
  name,
  type = "text",
  autoComplete,
  placeholder,
  hint,
  optional,
  wide,
  first,
}: {
  field: FieldMetadata<string | undefined>;
  name: Exclude<OrderField, "connectZapier" | "comments">;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  placeholder?: string;
  hint?: string;
  optional?: boolean;
  wide?: boolean;
  first?: OrderField;
}) {
  const { t } = useTranslation("order");
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getInputProps(field, { type, ariaDescribedBy: hintId });
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={field.id} className="text-sm font-semibold">
        {t(`form.${name}`)} {optional ? <span className="font-normal text-muted">({t("form.optional")})</span> : null}
      </label>
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={FIELD_MAX[name]}
        aria-required={optional ? undefined : true}
        // Without JavaScript, the first invalid field gets the focus when the page comes back.
        autoFocus={first === name}
        className="mt-1 min-h-12 w-full rounded-xl border border-line bg-white px-4 text-base aria-invalid:border-red-500 aria-invalid:ring-1 aria-invalid:ring-red-500"
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation("order");
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {errors.map((error) => t(error)).join(" · ")}
    </p>
  );
}
