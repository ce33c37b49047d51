import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/checkout-sandbox";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { readForm, refusal } from "../http/read-form.server.ts";
import {
  SANDBOX_BILLING_FIELDS,
  sandboxCheckoutDecision,
  sandboxCheckoutView,
  type SandboxBillingField,
} from "../orders/sandbox-checkout.server.ts";
import { BILLING_MIN } from "../orders/form-constraints.ts";
import { FieldErrors, inputClass, useIsPending } from "../components/forms.tsx";
import { servicesOf } from "../services-context.ts";
import { Unbroken } from "../components/unbroken.tsx";

export const handle = { hydrate: true };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const view = await sandboxCheckoutView(
    params.sessionId,
    await servicesOf(context, { sandbox: true }),
    request.headers.get("Accept-Language"),
  );
  const t = getInstance(context).getFixedT(getLocale(context), "order");
  const meta = { title: t("checkout.title"), description: t("checkout.intro"), noindex: true };
  if (!view) throw data({ meta }, { status: 404 });
  return { meta, ...view };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const read = await readForm(request, ["intent", ...SANDBOX_BILLING_FIELDS]);
  if (!read.ok) throw refusal(read);
  const next = await sandboxCheckoutDecision(
    params.sessionId,
    read.form,
    await servicesOf(context, { sandbox: true, fulfil: true }),
  );
  if (!next) throw data(null, { status: 404 });
  if (next === "bad-intent")
    return data(
      { error: true, invalid: [] as SandboxBillingField[], values: {} as Record<string, string> },
      { status: 400 },
    );
  if (typeof next !== "string") {
    // The page comes back with what was typed and the fields to fix; nothing was paid.
    const values = Object.fromEntries(SANDBOX_BILLING_FIELDS.map((name) => [name, String(read.form.get(name) ?? "")]));
    return data({ error: true, invalid: next.invalid, values }, { status: 400 });
  }
  return redirect(next, 303);
}

/** Stripe Checkout's address form, as the sandbox asks it: each field's autocomplete and whether it may stay empty. */
const BILLING_INPUTS: Array<{
  name: Exclude<SandboxBillingField, "country">;
  autoComplete: string;
  optional?: boolean;
  wide?: boolean;
}> = [
  { name: "billingName", autoComplete: "billing name", wide: true },
  { name: "line1", autoComplete: "billing address-line1", wide: true },
  { name: "line2", autoComplete: "billing address-line2", optional: true, wide: true },
  { name: "postalCode", autoComplete: "billing postal-code" },
  { name: "city", autoComplete: "billing address-level2" },
];

function BillingFields({
  countries,
  invalid,
  values: posted,
  prefill,
}: {
  countries: Array<{ value: string; label: string }>;
  invalid: readonly string[];
  values: Record<string, string>;
  prefill: Record<string, string>;
}) {
  const { t } = useTranslation("billing");
  // What was posted back, else what the order form and the browser already told.
  const values = { ...prefill, ...posted };
  // Empty: "fill this in"; typed but too short: how many characters it takes.
  const error = (name: SandboxBillingField) =>
    invalid.includes(name)
      ? [(posted[name] ?? "").trim() && BILLING_MIN[name] ? t("tooShort", { min: BILLING_MIN[name] }) : t("missing")]
      : undefined;
  return (
    <fieldset className="mt-8 grid gap-4 sm:grid-cols-2" data-block="billing-address">
      <legend className="mb-2 text-lg font-semibold">{t("title")}</legend>
      <p className="text-sm text-muted sm:col-span-2">{t("intro")}</p>
      {invalid.length ? (
        <p
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-900 sm:col-span-2"
        >
          {t("incomplete")}
        </p>
      ) : null}
      {BILLING_INPUTS.map((input) => (
        <div key={input.name} className={input.wide ? "sm:col-span-2" : undefined}>
          <label htmlFor={`billing-${input.name}`} className="text-sm font-semibold">
            {t(input.name)} {input.optional ? <span className="font-normal text-muted">({t("optional")})</span> : null}
          </label>
          <input
            id={`billing-${input.name}`}
            name={input.name}
            type="text"
            autoComplete={input.autoComplete}
            required={!input.optional}
            minLength={BILLING_MIN[input.name]}
            maxLength={input.name === "postalCode" ? 20 : 200}
            defaultValue={values[input.name] ?? ""}
            aria-invalid={invalid.includes(input.name) || undefined}
            aria-describedby={invalid.includes(input.name) ? `billing-${input.name}-error` : undefined}
            className={`${inputClass} min-h-12`}
          />
          <FieldErrors id={`billing-${input.name}-error`} errors={error(input.name)} />
        </div>
      ))}
      <div className="sm:col-span-2">
        <label htmlFor="billing-country" className="text-sm font-semibold">
          {t("country")}
        </label>
        {/* ISO 3166-1 codes, named in the reader's language (Intl.DisplayNames), as Checkout lists them. */}
        <select
          id="billing-country"
          name="country"
          required
          autoComplete="billing country"
          defaultValue={values.country ?? ""}
          aria-invalid={invalid.includes("country") || undefined}
          aria-describedby={invalid.includes("country") ? "billing-country-error" : undefined}
          className={`${inputClass} min-h-12`}
        >
          <option value="">{t("countryChoose")}</option>
          {countries.map((country) => (
            <option key={country.value} value={country.value}>
              {country.label}
            </option>
          ))}
        </select>
        <FieldErrors id="billing-country-error" errors={error("country")} />
      </div>
    </fieldset>
  );
}

