import { translator } from "../i18n/translator.server.ts";
import type { Order } from "../orders/types.ts";
import { customerEmailHtml, escapeHtml, htmlButton, signer, type RenderedEmail } from "./email-layout.server.ts";

/**
 * The customer's one reminder to send their brief (app/delivery/brief-reminder.server.ts): the work
 * starts from it, the due date counts from the payment; its one button leads to the order page.
 */
export function renderBriefReminderEmail(
  order: Order,
  options: { contactEmail: string; origin?: string; pageUrl: string | null },
): RenderedEmail {
  const t = translator(order.lang, "delivery");
  const brand = translator(order.lang, "common")("brand");
  const offer = translator(order.lang, "offers")(`${order.offer}.name`);
  const subject = t("briefReminder.subject", { offer, reference: order.reference });
  const greeting = t("email.greeting", { name: order.customer.firstName });
  const intro = t("briefReminder.intro", { offer, reference: order.reference });
  const why = t("briefReminder.why");
  const button = t("briefReminder.button");
  const contactLead = t("email.contact");
  const signature = t("email.signature", { brand, name: signer() });
  const text =
    [
      greeting,
      intro,
      why,
      options.pageUrl ? `${button}: ${options.pageUrl}` : "",
      `${contactLead} ${options.contactEmail}`,
      signature,
    ]
      .filter(Boolean)
      .join("\n\n") + "\n";
  const html = customerEmailHtml({
    lang: order.lang,
    subject,
    brand,
    publicOrigin: options.origin,
    greeting,
    intro,
    sections: [
      `<p>${escapeHtml(why)}</p>`,
      ...(options.pageUrl ? [htmlButton({ label: button, href: options.pageUrl })] : []),
    ].join("\n"),
    contactLead,
    contactEmail: options.contactEmail,
    signature,
  });
  return { subject, text, html };
}
