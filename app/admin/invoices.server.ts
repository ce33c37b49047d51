import { creditNotesOf } from "../billing/credit-notes.server.ts";
import type { Currency } from "../content/offers.ts";
import { dateTimeFormatter, formatMoney, formatMonth } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import type { Order } from "../orders/types.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";
import { businessDay } from "../stats/page-views.server.ts";
import { monthBefore, startOfBusinessDay } from "./dashboard.server.ts";

/**
 * The invoices and receipts page: each order paid in a month (the business's months, as the
 * dashboard counts them) with the papers issued for it: Stripe's hosted invoice, its PDF and the
 * card receipt where Stripe issued them; the sandbox's own invoice page in demo mode. Under each
 * invoice, its credit notes: every refund of the order, whole or part, whenever it was made
 * (billing/credit-notes.server.ts), so the month's figures are what was kept: gross, refunded, net.
 */

/** More paid orders in one month than one person sells; the page says when it shows only these. */
export const INVOICES_MAX = 500;
/** Stripe is asked about this many orders at a time (each answer takes a few requests). */
const ASK_AT_ONCE = 4;

export type Paper = { kind: "invoice" | "invoicePdf" | "receipt" | "sandboxInvoice"; url: string };

/** `?month=YYYY-MM`, this month when absent; null when given and not a month. */
export function readMonth(value: string | null, now = new Date()): string | null {
  if (value === null || value === "") return businessDay(now).slice(0, 7);
  const match = /^(\d{4})-(\d{2})$/.exec(value.trim());
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12 || Number(match[1]) < 2000 || Number(match[1]) > 2999)
    return null;
  return `${match[1]}-${match[2]}`;
}

/** Runs `work` over `items`, at most `limit` at a time, keeping their order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export async function invoicesPage(
  month: string,
  lang: Language,
  services: Pick<OrderServices, "sandbox" | "invoiceUrl" | "provider"> & { repo: StoresOf<"dashboard" | "database"> },
) {
  const from = startOfBusinessDay(`${month}-01`);
  const to = startOfBusinessDay(`${monthBefore(month, -1)}-01`);
  const orders = await services.repo.paidBetween(from, to, INVOICES_MAX);
  const offerName = translator(lang, "offers");
  const erased = translator(lang, "data-rights")("erasedCustomer");
  const dateTime = dateTimeFormatter(lang, "short");
  const notes = await creditNotesOf(services.repo.db, orders);

  const papersOf = async (order: Order): Promise<{ papers: Paper[]; unavailable: boolean }> => {
    // The sandbox's invoice page, signed as the confirmation email links it (only while the sandbox runs).
    if (order.provider === "sandbox")
      return {
        papers: services.sandbox ? [{ kind: "sandboxInvoice", url: services.invoiceUrl(order) }] : [],
        unavailable: false,
      };
    if (!order.sessionId || services.provider.name !== "stripe") return { papers: [], unavailable: false };
    try {
      const found = await services.provider.documents(order.sessionId);
      const papers: Paper[] = [];
      if (found?.invoiceUrl) papers.push({ kind: "invoice", url: found.invoiceUrl });
      if (found?.invoicePdf) papers.push({ kind: "invoicePdf", url: found.invoicePdf });
      if (found?.receiptUrl) papers.push({ kind: "receipt", url: found.receiptUrl });
      return { papers, unavailable: false };
    } catch {
      // Stripe unreachable: the row says so; the rest of the page still shows.
      return { papers: [], unavailable: true };
    }
  };

  const rows = await mapLimited(orders, ASK_AT_ONCE, async (order) => ({
    id: order.id,
    reference: order.reference,
    paidAt: order.paidAt ?? order.createdAt,
    date: dateTime(order.paidAt ?? order.createdAt),
    name: order.erasedAt ? erased : `${order.customer.firstName} ${order.customer.lastName}`,
    offer: offerName(`${order.offer}.name`),
    amount: formatMoney(order.amountDueNow, order.currency as Currency, lang),
    creditNotes: (notes.get(order.id) ?? []).map((note) => ({
      number: note.number,
      at: note.at,
      date: dateTime(note.at),
      amount: formatMoney(-note.amount, note.currency as Currency, lang),
      providerRef: note.providerRef,
    })),
    net: notes.has(order.id)
      ? formatMoney(
          order.amountDueNow - notes.get(order.id)!.reduce((sum, note) => sum + note.amount, 0),
          order.currency as Currency,
          lang,
        )
      : null,
    ...(await papersOf(order)),
  }));

  // Per currency: what the month's invoices billed, what their credit notes gave back, what was kept.
  const sums = new Map<string, { gross: number; refunded: number }>();
  const sumOf = (currency: string) =>
    sums.get(currency) ?? sums.set(currency, { gross: 0, refunded: 0 }).get(currency)!;
  for (const order of orders) sumOf(order.currency).gross += order.amountDueNow;
  for (const note of [...notes.values()].flat()) sumOf(note.currency).refunded += note.amount;
  const money = (amount: number, currency: string) => formatMoney(amount, currency as Currency, lang);
  const join = (pick: (sum: { gross: number; refunded: number }, currency: string) => string) =>
    [...sums].map(([currency, sum]) => pick(sum, currency)).join(" · ");
  const refunded = [...sums.values()].some((sum) => sum.refunded > 0);
  return {
    month,
    monthName: formatMonth(month, lang, "long"),
    previous: monthBefore(month, 1),
    next: month < businessDay(new Date()).slice(0, 7) ? monthBefore(month, -1) : null,
    rows,
    total: join((sum, currency) => money(sum.gross, currency)),
    refunded: refunded ? join((sum, currency) => money(-sum.refunded, currency)) : null,
    net: refunded ? join((sum, currency) => money(sum.gross - sum.refunded, currency)) : null,
    cut: orders.length >= INVOICES_MAX,
  };
}
