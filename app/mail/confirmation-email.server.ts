import { orderFields, orderTerms } from "../content/offers.ts";
import { firstMonthlyCharge, priceLine } from "../content/price-story.ts";
import { formatDate, formatMoney } from "../i18n/format.ts";
import { isLanguage, languageName, type Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import { acceptanceRows } from "./acceptance-rows.server.ts";
import {
  customerEmailHtml,
  escapeHtml,
  htmlHeading,
  htmlRows,
  type RenderedEmail,
  signer,
} from "./email-layout.server.ts";
import { nextSteps } from "./next-steps.server.ts";
import type { Order } from "../orders/types.ts";

export type { RenderedEmail };

/** Re-exported for the owner's emails (one escape function, in email-layout.server.ts). */
export { escapeHtml };

/** The summary lines shared by the email and the thank-you page, in `lang` (the reader's page). */
export function orderSummary(order: Order, lang: Language = order.lang): Array<[label: string, value: string]> {
  const t = translator(lang);
  const offerName = translator(lang, "offers")(`${order.offer}.name`);
  const rows: Array<[string, string]> = [
    [t("summary.reference"), order.reference],
    [t("summary.offer"), offerName],
    [t("summary.paidNow"), formatMoney(order.amountDueNow, order.currency, lang)],
  ];
  if (order.monthly) rows.push([t("summary.monthly"), formatMoney(order.monthly, order.currency, lang)]);
  rows.push([t("summary.name"), `${order.customer.firstName} ${order.customer.lastName}`]);
  // The answers of this offer's form, in its order (the catalogue says which).
  for (const field of orderFields(order.offer)) {
    if (field === "firstName" || field === "lastName") continue;
    const value = order.customer[field];
    if (!value) continue;
    if (field === "connectZapier") rows.push([t("summary.connectZapier"), t(value === "oui" ? "form.yes" : "form.no")]);
    else if (field === "videoLanguage")
      rows.push([t("summary.videoLanguage"), isLanguage(value) ? languageName(value) : value]);
    else rows.push([t(`summary.${field}`), value]);
  }
  return rows;
}

/** The order's price story with its real date (first monthly charge after the payment). */
export function orderPriceLine(order: Order, lang: Language = order.lang) {
  // The order's price (its currency, or its proposal's terms), told in `lang`: the page's language after a switch.
  const price = orderTerms(order).price;
  // From the payment date, not the stored period end (which moves on at each renewal).
  const firstCharge = firstMonthlyCharge(price, new Date(order.paidAt ?? order.createdAt));
  return priceLine(translator(lang, "common"), price, lang, firstCharge);
}

export interface ConfirmationLinks {
  /** Signed "manage my subscription" link (subscriptions only). */
  manageUrl?: string;
  /** Sandbox: the site's own HTML invoice; Stripe sends its invoice itself. */
  invoiceUrl?: string;
  /** The customer's order page (signed link): due date and progress. */
  orderPageUrl?: string;
}

/** The confirmation email in the order's language: plain text and HTML with the same content. */
export function renderConfirmationEmail(
  order: Order,
  options: { contactEmail: string; resend?: boolean; publicOrigin?: string } & ConfirmationLinks,
): RenderedEmail {
  // Email copy has its own namespace so it is never shipped to the browser with the order page.
  const t = translator(order.lang, "email");
  const brand = translator(order.lang, "common")("brand");
  const offerName = translator(order.lang, "offers")(`${order.offer}.name`);
  // The customer's language, the business's time zone (Europe/Paris), with its abbreviation.
  const paidAt = formatDate(new Date(order.paidAt ?? order.updatedAt), order.lang, true);
  const subject = t("subject", { offer: offerName, brand });
  const greeting = t("greeting", { name: order.customer.firstName });
  const intro = t("intro", { offer: offerName, date: paidAt });
  const nextTitle = translator(order.lang, "order")("nextSteps.title");
  const steps = nextSteps(order, order.lang);
  const contact = t("contact", { email: options.contactEmail });
  const signature = t("signature", { brand, name: signer() });
  const summary = orderSummary(order);
  // The durable-medium confirmation of what the buyer agreed to (CRD art. 8(7), 16(m)).
  const accepted = acceptanceRows(order);
  const tb = (key: string) => t(`billing.${key}`);
  const price = orderPriceLine(order).text;
  const invoice = options.invoiceUrl ? `${tb("invoiceSandbox")} ${options.invoiceUrl}` : tb("invoiceStripe");
  const manage = options.manageUrl ? `${tb("manageIntro")} ${options.manageUrl}` : null;
  const tp = translator(order.lang, "order-page");
  // The main button: the brief, which the work starts from (its page also shows progress and due date).
  const orderPage = options.orderPageUrl ? `${tp("briefFirst.emailIntro")} ${options.orderPageUrl}` : null;

  const text = [
    greeting,
    "",
    intro,
    "",
    ...(orderPage ? [orderPage, ""] : []),
    t("summaryTitle"),
    ...summary.map(([label, value]) => `- ${label}: ${value.replace(/\n/g, "\n  ")}`),
    "",
    ...(accepted.length ? [t("acceptanceTitle"), ...accepted.map(([label, value]) => `- ${label}: ${value}`), ""] : []),
    `${tb("priceTitle")}: ${price}`,
    invoice,
    ...(manage ? ["", manage] : []),
    "",
    nextTitle,
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    "",
    contact,
    "",
    signature,
    "",
  ].join("\n");

  const html = customerEmailHtml({
    lang: order.lang,
    subject,
    brand,
    publicOrigin: options.publicOrigin,
    greeting,
    intro,
    sections: `${options.orderPageUrl ? `<p style="margin-top:24px" data-order-page>${escapeHtml(tp("briefFirst.emailIntro"))}<br><a href="${escapeHtml(options.orderPageUrl)}" style="display:inline-block;margin-top:8px;padding:10px 16px;background:#6d28d9;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(tp("briefFirst.emailButton"))}</a></p>` : ""}
${htmlHeading(t("summaryTitle"))}
${htmlRows(summary)}
${accepted.length ? `<div data-acceptance>${htmlHeading(t("acceptanceTitle"))}\n${htmlRows(accepted)}</div>` : ""}
<p style="margin-top:24px"><strong>${escapeHtml(tb("priceTitle"))}:</strong> <span data-price-line>${escapeHtml(price)}</span></p>
<p>${options.invoiceUrl ? `${escapeHtml(tb("invoiceSandbox"))} <a href="${escapeHtml(options.invoiceUrl)}">${escapeHtml(tb("invoiceLabel"))}</a>` : escapeHtml(tb("invoiceStripe"))}</p>
${options.manageUrl ? `<p>${escapeHtml(tb("manageIntro"))}<br><a href="${escapeHtml(options.manageUrl)}" style="display:inline-block;margin-top:8px;padding:10px 16px;background:#6d28d9;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(tb("manageLabel"))}</a></p>` : ""}
${htmlHeading(nextTitle)}
<ol style="padding-left:20px;margin:0">${steps.map((step) => `<li style="margin:4px 0">${escapeHtml(step)}</li>`).join("")}</ol>`,
    contactLead: t("contact", { email: "" }),
    contactEmail: options.contactEmail,
    signature,
  });
  return { subject: options.resend ? `${subject} (${t("copy")})` : subject, text, html };
}
