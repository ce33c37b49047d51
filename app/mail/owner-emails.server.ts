import { brandedHtml, escapeHtml, htmlButton, htmlRows, signer, type RenderedEmail } from "./email-layout.server.ts";
import type { Language } from "../i18n/languages.ts";
import { formatDate, formatLanguageName } from "../i18n/format.ts";
import { emailKindLabel } from "./email-kinds.ts";
import { orderFields } from "./order-fields.server.ts";
import { offerNameIn, translator } from "../i18n/translator.server.ts";
import type { Order } from "../orders/types.ts";
import type { OutboxRow } from "./types.ts";
import type { QuoteRequest } from "../quotes/types.ts";

export interface OwnerEmailOptions {
  lang: Language;
  /** Absolute URL of the order in the back office. */
  orderUrl: string;
  /** The site's origin: the frame's logo and name link to it. */
  origin?: string;
}

/** Plain text and HTML with the same lines (the HTML in the one branded frame): an intro, a table of label/value rows, a link. */
function render(
  subject: string,
  intro: string,
  rows: Array<[string, string]>,
  link: { label: string; url: string },
  frame: { lang: Language; origin?: string },
): RenderedEmail {
  const text = [
    intro,
    "",
    ...rows.map(([label, value]) => `${label}: ${value.replace(/\n/g, "\n  ")}`),
    "",
    `${link.label}: ${link.url}`,
    "",
  ].join("\n");
  const body = [
    `<p>${escapeHtml(intro)}</p>`,
    ...(rows.length ? [htmlRows(rows)] : []),
    htmlButton({ label: link.label, href: link.url }),
  ].join("\n");
  return { subject, text, html: ownerFrame(subject, body, frame) };
}

/** The owner's emails in the frame every email shares, with the site's name in the owner's language. */
const ownerFrame = (subject: string, body: string, frame: { lang: Language; origin?: string }) =>
  brandedHtml({
    lang: frame.lang,
    subject,
    brand: translator(frame.lang, "common")("brand"),
    publicOrigin: frame.origin,
    body,
  });

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
    { lang: options.lang, origin: options.origin },
  );
}

/** To the owner, once per pause: the automation endpoint failed for too long and waits to be resumed. */
export function renderOwnerWebhookPausedEmail(options: {
  lang: Language;
  about: { order: Order } | { quote: QuoteRequest };
  url: string;
  origin?: string;
}): RenderedEmail {
  const t = translator(options.lang, "admin");
  // What the delivery was about, as the owner finds it in the back office: an order's reference, or who asked for a quote and when.
  const about: [string, string] =
    "order" in options.about
      ? [t("fields.reference"), options.about.order.reference]
      : [
          t("fields.quote"),
          `${options.about.quote.name}, ${formatDate(new Date(options.about.quote.createdAt), options.lang, true)}`,
        ];
  return render(
    t("notify.webhookPausedSubject"),
    t("notify.webhookPausedIntro"),
    [about],
    { label: t("notify.webhookPausedOpen"), url: options.url },
    { lang: options.lang, origin: options.origin },
  );
}

/** To the owner who asked for it: a single-use link that lifts the account-wide sign-in lock for one browser. */
export function renderOwnerUnlockEmail(options: {
  lang: Language;
  url: string;
  minutes: number;
  origin?: string;
}): RenderedEmail {
  const t = translator(options.lang, "admin");
  return render(
    t("notify.unlockSubject"),
    t("notify.unlockIntro", { minutes: options.minutes }),
    [],
    { label: t("notify.unlockOpen"), url: options.url },
    { lang: options.lang, origin: options.origin },
  );
}

/** To the owner at the very first start (or after `npm run owner -- reset`): the one-time set-up link. */
export function renderOwnerSetupEmail(options: { lang: Language; url: string; origin: string }): RenderedEmail {
  const t = translator(options.lang, "admin");
  return render(
    t("notify.setupSubject", { site: new URL(options.origin).host }),
    t("notify.setupIntro"),
    [],
    { label: t("notify.setupOpen"), url: options.url },
    { lang: options.lang, origin: options.origin },
  );
}

