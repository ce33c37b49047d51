import type { TFunction } from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigate } from "react-router";
import { useIsPending } from "../components/forms.tsx";
import type { Route } from "./+types/thank-you";
import { useRootData } from "../lib/root-data.ts";
import { isLanguage, type Language } from "../i18n/languages.ts";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { languageFromPath } from "../i18n/resolve.ts";
import { readForm } from "../http/read-form.server.ts";
import { logger } from "../lib/logger.server.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import { orderPriceLine, orderSummary } from "../mail/confirmation-email.server.ts";
import { nextSteps } from "../mail/next-steps.server.ts";
import { detailsShown } from "../orders/thank-you-details.server.ts";
import type { FulfilResult } from "../orders/fulfil.server.ts";
import { resendConfirmation, type ResendOutcome } from "../orders/resend.server.ts";
import { orderAgainPath } from "../orders/place-order.server.ts";
import { servicesOf } from "../services-context.ts";
import type { Order } from "../orders/types.ts";
import { THANK_YOU_PATHS, orderFormPath, pageById, pagePath } from "../i18n/site-map.ts";
import { isOfferId } from "../content/offers.ts";
import { Unbroken } from "../components/unbroken.tsx";

export const handle = { hydrate: true };

/** Spec: without details, try again 3 times, 3 seconds apart, then give up with a notice. */
export const MAX_ATTEMPTS = 3;
export const RETRY_SECONDS = 3;

const SESSION_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

function readSessionId(url: URL): string | null {
  const value = url.searchParams.get("session_id")?.trim() ?? "";
  return SESSION_PATTERN.test(value) ? value : null;
}

function meta(context: Route.LoaderArgs["context"]) {
  const t = getInstance(context).getFixedT(getLocale(context), "order");
  return { title: t("thankYou.title"), description: t("meta.description"), noindex: true };
}

/** Fulfils from a visitor's link: provider look-ups are rate-limited per IP (random ids cost none). */
async function safeFulfil(
  sessionId: string,
  clientIp: string,
  context: Route.LoaderArgs["context"],
): Promise<FulfilResult | { status: "error" }> {
  try {
    const services = await servicesOf(context, { fulfil: true, limits: true });
    return await services.fulfil(sessionId, {
      allowLookup: async () => (await services.limits.take(["lookup", clientIp])).ok,
    });
  } catch (error) {
    logger().error({ err: error }, "fulfil failed on thank-you page");
    return { status: "error" };
  }
}

