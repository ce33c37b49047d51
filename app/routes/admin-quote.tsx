import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin-quote";
import { requireForm } from "../http/read-form.server.ts";
import { markQuoteAnswered, quoteDetail } from "../admin/quotes.server.ts";
import { adminLang, adminMeta, adminT, text } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { AdminDetailPage, Notice } from "../components/admin/admin-ui.tsx";
import { EmailList } from "../components/admin/email-list.tsx";
import { LabelValueList } from "../components/label-value-list.tsx";
import { dateTimeFormatter } from "../i18n/format.ts";
import { servicesOf } from "../services-context.ts";
import { inputClass } from "../components/forms.tsx";
import { PROPOSAL_FIELDS } from "../quotes/proposal-schema.ts";
import { proposalsOfQuote, proposeForQuote, withdrawProposal } from "../quotes/proposals.server.ts";
import { PRICE_KINDS } from "../quotes/types.ts";

export async function loader({ request: { url: requestUrl }, params, context }: Route.LoaderArgs) {
  await requireOwner(context);
  // Any id not stored (unknown, malformed, too long) is simply not found: the translated 404.
  const services = await servicesOf(context, {
    repo: ["outbox", "quotes", "proposals"],
    links: true,
    returnBase: true,
  });
  const quote = await quoteDetail(params.quoteId, adminLang(context), services);
  if (!quote) throw data(null, { status: 404 });
  const request = (await services.repo.findQuoteRequest(params.quoteId))!;
  return {
    proposals: await proposalsOfQuote(request, adminLang(context), services),
    sent: new URL(requestUrl).searchParams.has("sent"),
    meta: { ...adminMeta(context, "quote.title"), title: `${adminT(context)("quote.title")} ${quote.id}` },
    lang: adminLang(context),
    quote,
    reply: adminT(context)("quote.replySubject", { offer: quote.offer }),
  };
}