export default function SandboxCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("order");
  const pending = useIsPending();
  // Paid or expired: what happened, and the one way on from there.
  const closed =
    loaderData.status === "paid"
      ? { outcome: t("checkout.paid"), href: loaderData.thankYou, next: t("checkout.viewOrder") }
      : { outcome: t("checkout.expired"), href: loaderData.orderAgain, next: t("checkout.orderAgain") };
  return (
    <section className="container-page max-w-xl py-12 sm:py-16">
      <div className="card">
        <p className="eyebrow">{t("checkout.title")}</p>
        <h1 className="mt-2 text-2xl font-bold">{loaderData.product}</h1>
        <p className="mt-3 text-sm text-muted">{t("checkout.intro")}</p>
        <dl className="mt-6 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-2">
          <dt className="text-sm font-semibold text-muted">{t("summary.email")}</dt>
          <dd className="mb-2 sm:mb-0">
            <Unbroken text={loaderData.email} />
          </dd>
          <dt className="text-sm font-semibold text-muted">{t("checkout.dueToday")}</dt>
          <dd className="mb-2 text-2xl font-bold sm:mb-0" data-testid="sandbox-amount">
            {loaderData.dueNow}
          </dd>
          {loaderData.monthly && !loaderData.summary ? (
            <>
              <dt className="text-sm font-semibold text-muted">{t("summary.monthly")}</dt>
              <dd className="mb-2 sm:mb-0">{t("form.perMonth", { amount: loaderData.monthly })}</dd>
            </>
          ) : null}
        </dl>
        {loaderData.summary ? (
          <p className="mt-4 text-sm" data-price-line>
            {loaderData.summary}
          </p>
        ) : null}
        {loaderData.status === "open" ? (
          <Form method="post">
            {loaderData.billing ? (
              <BillingFields
                countries={loaderData.billing.countries}
                invalid={actionData?.invalid ?? []}
                values={actionData?.values ?? {}}
                prefill={loaderData.billing.prefill}
              />
            ) : null}
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <button type="submit" name="intent" value="pay" className="btn-primary" disabled={pending}>
                {t("checkout.pay", { amount: loaderData.dueNow })}
              </button>
              {/* Cancelling asks nothing: the browser does not check the address for it. */}
              <button
                type="submit"
                name="intent"
                value="cancel"
                className="btn-secondary"
                disabled={pending}
                formNoValidate
              >
                {t("checkout.cancel")}
              </button>
            </div>
          </Form>
        ) : (
          <div className="mt-8">
            <p role="status">{closed.outcome}</p>
            <a className="btn-primary mt-4" href={closed.href}>
              {closed.next}
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
