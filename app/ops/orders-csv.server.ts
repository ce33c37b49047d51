import type { Order } from "../orders/types.ts";
import type { OutboxRow } from "../mail/types.ts";

/** The CSV export, one format for `npm run orders -- --csv` and the back office's export button. */
export const CSV_COLUMNS = [
  "id", "created_at", "state", "lang", "offer", "currency", "amount_due_now", "monthly", "provider", "session_id",
  "paid_at", "first_name", "last_name", "email", "company", "address", "postal_code", "city", "country", "phone",
  "agent_name", "telegram_id", "connect_zapier", "video_topic", "video_brand", "video_language", "comments", "emails", "failure_reason", "subscription", "period_end",
] as const;

/** "confirmation:sent resend-1:pending(2 tries) owner-paid:FAILED(3 tries)": each outbox message of an order. */
export function emailSummary(emails: OutboxRow[]): string {
  return emails
    .map((email) => `${email.kind}:${email.status === "failed" ? "FAILED" : email.status}${email.status !== "sent" ? `(${email.attempts} tries)` : ""}`)
    .join(" ");
}

/**
 * One CSV cell, always quoted. A cell a spreadsheet would run as a formula (=, @, tab, CR, or + and
 * - not followed by a plain number or phone number) gets a leading apostrophe, Excel's text marker;
 * real data such as "+33 6 12 34 56 78" or "-5" stays as typed.
 */
export function csvCell(value: unknown): string {
  const text = String(value ?? "");
  const formula = /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s()./-]*$/.test(text));
  return `"${(formula ? `'${text}` : text).replace(/"/g, '""')}"`;
}

export async function ordersCsv(orders: Order[], emailsFor: (orderId: string) => Promise<OutboxRow[]> | OutboxRow[]): Promise<string> {
  const lines = [CSV_COLUMNS.join(",")];
  for (const o of orders) {
    const c = o.customer;
    const emails = emailSummary(await emailsFor(o.id));
    lines.push(
      [
        o.id, o.createdAt, o.state, o.lang, o.offer, o.currency, (o.amountDueNow / 100).toFixed(2), (o.monthly / 100).toFixed(2),
        o.provider, o.sessionId, o.paidAt, c.firstName, c.lastName, c.email, c.companyName, c.address, c.postalCode, c.city,
        c.country, c.phoneNumber, c.agentName, c.telegramId, c.connectZapier, c.videoTopic, c.videoBrand, c.videoLanguage, c.comments,
        emails, o.failureReason, o.billingState, o.periodEnd,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  // A UTF-8 byte order mark, so Excel reads accents right; CRLF line ends as RFC 4180 says.
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
