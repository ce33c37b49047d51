import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { orderPageToken } from "../orders/order-page.server.ts";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import type { Route } from "./+types/proposal";
import { ConsentCheckbox } from "../components/consent-checkbox.tsx";
import { inputClass } from "../components/forms.tsx";
import { PROPOSAL_IMMEDIATE_START, proposalPrice } from "../content/offers.ts";
import { firstMonthlyCharge, priceLine } from "../content/price-story.ts";
import { termsForOrder } from "../content/terms.ts";
import { readForm } from "../http/read-form.server.ts";
import { formatDate } from "../i18n/format.ts";
import { isLanguage } from "../i18n/languages.ts";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { orderPagePath, pageById, pagePath } from "../i18n/site-map.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import { acceptAndPay, noteViewed, proposalOfToken } from "../quotes/proposals.server.ts";
import { servicesOf } from "../services-context.ts";

/** A customer's private page: no script at all (it works without one), never indexed or cached. */
export const handle = { scriptless: true };

/** What the page's forms may post (anything else is refused before a parser sees it). */
const FIELDS = ["intent", "acceptTerms", "immediateStart", "reason", "message"];
const REASON_MAX = 1000;
const QUESTION = { min: 10, max: 2000 };

type Translate = (key: string, options?: Record<string, unknown>) => string;

function meta(context: Route.LoaderArgs["context"], title?: string) {
  const t = getInstance(context).getFixedT(getLocale(context), "proposal");
  return {
    title: title ? t("meta.title", { title }) : t("meta.notFound"),
    description: t("meta.description"),
    noindex: true,
  };
}

