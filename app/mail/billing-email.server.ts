import { signer } from "./email-layout.server.ts";
import { formatMoney } from "../i18n/format.ts";
import { formatLongDate } from "../content/price-story.ts";
import type { Language } from "../i18n/languages.ts";
import { escapeHtml, type RenderedEmail } from "./confirmation-email.server.ts";
import { translator } from "../i18n/translator.server.ts";
import type { Order } from "../orders/types.ts";

export interface BillingEmailContext {
  contactEmail: string;
  /** A fresh signed "manage my subscription" URL for the order. */
  manageUrl(order: Order): string;
  /** Absolute URL of the order in the back office: every owner notice links to it. */
  orderUrl?: string;
}

/** The emails after checkout: to the customer (their language) or the owner (OWNER_LANG). */
export type BillingEmail = { to: "customer" | "owner"; email: RenderedEmail };

/** Renders an outbox kind written by payment-events / the portal; undefined for an unknown kind. */
export function renderBillingEmail(order: Order, kind: string, ownerLang: Language, context: BillingEmailContext): BillingEmail | undefined {
  const [name = "", ...args] = kind.split(".");
  const offer = (lang: Language) => translator(lang, "offers")(`${order.offer}.name`);
  const money = (minor: number, lang: Language) => formatMoney(minor, order.currency, lang);
  const date = (lang: Language) => (order.periodEnd ? formatLongDate(order.periodEnd, lang) : "—");
  const customer = (key: string, link?: { label: string; href: string }, on?: string): BillingEmail => {
    const t = translator(order.lang, "email");
    const vars = { offer: offer(order.lang), amount: money(order.monthly, order.lang), date: on ? formatLongDate(on, order.lang) : date(order.lang) };
    return {
      to: "customer",
      email: layout(order.lang, {
        subject: t(`billing.${key}.subject`, vars),
        greeting: t("greeting", { name: order.customer.firstName }),
        body: t(`billing.${key}.text`, vars),
        link,
        footer: [t("contact", { email: context.contactEmail }), t("signature", { brand: translator(order.lang, "common")("brand"), name: signer() })],
      }),
    };
  };
  const manage = () => ({ label: translator(order.lang, "email")("billing.manageLabel"), href: context.manageUrl(order) });
  const owner = (key: string, amount: number, extra: Record<string, string> = {}): BillingEmail => {
    const t = translator(ownerLang, "email");
    const vars = {
      offer: offer(ownerLang),
      name: `${order.customer.firstName} ${order.customer.lastName}`,
      email: order.customer.email,
      id: order.id,
      amount: money(amount, ownerLang),
      date: date(ownerLang),
      ...extra,
    };
    const link = context.orderUrl ? { label: translator(ownerLang, "admin")("notify.open"), href: context.orderUrl } : undefined;
    return { to: "owner", email: layout(ownerLang, { subject: t(`billing.owner.${key}.subject`, vars), body: t(`billing.owner.${key}.text`, vars), link, footer: [] }) };
  };

  switch (name) {
    case "payment-failed":
      return customer("paymentFailed", manage());
    case "renewal":
      return customer("renewal");
    case "subscription-ended":
      return customer("ended");
    case "cancellation-confirmed":
      // The end date the kind was written with: what was true when the customer cancelled.
      return customer("cancellationConfirmed", undefined, args[0]);
    case "manage-link":
      return customer("manageLink", manage());
    case "refund-issued":
      return refundIssued(order, Number(args[1] ?? 0), context);
    case "owner-cancellation":
      return owner("cancellation", order.monthly);
    case "owner-refund":
      return owner("refund", Number(args[1] ?? 0));
    case "owner-dispute":
      return owner("dispute", Number(args[1] ?? order.amountDueNow));
    case "owner-dispute-closed":
      return owner(args[1] === "won" || args[1] === "warning_closed" ? "disputeWon" : "disputeLost", order.amountDueNow);
    case "owner-paused":
      return owner("paused", order.monthly);
    case "owner-unhandled":
      return owner("unhandled", 0, { event: args.join(".") });
    default:
      return undefined;
  }
}

/** The customer's notice of a refund from the back office, in their language (locales/<lang>/money.json). */
function refundIssued(order: Order, amount: number, context: BillingEmailContext): BillingEmail {
  const t = translator(order.lang, "money");
  const email = translator(order.lang, "email");
  const vars = { offer: translator(order.lang, "offers")(`${order.offer}.name`), amount: formatMoney(amount, order.currency, order.lang) };
  return {
    to: "customer",
    email: layout(order.lang, {
      subject: t("email.refundIssued.subject", vars),
      greeting: email("greeting", { name: order.customer.firstName }),
      body: t("email.refundIssued.text", vars),
      footer: [email("contact", { email: context.contactEmail }), email("signature", { brand: translator(order.lang, "common")("brand"), name: signer() })],
    }),
  };
}

function layout(
  lang: Language,
  parts: { subject: string; greeting?: string; body: string; link?: { label: string; href: string }; footer: string[] },
): RenderedEmail {
  const text = [
    ...(parts.greeting ? [parts.greeting, ""] : []),
    parts.body,
    ...(parts.link ? ["", parts.link.href] : []),
    ...parts.footer.flatMap((line) => ["", line]),
    "",
  ].join("\n");
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;background:#f7f8fc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
${parts.greeting ? `<p>${escapeHtml(parts.greeting)}</p>` : ""}
<p>${escapeHtml(parts.body)}</p>
${parts.link ? `<p><a href="${escapeHtml(parts.link.href)}" style="display:inline-block;padding:10px 16px;background:#6d28d9;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(parts.link.label)}</a></p>` : ""}
${parts.footer.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
</div></body></html>
`;
  return { subject: parts.subject, text, html };
}
