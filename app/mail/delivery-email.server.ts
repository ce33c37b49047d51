import { translator } from "../i18n/translator.server.ts";
import type { Language } from "../i18n/languages.ts";
import type { Delivery, Revision, StoredFileRecord } from "../delivery/types.ts";
import type { Order } from "../orders/types.ts";
import {
  brandedHtml,
  customerEmailHtml,
  escapeHtml,
  htmlButton,
  signer,
  type RenderedEmail,
} from "./email-layout.server.ts";

/**
 * The emails of the work after payment (app/delivery/): the customer's "your delivery is ready"
 * (the note, the link, the files' names and the order page's link where they download), and the
 * owner's notices of a revision asked and of an acceptance. A row erased since (its delivery or
 * revision gone) still renders, without its details.
 */
export function renderWorkDeliveredEmail(
  order: Order,
  delivery: Delivery | null,
  files: StoredFileRecord[],
  options: { contactEmail: string; origin?: string; pageUrl: string | null; answersRevision?: boolean },
): RenderedEmail {
  const t = translator(order.lang, "delivery");
  const brand = translator(order.lang, "common")("brand");
  const offer = translator(order.lang, "offers")(`${order.offer}.name`);
  const subject = t("email.delivered.subject", { offer, reference: order.reference });
  const greeting = t("email.greeting", { name: order.customer.firstName });
  const intro = t(options.answersRevision ? "email.delivered.introAgain" : "email.delivered.intro", {
    offer,
    reference: order.reference,
  });
  const links = (delivery?.links ?? []).map((link) => ({
    url: link.url,
    label: link.label || t("email.delivered.link"),
  }));
  const names = files.map((file) => file.name).join(", ");
  const lines: string[] = [];
  if (delivery?.note) lines.push(delivery.note);
  for (const link of links) lines.push(t("email.delivered.linkLine", { label: link.label, url: link.url }));
  if (files.length) lines.push(t("email.delivered.filesLine", { names }));
  const page = options.pageUrl ? t("email.delivered.pageLine", { url: options.pageUrl }) : "";
  // A line whose URL becomes a link in the HTML: the translated line around a marker.
  const linked = (key: string, values: Record<string, string>, url: string) =>
    t(key, { ...values, url: "\u0000" })
      .split("\u0000")
      .map(escapeHtml)
      .join(`<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
  const contactLead = t("email.contact");
  const signature = t("email.signature", { brand, name: signer() });
  const text =
    [greeting, intro, ...lines, page, `${contactLead} ${options.contactEmail}`, signature]
      .filter(Boolean)
      .join("\n\n") + "\n";
  const sections = [
    ...(delivery?.note ? [`<p style="white-space:pre-line">${escapeHtml(delivery.note)}</p>`] : []),
    ...links.map((link) => `<p>${linked("email.delivered.linkLine", { label: link.label }, link.url)}</p>`),
    ...(files.length ? [`<p>${escapeHtml(t("email.delivered.filesLine", { names }))}</p>`] : []),
    ...(options.pageUrl ? [htmlButton({ label: t("email.delivered.page"), href: options.pageUrl })] : []),
  ].join("\n");
  const html = customerEmailHtml({
    lang: order.lang,
    subject,
    brand,
    publicOrigin: options.origin,
    greeting,
    intro,
    sections,
    contactLead,
    contactEmail: options.contactEmail,
    signature,
  });
  return { subject, text, html };
}

/** To the owner: the customer asked a revision (its text), or accepted the delivery. */
export function renderOwnerWorkEmail(
  order: Order,
  what: { kind: "revision"; revision: Revision | null; files?: string[] } | { kind: "accepted" },
  options: { lang: Language; orderUrl: string; origin?: string },
): RenderedEmail {
  const t = translator(options.lang, "delivery");
  const name = `${order.customer.firstName} ${order.customer.lastName}`;
  const subject = t(`email.owner.${what.kind}Subject`, { reference: order.reference, name });
  const intro = t(`email.owner.${what.kind}Intro`, { reference: order.reference, name });
  const detail = what.kind === "revision" && what.revision ? what.revision.text : "";
  // The files the customer sent with the request: named here, downloaded from the order's page.
  const files =
    what.kind === "revision" && what.files?.length ? t("email.owner.filesLine", { names: what.files.join(", ") }) : "";
  const open = t("email.owner.open");
  const text =
    [intro, detail, files, t("email.owner.openLine", { url: options.orderUrl })].filter(Boolean).join("\n\n") + "\n";
  const body = [
    `<p>${escapeHtml(intro)}</p>`,
    ...(detail ? [`<p style="white-space:pre-line">${escapeHtml(detail)}</p>`] : []),
    ...(files ? [`<p>${escapeHtml(files)}</p>`] : []),
    htmlButton({ label: open, href: options.orderUrl }),
  ].join("\n");
  return {
    subject,
    text,
    html: brandedHtml({
      lang: options.lang,
      subject,
      brand: translator(options.lang, "common")("brand"),
      publicOrigin: options.origin,
      body,
    }),
  };
}
