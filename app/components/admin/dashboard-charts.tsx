import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Currency } from "../../content/offers.ts";
import { formatMonth, formatMoney, formatNumber, formatPercent } from "../../i18n/format.ts";
import type { Language } from "../../i18n/languages.ts";

/**
 * The front page's charts: SVG drawn on the server (no library, no JavaScript), each with a title
 * and a description for assistive technology and its figures in a table beside it. The viewBox
 * scales to the column, so a 320 px phone shows the whole chart.
 */

const W = 360;

/** Twelve months of net revenue in one currency: a bar per month, this month last. */
export function RevenueChart({
  months,
  amounts,
  currency,
  lang,
}: {
  months: string[];
  amounts: number[];
  currency: Currency;
  lang: Language;
}) {
  const { t } = useTranslation("admin");
  const id = useId();
  const money = (minor: number) => formatMoney(minor, currency, lang);
  const top = Math.max(...amounts, 0);
  const H = 170;
  const chartTop = 22;
  const chartBottom = H - 22;
  const slot = (W - 8) / months.length;
  const best = amounts.indexOf(top);
  const desc = t("dashboard.chartDesc", {
    thisMonth: money(amounts.at(-1) ?? 0),
    best: top > 0 ? formatMonth(months[best]!, lang, "long") : "—",
    bestAmount: money(top),
  });
  return (
    <figure className="mt-3">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        data-testid={`revenue-chart-${currency}`}
      >
        <title id={`${id}-t`}>{t("dashboard.chartTitle", { currency })}</title>
        <desc id={`${id}-d`}>{desc}</desc>
        <line x1="4" x2={W - 4} y1={chartBottom} y2={chartBottom} className="stroke-line" strokeWidth="1" />
        {top > 0 ? (
          <>
            <line
              x1="4"
              x2={W - 4}
              y1={chartTop}
              y2={chartTop}
              className="stroke-line"
              strokeWidth="1"
              strokeDasharray="3 3"
            />
            <text x="4" y={chartTop - 6} fontSize="11" className="fill-muted">
              {money(top)}
            </text>
          </>
        ) : null}
        {amounts.map((amount, i) => {
          const height = top > 0 ? Math.max(0, (amount / top) * (chartBottom - chartTop)) : 0;
          const x = 4 + i * slot;
          return (
            <g key={months[i]}>
              <rect
                x={x + slot * 0.15}
                width={slot * 0.7}
                y={chartBottom - height}
                height={height}
                rx="2"
                className={i === amounts.length - 1 ? "fill-accent-700" : "fill-accent-300"}
              />
              <text x={x + slot / 2} y={H - 6} fontSize="10" textAnchor="middle" className="fill-muted">
                {formatMonth(months[i]!, lang, "short").replace(/\.$/, "")}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer text-accent-700 underline">{t("dashboard.asTable")}</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{t("dashboard.chartTitle", { currency })}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 font-semibold">
                {t("dashboard.month")}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {t("dashboard.revenue")}
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((month, i) => (
              <tr key={month} className="border-t border-line">
                <th scope="row" className="py-1 font-normal">
                  {formatMonth(month, lang, "long")}
                </th>
                <td className="py-1 text-right tabular-nums">{money(amounts[i]!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

export interface FunnelCounts {
  views: number;
  forms: number;
  orders: number;
  paid: number;
}

const STEPS = ["views", "forms", "orders", "paid"] as const;

/** Page views → order forms opened → orders → paid, all offers together: a bar per step, and each step's share of the one before. */
export function FunnelChart({ total, lang, period }: { total: FunnelCounts; lang: Language; period: string }) {
  const { t } = useTranslation("admin");
  const id = useId();
  const widest = Math.max(...STEPS.map((step) => total[step]), 1);
  const row = 42;
  const H = STEPS.length * row;
  const share = (i: number) =>
    i === 0 || !total[STEPS[i - 1]!] ? "" : formatPercent(total[STEPS[i]!] / total[STEPS[i - 1]!], lang);
  // "Pages vues : 3": the label and its count as the language sets them (French puts a no-break space before the colon).
  const figure = (step: (typeof STEPS)[number]) =>
    t("dashboard.funnel.figure", { step: t(`dashboard.funnel.${step}`), count: formatNumber(total[step], lang) });
  const desc = STEPS.map((step, i) => `${figure(step)}${share(i) ? ` (${share(i)})` : ""}`).join(", ");
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="mt-3 h-auto w-full"
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      data-testid="funnel-chart"
    >
      <title id={`${id}-t`}>{t("dashboard.funnel.title", { period })}</title>
      <desc id={`${id}-d`}>{desc}</desc>
      {STEPS.map((step, i) => {
        const width = total[step] ? Math.max(3, (total[step] / widest) * (W - 8)) : 0;
        return (
          <g key={step} transform={`translate(4 ${i * row})`}>
            <text x="0" y="14" fontSize="12" className="fill-ink">
              {figure(step)}
            </text>
            {share(i) ? (
              <text x={W - 8} y="14" fontSize="12" textAnchor="end" className="fill-muted">
                {share(i)}
              </text>
            ) : null}
            <rect x="0" y="20" width={W - 8} height="14" rx="3" className="fill-accent-50" />
            <rect x="0" y="20" width={width} height="14" rx="3" className="fill-accent-700" />
          </g>
        );
      })}
    </svg>
  );
}
