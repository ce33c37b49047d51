import { orderTerms } from "../content/offers.ts";
import { formatDate, formatMoney } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import type { Order } from "../orders/types.ts";

/**
 * When the first monthly charge after checkout falls: the paid-for months (Stripe trial days =
 * 30 × monthlyStartsAfterMonths) or one month after payment.
 */
export function firstMonthlyChargeDate(order: Order): Date | null {
  if (!order.monthly) return null;
  const paid = new Date(order.paidAt ?? order.createdAt);
  const months = orderTerms(order).price.monthlyStartsAfterMonths;
  if (months) return new Date(paid.getTime() + months * 30 * 86_400_000);
  const next = new Date(paid);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * What happens after payment, per offer, in `lang`: first the customer's brief (every offer's
 * order page asks one, and the work starts from it: the thank-you page and the confirmation put its
 * button first), then who acts (we read the brief, or we get in touch), the offer's delivery time
 * from the catalogue, and the first monthly charge.
 */
export function nextSteps(order: Order, lang: Language): string[] {
  const t = translator(lang, "order");
  const offer = orderTerms(order);
  const steps = [
    t("nextSteps.brief"),
    t(`nextSteps.first.${offer.kind}`, { email: order.customer.email }),
    // An offer's own words where its kind's would be wrong ("video_veo3-single": one video, not "your videos").
    t(`nextSteps.delivery.${offer.kind}`, {
      hours: offer.delivery.hours,
      days: offer.delivery.businessDays,
      context: order.offer,
    }),
  ];
  const charge = firstMonthlyChargeDate(order);
  if (charge)
    steps.push(
      t("nextSteps.monthly", {
        amount: formatMoney(order.monthly, order.currency, lang),
        date: formatDate(charge, lang),
      }),
    );
  return steps;
}
