import { OFFER_IDS, type OfferId } from "../content/offers.ts";
import { CATALOGUE_OFFERS } from "../content/catalogue.ts";
import type { PricedPage } from "../content/structured-data.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { businessDay, orderFormPage } from "../stats/page-views.server.ts";
import type { StatsStore } from "../stats/types.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";
import type { Language } from "../i18n/languages.ts";
import { healthSummary } from "./health.server.ts";
import { ordersPage } from "./orders.server.ts";
import type { DashboardStore } from "./types.ts";

/**
 * The back office's front page: what the owner asks first (money in, subscriptions, what to do)
 * and the funnel of each offer and language. Days and months are the business's (Europe/Paris).
 */

/** The marketing page that sells each offer (its views are the funnel's first step): the catalogue's `page`. */
export const OFFER_PAGE = Object.fromEntries(CATALOGUE_OFFERS.map((offer) => [offer.id, offer.page])) as Record<
  OfferId,
  PricedPage
>;

/** How many days the funnel covers (today included). */
export const FUNNEL_DAYS = 30;
const DAY_MS = 86_400_000;

export interface RevenueLine {
  currency: string;
  today: number;
  thisMonth: number;
  lastMonth: number;
}

export interface FunnelRow {
  offer: OfferId;
  lang: string;
  views: number;
  forms: number;
  orders: number;
  paid: number;
}

export interface DashboardFigures {
  /** YYYY-MM of this month and the 11 before it, oldest first. */
  months: string[];
  revenue: RevenueLine[];
  /** Per currency: each of `months`' net revenue, in minor units. */
  chart: Array<{ currency: string; amounts: number[] }>;
  /** Monthly recurring revenue per currency (monthly plans: each subscription's monthly amount). */
  mrr: Array<{ currency: string; amount: number }>;
  subscriptions: { active: number; cancelling: number; pastDue: number };
  toDeliver: number;
  quotesWaiting: number;
  funnel: { fromDay: string; toDay: string; rows: FunnelRow[]; total: Omit<FunnelRow, "offer" | "lang"> };
}

/** YYYY-MM `back` months before `month`. */
export function monthBefore(month: string, back: number): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The instant a business day (YYYY-MM-DD) begins, as ISO: Paris is UTC+1 or UTC+2. */
export function startOfBusinessDay(day: string): string {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  for (const hours of [2, 1, 0]) {
    const at = utcMidnight - hours * 3_600_000;
    if (businessDay(at) === day) return new Date(at).toISOString();
  }
  return new Date(utcMidnight).toISOString();
}

/** Currencies in a stable order: the site's euro first, then the others alphabetically. */
const byCurrency = (a: string, b: string) => (a === "EUR" ? -1 : b === "EUR" ? 1 : a.localeCompare(b));

