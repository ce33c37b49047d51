import { formatMoney } from "../i18n/format.ts";
import { SWITCHER, type Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import type { Order } from "./types.ts";

/**
 * Every stored fact of an order, labelled in `lang` (the owner's language, not the customer's):
 * the owner's notification and the back office's order page show the same list.
 */
export function orderFields(order: Order, lang: Language): Array<[label: string, value: string]> {
  const form = translator(lang, "order");
  const t = translator(lang, "admin");
  const offerName = translator(lang, "offers")(`${order.offer}.name`);
  const c = order.customer;
  const rows: Array<[string, string]> = [
    [form("summary.reference"), order.id],
    [form("summary.offer"), offerName],
    [form("summary.paidNow"), formatMoney(order.amountDueNow, order.currency, lang)],
    [form("summary.monthly"), order.monthly ? formatMoney(order.monthly, order.currency, lang) : "—"],
    [form("form.firstName"), c.firstName],
    [form("form.lastName"), c.lastName],
    [form("form.email"), c.email],
    [form("form.companyName"), c.companyName || "—"],
    [form("form.address"), c.address || "—"],
    [form("form.postalCode"), c.postalCode || "—"],
    [form("form.city"), c.city || "—"],
    [form("form.country"), c.country || "—"],
    [form("form.phoneNumber"), c.phoneNumber || "—"],
    [form("form.agentName"), c.agentName || "—"],
    [form("form.telegramId"), c.telegramId || "—"],
    [form("form.connectZapier"), form(c.connectZapier === "oui" ? "form.yes" : "form.no")],
    [form("form.comments"), c.comments || "—"],
    [t("fields.language"), SWITCHER.find((entry) => entry.lang === order.lang)?.name ?? order.lang],
    [t("fields.state"), t(`states.${order.state}`)],
    [t("fields.payments"), order.provider === "sandbox" ? t("health.sandbox") : "Stripe"],
  ];
  return rows;
}