async function load(
  token: string,
  context: Route.LoaderArgs["context"],
  services: Parameters<typeof proposalOfToken>[1],
) {
  const found = await proposalOfToken(token, services);
  if (!found) throw data({ meta: meta(context) }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return found;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("lang");
  const services = await servicesOf(context, { repo: ["proposals", "quotes", "orders"], links: true, worker: true });
  const { proposal, quote, replaced } = await load(params.token, context, services);
  // In the request's language (the emailed link carries it); the switcher still offers the six.
  if (!isLanguage(asked)) {
    url.searchParams.set("lang", proposal.lang);
    throw redirect(`${url.pathname}${url.search}`, { status: 303, headers: { "Cache-Control": "no-store" } });
  }
  await noteViewed(proposal, services);
  const lang = getLocale(context);
  const tCommon = getInstance(context).getFixedT(lang, "common") as Translate;
  const price = proposalPrice(proposal);
  const terms = termsForOrder(lang);
  return data(
    {
      lang,
      meta: meta(context, proposal.title),
      name: quote.name,
      replaced,
      state: proposal.state,
      title: proposal.title,
      included: proposal.included,
      price: priceLine(tCommon, price, lang, firstMonthlyCharge(price, new Date())).text,
      deliveryDays: proposal.deliveryDays,
      revisionRounds: proposal.revisionRounds,
      validUntil: formatDate(new Date(proposal.validUntil), lang, true),
      terms: {
        href: pagePath(pageById(terms.doc.id), lang),
        date: formatDate(new Date(`${proposal.termsVersion.slice(-10)}T00:00:00Z`), lang),
      },
      immediateStart: PROPOSAL_IMMEDIATE_START,
      askAgain: `${pagePath(pageById(quote.page), lang)}#quote`,
      orderPage:
        proposal.state === "paid" && proposal.orderId
          ? orderPagePath(
              orderPageToken(
                { id: proposal.orderId, linkVersion: (await services.repo.findById(proposal.orderId))?.linkVersion },
                services.links,
              ),
              lang,
            )
          : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

type Done = "question" | "declined";
type Errors = Partial<Record<"acceptTerms" | "immediateStart" | "reason" | "message" | "form", string>>;
const answer = (errors: Errors, status: number, values: Record<string, string> = {}, extra: HeadersInit = {}) =>
  data({ errors, done: null as Done | null, values }, { status, headers: extra });

export async function action({ request, params, context }: Route.ActionArgs) {
  const read = await readForm(request, FIELDS);
  if (!read.ok) return answer({ form: "errors.rejected" }, read.status);
  const form = read.form;
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const services = await servicesOf(context, {
    repo: ["proposals", "quotes", "orders"],
    links: true,
    worker: true,
    webhooksOut: true,
    limits: true,
    provider: true,
    returnBase: true,
    fulfil: true,
  });
  const found = await load(params.token, context, services);
  const { clientIp } = context.get(requestInfoContext);
  const intent = text("intent");

  if (intent === "accept") {
    const errors: Errors = {};
    if (form.get("acceptTerms") !== "on") errors.acceptTerms = "errors.acceptTerms";
    if (form.get("immediateStart") !== "on") errors.immediateStart = "errors.immediateStart";
    if (Object.keys(errors).length) return answer(errors, 400);
    const taken = await services.limits.take(["order", clientIp]);
    if (!taken.ok)
      return answer({ form: "errors.rateLimited" }, 429, {}, { "Retry-After": String(taken.retryAfterSeconds) });
    const outcome = await acceptAndPay(found, services);
    if (outcome.ok) throw redirect(outcome.url, 303);
    if (outcome.reason === "paid") throw redirect(new URL(request.url).pathname + new URL(request.url).search, 303);
    if (outcome.reason === "closed") return answer({ form: "errors.closed" }, 409);
    if (outcome.reason === "storage") return answer({ form: "errors.storage" }, 503, {}, { "Retry-After": "60" });
    return answer({ form: "errors.paymentUrl" }, 503, {}, { "Retry-After": "30" });
  }

  if (intent === "decline" || intent === "question") {
    const taken = await services.limits.take(["quote", clientIp]);
    if (!taken.ok)
      return answer({ form: "errors.rateLimited" }, 429, {}, { "Retry-After": String(taken.retryAfterSeconds) });
  }
  if (intent === "decline") {
    const reason = text("reason");
    if (reason.length > REASON_MAX)
      return answer({ reason: "errors.reason" }, 400, { reason: reason.slice(0, REASON_MAX) });
    if (!(await services.repo.declineProposal(found.proposal.id, reason, new Date())))
      return answer({ form: "errors.closed" }, 409);
    services.worker.kick();
    services.webhooksOut?.kick();
    return data({ errors: {} as Errors, done: "declined" as Done | null, values: {} as Record<string, string> });
  }
  if (intent === "question") {
    const message = text("message");
    if (message.length < QUESTION.min || message.length > QUESTION.max)
      return answer({ message: "errors.question" }, 400, { message: message.slice(0, QUESTION.max) });
    await services.repo.askProposalQuestion(found.proposal.id, message);
    services.worker.kick();
    return data({ errors: {} as Errors, done: "question" as Done | null, values: {} as Record<string, string> });
  }
  return answer({ form: "errors.rejected" }, 400);
}

export default function ProposalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("proposal");
  const { t: tOrder } = useTranslation("order");
  const p = loaderData;
  const errors = actionData?.errors ?? {};
  const open = p.state === "sent" || p.state === "viewed" || p.state === "accepted";
  const closed = p.state === "expired" || p.state === "withdrawn" || p.state === "declined";
  const lastResult: SubmissionResult<string[]> | undefined =
    errors.acceptTerms || errors.immediateStart
      ? {
          status: "error",
          error: {
            ...(errors.acceptTerms ? { acceptTerms: [errors.acceptTerms] } : {}),
            ...(errors.immediateStart ? { immediateStart: [errors.immediateStart] } : {}),
          },
        }
      : undefined;
  const [, fields] = useForm({
    id: "accept",
    lastResult,
    constraint: { acceptTerms: { required: true }, immediateStart: { required: true } },
    defaultNoValidate: false,
  });
  const field = (name: "acceptTerms" | "immediateStart") =>
    fields[name as keyof typeof fields] as unknown as FieldMetadata<string | undefined>;
  const rows: Array<[string, string]> = [
    [t("page.price"), p.price],
    [t("page.delivery"), t("page.deliveryValue", { count: p.deliveryDays })],
    [t("page.revisions"), String(p.revisionRounds)],
    [t("page.validUntil"), p.validUntil],
  ];

  return (
    <section className="container-page max-w-3xl py-10 sm:py-16" data-proposal-state={p.state}>
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{t("page.eyebrow")}</p>
      <h1 className="mt-2 text-3xl font-bold break-words sm:text-4xl" data-testid="proposal-title">
        {p.title}
      </h1>
      <p className="lead mt-3">{t("page.intro", { name: p.name })}</p>

      {p.replaced ? (
        <p
          className="mt-4 rounded-xl border border-line bg-tint p-3 text-sm"
          role="status"
          data-testid="proposal-replaced"
        >
          {t("page.replaced")}
        </p>
      ) : null}
      {actionData?.done ? (
        <p
          className="mt-4 rounded-xl border border-line bg-tint p-3 font-semibold"
          role="status"
          data-testid="proposal-done"
        >
          {t(actionData.done === "question" ? "page.questionSent" : "page.declined")}
        </p>
      ) : null}
      {errors.form ? (
        <p className="mt-4 rounded-xl border border-red-300 bg-red-50 p-3 font-semibold" role="alert">
          {t(errors.form)}
        </p>
      ) : null}

      <h2 className="mt-8 text-xl font-semibold">{t("page.included")}</h2>
      <p className="mt-2 whitespace-pre-line" data-testid="proposal-included">
        {p.included}
      </p>

      <dl className="mt-6 grid gap-x-6 gap-y-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-[11rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd className="break-words" data-testid={label === t("page.price") ? "proposal-price" : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      {p.state === "paid" ? (
        <div className="mt-8" data-testid="proposal-paid">
          <p className="font-semibold">{t("page.paid")}</p>
          {p.orderPage ? (
            <a className="btn-primary mt-4 w-full sm:w-auto" href={p.orderPage}>
              {t("page.openOrder")}
            </a>
          ) : null}
        </div>
      ) : null}

      {closed && !actionData?.done ? (
        <div className="mt-8 rounded-2xl border border-line p-4" data-testid="proposal-closed">
          <p className="font-semibold">
            {p.state === "expired"
              ? t("page.expired", { date: p.validUntil })
              : t(p.state === "withdrawn" ? "page.withdrawn" : "page.declined")}
          </p>
          <p className="mt-2 text-muted">{t("page.askAgainLead")}</p>
          <a className="btn-primary mt-4 w-full sm:w-auto" href={p.askAgain}>
            {t("page.askAgain")}
          </a>
        </div>
      ) : null}

      {open && !actionData?.done ? (
        <>
          <form method="post" className="mt-8 grid gap-4" id="accept" noValidate={false}>
            {p.state === "accepted" ? <p className="text-sm text-muted">{t("page.accepted")}</p> : null}
            <p className="text-sm">
              {t("page.termsLine", { terms: "\u0000", date: p.terms.date })
                .split("\u0000")
                .flatMap((part, index) =>
                  index === 0
                    ? [part]
                    : [
                        <a key="terms" className="underline" href={p.terms.href}>
                          {t("page.termsLink")}
                        </a>,
                        part,
                      ],
                )}
            </p>
            <ConsentCheckbox
              meta={field("acceptTerms")}
              label={tOrder("form.acceptTerms")}
              errors={errors.acceptTerms ? [t(errors.acceptTerms)] : undefined}
            />
            <ConsentCheckbox
              meta={field("immediateStart")}
              label={tOrder(`form.immediateStart.${p.immediateStart}`)}
              errors={errors.immediateStart ? [t(errors.immediateStart)] : undefined}
            />
            <p className="text-sm text-muted">{t("page.acceptLead")}</p>
            <div>
              <button
                type="submit"
                name="intent"
                value="accept"
                className="btn-primary w-full sm:w-auto"
                data-testid="proposal-accept"
              >
                {t("page.accept")}
              </button>
            </div>
          </form>

          {p.state !== "accepted" ? (
            <form method="post" className="mt-10 grid gap-2 border-t border-line pt-6" noValidate>
              <h2 className="text-lg font-semibold">{t("page.decline")}</h2>
              <p className="text-sm text-muted">{t("page.declineLead")}</p>
              <label htmlFor="reason" className="font-medium">
                {t("page.reason")}
              </label>
              <textarea
                id="reason"
                name="reason"
                rows={3}
                maxLength={REASON_MAX}
                defaultValue={actionData?.values["reason"] ?? ""}
                aria-invalid={errors.reason ? true : undefined}
                className={`${inputClass} py-3`}
              />
              {errors.reason ? <p className="text-sm text-red-700">{t(errors.reason)}</p> : null}
              <div>
                <button type="submit" name="intent" value="decline" className="btn-secondary w-full sm:w-auto">
                  {t("page.declineSubmit")}
                </button>
              </div>
            </form>
          ) : null}
        </>
      ) : null}

      {p.state !== "paid" ? (
        <form method="post" className="mt-10 grid gap-2 border-t border-line pt-6">
          <h2 className="text-lg font-semibold">{t("page.question")}</h2>
          <p className="text-sm text-muted">{t("page.questionLead")}</p>
          <label htmlFor="message" className="font-medium">
            {t("page.questionLabel")}
          </label>
          <textarea
            id="message"
            name="message"
            rows={4}
            required
            minLength={QUESTION.min}
            maxLength={QUESTION.max}
            defaultValue={actionData?.values["message"] ?? ""}
            aria-invalid={errors.message ? true : undefined}
            className={`${inputClass} py-3`}
          />
          {errors.message ? <p className="text-sm text-red-700">{t(errors.message)}</p> : null}
          <div>
            <button type="submit" name="intent" value="question" className="btn-secondary w-full sm:w-auto">
              {t("page.questionSubmit")}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
