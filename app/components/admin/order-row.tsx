import { useTranslation } from "react-i18next";
import type { Currency } from "../../content/offers.ts";
import { dateTimeFormatter, formatMoney } from "../../i18n/format.ts";
import type { Language } from "../../i18n/languages.ts";

interface Row {
  id: string;
  reference: string;
  createdAt: string;
  state: string;
  billingState: string | null;
  offerName: string;
  name: string;
  email: string;
  amount: number;
  monthly: number;
  currency: Currency;
  delivered: boolean;
  /** Still owed work (the one rule of the tile and the filter, app/admin/to-deliver.server.ts). */
  toDeliver: boolean;
  /** Money given back of what was paid (minor units); `full` when all of it. */
  refund: { amount: number; of: number; full: boolean } | null;
  erased: boolean;
  /** Paid and not delivered yet: when it is due (the catalogue's promise), and whether late or due today. */
  due?: { datetime: string; label: string; mark: "late" | "today" | null } | null;
}

/**
 * One order of the list, as the owner reads it: the customer, the offer in words, the amount, and
 * paid / delivered / subscription state; abandoned attempts of the same customer and offer folded
 * beneath it (a <details>: no JavaScript).
 */
export function OrderRow({ order, lang }: { order: Row & { attempts: Row[] }; lang: Language }) {
  const { t } = useTranslation("admin");
  const { t: tDue } = useTranslation("order-page");
  const dateTime = dateTimeFormatter(lang, "short");
  const href = (id: string) => `/admin/orders/${encodeURIComponent(id)}`;
  return (
    <li data-order-id={order.id}>
      <a href={href(order.id)} className="block px-4 py-3 hover:bg-accent-50">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-semibold break-words" data-testid="order-customer">
            {order.name}
          </span>
          <span className="text-sm font-semibold" data-testid="order-amount">
            {formatMoney(order.amount, order.currency, lang)}
            {order.monthly ? (
              <span className="font-normal text-muted">
                {" "}
                {t("orders.perMonth", { amount: formatMoney(order.monthly, order.currency, lang) })}
              </span>
            ) : null}
          </span>
        </span>
        <span className="mt-0.5 block text-sm" data-testid="order-offer">
          <span className="font-mono font-semibold whitespace-nowrap" data-testid="order-reference">
            {order.reference}
          </span>{" "}
          · {order.offerName}
        </span>
        <span className="mt-0.5 block text-sm break-all text-muted">{order.email}</span>
        <span className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
          <span className="font-semibold text-ink" data-testid="order-state">
            {t(`states.${order.state}`)}
          </span>
          {order.toDeliver ? (
            <span data-testid="order-delivery" data-badge="to-deliver">
              {t("orders.toDeliver")}
            </span>
          ) : order.state === "paid" && order.delivered ? (
            <span data-testid="order-delivery" data-badge="delivered">
              {t("orders.delivered")}
            </span>
          ) : null}
          {order.refund ? (
            <span
              className="font-semibold text-red-700"
              data-badge={order.refund.full ? "refunded" : "partly-refunded"}
            >
              {order.refund.full
                ? t("orders.refundedAll", { amount: formatMoney(order.refund.amount, order.currency, lang) })
                : t("orders.refundedPart", {
                    amount: formatMoney(order.refund.amount, order.currency, lang),
                    total: formatMoney(order.refund.of, order.currency, lang),
                  })}
            </span>
          ) : null}
          {order.erased ? (
            <span className="font-semibold" data-badge="erased">
              {t("orders.erased")}
            </span>
          ) : null}
          {order.due ? (
            <span data-testid="order-due" data-mark={order.due.mark ?? undefined}>
              {order.due.mark ? (
                <strong className={order.due.mark === "late" ? "text-red-700" : "text-amber-800"}>
                  {tDue(`admin.${order.due.mark}`)} ·{" "}
                </strong>
              ) : null}
              {tDue("admin.due")} <time dateTime={order.due.datetime}>{order.due.label}</time>
            </span>
          ) : null}
          {/* "Refunded" is said with its amount above; the other billing states as words. */}
          {order.billingState && !(order.billingState === "refunded" && order.refund) ? (
            <span data-billing-state={order.billingState} data-badge={order.billingState}>
              {t(`billing.${order.billingState}`)}
            </span>
          ) : null}
          <span>{dateTime(order.createdAt)}</span>
        </span>
      </a>
      {order.attempts.length ? (
        <details className="px-4 pb-3 text-sm" data-testid="order-attempts">
          <summary className="cursor-pointer text-accent-700 underline">
            {t("orders.earlierAttempts", { count: order.attempts.length })}
          </summary>
          <ul className="mt-1 space-y-1 border-l-2 border-line pl-3">
            {order.attempts.map((attempt) => (
              <li key={attempt.id}>
                <a href={href(attempt.id)} className="underline">
                  {dateTime(attempt.createdAt)} · {t(`states.${attempt.state}`)} ·{" "}
                  {formatMoney(attempt.amount, attempt.currency, lang)}
                </a>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}
