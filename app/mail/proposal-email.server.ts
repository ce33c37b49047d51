import { proposalPrice } from "../content/offers.ts";
import { priceLine } from "../content/price-story.ts";
import { formatDate, formatLanguageName } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import type { Proposal, QuoteRequest } from "../quotes/types.ts";
import {
  brandedHtml,
  customerEmailHtml,
  escapeHtml,
  htmlButton,
  htmlRows,
  type RenderedEmail,
  signer,
} from "./email-layout.server.ts";

/** The proposal's price in `lang`, as the order pages tell it (today, then monthly). */
export function proposalPriceText(proposal: Proposal, lang: Language): string {
  return priceLine(translator(lang, "common"), proposalPrice(proposal), lang).text;
}

/**
 * To the customer, in the request's language: the offer, the price and the validity, and the
 * signed link to the proposal's page. The owner's own words (what is included) are on the page,
 * not repeated here.
 */
export function renderProposalEmail(
  quote: QuoteRequest,
  proposal: Proposal,
  options: { url: string; contactEmail: string; publicOrigin?: string },
): RenderedEmail {
  const lang = proposal.lang;
  const t = translator(lang, "proposal");
  const brand = translator(lang, "common")("brand");
  const subject = t("email.subject", { title: proposal.title, brand });
  const greeting = t("email.greeting", { name: quote.name });
  const intro = t("email.intro", { title: proposal.title });
  const rows: Array<[string, string]> = [
    [t("page.offer"), proposal.title],
    [t("page.price"), proposalPriceText(proposal, lang)],
    [t("page.validUntil"), formatDate(new Date(proposal.validUntil), lang, true)],
  ];
  const open = t("email.open");
  const signature = translator(lang, "quote")("email.signature", { brand, name: signer() });
  const text = [
    greeting,
    "",
    intro,
    "",
    ...rows.map(([label, value]) => `- ${label}: ${value}`),
    "",
    `${open}: ${options.url}`,
    "",
    translator(lang, "quote")("email.contact", { email: options.contactEmail }),
    "",
    signature,
    "",
  ].join("\n");
  const html = customerEmailHtml({
    lang,
    subject,
    brand,
    publicOrigin: options.publicOrigin,
    greeting,
    intro,
    sections: `${htmlRows(rows)}\n${htmlButton({ label: open, href: options.url })}`,
    contactLead: translator(lang, "quote")("email.contact", { email: "" }),
    contactEmail: options.contactEmail,
    signature,
  });
  return { subject, text, html };
}

export type OwnerProposalEvent = "viewed" | "accepted" | "declined" | "question";

/** To the owner, in the owner's language: what the customer did with a proposal; replying reaches the customer. */
export function renderOwnerProposalEmail(
  event: OwnerProposalEvent,
  quote: QuoteRequest,
  proposal: Proposal,
  options: { ownerLang: Language; publicOrigin: string; message?: string },
): RenderedEmail & { replyTo: string } {
  const lang = options.ownerLang;
  const t = translator(lang, "proposal");
  const brand = translator(lang, "common")("brand");
  const subject = t(`owner.${event}.subject`, { title: proposal.title, name: quote.name });
  const intro = t(`owner.${event}.intro`, {
    title: proposal.title,
    name: quote.name,
    lang: formatLanguageName(proposal.lang, lang),
  });
  const rows: Array<[string, string]> = [
    [t("page.offer"), proposal.title],
    [t("page.price"), proposalPriceText(proposal, lang)],
    [t("owner.customer"), `${quote.name} <${quote.email}>`],
  ];
  if (event === "declined" && proposal.declineReason) rows.push([t("owner.reason"), proposal.declineReason]);
  if (event === "question" && options.message) rows.push([t("owner.question"), options.message]);
  const url = `${options.publicOrigin}/admin/quotes/${encodeURIComponent(quote.id)}`;
  const text = [
    intro,
    "",
    ...rows.map(([label, value]) => `- ${label}: ${value.replace(/\n/g, "\n  ")}`),
    "",
    `${t("owner.open")}: ${url}`,
    "",
  ].join("\n");
  const html = brandedHtml({
    lang,
    subject,
    brand,
    publicOrigin: options.publicOrigin,
    body: `<p>${escapeHtml(intro)}</p>\n${htmlRows(rows)}\n${htmlButton({ label: t("owner.open"), href: url })}`,
  });
  return { subject, text, html, replyTo: quote.email };
}
