import { formatMoney, getOffer } from "../content/offers.ts";
import { intlLocale, type Language } from "../i18n/languages.ts";
import { translator } from "./translate.server.ts";
import type { Order } from "./types.ts";

/** The business's time zone: every date a customer reads is in it (not UTC). */
export const BUSINESS_TIME_ZONE = "Europe/Paris";

/** "24 November 2026 at 14:05 CET", in the reader's language and the business's time zone. */
export function formatDateTime(date: Date, lang: Language): string {
  return new Intl.DateTimeFormat(intlLocale(lang), {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: BUSINESS_TIME_ZONE,
    timeZoneName: "short",
  }).format(date);
}

export function formatDate(date: Date, lang: Language): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: "long", timeZone: BUSINESS_TIME_ZONE }).format(date);
}

/**
 * When the first monthly charge after checkout falls: the paid-for months (Stripe trial days =
 * 30 × monthlyStartsAfterMonths) or one month after payment.
 */
export function firstMonthlyChargeDate(order: Order): Date | null {
  if (!order.monthly) return null;
  const paid = new Date(order.paidAt ?? order.createdAt);
  const months = getOffer(order.offer).price(order.lang).monthlyStartsAfterMonths;
  if (months) return new Date(paid.getTime() + months * 30 * 86_400_000);
  const next = new Date(paid);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * What happens after payment, per offer, in `lang`: who acts first (we read the brief, or we get
 * in touch), the offer's delivery time from the catalogue, and the first monthly charge.
 */
export function nextSteps(order: Order, lang: Language): string[] {
  const t = translator(lang, "order");
  const offer = getOffer(order.offer);
  const steps = [t(`nextSteps.first.${offer.kind}`, { email: order.customer.email }), t(`nextSteps.delivery.${offer.kind}`, { hours: offer.deliveryHours })];
  const charge = firstMonthlyChargeDate(order);
  if (charge) steps.push(t("nextSteps.monthly", { amount: formatMoney(order.monthly, order.currency, lang), date: formatDate(charge, lang) }));
  return steps;
}
