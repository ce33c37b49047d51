import type { Currency } from "../content/offers.ts";
import { formatFileSize, formatMoney, formatZonedDue, formatZonedTime } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import { brandedHtml, escapeHtml, htmlButton, htmlHeading, type RenderedEmail } from "./email-layout.server.ts";
import type { MorningDigest, MorningItem } from "./types.ts";

/**
 * The owner's morning email: each order as a line in words ("LA-1042 · Short videos for Inès
 * Durand, due today at 14:00 CET"), linking to its page in the back office, under "Late", "Due
 * today" and "New since yesterday". Words in locales/<lang>/morning.json, in the owner's language.
 */
export function renderOwnerMorningEmail(
  digest: MorningDigest,
  options: { lang: Language; origin: string },
): RenderedEmail {
  const { lang } = options;
  const t = translator(lang, "morning");
  const offerName = translator(lang, "offers");
  const orderUrl = (item: MorningItem) => `${options.origin}/admin/orders/${encodeURIComponent(item.orderId)}`;
  const money = (item: MorningItem) => {
    const { minor, monthly, currency } = item.amount;
    const today = formatMoney(minor, currency as Currency, lang);
    return monthly && monthly !== minor ? `${today} + ${formatMoney(monthly, currency as Currency, lang)}` : today;
  };
  const what = (item: MorningItem) =>
    t("order", {
      reference: item.reference,
      offer: offerName(`${item.offer}.name`),
      name: item.customer,
      amount: money(item),
    });
  // A business-day promise is due by the end of its day: `at` is the next midnight, the day the instant before.
  const dueDay = (item: MorningItem) =>
    item.due
      ? formatZonedDue(
          new Date(new Date(item.due.at).getTime() - (item.due.withTime ? 0 : 1)),
          lang,
          digest.timeZone,
          item.due.withTime,
        )
      : "";
  // News with the time it is due (a new order's promise), so no line leaves the owner guessing.
  const newLine = (item: MorningItem, line: string) => (item.due ? t("newDue", { line, due: dueDay(item) }) : line);
  const lateLine = (item: MorningItem) => t("lateLine", { order: what(item), due: dueDay(item) });
  const todayLine = (item: MorningItem) =>
    item.due?.withTime
      ? t("todayAt", { order: what(item), time: formatZonedTime(new Date(item.due.at), lang, digest.timeZone) })
      : t("todayEnd", { order: what(item) });
  const sections: Array<{ title: string; lines: Array<{ text: string; url: string }> }> = [
    {
      title: t("late", { n: digest.late.length }),
      lines: digest.late.map((item) => ({ text: lateLine(item), url: orderUrl(item) })),
    },
    {
      title: t("dueToday", { n: digest.dueToday.length }),
      lines: digest.dueToday.map((item) => ({ text: todayLine(item), url: orderUrl(item) })),
    },
    {
      title: t("new", { n: digest.paid.length + digest.briefs.length + digest.revisions.length }),
      lines: [
        ...digest.paid.map((item) => ({
          text: newLine(item, t("paidLine", { order: what(item) })),
          url: orderUrl(item),
        })),
        ...digest.briefs.map((item) => ({
          text: newLine(item, t("briefLine", { order: what(item) })),
          url: orderUrl(item),
        })),
        ...digest.revisions.map((item) => ({
          text: newLine(item, t("revisionLine", { order: what(item) })),
          url: orderUrl(item),
        })),
      ],
    },
    {
      title: t("disk"),
      lines: digest.disk
        ? [
            {
              text: t("diskLine", {
                free: formatFileSize(digest.disk.free, lang),
                total: formatFileSize(digest.disk.total, lang),
              }),
              url: `${options.origin}/admin`,
            },
          ]
        : [],
    },
  ].filter((section) => section.lines.length);
  const date = formatZonedDue(new Date(`${digest.day}T12:00:00Z`), lang, "UTC", false);
  const subject = t("subject", { date });
  const intro = t("intro");
  const toDeliver = `${options.origin}/admin/orders?state=to-deliver`;
  const text =
    [
      intro,
      ...sections.map((section) =>
        [section.title, ...section.lines.map((line) => `- ${line.text}\n  ${line.url}`)].join("\n"),
      ),
      `${t("open")}: ${toDeliver}`,
    ].join("\n\n") + "\n";
  const body = [
    `<p>${escapeHtml(intro)}</p>`,
    ...sections.map(
      (section) =>
        `${htmlHeading(section.title)}\n<ul style="padding-left:20px;margin:0">${section.lines.map((line) => `<li style="margin:0 0 8px"><a href="${escapeHtml(line.url)}" style="color:#0f172a">${escapeHtml(line.text)}</a></li>`).join("")}</ul>`,
    ),
    htmlButton({ label: t("open"), href: toDeliver }),
  ].join("\n");
  return {
    subject,
    text,
    html: brandedHtml({
      lang,
      subject,
      brand: translator(lang, "common")("brand"),
      publicOrigin: options.origin,
      body,
    }),
  };
}
