import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CANCEL_WHEN, NOTE_LIMIT, REASON_CHOICES } from "../../admin/money-input.ts";
import { Notice } from "./admin-ui.tsx";
import type { MoneySummary } from "../../admin/money.server.ts";

/**
 * The order page's money section and the two confirmation screens. Plain forms:
 * the first step is a GET to the confirmation screen (nothing changes by looking), the second a POST
 * that carries the screen's idempotency key. No client JavaScript is needed anywhere.
 */

/** The money summary (app/admin/money.server.ts) with the idempotency keys the two forms carry. */
export interface MoneyView extends MoneySummary {
  monthly: boolean;
  refundKey: string;
  cancelKey: string;
}

export const orderPath = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;

export function MoneyDoneNotice({ done }: { done: "refunded" | "cancelled" | null }) {
  const { t } = useTranslation("money");
  return done ? (
    <Notice tone="ok" testId="money-done">
      {t(`done.${done}`)}
    </Notice>
  ) : null;
}

export function MoneySection({ orderId, money }: { orderId: string; money: MoneyView }) {
  const { t } = useTranslation("money");
  return (
    <section aria-labelledby="money-title" data-testid="money">
      <h2 id="money-title" className="mt-6 text-lg font-semibold">
        {t("title")}
      </h2>
      <div className="mt-2 grid gap-4 rounded-2xl border border-line bg-white p-4">
        <ul className="text-sm" data-testid="money-figures">
          <li>{t("paid", { amount: money.paid })}</li>
          {money.refunded ? <li>{t("refundedSoFar", { amount: money.refunded })}</li> : null}
          <li className="font-semibold">{t("left", { amount: money.left })}</li>
        </ul>
        {/* The amount starts empty, not at the full amount: a refund is typed on purpose (the hint says what is left). */}
        {money.canRefund ? (
          <RefundFields orderId={orderId} actionKey={money.refundKey} amount="" left={money.left} />
        ) : (
          <p className="text-sm text-muted">{t("refund.none")}</p>
        )}
        {money.monthly ? (
          money.canCancelNow ? (
            <CancelFields
              orderId={orderId}
              actionKey={money.cancelKey}
              periodEnd={money.periodEnd}
              atPeriodEnd={money.canCancelAtPeriodEnd}
            />
          ) : (
            <p className="text-sm text-muted">{t("cancel.none")}</p>
          )
        ) : null}
      </div>
    </section>
  );
}

/** The refund's first step: amount as the owner types it, a reason, their own words. */
export function RefundFields({
  orderId,
  actionKey,
  amount,
  left,
  reason = "requested_by_customer",
  note = "",
}: {
  orderId: string;
  actionKey: string;
  amount: string;
  left: string;
  reason?: string;
  note?: string;
}) {
  const { t } = useTranslation("money");
  return (
    <Form method="get" action={`${orderPath(orderId)}/refund`} className="grid gap-3" data-testid="refund-form">
      <input type="hidden" name="key" value={actionKey} />
      <h3 className="font-semibold">{t("refund.title")}</h3>
      <div>
        <label htmlFor="refund-amount" className="text-sm font-semibold">
          {t("refund.amount")}
        </label>
        <input
          id="refund-amount"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          maxLength={20}
          defaultValue={amount}
          aria-describedby="refund-amount-hint"
          className="mt-1 min-h-12 w-full rounded-xl border border-line bg-white px-4 text-base"
        />
        <p id="refund-amount-hint" className="mt-1 text-sm text-muted">
          {t("refund.amountHint", { example: "12,50 · 12.50", left })}
        </p>
      </div>
      <div>
        <label htmlFor="refund-reason" className="text-sm font-semibold">
          {t("refund.reason")}
        </label>
        <select
          id="refund-reason"
          name="reason"
          defaultValue={reason}
          className="mt-1 min-h-12 w-full rounded-xl border border-line bg-white px-4 text-base"
        >
          {REASON_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`reasons.${choice}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="refund-note" className="text-sm font-semibold">
          {t("refund.note")}
        </label>
        <textarea
          id="refund-note"
          name="note"
          rows={2}
          maxLength={NOTE_LIMIT}
          defaultValue={note}
          className="mt-1 w-full rounded-xl border border-line bg-white px-4 py-2"
        />
      </div>
      <button type="submit" className="btn-secondary w-full sm:w-auto">
        {t("refund.submit")}
      </button>
    </Form>
  );
}

/** The cancellation's first step: at the end of the paid period, or now. */
export function CancelFields({
  orderId,
  actionKey,
  periodEnd,
  atPeriodEnd,
}: {
  orderId: string;
  actionKey: string;
  periodEnd: string | null;
  atPeriodEnd: boolean;
}) {
  const { t } = useTranslation("money");
  const choices = CANCEL_WHEN.filter((when) => when === "now" || atPeriodEnd);
  return (
    <Form
      method="get"
      action={`${orderPath(orderId)}/cancel`}
      className="grid gap-3 border-t border-line pt-4"
      data-testid="cancel-form"
    >
      <input type="hidden" name="key" value={actionKey} />
      <h3 className="font-semibold">{t("cancel.title")}</h3>
      <fieldset>
        <legend className="text-sm font-semibold">{t("cancel.when")}</legend>
        {choices.map((when, index) => (
          <label key={when} className="mt-2 flex min-h-11 items-center gap-3 text-base">
            <input type="radio" name="when" value={when} defaultChecked={index === 0} className="size-5" />
            {when === "now"
              ? t("cancel.now")
              : periodEnd
                ? t("cancel.atPeriodEnd", { date: periodEnd })
                : t("cancel.atPeriodEndNoDate")}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn-secondary w-full sm:w-auto">
        {t("cancel.submit")}
      </button>
    </Form>
  );
}

/** The second screen: the question in full, Confirm (a POST carrying the key) and Back. */
export function ConfirmScreen({
  title,
  question,
  lines,
  confirm,
  orderId,
  fields,
  testId,
}: {
  title: string;
  question: string;
  lines: string[];
  confirm: string;
  orderId: string;
  fields: Record<string, string>;
  testId: string;
}) {
  const { t } = useTranslation("money");
  return (
    <div className="mt-4 rounded-2xl border border-line bg-white p-4" data-testid={testId}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 text-base font-semibold break-words" data-testid="confirm-question">
        {question}
      </p>
      {lines.map((line) => (
        <p key={line} className="mt-2 text-sm break-words text-muted">
          {line}
        </p>
      ))}
      <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="btn-primary w-full sm:w-auto">
          {confirm}
        </button>
        <a href={orderPath(orderId)} className="btn-secondary w-full text-center sm:w-auto">
          {t("confirm.back")}
        </a>
      </Form>
    </div>
  );
}
