import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import { useIsPending } from "../components/forms.tsx";
import type { Route } from "./+types/checkout-sandbox";
import type { Currency } from "../content/offers.ts";
import { formatMoney } from "../i18n/format.ts";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { readKnownFields } from "../lib/form-fields.server.ts";
import { getOrderServices } from "../orders/services.server.ts";
import { dueToday } from "../payments/provider.ts";
import { successUrl } from "../payments/sandbox-provider.server.ts";

export const handle = { hydrate: true };

/** The sandbox exists only while no Stripe key is configured. */
async function sandboxSession(sessionId: string) {
  const services = await getOrderServices();
  const session = await services.sandbox?.findSession(sessionId);
  return session && services.sandbox ? { session, sandbox: services.sandbox, services } : undefined;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await sandboxSession(params.sessionId);
  const t = getInstance(context).getFixedT(getLocale(context), "order");
  const meta = { title: t("checkout.title"), description: t("checkout.intro"), noindex: true };
  if (!found) throw data({ meta }, { status: 404 });
  const { request, status } = found.session;
  const currency = request.currency as Currency;
  return {
    meta,
    status,
    product: request.monthly?.name ?? request.oneTime?.name ?? "",
    email: request.customerEmail,
    dueNow: formatMoney(dueToday(request), currency, request.locale),
    monthly: request.monthly ? formatMoney(request.monthly.amount, currency, request.locale) : null,
    thankYou: successUrl(found.session),
    orderAgain: request.cancelUrl,
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, params }: Route.ActionArgs) {
  const found = await sandboxSession(params.sessionId);
  if (!found) throw data(null, { status: 404 });
  const { session, sandbox, services } = found;
  const form = await readKnownFields(request, ["intent"]);
  if (!form) return data({ error: true }, { status: 400 });
  const intent = String(form.get("intent") ?? "");
  // Same as Stripe: paid goes back to the success URL (the thank-you page fulfils the order).
  if (intent === "pay") return redirect(await sandbox.pay(session), 303);
  if (intent === "cancel") {
    const back = await sandbox.cancel(session);
    await services.fulfil(session.id);
    return redirect(back, 303);
  }
  return data({ error: true }, { status: 400 });
}

export default function SandboxCheckout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("order");
  const pending = useIsPending();
  return (
    <section className="container-page max-w-xl py-12 sm:py-16">
      <div className="card">
        <p className="eyebrow">{t("checkout.title")}</p>
        <h1 className="mt-2 text-2xl font-bold">{loaderData.product}</h1>
        <p className="mt-3 text-sm text-muted">{t("checkout.intro")}</p>
        <dl className="mt-6 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr] sm:gap-y-2">
          <dt className="text-sm font-semibold text-muted">{t("summary.email")}</dt>
          <dd className="mb-2 break-all sm:mb-0">{loaderData.email}</dd>
          <dt className="text-sm font-semibold text-muted">{t("checkout.dueToday")}</dt>
          <dd className="mb-2 text-2xl font-bold sm:mb-0" data-testid="sandbox-amount">
            {loaderData.dueNow}
          </dd>
          {loaderData.monthly ? (
            <>
              <dt className="text-sm font-semibold text-muted">{t("summary.monthly")}</dt>
              <dd className="mb-2 sm:mb-0">{t("form.perMonth", { amount: loaderData.monthly })}</dd>
            </>
          ) : null}
        </dl>
        {loaderData.status === "open" ? (
          <Form method="post" className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button type="submit" name="intent" value="pay" className="btn-primary" disabled={pending}>
              {t("checkout.pay", { amount: loaderData.dueNow })}
            </button>
            <button type="submit" name="intent" value="cancel" className="btn-secondary" disabled={pending}>
              {t("checkout.cancel")}
            </button>
          </Form>
        ) : loaderData.status === "paid" ? (
          <div className="mt-8">
            <p role="status">{t("checkout.paid")}</p>
            <a className="btn-primary mt-4" href={loaderData.thankYou}>
              {t("checkout.viewOrder")}
            </a>
          </div>
        ) : (
          <div className="mt-8">
            <p role="status">{t("checkout.expired")}</p>
            <a className="btn-primary mt-4" href={loaderData.orderAgain}>
              {t("checkout.orderAgain")}
            </a>
          </div>
        )}
      </div>
    </section>
  );
}