/** Everything in the page's language (`lang`), whatever language the order was placed in. */
function paidView(order: Order, t: TFunction, lang: Language, orderPageUrl: string) {
  if (detailsShown(order)) {
    // The first step is the brief, and its button leads to the order page that takes it.
    const page = new URL(orderPageUrl);
    page.searchParams.set("lang", lang);
    return {
      email: order.customer.email,
      summary: orderSummary(order, lang),
      steps: nextSteps(order, lang),
      briefUrl: `${page.pathname}${page.search}`,
    };
  }
  return {
    email: null,
    steps: [] as string[],
    briefUrl: null,
    summary: [
      [t("summary.reference"), order.reference],
      [t("summary.state"), t("summary.statePaid")],
    ] as Array<[string, string]>,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pathLang = languageFromPath(url.pathname) ?? getLocale(context);
  const queryLang = url.searchParams.get("lang");
  // Spec: a language in the query sends the visitor to that language's thank-you path, query kept.
  if (isLanguage(queryLang) && queryLang !== pathLang)
    throw redirect(`${THANK_YOU_PATHS[queryLang]}${url.search}`, 302);

  const pageMeta = meta(context);
  const sessionId = readSessionId(url);
  if (!sessionId) return data({ view: "missing" as const, sessionId: null, meta: pageMeta });

  const attempt = Math.min(Math.max(Number.parseInt(url.searchParams.get("attempt") ?? "0", 10) || 0, 0), MAX_ATTEMPTS);
  const result = await safeFulfil(sessionId, context.get(requestInfoContext).clientIp, context);
  if (result.status === "paid" && "order" in result && result.order) {
    const t = getInstance(context).getFixedT(getLocale(context), "order");
    return data({
      view: "paid" as const,
      sessionId,
      ...paidView(
        result.order,
        t,
        pathLang,
        (await servicesOf(context, { orderPageUrl: true })).orderPageUrl(result.order),
      ),
      priceLine: orderPriceLine(result.order, pathLang).text,
      meta: pageMeta,
    });
  }
  if (result.status === "limited") {
    return data(
      { view: "unavailable" as const, sessionId, meta: pageMeta },
      { status: 429, headers: { "Retry-After": "600" } },
    );
  }
  if (result.status === "processing") {
    // A delayed method (SEPA debit, bank transfer): the session is complete, the money takes days.
    // Nothing to refresh for; the confirmation email goes out when Stripe confirms the payment.
    return data({ view: "delayed" as const, sessionId, meta: pageMeta });
  }
  if ((result.status === "expired" || result.status === "failed") && "order" in result && result.order) {
    return data({
      view: "expired" as const,
      sessionId,
      // A proposal's order goes back to its proposal, whose accept gives a fresh checkout.
      orderAgain: result.order.proposal
        ? orderAgainPath(result.order, await servicesOf(context, { links: true }))
        : isOfferId(result.order.offer)
          ? orderFormPath(result.order.offer, result.order.lang)
          : pagePath(pageById(result.order.offer), result.order.lang),
      meta: pageMeta,
    });
  }
  if (result.status !== "unknown" && attempt < MAX_ATTEMPTS) {
    const next = new URL(url);
    next.searchParams.set("attempt", String(attempt + 1));
    const nextHref = `${next.pathname}${next.search}`;
    // Works without JavaScript: the browser reloads the page itself.
    return data(
      { view: "processing" as const, sessionId, next: nextHref, meta: pageMeta },
      { headers: { Refresh: `${RETRY_SECONDS}; url=${nextHref}` } },
    );
  }
  return data({ view: "unavailable" as const, sessionId, meta: pageMeta });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const name of ["Refresh", "Retry-After"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, ["session_id", "intent"]);
  if (!read.ok) return data({ resend: "error" as ResendOutcome }, { status: read.status });
  const formData = read.form;
  const sessionId = String(formData.get("session_id") ?? "").trim();
  if (!SESSION_PATTERN.test(sessionId)) return data({ resend: "error" as ResendOutcome }, { status: 400 });
  const { outcome, status } = await resendConfirmation(
    sessionId,
    context.get(requestInfoContext).clientIp,
    await servicesOf(context, { repo: ["outbox"], limits: true, fulfil: true, worker: true }),
  );
  return data({ resend: outcome }, { status, headers: status === 429 ? { "Retry-After": "600" } : undefined });
}

export default function ThankYouPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("order");
  const root = useRootData();
  const navigate = useNavigate();
  const next = loaderData.view === "processing" ? loaderData.next : null;

  useEffect(() => {
    // With JavaScript the page polls by itself (a client-side navigation gets no Refresh header).
    if (!next) return;
    const timer = setTimeout(() => navigate(next, { replace: true, preventScrollReset: true }), RETRY_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  return (
    <section className="container-page max-w-3xl py-12 sm:py-16">
      {loaderData.view === "paid" ? (
        <>
          <div className="flex items-start gap-4">
            <span
              className="grid size-12 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700 ring-4 ring-emerald-50"
              data-testid="success-mark"
            >
              <svg viewBox="0 0 24 24" className="size-7" aria-hidden="true" focusable="false">
                <path
                  d="m5 12.5 4.5 4.5L19 7.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className="sr-only">{t("thankYou.paid")}</span>
            </span>
            <h1 className="text-[clamp(1.5rem,7.2vw,1.875rem)] font-bold sm:text-4xl">{t("thankYou.title")}</h1>
          </div>
          <p className="lead mt-4 break-words">
            {loaderData.email ? (
              <Unbroken text={t("thankYou.intro", { email: loaderData.email })} />
            ) : (
              t("thankYou.introArchived")
            )}
          </p>
          {loaderData.steps.length ? (
            <div className="card mt-8">
              <h2 className="text-lg font-semibold">{t("nextSteps.title")}</h2>
              <ol className="mt-4 grid gap-3" data-testid="next-steps">
                {loaderData.steps.map((step, index) => (
                  <li key={step} className="flex gap-3">
                    <span
                      className="grid size-7 shrink-0 place-items-center rounded-full bg-accent-100 text-sm font-bold text-accent-700"
                      aria-hidden="true"
                    >
                      {index + 1}
                    </span>
                    <span className="pt-0.5">
                      {step}
                      {index === 0 && loaderData.briefUrl ? (
                        <span className="mt-3 block">
                          <a href={loaderData.briefUrl} className="btn-primary" data-testid="send-brief">
                            {t("nextSteps.briefButton")}
                          </a>
                        </span>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
          <div className="card mt-8">
            <h2 className="text-lg font-semibold">{t("thankYou.summaryTitle")}</h2>
            <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]" data-testid="order-summary">
              {loaderData.summary.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-sm font-semibold text-muted">{label}</dt>
                  <dd className="break-words whitespace-pre-line">
                    <Unbroken text={value} />
                  </dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 border-t border-line pt-4 text-sm" data-price-line>
              {loaderData.priceLine}
            </p>
          </div>
        </>
      ) : loaderData.view === "processing" ? (
        <div role="status" aria-live="polite">
          <h1 className="text-3xl font-bold">{t("thankYou.processingTitle")}</h1>
          <p className="lead mt-4">{t("thankYou.processingText")}</p>
          <div className="mt-8 h-2 w-48 overflow-hidden rounded-full bg-accent-100" aria-hidden="true">
            <div className="h-full w-1/3 animate-pulse rounded-full bg-accent-500" />
          </div>
        </div>
      ) : loaderData.view === "delayed" ? (
        <div role="status" data-testid="payment-delayed">
          <h1 className="text-3xl font-bold">{t("thankYou.delayedTitle")}</h1>
          <p className="lead mt-4">{t("thankYou.delayedText")}</p>
        </div>
      ) : loaderData.view === "expired" ? (
        <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
          <h1 className="text-2xl font-bold">{t("thankYou.expiredTitle")}</h1>
          <p className="mt-3">{t("thankYou.expiredText")}</p>
          <a className="btn-primary mt-6" href={loaderData.orderAgain}>
            {t("checkout.orderAgain")}
          </a>
        </div>
      ) : loaderData.view === "missing" ? (
        <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-950">
          <h1 className="text-2xl font-bold">{t("thankYou.missingTitle")}</h1>
          <p className="mt-3">{t("thankYou.missingText")}</p>
        </div>
      ) : (
        <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-950">
          <h1 className="text-2xl font-bold">{t("thankYou.unavailableTitle")}</h1>
          <p className="mt-3">{t("thankYou.unavailableText")}</p>
          <p className="mt-2 font-mono text-sm break-all" data-testid="session-id">
            {loaderData.sessionId}
          </p>
        </div>
      )}

      {loaderData.view !== "processing" && loaderData.view !== "expired" && loaderData.view !== "delayed" ? (
        <ResendForm sessionId={loaderData.sessionId} outcome={actionData?.resend} />
      ) : null}

      <p className="mt-10 text-sm text-muted">
        {t("thankYou.contact")}{" "}
        <a className="font-medium text-accent-700 underline" href={`mailto:${root.contactEmail}`}>
          {root.contactEmail}
        </a>
      </p>
      <a className="btn-secondary mt-6" href="/">
        {t("thankYou.backHome")}
      </a>
    </section>
  );
}

function ResendForm({ sessionId, outcome }: { sessionId: string | null; outcome?: ResendOutcome }) {
  const { t } = useTranslation("order");
  const pending = useIsPending();
  const message =
    outcome === "sent"
      ? t("thankYou.resendSent")
      : outcome === "rateLimited"
        ? t("thankYou.resendRateLimited")
        : outcome === "error"
          ? t("thankYou.resendError")
          : null;
  return (
    <Form method="post" className="mt-8">
      <input type="hidden" name="session_id" value={sessionId ?? ""} />
      <button type="submit" name="intent" value="resend" className="btn-secondary" disabled={!sessionId || pending}>
        {t("thankYou.resend")}
      </button>
      {message ? (
        <p
          role={outcome === "sent" ? "status" : "alert"}
          className={`mt-3 text-sm font-medium ${outcome === "sent" ? "text-emerald-700" : "text-red-700"}`}
        >
          {message}
        </p>
      ) : null}
    </Form>
  );
}
