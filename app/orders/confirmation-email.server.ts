import { formatMoney, orderFields } from "../content/offers.ts";
import { intlLocale, isLanguage, languageName } from "../i18n/languages.ts";
import { translator } from "./translate.server.ts";
import type { Order } from "./types.ts";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
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
  rows.push([t("summary.name"), `${order.customer.firstName} ${order.customer.lastName}`]);
  // The answers of this offer's form, in its order (the catalogue says which).
  for (const field of orderFields(order.offer)) {
    if (field === "firstName" || field === "lastName") continue;
    const value = order.customer[field];
    if (!value) continue;
    if (field === "connectZapier") rows.push([t("summary.connectZapier"), t(value === "oui" ? "form.yes" : "form.no")]);
    else if (field === "videoLanguage") rows.push([t("summary.videoLanguage"), isLanguage(value) ? languageName(value) : value]);
    else rows.push([t(`summary.${field}`), value]);
  }
  return rows;
}

/** The confirmation email in the order's language: plain text and HTML with the same content. */
export function renderConfirmationEmail(order: Order, options: { contactEmail: string; resend?: boolean }): RenderedEmail {
  // Email copy has its own namespace so it is never shipped to the browser with the order page.
  const t = translator(order.lang, "email");
  const brand = translator(order.lang, "common")("brand");
  const offerName = translator(order.lang, "offers")(`${order.offer}.name`);
  const paidAt = new Intl.DateTimeFormat(intlLocale(order.lang), { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(
    new Date(order.paidAt ?? order.updatedAt),
  );
  const subject = t("subject", { offer: offerName, brand });
  const greeting = t("greeting", { name: order.customer.firstName });
  const intro = t("intro", { offer: offerName, date: `${paidAt} UTC` });
  const next = t("next");
  const contact = t("contact", { email: options.contactEmail });
  const signature = t("signature", { brand });
  const summary = orderSummary(order);

  const text = [
    greeting,
    "",
    intro,
    "",
    t("summaryTitle"),
    ...summary.map(([label, value]) => `- ${label}: ${value.replace(/\n/g, "\n  ")}`),
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
<p style="margin-top:24px">${escapeHtml(next)}</p>
<p>${escapeHtml(t("contact", { email: "" })).trim()} <a href="mailto:${escapeHtml(options.contactEmail)}">${escapeHtml(options.contactEmail)}</a></p>
<p>${escapeHtml(signature)}</p>
</div></body></html>
`;
  return { subject: options.resend ? `${subject} (${t("copy")})` : subject, text, html };
}