/**
 * The owner answers by email, then marks the request answered (once; a second post changes
 * nothing); or sends a priced proposal (which answers it too), or withdraws an open one.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["intent", "replaces", "proposalId", ...PROPOSAL_FIELDS]);
  await requireOwner(context);
  const services = await servicesOf(context, {
    repo: ["outbox", "quotes", "proposals", "backOffice"],
    worker: true,
    links: true,
    webhooksOut: true,
  });
  const here = `/admin/quotes/${encodeURIComponent(params.quoteId)}`;
  const intent = text(form, "intent", 20);
  if (!(await quoteDetail(params.quoteId, adminLang(context), services))) throw data(null, { status: 404 });
  if (intent === "propose") {
    const values = Object.fromEntries(PROPOSAL_FIELDS.map((name) => [name, text(form, name, 5000)]));
    const sent = await proposeForQuote(params.quoteId, values, services, text(form, "replaces", 100) || null);
    if (sent.ok) {
      await markQuoteAnswered(params.quoteId, services);
      throw redirect(`${here}?sent`, 303);
    }
    if ("reason" in sent) throw data(null, { status: 404 });
    return data({ error: null, proposalErrors: sent.errors, values }, { status: 400 });
  }
  if (intent === "withdraw") {
    await withdrawProposal(params.quoteId, text(form, "proposalId", 100), services);
    throw redirect(here, 303);
  }
  if (intent !== "answered") return data({ error: adminT(context)("errors.badRequest") }, { status: 400 });
  await markQuoteAnswered(params.quoteId, services);
  throw redirect(here, 303);
}

export default function AdminQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { t: tProposal } = useTranslation("proposal");
  const { quote, lang, reply } = loaderData;
  return (
    <AdminDetailPage back={t("quote.back")} title={quote.name}>
      <p className="mt-1 text-sm break-all text-muted">{quote.id}</p>
      <a
        href={`mailto:${quote.email}?subject=${encodeURIComponent(reply)}`}
        className="btn-primary mt-4 w-full sm:w-auto"
        data-testid="quote-reply"
      >
        {t("quote.reply")}
      </a>
      {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
      {quote.startedBy === "owner" ? (
        <p className="mt-3 text-sm font-semibold" data-testid="quote-started-by-owner">
          {tProposal("scratch.startedByOwner")}
        </p>
      ) : quote.answeredAt ? (
        <p className="mt-3 text-sm font-semibold" data-testid="quote-answered">
          {t("quote.answered", { date: dateTimeFormatter(lang, "short")(quote.answeredAt) })}
        </p>
      ) : (
        <Form method="post" className="mt-3">
          <p className="text-sm text-muted">{t("quote.waiting")}</p>
          <button type="submit" name="intent" value="answered" className="btn-secondary mt-1 w-full sm:w-auto">
            {t("quote.markAnswered")}
          </button>
        </Form>
      )}

      <Proposals
        proposals={loaderData.proposals}
        sent={loaderData.sent}
        errors={actionData && "proposalErrors" in actionData ? actionData.proposalErrors : undefined}
        values={actionData && "values" in actionData ? actionData.values : undefined}
      />

      <h2 className="mt-6 text-lg font-semibold">{t("order.details")}</h2>
      <LabelValueList
        rows={quote.fields}
        className="mt-2 gap-y-2 rounded-2xl border border-line bg-white p-4 sm:grid-cols-[11rem_1fr]"
        testId="quote-fields"
      />

      <EmailList emails={quote.emails} lang={lang} testId="quote-emails" />
    </AdminDetailPage>
  );
}

type ProposalsView = Route.ComponentProps["loaderData"]["proposals"];

/** The request's proposals and their states, then the form of a new one (a phone's width, no script needed). */
function Proposals({
  proposals,
  sent,
  errors,
  values,
}: {
  proposals: ProposalsView;
  sent: boolean;
  errors?: Partial<Record<string, string>>;
  values?: Record<string, string>;
}) {
  const { t } = useTranslation("proposal");
  const { form } = proposals;
  const value = (name: string, fallback = "") => values?.[name] ?? fallback;
  const error = (name: string) =>
    errors?.[name] ? (
      <p id={`proposal-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {t(errors[name]!)}
      </p>
    ) : null;
  const input = (name: string, label: string, attributes: Record<string, unknown> = {}, hint?: string) => {
    const { defaultValue, ...props } = attributes;
    return (
      <div>
        <label htmlFor={`proposal-${name}`} className="text-sm font-semibold">
          {label}
        </label>
        <input
          id={`proposal-${name}`}
          name={name}
          defaultValue={value(name, String(defaultValue ?? ""))}
          aria-invalid={errors?.[name] ? true : undefined}
          aria-describedby={errors?.[name] ? `proposal-${name}-error` : undefined}
          className={`${inputClass} min-h-12`}
          {...props}
        />
        {hint ? <p className="mt-1 text-sm text-muted">{hint}</p> : null}
        {error(name)}
      </div>
    );
  };
  return (
    <section className="mt-6" data-testid="proposals">
      <h2 className="text-lg font-semibold">{t("admin.heading")}</h2>
      {sent ? (
        <p className="mt-2 text-sm font-semibold" role="status" data-testid="proposal-sent">
          {t("admin.sent")}
        </p>
      ) : null}
      {proposals.rows.length ? (
        <ul className="mt-2 grid gap-2">
          {proposals.rows.map((row) => (
            <li
              key={row.id}
              className="rounded-2xl border border-line bg-white p-4"
              data-proposal={row.id}
              data-state={row.state}
            >
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold break-words">{row.title}</span>
                <span className="rounded-full bg-tint px-2 py-0.5 text-sm font-semibold">{row.stateLabel}</span>
              </p>
              <p className="mt-1 text-sm">{row.price}</p>
              <p className="mt-1 text-sm text-muted">
                {t("admin.validUntil")}: {row.validUntil}
              </p>
              <p className="mt-1 text-sm break-all">
                <a className="underline" href={row.link}>
                  {t("admin.link")}
                </a>
                {row.orderId ? (
                  <>
                    {" · "}
                    <a className="underline" href={`/admin/orders/${encodeURIComponent(row.orderId)}`}>
                      {t("admin.order")}
                    </a>
                  </>
                ) : null}
              </p>
              {row.withdrawable ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="proposalId" value={row.id} />
                  <button type="submit" name="intent" value="withdraw" className="btn-secondary w-full sm:w-auto">
                    {t("admin.withdraw")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted">{t("admin.none")}</p>
      )}

      <Form
        method="post"
        className="mt-4 grid gap-4 rounded-2xl border border-line bg-white p-4"
        data-testid="proposal-form"
      >
        <h3 className="font-semibold">{form.replaces ? t("admin.revise") : t("admin.new")}</h3>
        {form.replaces ? <p className="text-sm text-muted">{t("admin.revising")}</p> : null}
        {form.replaces ? <input type="hidden" name="replaces" value={form.replaces} /> : null}
        {input("title", t("admin.title"), { maxLength: 120, placeholder: form.title }, t("admin.titleHint"))}
        <div>
          <label htmlFor="proposal-included" className="text-sm font-semibold">
            {t("admin.included")}
          </label>
          <textarea
            id="proposal-included"
            name="included"
            rows={5}
            required
            maxLength={4000}
            defaultValue={value("included")}
            aria-invalid={errors?.included ? true : undefined}
            className={`${inputClass} py-3`}
          />
          {error("included")}
        </div>
        <fieldset>
          <legend className="text-sm font-semibold">{t("admin.priceKind")}</legend>
          <div className="mt-1 grid gap-1 sm:flex sm:gap-4">
            {PRICE_KINDS.map((kind) => (
              <label key={kind} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="priceKind"
                  value={kind}
                  defaultChecked={value("priceKind", "one-off") === kind}
                  className="size-5 accent-accent-600"
                />
                {t(`admin.kinds.${kind}`)}
              </label>
            ))}
          </div>
          {error("priceKind")}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          {input(
            "oneTime",
            t("admin.oneTime", { currency: form.currency }),
            { inputMode: "decimal" },
            form.floor ? t("admin.floorHint", { floor: form.floor }) : t("admin.amountHint"),
          )}
          {input("monthly", t("admin.monthly", { currency: form.currency }), { inputMode: "decimal" })}
          {input("deliveryDays", t("admin.deliveryDays"), {
            type: "number",
            min: 1,
            max: 365,
            required: true,
            defaultValue: "10",
          })}
          {input("revisionRounds", t("admin.revisionRounds"), {
            type: "number",
            min: 0,
            max: 10,
            required: true,
            defaultValue: "2",
          })}
          {input("validUntil", t("admin.validUntil"), { type: "date", defaultValue: form.validUntil })}
        </div>
        <div>
          <button type="submit" name="intent" value="propose" className="btn-primary w-full sm:w-auto">
            {t("admin.send")}
          </button>
        </div>
      </Form>
    </section>
  );
}
