import { formatDate, formatMoney } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { amountDueNow, type Price } from "./offers.ts";

/**
 * The one price story of an offer: what is charged today, what each later month costs and from
 * which date. Every surface (offer page, order form, checkout line items, thank-you page, emails)
 * renders it through priceLine(), so the words are the same everywhere.
 */
export type PriceStoryKind = "once" | "setupPlusMonth" | "setupThenMonthly" | "monthly";

export interface PriceStory {
  kind: PriceStoryKind;
  /** Minor units. */
  today: number;
  setup: number | null;
  monthly: number | null;
}

export function priceStory(price: Price): PriceStory {
  const today = amountDueNow(price);
  const setup = price.oneTime ?? null;
  if (!price.monthly) return { kind: "once", today, setup, monthly: null };
  const kind: PriceStoryKind = !setup
    ? "monthly"
    : price.monthlyStartsAfterMonths
      ? "setupThenMonthly"
      : "setupPlusMonth";
  return { kind, today, setup, monthly: price.monthly };
}

/**
 * The date of the first monthly charge after today's payment: one calendar month later (Stripe
 * bills on the same day of the month), or after the trial days bought by the set-up fee.
 */
export function firstMonthlyCharge(price: Price, paidAt: Date): Date | null {
  if (!price.monthly) return null;
  if (price.monthlyStartsAfterMonths)
    return new Date(paidAt.getTime() + 30 * price.monthlyStartsAfterMonths * 86_400_000);
  // Same day next month, or the month's last day when it is shorter (31 January → 28 February), as Stripe does.
  const next = new Date(paidAt);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(paidAt.getUTCDate(), lastDay));
  return next;
}

export function formatLongDate(date: Date | string, lang: Language): string {
  return formatDate(new Date(date), lang);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface PriceLine {
  /** The money sentence, identical on every surface: "Set-up €497 + first month €39 = €536 today, then €39 a month". */
  money: string;
  /** "from 24 December 2026", or "from one month after your order" where no date is known yet. */
  from: string | null;
  /** The whole line, as shown. */
  text: string;
}

/**
 * `t` must be bound to the `common` namespace. `firstCharge`: the date of the first monthly charge
 * when known (order form, checkout, thank-you, emails); omitted on the offer pages, which are
 * rendered once and cached, so they give the delay instead of a date.
 */
export function priceLine(t: Translate, price: Price, lang: Language, firstCharge?: Date | string | null): PriceLine {
  const story = priceStory(price);
  const money = (minor: number | null) => formatMoney(minor ?? 0, price.currency, lang);
  const sentence = t(`price.${story.kind}`, {
    today: money(story.today),
    setup: money(story.setup),
    monthly: money(story.monthly),
  });
  if (story.kind === "once") return { money: sentence, from: null, text: `${sentence}.` };
  const from = firstCharge ? t("price.from", { date: formatLongDate(firstCharge, lang) }) : t("price.fromAfterOrder");
  return { money: sentence, from, text: `${sentence} ${from}.` };
}

export interface PriceFigure {
  /** The short figure a card or a hero shows in large type: "€497 + €39/month", "£49", "from £49". */
  figure: string;
  /** One small line under it: what is paid today and what follows ("€536 today with the first month, then €39 a month"). */
  detail: string;
}

/**
 * The offer's price as a figure, not a sentence, for the places a buyer scans (hero, /offers
 * cards, the phone bar). Both subscriptions read "set-up + monthly": the detail line says whether
 * today's payment includes the first month, in the same "today …, then …" shape. `t` is bound to
 * `common`, as for priceLine().
 */
export function priceFigure(t: Translate, price: Price, lang: Language): PriceFigure {
  const story = priceStory(price);
  const money = (minor: number | null) => formatMoney(minor ?? 0, price.currency, lang);
  const values = {
    amount: money(story.today),
    today: money(story.today),
    setup: money(story.setup),
    monthly: money(story.monthly),
  };
  return { figure: t(`price.figure.${story.kind}`, values), detail: t(`price.detail.${story.kind}`, values) };
}

/** "from £49": the lowest of several offers' prices, given that offer's price (what it charges today). */
export function fromFigure(t: Translate, cheapest: Price, lang: Language): string {
  return t("price.figure.fromAmount", { amount: formatMoney(amountDueNow(cheapest), cheapest.currency, lang) });
}