export async function dashboardFigures(
  repo: DashboardStore & Pick<StatsStore, "pageViewTotals">,
  now = new Date(),
): Promise<DashboardFigures> {
  const today = businessDay(now);
  const thisMonth = today.slice(0, 7);
  const lastMonth = monthBefore(thisMonth, 1);
  const months = Array.from({ length: 12 }, (_, i) => monthBefore(thisMonth, 11 - i));
  const fromDay = businessDay(now.getTime() - (FUNNEL_DAYS - 1) * DAY_MS);

  const [movements, subscriptions, toDeliver, quotesWaiting, orderCounts, views] = await Promise.all([
    repo.moneyMovements(startOfBusinessDay(`${months[0]}-01`)),
    repo.liveSubscriptions(),
    repo.ordersToDeliver(),
    repo.quotesWaiting(),
    repo.orderFunnel(startOfBusinessDay(fromDay)),
    repo.pageViewTotals(fromDay, today),
  ]);

  // Money, bucketed by the business day it moved on.
  const currencies = [...new Set(["EUR", ...movements.map((m) => m.currency)])].sort(byCurrency);
  const revenue = new Map(currencies.map((currency) => [currency, { currency, today: 0, thisMonth: 0, lastMonth: 0 }]));
  const chart = new Map(currencies.map((currency) => [currency, months.map(() => 0)]));
  for (const movement of movements) {
    const day = businessDay(new Date(movement.at));
    const month = day.slice(0, 7);
    const line = revenue.get(movement.currency)!;
    if (day === today) line.today += movement.amount;
    if (month === thisMonth) line.thisMonth += movement.amount;
    if (month === lastMonth) line.lastMonth += movement.amount;
    const at = months.indexOf(month);
    if (at !== -1) chart.get(movement.currency)![at]! += movement.amount;
  }

  const mrr = new Map<string, number>();
  const counts = { active: 0, cancelling: 0, pastDue: 0 };
  for (const group of subscriptions) {
    // Every plan of the catalogue bills monthly: a month's amount is the plan's amount.
    mrr.set(group.currency, (mrr.get(group.currency) ?? 0) + group.monthly);
    counts[group.state === "past_due" ? "pastDue" : group.state] += group.count;
  }

  const viewsOf = (page: string, lang: string) => views.find((v) => v.page === page && v.lang === lang)?.views ?? 0;
  const all = OFFER_IDS.flatMap((offer) =>
    LANGUAGES.map((lang) => {
      const placed = orderCounts.find((c) => c.offer === offer && c.lang === lang);
      return {
        offer,
        lang,
        views: viewsOf(OFFER_PAGE[offer], lang),
        forms: viewsOf(orderFormPage(offer), lang),
        orders: placed?.orders ?? 0,
        paid: placed?.paid ?? 0,
      } as FunnelRow;
    }),
  );
  // A row per offer and language with forms opened or orders; a page viewed without either shows
  // once per language (as its first offer), not once per offer of a page that sells several (Veo3).
  const active = all.filter((row) => row.forms || row.orders);
  const samePage = (a: FunnelRow, b: FunnelRow) => a.lang === b.lang && OFFER_PAGE[a.offer] === OFFER_PAGE[b.offer];
  const rows = all.filter(
    (row) =>
      row.forms ||
      row.orders ||
      (row.views && !active.some((other) => samePage(other, row)) && all.find((other) => samePage(other, row)) === row),
  );
  // A page that sells several offers (Veo3) is viewed once: its views count once in the total.
  const pages = new Set(Object.values(OFFER_PAGE));
  const total = {
    views: views.filter((v) => pages.has(v.page as (typeof OFFER_PAGE)[OfferId])).reduce((sum, v) => sum + v.views, 0),
    forms: views.filter((v) => v.page.startsWith("order-form:")).reduce((sum, v) => sum + v.views, 0),
    orders: orderCounts.reduce((sum, c) => sum + c.orders, 0),
    paid: orderCounts.reduce((sum, c) => sum + c.paid, 0),
  };

  return {
    months,
    revenue: [...revenue.values()],
    chart: [...chart].map(([currency, amounts]) => ({ currency, amounts })),
    mrr: [...new Set(["EUR", ...mrr.keys()])]
      .sort(byCurrency)
      .map((currency) => ({ currency, amount: mrr.get(currency) ?? 0 })),
    subscriptions: counts,
    toDeliver,
    quotesWaiting,
    funnel: { fromDay, toDay: today, rows, total },
  };
}

/** Backups run daily: none for two days is something to look at. */
const BACKUP_STALE_MS = 48 * 3_600_000;

/** How many of the latest orders the front page lists (the orders page has the rest). */
export const LATEST_ORDERS = 5;

/** The front page: the figures, the latest orders, and the system tiles (each says whether it needs doing something). */
export async function dashboardPage(
  lang: Language,
  services: Pick<OrderServices, "inbox" | "orderPageUrl"> & { repo: StoresOf<"dashboard" | "stats" | "backOffice"> },
  now = new Date(),
) {
  const { repo } = services;
  // The latest orders as the orders list shows them unfiltered: a customer's abandoned tries folded under their sale.
  const [figures, health, latest] = await Promise.all([
    dashboardFigures(repo, now),
    healthSummary(services),
    ordersPage({ search: "", toDeliver: false, page: 1 }, lang, services, LATEST_ORDERS),
  ]);
  return {
    figures,
    latest: latest.orders,
    health: {
      ...health,
      alerts: {
        emailsFailed: health.emailsFailed > 0,
        ordersStuck: health.ordersStuck > 0,
        paymentEvents: health.paymentEventsUnhandled > 0,
        lastBackup: !health.lastBackup || now.getTime() - Date.parse(health.lastBackup) > BACKUP_STALE_MS,
        disk: health.disk?.low ?? true,
      },
    },
  };
}
