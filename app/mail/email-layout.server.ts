import { unbrokenParts } from "../lib/unbroken.ts";
import type { Language } from "../i18n/languages.ts";
import { getSiteConfig } from "../config/site.server.ts";
import { isLanguage } from "../i18n/languages.ts";
import { applyTypography } from "../i18n/typography.ts";

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

/** The site's mark as a PNG in public/ (made from public/favicon.svg, the mark of app/components/logo.tsx, by tools/render-og-image.ts). */
export const EMAIL_LOGO_PATH = "/email-logo.png";

/**
 * SpamAssassin's HTML_IMAGE_ONLY_04 … HTML_IMAGE_ONLY_32 add up to about 2.8 points to an email
 * whose HTML part holds an image and is at most 3,200 characters long: Mail::SpamAssassin::HTML
 * counts the whole part it parses (`$self->{length} += length($text)`, tags included), and
 * `html_image_only` fires for any length in (0, 3200] when an <img> is inside. A short email (an
 * unlock link, a notice) is therefore sent without the logo's image, with the mark it shows anyway
 * while a mail app blocks images: the brand's initial on the logo's gradient.
 */
export const IMAGE_ONLY_LIMIT = 3_200;
/** Room for what changes after the frame is built (typesetEmail turns "..." into "…"), so a part just over the limit stays over it. */
const IMAGE_ONLY_MARGIN = 400;

/**
 * Every email's frame, the customer's and the owner's alike: the site's mark and name, linking to
 * the site, then the body. Inline styles only.
 *
 * The mark is the site's own logo as a PNG at an absolute URL on the site: mail apps (Gmail,
 * Outlook) drop inline SVG and SVG images, while a hosted PNG shows nearly everywhere. Many apps
 * block remote images until the reader allows them: the cell behind the image is painted with the
 * logo's gradient and the brand's name stands beside it, so the header reads the same without it.
 * Without an origin (a renderer called on its own, in a test), and in a short email (IMAGE_ONLY_LIMIT),
 * the tile carries the brand's initial instead of the image.
 */
export function brandedHtml({
  lang,
  subject,
  brand,
  publicOrigin,
  body: html,
}: {
  lang: Language;
  subject: string;
  brand: string;
  publicOrigin?: string;
  body: string;
}): string {
  const body = keepAddressesWhole(html);
  const name = publicOrigin
    ? `<a href="${escapeHtml(publicOrigin)}" style="color:#0f172a;text-decoration:none">${escapeHtml(brand)}</a>`
    : escapeHtml(brand);
  const initial = escapeHtml(brand.charAt(0));
  const frame = (mark: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f7f8fc;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<table role="presentation" style="border-collapse:collapse;margin:0 0 24px"><tr>
<td style="width:36px;height:36px;padding:0;border-radius:10px;background:#8b5cf6;background-image:linear-gradient(135deg,#8b5cf6,#22d3ee);color:#fff;font-weight:700;font-size:18px;text-align:center;vertical-align:middle">${mark}</td>
<td style="padding-left:10px;font-size:18px;font-weight:700;color:#0f172a">${name}</td>
</tr></table>
${body}
</div></body></html>
`;
  if (!publicOrigin) return frame(initial);
  const withImage = frame(
    `<img src="${escapeHtml(new URL(EMAIL_LOGO_PATH, publicOrigin).href)}" width="36" height="36" alt="" style="display:block;border:0;border-radius:10px">`,
  );
  return withImage.length > IMAGE_ONLY_LIMIT + IMAGE_ONLY_MARGIN ? withImage : frame(initial);
}

/** A button-like link (the manage-subscription link, an owner notice's "open the order"). */
export const htmlButton = (link: { label: string; href: string }) =>
  `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 16px;background:#6d28d9;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(link.label)}</a></p>`;

/** Who signs the customer's emails: the person, as the site speaks in the first person (one voice). */
export function signer(): string {
  return getSiteConfig().person.name;
}

/**
 * Every email address and order reference in the body's text (never in its attributes) in pieces
 * a mail app cannot break at a hyphen, with break points only before "@" and dots (app/lib/unbroken.ts).
 */
function keepAddressesWhole(html: string): string {
  return html.replace(/>([^<]+)</g, (_, text: string) => {
    const parts = unbrokenParts(text).map((part) =>
      part.pieces
        ? `<span data-unbroken>${part.pieces.map((piece) => `<span style="white-space:nowrap">${piece}</span>`).join("<wbr>")}</span>`
        : part.text,
    );
    return `>${parts.join("")}<`;
  });
}

/** Addresses and links, which a typographic rule must never change (an apostrophe in "o'brien@…", a "?" in a URL). */
const UNTOUCHABLE = /(\S*(?:@|:\/\/)\S*)/u;

function typesetText(lang: Language, text: string): string {
  return text
    .split(UNTOUCHABLE)
    .map((part, index) => (index % 2 ? part : applyTypography(lang, part)))
    .join("");
}

/**
 * An email set by its language's rules (app/i18n/typography.ts), the same function as the pages':
 * in French "Prix\u00a0:" and "Une question\u202f?", in the subject, the plain text and the HTML's text
 * (never its tags or attributes). The renderers write `${label}: ${value}` in every language; this
 * is where French gets its spaces, so no renderer can forget them. The language is the one the email
 * declares on its <html> (brandedHtml frames every email).
 */
export function typesetEmail<E extends RenderedEmail>(email: E): E {
  const declared = /<html lang="([a-z]{2})"/.exec(email.html)?.[1];
  if (!declared || !isLanguage(declared)) return email;
  const lang = declared;
  return {
    ...email,
    subject: typesetText(lang, email.subject),
    text: typesetText(lang, email.text),
    html: email.html.replace(/>([^<]+)</g, (_, text: string) => `>${typesetText(lang, text)}<`),
  };
}
