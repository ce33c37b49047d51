import { signer } from "./email-layout.server.ts";
import { languageName, type Language } from "../i18n/languages.ts";
import { escapeHtml, type RenderedEmail } from "./confirmation-email.server.ts";
import { emailKindLabel } from "./email-kinds.ts";
import { orderFields } from "./order-fields.server.ts";
import { translator } from "../i18n/translator.server.ts";
import type { Order } from "../orders/types.ts";
import type { OutboxRow } from "./types.ts";
import type { QuoteRequest } from "../quotes/types.ts";

export interface OwnerEmailOptions {
  lang: Language;
  /** Absolute URL of the order in the back office. */
  orderUrl: string;
}

/** Plain text and HTML with the same lines: an intro, a table of label/value rows, a link. */
function render(subject: string, intro: string, rows: Array<[string, string]>, link: { label: string; url: string }, lang: Language): RenderedEmail {
  const text = [intro, "", ...rows.map(([label, value]) => `${label}: ${value.replace(/\n/g, "\n  ")}`), "", `${link.label}: ${link.url}`, ""].join("\n");
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#475569;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-line">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<p>${escapeHtml(intro)}</p>
<table role="presentation" style="border-collapse:collapse;font-size:14px">${cells}</table>
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
</body></html>
`;
  return { subject, text, html };
}

/** To the owner, once per paid order: every field of the form, the amounts, a link to the order. */
export function renderOwnerOrderEmail(order: Order, options: OwnerEmailOptions): RenderedEmail {
  const t = translator(options.lang, "admin");
  const offer = translator(options.lang, "offers")(`${order.offer}.name`);
  const name = `${order.customer.firstName} ${order.customer.lastName}`;
  return render(
    t("notify.paidSubject", { offer, name }),
    t("notify.paidIntro", { offer, name }),
    orderFields(order, options.lang),
    { label: t("notify.open"), url: options.orderUrl },
    options.lang,
  );
}

/** To the owner, once per pause: the automation endpoint failed for too long and waits to be resumed. */
export function renderOwnerWebhookPausedEmail(options: { lang: Language; about: string; url: string }): RenderedEmail {
  const t = translator(options.lang, "admin");
  return render(t("notify.webhookPausedSubject"), t("notify.webhookPausedIntro"), [[t("fields.reference"), options.about]], { label: t("notify.webhookPausedOpen"), url: options.url }, options.lang);
}

/** To the owner who asked for it: a single-use link that lifts the account-wide sign-in lock for one browser. */
export function renderOwnerUnlockEmail(options: { lang: Language; url: string; minutes: number }): RenderedEmail {
  const t = translator(options.lang, "admin");
  return render(t("notify.unlockSubject"), t("notify.unlockIntro", { minutes: options.minutes }), [], { label: t("notify.unlockOpen"), url: options.url }, options.lang);
}

/** To the owner at the very first start (or after `npm run owner -- reset`): the one-time set-up link. */
export function renderOwnerSetupEmail(options: { lang: Language; url: string; origin: string }): RenderedEmail {
  const t = translator(options.lang, "admin");
  return render(t("notify.setupSubject", { site: new URL(options.origin).host }), t("notify.setupIntro"), [], { label: t("notify.setupOpen"), url: options.url }, options.lang);
}

/** To the owner who asked on the sign-in page: a single-use, expiring password-reset link. */
export function renderOwnerResetEmail(options: { lang: Language; url: string; minutes: number }): RenderedEmail {
  const t = translator(options.lang, "admin");
  return render(t("notify.resetSubject"), t("notify.resetIntro", { minutes: options.minutes }), [], { label: t("notify.resetOpen"), url: options.url }, options.lang);
}

/** To the owner when an email to a customer was given up after its last retry. */
export function renderOwnerFailureEmail(order: Order, failed: OutboxRow, options: OwnerEmailOptions): RenderedEmail {
  const t = translator(options.lang, "admin");
  const rows: Array<[string, string]> = [
    [t("fields.reference"), order.id],
    [t("fields.customer"), `${order.customer.firstName} ${order.customer.lastName} <${order.customer.email}>`],
    ...failureRows(failed, t),
  ];
  return render(
    t("notify.failedSubject", { email: order.customer.email }),
    t("notify.failedIntro"),
    rows,
    { label: t("notify.open"), url: options.orderUrl },
    options.lang,
  );
}

/**
 * To the owner when a quote request's acknowledgement was given up after its last retry: the
 * visitor never heard back. The link opens the request's page in the back office.
 */
export function renderOwnerQuoteFailureEmail(quote: QuoteRequest, failed: OutboxRow, options: { lang: Language; quoteUrl: string }): RenderedEmail {
  const t = translator(options.lang, "admin");
  const rows: Array<[string, string]> = [
    [t("fields.quote"), quote.id],
    [t("fields.visitor"), `${quote.name} <${quote.email}>`],
    [t("fields.offer"), translator(options.lang, "quote")(`offers.${quote.page}`)],
    [t("fields.language"), languageName(quote.lang)],
    ...failureRows(failed, t),
  ];
  return render(
    t("notify.failedSubject", { email: quote.email }),
    t("notify.quoteFailedIntro"),
    rows,
    { label: t("notify.openQuote"), url: options.quoteUrl },
    options.lang,
  );
}

/** What was given up: the message's kind, how many times it was tried, the server's last answer. */
function failureRows(failed: OutboxRow, t: ReturnType<typeof translator>): Array<[string, string]> {
  return [
    [t("fields.emailKind"), emailKindLabel(failed.kind, t)],
    [t("fields.attempts"), String(failed.attempts)],
    [t("fields.lastError"), failed.lastError ?? ""],
  ];
}

/** To the customer, in their language, when the owner marks the order delivered. */
export function renderDeliveredEmail(order: Order, note: string, options: { contactEmail: string }): RenderedEmail {
  const t = translator(order.lang, "admin");
  const brand = translator(order.lang, "common")("brand");
  const offer = translator(order.lang, "offers")(`${order.offer}.name`);
  const subject = t("delivered.subject", { offer, brand });
  const lines = [
    t("delivered.greeting", { name: order.customer.firstName }),
    t("delivered.body", { offer, reference: order.id }),
    ...(note ? [note] : []),
    t("delivered.contact", { email: options.contactEmail }),
    t("delivered.signature", { brand, name: signer() }),
  ];
  const text = `${lines.join("\n\n")}\n`;
  const html = `<!doctype html>
<html lang="${order.lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">
${lines.map((line) => `<p style="white-space:pre-line">${escapeHtml(line)}</p>`).join("\n")}
</body></html>
`;
  return { subject, text, html };
}
