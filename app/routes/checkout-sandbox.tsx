import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import { useIsPending } from "../components/forms.tsx";
import type { Route } from "./+types/checkout-sandbox";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { readForm, refusal } from "../http/read-form.server.ts";
import { sandboxCheckoutDecision, sandboxCheckoutView } from "../orders/sandbox-checkout.server.ts";
import { getOrderServices } from "../services.server.ts";
import { Unbroken } from "../components/unbroken.tsx";

export const handle = { hydrate: true };

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await sandboxCheckoutView(params.sessionId, await getOrderServices());
  const t = getInstance(context).getFixedT(getLocale(context), "order");
  const meta = { title: t("checkout.title"), description: t("checkout.intro"), noindex: true };
  if (!view) throw data({ meta }, { status: 404 });
  return { meta, ...view };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function action({ request, params }: Route.ActionArgs) {
  const read = await readForm(request, ["intent"]);
  if (!read.ok) throw refusal(read);
  const next = await sandboxCheckoutDecision(params.sessionId, String(read.form.get("intent") ?? ""), await getOrderServices());
  if (!next) throw data(null, { status: 404 });
  if (next === "bad-intent") return data({ error: true }, { status: 400 });
  return redirect(next, 303);
}

export default function SandboxCheckout({ loaderData }: Route.ComponentProps) {
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
          <Form method="post" className="mt-8 flex flex-col gap-3 sm:flex-row">
            <button type="submit" name="intent" value="pay" className="btn-primary" disabled={pending}>
              {t("checkout.pay", { amount: loaderData.dueNow })}
            </button>
            <button type="submit" name="intent" value="cancel" className="btn-secondary" disabled={pending}>
              {t("checkout.cancel")}
            </button>
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