/** To the owner who asked on the sign-in page: a single-use, expiring password-reset link. */
export function renderOwnerResetEmail(options: {
  lang: Language;
  url: string;
  minutes: number;
  origin?: string;
}): RenderedEmail {
  const t = translator(options.lang, "admin");
  return render(
    t("notify.resetSubject"),
    t("notify.resetIntro", { minutes: options.minutes }),
    [],
    { label: t("notify.resetOpen"), url: options.url },
    { lang: options.lang, origin: options.origin },
  );
}

/** To the owner when an email to a customer was given up after its last retry. */
export function renderOwnerFailureEmail(
  order: Order,
  failed: OutboxRow,
  options: OwnerEmailOptions & { unknownKind?: boolean },
): RenderedEmail {
  const t = translator(options.lang, "admin");
  const rows: Array<[string, string]> = [
    [t("fields.reference"), order.reference],
    [t("fields.customer"), `${order.customer.firstName} ${order.customer.lastName} <${order.customer.email}>`],
    ...failureRows(failed, t),
  ];
  return render(
    t("notify.failedSubject", { email: order.customer.email }),
    options.unknownKind ? unknownKindIntro(failed, options.lang) : t("notify.failedIntro"),
    rows,
    { label: t("notify.open"), url: options.orderUrl },
    { lang: options.lang, origin: options.origin },
  );
}

/**
 * To the owner when a quote request's acknowledgement was given up after its last retry: the
 * visitor never heard back. The link opens the request's page in the back office.
 */
export function renderOwnerQuoteFailureEmail(
  quote: QuoteRequest,
  failed: OutboxRow,
  options: { lang: Language; quoteUrl: string; unknownKind?: boolean; origin?: string },
): RenderedEmail {
  const t = translator(options.lang, "admin");
  const rows: Array<[string, string]> = [
    // A quote request has no reference: when it came in says which one.
    [t("fields.received"), formatDate(new Date(quote.createdAt), options.lang, true)],
    [t("fields.visitor"), `${quote.name} <${quote.email}>`],
    [t("fields.offer"), offerNameIn(options.lang, quote.page)],
    [t("fields.language"), formatLanguageName(quote.lang, options.lang)],
    ...failureRows(failed, t),
  ];
  return render(
    t("notify.failedSubject", { email: quote.email }),
    options.unknownKind ? unknownKindIntro(failed, options.lang) : t("notify.quoteFailedIntro"),
    rows,
    { label: t("notify.openQuote"), url: options.quoteUrl },
    { lang: options.lang, origin: options.origin },
  );
}

/**
 * The failed message's kind is one this version cannot write (a newer or older version's): it was
 * never sent, and nothing else was sent in its place (locales/<lang>/email.json, `unknownKind`).
 */
function unknownKindIntro(failed: OutboxRow, lang: Language): string {
  return translator(lang, "email")("unknownKind.intro", { kind: failed.kind });
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
export function renderDeliveredEmail(
  order: Order,
  note: string,
  options: { contactEmail: string; origin?: string },
): RenderedEmail {
  const t = translator(order.lang, "admin");
  const brand = translator(order.lang, "common")("brand");
  const offer = translator(order.lang, "offers")(`${order.offer}.name`);
  const subject = t("delivered.subject", { offer, brand });
  const lines = [
    t("delivered.greeting", { name: order.customer.firstName }),
    t("delivered.body", { offer, reference: order.reference }),
    ...(note ? [note] : []),
    t("delivered.contact", { email: options.contactEmail }),
    t("delivered.signature", { brand, name: signer() }),
  ];
  const text = `${lines.join("\n\n")}\n`;
  const html = brandedHtml({
    lang: order.lang,
    subject,
    brand,
    publicOrigin: options.origin,
    body: lines.map((line) => `<p style="white-space:pre-line">${escapeHtml(line)}</p>`).join("\n"),
  });
  return { subject, text, html };
}
