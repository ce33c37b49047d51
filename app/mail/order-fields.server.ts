import { formatMoney } from "../i18n/format.ts";
import { CHECKOUT_FIELDS, orderFields as offerQuestions } from "../content/offers.ts";
import { countryName } from "../content/countries.ts";
import { orderFieldSpec } from "../content/order-fields.ts";
import { SWITCHER, isLanguage, languageName, type Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import { acceptanceRows } from "./acceptance-rows.server.ts";
import type { Order } from "../orders/types.ts";

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
    [form("summary.reference"), order.reference],
    [form("summary.offer"), offerName],
    [form("summary.paidNow"), formatMoney(order.amountDueNow, order.currency, lang)],
    [form("summary.monthly"), order.monthly ? formatMoney(order.monthly, order.currency, lang) : "—"],
    // The questions this offer asked (the catalogue says which), in the form's order.
    ...offerQuestions(order.offer).map((field): [string, string] => {
      const value = (c as Record<string, string | undefined>)[field] ?? "";
      // Labelled and written as the form asks it (the field registry's `control`).
      const control = orderFieldSpec(field).control;
      if (control === "yesNo") return [form(`form.${field}`), form(value === "oui" ? "form.yes" : "form.no")];
      if (control === "language")
        return [form(`form.${field}`), isLanguage(value) ? languageName(value) : value || "—"];
      return [form(`form.${field}`), value || "—"];
    }),
    // The billing address the checkout collected (older orders: as the form asked it), once there is one.
    ...(CHECKOUT_FIELDS.some((field) => c[field])
      ? CHECKOUT_FIELDS.map((field): [string, string] => {
          const value = c[field] ?? "";
          return [
            form(`form.${field}`),
            (orderFieldSpec(field).control === "country" ? countryName(value, lang) : value) || "—",
          ];
        })
      : []),
    // What the buyer agreed to: the terms (version, language read, when) and any immediate-start waiver.
    ...acceptanceRows(order, lang),
    [t("fields.language"), SWITCHER.find((entry) => entry.lang === order.lang)?.name ?? order.lang],
    [t("fields.state"), t(`states.${order.state}`)],
    [t("fields.payments"), order.provider === "sandbox" ? t("health.sandbox") : "Stripe"],
  ];
  return rows;
}
