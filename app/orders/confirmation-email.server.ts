import { getOffer } from "../content/offers.ts";
import { firstMonthlyCharge, priceLine } from "../content/price-story.ts";
import { translator } from "../i18n/translator.server.ts";
import type { Order } from "./types.ts";
import { formatDate, formatMoney } from "../i18n/format.ts";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** The summary lines shared by the email and the thank-you page. */
export function orderSummary(order: Order): Array<[label: string, value: string]> {
  const t = translator(order.lang);
  const offerName = translator(order.lang, "offers")(`${order.offer}.name`);
  const rows: Array<[string, string]> = [
    [t("summary.reference"), order.id],
    [t("summary.offer"), offerName],
    [t("summary.paidNow"), formatMoney(order.amountDueNow, order.currency, order.lang)],
  ];
  if (order.monthly) rows.push([t("summary.monthly"), formatMoney(order.monthly, order.currency, order.lang)]);
  rows.push(
    [t("summary.name"), `${order.customer.firstName} ${order.customer.lastName}`],
    [t("summary.email"), order.customer.email],
    [t("summary.agentName"), order.customer.agentName],
    [t("summary.telegramId"), order.customer.telegramId],
    [t("summary.connectZapier"), t(order.customer.connectZapier === "oui" ? "form.yes" : "form.no")],
  );
  if (order.customer.comments) rows.push([t("summary.comments"), order.customer.comments]);
  return rows;
}

/** The order's price story with its real date (first monthly charge after the payment). */
export function orderPriceLine(order: Order) {
  const price = getOffer(order.offer).price(order.lang);
  // From the payment date, not the stored period end (which moves on at each renewal).
  const firstCharge = firstMonthlyCharge(price, new Date(order.paidAt ?? order.createdAt));
  return priceLine(translator(order.lang, "common"), price, order.lang, firstCharge);
}

export interface ConfirmationLinks {
  /** Signed "manage my subscription" link (subscriptions only). */
  manageUrl?: string;
  /** Sandbox: the site's own HTML invoice; Stripe sends its invoice itself. */
  invoiceUrl?: string;
}

/** The confirmation email in the order's language: plain text and HTML with the same content. */
export function renderConfirmationEmail(order: Order, options: { contactEmail: string; resend?: boolean } & ConfirmationLinks): RenderedEmail {
  // Email copy has its own namespace so it is never shipped to the browser with the order page.
  const t = translator(order.lang, "email");
  const brand = translator(order.lang, "common")("brand");
  const offerName = translator(order.lang, "offers")(`${order.offer}.name`);
  const paidAt = formatDate(new Date(order.paidAt ?? order.updatedAt), order.lang, true);
  const subject = t("subject", { offer: offerName, brand });
  const greeting = t("greeting", { name: order.customer.firstName });
  const intro = t("intro", { offer: offerName, date: `${paidAt} UTC` });
  const next = t("next");
  const contact = t("contact", { email: options.contactEmail });
  const signature = t("signature", { brand });
  const summary = orderSummary(order);
  const tb = (key: string) => t(`billing.${key}`);
  const price = orderPriceLine(order).text;
  const invoice = options.invoiceUrl ? `${tb("invoiceSandbox")} ${options.invoiceUrl}` : tb("invoiceStripe");
  const manage = options.manageUrl ? `${tb("manageIntro")} ${options.manageUrl}` : null;

  const text = [
    greeting,
    "",
    intro,
    "",
    t("summaryTitle"),
    ...summary.map(([label, value]) => `- ${label}: ${value.replace(/\n/g, "\n  ")}`),
    "",
    `${tb("priceTitle")}: ${price}`,
    invoice,
    ...(manage ? ["", manage] : []),
    "",
    next,
    "",
    contact,
    "",
    signature,
    "",
  ].join("\n");

  const rows = summary
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:6px 12px 6px 0;color:#475569;font-weight:600;vertical-align:top">${escapeHtml(label)}</th><td style="padding:6px 0;white-space:pre-line">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html>
<html lang="${order.lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f7f8fc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-size:18px;font-weight:700;color:#6d28d9;margin:0 0 24px">${escapeHtml(brand)}</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(t("summaryTitle"))}</h2>
<table role="presentation" style="border-collapse:collapse;font-size:14px">${rows}</table>
<p style="margin-top:24px"><strong>${escapeHtml(tb("priceTitle"))}:</strong> <span data-price-line>${escapeHtml(price)}</span></p>
<p>${options.invoiceUrl ? `${escapeHtml(tb("invoiceSandbox"))} <a href="${escapeHtml(options.invoiceUrl)}">${escapeHtml(tb("invoiceLabel"))}</a>` : escapeHtml(tb("invoiceStripe"))}</p>
${options.manageUrl ? `<p>${escapeHtml(tb("manageIntro"))}<br><a href="${escapeHtml(options.manageUrl)}" style="display:inline-block;margin-top:8px;padding:10px 16px;background:#6d28d9;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(tb("manageLabel"))}</a></p>` : ""}
<p style="margin-top:24px">${escapeHtml(next)}</p>
<p>${escapeHtml(t("contact", { email: "" })).trim()} <a href="mailto:${escapeHtml(options.contactEmail)}">${escapeHtml(options.contactEmail)}</a></p>
<p>${escapeHtml(signature)}</p>
</div></body></html>
`;
  return { subject: options.resend ? `${subject} (${t("copy")})` : subject, text, html };
}
