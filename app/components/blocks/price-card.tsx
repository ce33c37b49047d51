import { useTranslation } from "react-i18next";
import { OFFERS, type OfferId, type Price } from "../../content/offers.ts";
import type { Language } from "../../i18n/languages.ts";
import { PriceStoryLine } from "../price-story-line.tsx";
import { CheckList } from "./blocks.tsx";
import { orderHref } from "../../i18n/site-map.ts";
import { formatMoney } from "../../i18n/format.ts";

export interface PriceCardLabels {
  /** Shown after the one-time amount ("one-time", "setup fee", "per video"…). */
  oneTime?: string;
  /** Shown after the monthly amount ("/ month", "per month"…). */
  monthly?: string;
  /** Order button text. */
  cta: string;
}

/**
 * One orderable offer: its one catalogue name (`offers:{id}.name`, the same on the form, at
 * checkout and in every email, so the card cannot call it something else), amounts read from the catalogue and formatted for the visitor's
 * language (never typed into copy), what is included, and the order button. `showZeroMonthly`
 * prints a 0 monthly line for one-time offers whose page promises "0 €/month" (test workflow).
 */
export function PriceCard(props: {
  offer: OfferId;
  lang: Language;
  description?: string;
  points?: string[];
  /** Optional heading above the points ("The monthly plan covers:"). */
  pointsTitle?: string;
  labels: PriceCardLabels;
  badge?: string;
  footnote?: string;
  featured?: boolean;
  showZeroMonthly?: boolean;
  headingLevel?: 2 | 3;
}) {
  const price = OFFERS[props.offer].price(props.lang);
  const money = (minor: number) => formatMoney(minor, price.currency, props.lang);
  const monthly = price.monthly ?? (props.showZeroMonthly ? 0 : undefined);
  const hasOneTime = price.oneTime !== undefined;
  const dark = props.featured;
  const Heading = props.headingLevel === 2 ? "h2" : "h3";
  const { t } = useTranslation("offers");
  const { t: common } = useTranslation("common");
  return (
    <div
      className={`relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] p-7 sm:p-8 ${
        dark
          ? "bg-night text-white shadow-lift ring-1 ring-accent-500/40"
          : "border border-line bg-card text-ink shadow-card"
      }`}
      data-offer={props.offer}
    >
      {dark ? <div className="hero-glow" aria-hidden="true" /> : null}
      <div className="relative flex items-start justify-between gap-3">
        <Heading className="card-title text-xl font-bold" data-offer-name>
          {t(`${props.offer}.name`)}
        </Heading>
        {props.badge ? (
          <p
            className={`shrink-0 rounded-full px-3 py-1 text-xs font-bold tracking-wide uppercase ${dark ? "bg-accent-600 text-white ring-1 ring-accent-400/50" : "bg-accent-100 text-accent-800"}`}
          >
            {props.badge}
          </p>
        ) : null}
      </div>
      {props.description ? (
        <p className={`relative mt-2 leading-relaxed ${dark ? "text-slate-300" : "text-muted"}`}>{props.description}</p>
      ) : null}
      <div className="relative mt-6">
        {hasOneTime ? (
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span
              className="font-display text-4xl font-extrabold tracking-tight sm:text-5xl"
              data-price={`${props.offer}-one-time`}
            >
              {money(price.oneTime!)}
            </span>
            {props.labels.oneTime ? (
              <span className={`text-sm font-medium ${dark ? "text-slate-300" : "text-muted"}`}>
                {props.labels.oneTime}
              </span>
            ) : null}
          </p>
        ) : null}
        {monthly !== undefined ? (
          <p className={`flex flex-wrap items-baseline gap-x-2 ${hasOneTime ? "mt-2" : ""}`}>
            {hasOneTime ? (
              <span
                className={`text-lg font-semibold ${dark ? "text-accent-300" : "text-accent-700"}`}
                aria-hidden="true"
              >
                +
              </span>
            ) : null}
            <span
              className={
                hasOneTime
                  ? `text-2xl font-bold ${dark ? "text-white" : "text-ink"}`
                  : "font-display text-4xl font-extrabold tracking-tight sm:text-5xl"
              }
              data-price={`${props.offer}-monthly`}
            >
              {money(monthly)}
            </span>
            {props.labels.monthly ? (
              <span className={`text-sm font-medium ${dark ? "text-slate-300" : "text-muted"}`}>
                {props.labels.monthly}
              </span>
            ) : null}
          </p>
        ) : null}
        <PriceStoryLine
          offer={props.offer}
          lang={props.lang}
          className={`mt-3 text-sm ${dark ? "text-slate-300" : "text-muted"}`}
        />
        {price.usdApprox ? (
          <p className={`mt-1 text-sm ${dark ? "text-slate-400" : "text-muted"}`} data-usd-approx>
            {common("price.usdApprox", { figure: usdFigure(price.usdApprox, props.lang, common) })}
          </p>
        ) : null}
      </div>
      {props.points?.length ? (
        <div
          className={`relative mt-6 flex-1 border-t pt-6 sm:[&>ul]:grid-cols-1 ${dark ? "border-white/15" : "border-line"}`}
        >
          {props.pointsTitle ? (
            <p className={`mb-4 text-sm font-semibold ${dark ? "text-slate-200" : "text-ink"}`}>{props.pointsTitle}</p>
          ) : null}
          <CheckList items={props.points} tone={dark ? "dark" : "light"} />
        </div>
      ) : (
        <div className="flex-1" />
      )}
      <a
        href={orderHref(props.offer, props.lang)}
        className={`relative mt-8 w-full ${dark ? "btn-primary" : "btn-secondary"}`}
        data-order={props.offer}
      >
        {props.labels.cta}
        <span aria-hidden="true">→</span>
      </a>
      {props.footnote ? (
        <p className={`relative mt-4 text-center text-sm ${dark ? "text-slate-300" : "text-muted"}`}>
          {props.footnote}
        </p>
      ) : null}
    </div>
  );
}

/** "$530 + $107/month" in the reader's way of writing amounts, with the site's own figure phrases. */
function usdFigure(
  usd: NonNullable<Price["usdApprox"]>,
  lang: Language,
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  const money = (minor: number) => formatMoney(minor, "USD", lang);
  if (usd.oneTime !== undefined && usd.monthly !== undefined)
    return t("price.figure.setupThenMonthly", { setup: money(usd.oneTime), monthly: money(usd.monthly) });
  if (usd.monthly !== undefined) return t("price.figure.monthly", { monthly: money(usd.monthly) });
  return money(usd.oneTime ?? 0);
}
