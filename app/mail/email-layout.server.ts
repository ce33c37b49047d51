import type { Language } from "../i18n/languages.ts";
import { getSiteConfig } from "../config/site.server.ts";

/** An email's content, the same in plain text and HTML. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** Label/value rows as an HTML table (values keep their line breaks). */
export function htmlRows(rows: Array<[label: string, value: string]>): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:6px 12px 6px 0;color:#475569;font-weight:600;vertical-align:top;width:38%">${escapeHtml(label)}</th><td style="padding:6px 0;white-space:pre-line;overflow-wrap:anywhere;word-break:break-word">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" style="border-collapse:collapse;font-size:14px;width:100%;table-layout:fixed">${cells}</table>`;
}

/** A section's title inside an email. */
export const htmlHeading = (title: string) => `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(title)}</h2>`;

/**
 * An email to a customer, in the frame below: greeting, intro, the email's own sections (HTML),
 * then how to reach us (`contactLead` before a mailto link) and the signature.
 */
export function customerEmailHtml(email: {
  lang: Language;
  subject: string;
  brand: string;
  publicOrigin?: string;
  greeting: string;
  intro: string;
  sections: string;
  contactLead: string;
  contactEmail: string;
  signature: string;
}): string {
  const contact = escapeHtml(email.contactEmail);
  return brandedHtml({
    ...email,
    body: `<p>${escapeHtml(email.greeting)}</p>
<p>${escapeHtml(email.intro)}</p>
${email.sections}
<p>${escapeHtml(email.contactLead).trim()} <a href="mailto:${contact}">${contact}</a></p>
<p>${escapeHtml(email.signature)}</p>`,
  });
}

/**
 * Every email's frame: the site's mark (its initial on the logo's gradient; images are often
 * blocked by mail apps) and name, linking to the site, then the body. Inline styles only.
 */
export function brandedHtml({ lang, subject, brand, publicOrigin, body }: { lang: Language; subject: string; brand: string; publicOrigin?: string; body: string }): string {
  const name = publicOrigin ? `<a href="${escapeHtml(publicOrigin)}" style="color:#0f172a;text-decoration:none">${escapeHtml(brand)}</a>` : escapeHtml(brand);
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f7f8fc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<table role="presentation" style="border-collapse:collapse;margin:0 0 24px"><tr>
<td style="width:36px;height:36px;border-radius:10px;background:#7c3aed;background-image:linear-gradient(135deg,#22d3ee,#7c3aed);color:#fff;font-weight:700;font-size:18px;text-align:center;vertical-align:middle">${escapeHtml(brand.charAt(0))}</td>
<td style="padding-left:10px;font-size:18px;font-weight:700;color:#0f172a">${name}</td>
</tr></table>
${body}
</div></body></html>
`;
}

/** Who signs the customer's emails: the person, as the site speaks in the first person (one voice). */
export function signer(): string {
  return getSiteConfig().person.name;
}
