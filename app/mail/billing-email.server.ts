import { brandedHtml, escapeHtml, htmlButton, signer, type RenderedEmail } from "./email-layout.server.ts";
import { formatMoney } from "../i18n/format.ts";
import { formatLongDate } from "../content/price-story.ts";
import type { Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import type { Order } from "../orders/types.ts";

export interface BillingEmailContext {
  contactEmail: string;
  /** A fresh signed "manage my subscription" URL for the order. */
  manageUrl(order: Order): string;
  /** Absolute URL of the order in the back office: every owner notice links to it. */
  orderUrl?: string;
  /** The site's origin: the frame's logo and name link to it. */
  publicOrigin?: string;
}

const offerName = (order: Order, lang: Language) => translator(lang, "offers")(`${order.offer}.name`);
const periodEnd = (order: Order, lang: Language) => (order.periodEnd ? formatLongDate(order.periodEnd, lang) : "—");

/** The "manage my subscription" button of a customer's billing email. */
export const manageLink = (order: Order, context: BillingEmailContext) => ({
  label: translator(order.lang, "email")("billing.manageLabel"),
  href: context.manageUrl(order),
});

/**
 * A customer's email after checkout (`billing.<key>` in locales/<lang>/email.json), in their
 * language; `on` is the date it names when not the order's period end (a cancellation's end date).
 */
export function billingCustomerEmail(
  order: Order,
  key: string,
  context: BillingEmailContext,
  options: { link?: { label: string; href: string }; on?: string } = {},
): RenderedEmail {
  const t = translator(order.lang, "email");
  const vars = {
    offer: offerName(order, order.lang),
    amount: formatMoney(order.monthly, order.currency, order.lang),
    date: options.on ? formatLongDate(options.on, order.lang) : periodEnd(order, order.lang),
  };
  return layout(order.lang, {
    subject: t(`billing.${key}.subject`, vars),
    greeting: t("greeting", { name: order.customer.firstName }),
    body: t(`billing.${key}.text`, vars),
    link: options.link,
    footer: [
      t("contact", { email: context.contactEmail }),
      t("signature", { brand: translator(order.lang, "common")("brand"), name: signer() }),
    ],
    publicOrigin: context.publicOrigin,
  });
}

/** An owner's notice after checkout (`billing.owner.<key>` in locales/<lang>/email.json), in OWNER_LANG, linking to the order. */
export function billingOwnerEmail(
  order: Order,
  key: string,
  amount: number,
  ownerLang: Language,
  context: Pick<BillingEmailContext, "orderUrl" | "publicOrigin">,
  extra: Record<string, string> = {},
): RenderedEmail {
  const t = translator(ownerLang, "email");
  const vars = {
    offer: offerName(order, ownerLang),
    name: `${order.customer.firstName} ${order.customer.lastName}`,
    email: order.customer.email,
    // The readable reference the owner searches by, never the database's id.
    reference: order.reference,
    amount: formatMoney(amount, order.currency, ownerLang),
    date: periodEnd(order, ownerLang),
    ...extra,
  };
  const link = context.orderUrl
    ? { label: translator(ownerLang, "admin")("notify.open"), href: context.orderUrl }
    : undefined;
  return layout(ownerLang, {
    subject: t(`billing.owner.${key}.subject`, vars),
    body: t(`billing.owner.${key}.text`, vars),
    link,
    footer: [],
    publicOrigin: context.publicOrigin,
  });
}

/** The customer's notice of a refund from the back office, in their language (locales/<lang>/money.json). */
export function refundIssuedEmail(
  order: Order,
  amount: number,
  context: Pick<BillingEmailContext, "contactEmail" | "publicOrigin">,
): RenderedEmail {
  const t = translator(order.lang, "money");
  const email = translator(order.lang, "email");
  const vars = { offer: offerName(order, order.lang), amount: formatMoney(amount, order.currency, order.lang) };
  return layout(order.lang, {
    subject: t("email.refundIssued.subject", vars),
    greeting: email("greeting", { name: order.customer.firstName }),
    body: t("email.refundIssued.text", vars),
    footer: [
      email("contact", { email: context.contactEmail }),
      email("signature", { brand: translator(order.lang, "common")("brand"), name: signer() }),
    ],
    publicOrigin: context.publicOrigin,
  });
}

/** Plain text, and the same lines in the one branded frame (email-layout.server.ts). */
function layout(
  lang: Language,
  parts: {
    subject: string;
    greeting?: string;
    body: string;
    link?: { label: string; href: string };
    footer: string[];
    publicOrigin?: string;
  },
): RenderedEmail {
  const text = [
    ...(parts.greeting ? [parts.greeting, ""] : []),
    parts.body,
    ...(parts.link ? ["", parts.link.href] : []),
    ...parts.footer.flatMap((line) => ["", line]),
    "",
  ].join("\n");
  const body = [
    ...(parts.greeting ? [`<p>${escapeHtml(parts.greeting)}</p>`] : []),
    `<p>${escapeHtml(parts.body)}</p>`,
    ...(parts.link ? [htmlButton(parts.link)] : []),
    ...parts.footer.map((line) => `<p>${escapeHtml(line)}</p>`),
  ].join("\n");
  const html = brandedHtml({
    lang,
    subject: parts.subject,
    brand: translator(lang, "common")("brand"),
    publicOrigin: parts.publicOrigin,
    body,
  });
  return { subject: parts.subject, text, html };
}
