import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import {
  acceptWork,
  askRevision,
  askRevisionWithFiles,
  submitBrief,
  workSteps,
  workView,
  type WorkAnswer,
} from "../delivery/work.server.ts";
import { formatZonedDue } from "../i18n/format.ts";
import { BRIEF_MAX, REVISION_MAX } from "../delivery/types.ts";
import { field, isMultipart, readForm } from "../http/read-form.server.ts";
import { orderFilePath, orderOfPageToken } from "../orders/order-page.server.ts";
import { parseBriefAnswers } from "../orders/order-schema.ts";
import { BriefFirst, WorkSection } from "../components/order-work.tsx";
import type { Route } from "./+types/order-page";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { orderPage } from "../orders/order-page.server.ts";
import { getEnv } from "../lib/env.server.ts";
import { servicesOf } from "../services-context.ts";
import { ORDER_REQUEST_PATH } from "../i18n/site-map.ts";
import { isLanguage } from "../i18n/languages.ts";

/** A customer's private page: no script at all (it works without one), never indexed or cached. */
export const handle = { scriptless: true };

function meta(context: Route.LoaderArgs["context"], reference?: string) {
  const t = getInstance(context).getFixedT(getLocale(context), "order-page");
  return {
    title: reference ? t("page.title", { reference }) : t("page.notFound"),
    description: t("page.intro"),
    noindex: true,
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("lang");
  const view = await orderPage(
    params.token,
    await servicesOf(context, { repo: ["orders", "backOffice"], links: true }),
    getEnv().OWNER_TIME_ZONE,
    isLanguage(asked) ? asked : undefined,
  );
  // A tampered token, or one for an order that is not (or no longer) there: the site's 404, translated.
  if (!view) throw data({ meta: meta(context) }, { status: 404 });
  // In the order's language (the emailed link carries it); a link without a valid one is sent to it,
  // and the language switcher still works for a reader who prefers another of the six.
  if (!isLanguage(asked)) {
    url.searchParams.set("lang", view.orderLang);
    throw redirect(`${url.pathname}${url.search}`, 303);
  }
  const services = await servicesOf(context, { repo: ["delivery", "api"], links: true });
  // The order the page read, kept on the server: the page is given its view only.
  const { order, ...shown } = view;
  const orderWork = await services.repo.orderWork(order.id);
  // Download links signed for this view, valid FILE_LINK_TTL_SECONDS (a reload signs fresh ones).
  const now = Date.now();
  // The page's one clock (the customer's zone where the order recorded it), named once on the page.
  const clock = { timeZone: view.timeZone, named: false };
  const work = workView(
    order,
    orderWork,
    asked,
    (fileId) => orderFilePath(order.id, fileId, asked, services.links, getEnv().FILE_LINK_TTL_SECONDS * 1000, now),
    clock,
  );
  // The timeline with the work's steps (brief received; a revision asked or the acceptance), each in its room's words.
  const extra = workSteps(order, orderWork, (iso) => formatZonedDue(new Date(iso), asked, view.timeZone, true, false));
  // A subscription delivering several pieces a period is "delivered" when the month's pieces all are,
  // not at its first: until then the work is in progress ("2 of 8 this month" says how far).
  const periodOpen = work.period && work.allowance && work.allowance.done < work.allowance.total;
  const timeline = periodOpen
    ? view.steps.map((step) =>
        step.key === "inProgress"
          ? { ...step, state: "current" as const }
          : step.key === "delivered"
            ? { ...step, state: "upcoming" as const, datetime: null, label: null }
            : step,
      )
    : view.steps;
  const [paid, ...rest] = timeline.map((step) => ({ ...step, ns: "order-page" as const }));
  const steps = [
    paid!,
    ...extra.afterPaid.map((step) => ({ ...step, ns: "delivery" as const })),
    ...rest,
    ...extra.atEnd.map((step) => ({ ...step, ns: "delivery" as const })),
  ];
  const done = url.searchParams.get("done");
  // "In progress", as the owner's automation said it (POST /api/v1/orders/{id}/status), until the work is delivered.
  const status = orderWork.deliveries.length ? null : await services.repo.workStatus(order.id);
  const workStatus = status
    ? {
        note: status.note,
        datetime: status.at,
        label: formatZonedDue(new Date(status.at), asked, view.timeZone, true, false),
      }
    : null;
  return {
    // Money ended the work: no due date is promised any more. A subscription's due date is its next
    // piece's (this month's schedule, shown with the period: work.nextDue).
    view: work.closed
      ? { ...shown, due: null }
      : work.period
        ? {
            ...shown,
            due: work.nextDue
              ? {
                  datetime: work.nextDue.datetime,
                  label: work.nextDue.label,
                  mark: work.nextDue.late ? ("late" as const) : null,
                }
              : null,
          }
        : shown,
    steps,
    work,
    workStatus,
    done: done === "saved" || done === "revision" || done === "accepted" ? done : null,
    meta: meta(context, view.reference),
  };
}

/**
 * The customer's answers on their page: the brief with its files (multipart, streamed to storage
 * through the one body reader), a revision asked, the delivery accepted. A link that names no
 * order answers 404 before any byte is read; a refusal re-renders the page with its reason (4xx).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const services = await servicesOf(context, { repo: ["orders", "delivery"], links: true, files: true, worker: true });
  const order = await orderOfPageToken(params.token, services);
  if (!order) throw data(null, { status: 404 });
  let answer: WorkAnswer;
  // The revision form sends files too: it names itself in its address (its fields arrive with the files).
  // The brief's questions are checked with the order form's rules for the same questions.
  const url = new URL(request.url);
  if (isMultipart(request))
    answer =
      url.searchParams.get("intent") === "revision"
        ? await askRevisionWithFiles(request, order, services)
        : await submitBrief(request, order, services, (form) => parseBriefAnswers(form, order.offer));
  else {
    const read = await readForm(request, ["intent", "text", "delivery"]);
    if (!read.ok) answer = { ok: false, status: read.status, reason: read.reason };
    else if (field(read.form, "intent", 20) === "revision")
      answer = await askRevision(order, field(read.form, "text", REVISION_MAX), services);
    else if (field(read.form, "intent", 20) === "accept")
      // Acceptance is per delivery: the form names the one it accepts (an older form without it: the latest).
      answer = await acceptWork(order, services, field(read.form, "delivery", 64) || undefined);
    else answer = { ok: false, status: 400, reason: "malformed" };
  }
  if (answer.ok) {
    url.searchParams.delete("intent");
    url.searchParams.set("done", answer.outcome);
    throw redirect(`${url.pathname}${url.search}`, 303);
  }
  return data(
    { error: answer.reason, invalid: answer.invalid ?? [], typed: answer.typed ?? null },
    { status: answer.status },
  );
}

export function headers() {
  // Personal data behind a secret URL: never cached, never sent to another site as a referrer.
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex, nofollow" };
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("order-page");
  const { view, steps, work, done, workStatus } = loaderData;
  return (
    <section className="container-page max-w-2xl py-12 sm:py-16">
      <p className="eyebrow">{t("page.eyebrow")}</p>
      <h1 className="mt-2 text-3xl font-bold">{view.offerName}</h1>
      <p className="mt-2 text-lg">
        {t("page.reference")}{" "}
        <strong className="font-mono whitespace-nowrap" data-testid="order-reference">
          {view.reference}
        </strong>
      </p>
      {/* Every time on the page is on this one clock (the customer's zone where known, else the owner's): named once, here. */}
      <p className="mt-1 text-sm text-muted" data-testid="order-time-zone">
        {t("page.timeZone", { zone: view.timeZone })}
      </p>

      {/* While the brief is due it comes first: the work starts from it and the due date already counts. */}
      {work.briefOpen && !work.brief ? (
        <BriefFirst
          work={work}
          done={done}
          error={actionData?.error ?? null}
          invalid={actionData?.invalid ?? []}
          typed={actionData?.typed ?? null}
          paid={view.steps.find((step) => step.key === "paid")?.label ?? ""}
          briefMax={BRIEF_MAX}
        />
      ) : null}

      {view.due ? (
        <div className="card mt-8" data-testid="order-due">
          <h2 className="text-lg font-semibold">
            {work.period
              ? t(work.allowance ? "delivery:period.nextPiece" : "delivery:period.nextDelivery")
              : t("page.dueTitle")}
          </h2>
          <p className="mt-2 text-2xl font-bold">
            <time dateTime={view.due.datetime}>{view.due.label}</time>
          </p>
          {view.due.mark === "late" ? <p className="mt-2 font-medium text-red-700">{t("page.late")}</p> : null}
        </div>
      ) : null}

      {workStatus ? (
        <div className="card mt-4" data-testid="order-in-progress">
          <p className="font-semibold">{t("workStatus.inProgress")}</p>
          {workStatus.note ? <p className="mt-1">{workStatus.note}</p> : null}
          <p className="mt-1 text-sm text-muted">
            <time dateTime={workStatus.datetime}>{workStatus.label}</time>
          </p>
        </div>
      ) : null}

      <h2 className="mt-10 text-lg font-semibold">{t("page.timeline")}</h2>
      <ol className="mt-3 space-y-3 border-l-2 border-accent-200 pl-4" data-testid="order-timeline">
        {steps.map((step) => (
          <li
            key={step.key}
            data-step={step.key}
            data-state={step.state}
            aria-current={step.state === "current" ? "step" : undefined}
          >
            <p className={step.state === "upcoming" ? "font-medium text-muted" : "font-semibold"}>
              {step.state === "done" ? "✓ " : step.state === "current" ? "→ " : ""}
              {t(`${step.ns}:steps.${step.key}`)}
            </p>
            {step.datetime ? (
              <p className="text-sm text-muted">
                <time dateTime={step.datetime}>{step.label}</time>
              </p>
            ) : null}
          </li>
        ))}
      </ol>

      <h2 className="mt-10 text-lg font-semibold">{t("page.details")}</h2>
      <dl className="card mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]" data-testid="order-details">
        <dt className="text-sm font-semibold text-muted">{t("page.offer")}</dt>
        <dd>{view.offerName}</dd>
        <dt className="text-sm font-semibold text-muted">{t("page.paid")}</dt>
        <dd data-testid="order-paid">{view.paid}</dd>
        {view.monthly ? (
          <>
            <dt className="text-sm font-semibold text-muted">{t("page.monthly")}</dt>
            <dd>{view.monthly}</dd>
          </>
        ) : null}
        <dt className="text-sm font-semibold text-muted">{t("page.revisions")}</dt>
        <dd>{view.revisionRounds}</dd>
      </dl>

      <WorkSection
        work={work}
        done={done}
        error={actionData?.error ?? null}
        invalid={actionData?.invalid ?? []}
        typed={actionData?.typed ?? null}
        lang={view.lang}
        briefMax={BRIEF_MAX}
        revisionMax={REVISION_MAX}
        briefFirst={work.briefOpen && !work.brief}
      />

      <p className="mt-8 text-sm text-muted">
        {t("page.keepLink")}{" "}
        <a className="underline" href={`${ORDER_REQUEST_PATH}?lang=${view.lang}`}>
          {t("page.lostLink")}
        </a>
      </p>
    </section>
  );
}
