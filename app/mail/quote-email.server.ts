import type { Language } from "../i18n/languages.ts";
import {
  brandedHtml,
  customerEmailHtml,
  escapeHtml,
  htmlHeading,
  htmlRows,
  type RenderedEmail,
  signer,
} from "./email-layout.server.ts";
import { formatDate, formatLanguageName } from "../i18n/format.ts";
import { offerNameIn, translator } from "../i18n/translator.server.ts";
import type { QuoteRequest } from "../quotes/types.ts";

function rows(quote: QuoteRequest, lang: Language): Array<[string, string]> {
  const t = translator(lang, "quote");
  const list: Array<[string, string]> = [
    [t("form.offer"), offerNameIn(lang, quote.page)],
    [t("email.name"), quote.name],
    [t("email.email"), quote.email],
  ];
  if (quote.company) list.push([t("email.company"), quote.company]);
  list.push([t("email.message"), quote.message]);
  return list;
}

/**
 * To the visitor, in the language of the page they wrote from. The address was typed into a form
 * and has proved nothing: this email repeats none of the visitor's words (name, company, message),
 * so the form cannot carry a stranger's text to someone else's inbox. It says what we received in
 * our own words; the owner's copy below keeps everything.
 */
export function renderQuoteAck(
  quote: QuoteRequest,
  options: { contactEmail: string; publicOrigin?: string },
): RenderedEmail {
  const t = translator(quote.lang, "quote");
  const brand = translator(quote.lang, "common")("brand");
  const offer = offerNameIn(quote.lang, quote.page);
  const subject = t("email.ackSubject", { offer, brand });
  const greeting = t("email.ackGreeting");
  const intro = t("email.ackIntro", { offer, date: formatDate(new Date(quote.createdAt), quote.lang, true) });
  const summary: Array<[string, string]> = [[t("form.offer"), offer]];
  const received = t("email.ackReceived");
  const notYou = t("email.ackNotYou");
  const signature = t("email.signature", { brand, name: signer() });
  const text = [
    greeting,
    "",
    intro,
    "",
    t("email.ackSummary"),
    ...summary.map(([label, value]) => `- ${label}: ${value}`),
    "",
    received,
    "",
    notYou,
    "",
    t("email.contact", { email: options.contactEmail }),
    "",
    signature,
    "",
  ].join("\n");
  const html = customerEmailHtml({
    lang: quote.lang,
    subject,
    brand,
    publicOrigin: options.publicOrigin,
    greeting,
    intro,
    sections: `${htmlHeading(t("email.ackSummary"))}\n${htmlRows(summary)}\n<p>${escapeHtml(received)}</p>\n<p>${escapeHtml(notYou)}</p>`,
    contactLead: t("email.contact", { email: "" }),
    contactEmail: options.contactEmail,
    signature,
  });
  return { subject, text, html };
}

/** To the owner, in the owner's language; replying answers the visitor (Reply-To). */
export function renderQuoteOwner(
  quote: QuoteRequest,
  options: { ownerLang: Language; publicOrigin?: string },
): RenderedEmail & { replyTo: string } {
  const lang = options.ownerLang;
  const t = translator(lang, "quote");
  const brand = translator(lang, "common")("brand");
  const offer = offerNameIn(lang, quote.page);
  const subject = t("email.ownerSubject", { offer, name: quote.name });
  // The visitor's language named in the owner's words ("German"), not its code.
  const intro = t("email.ownerIntro", {
    offer,
    lang: formatLanguageName(quote.lang, lang),
    name: quote.name,
    date: formatDate(new Date(quote.createdAt), lang, true),
  });
  const summary = rows(quote, lang);
  const text = [intro, "", ...summary.map(([label, value]) => `- ${label}: ${value.replace(/\n/g, "\n  ")}`), ""].join(
    "\n",
  );
  const html = brandedHtml({
    lang,
    subject,
    brand,
    publicOrigin: options.publicOrigin,
    body: `<p>${escapeHtml(intro)}</p>\n${htmlRows(summary)}`,
  });
  return { subject, text, html, replyTo: quote.email };
}
