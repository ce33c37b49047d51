import type { Order, OutboxRow } from "./types.ts";

/** The CSV export, one format for `npm run orders -- --csv` and the back office's export button. */
export const CSV_COLUMNS = [
  "id", "created_at", "state", "lang", "offer", "currency", "amount_due_now", "monthly", "provider", "session_id",
  "paid_at", "first_name", "last_name", "email", "company", "address", "postal_code", "city", "country", "phone",
  "agent_name", "telegram_id", "connect_zapier", "comments", "emails", "failure_reason",
] as const;

/** "confirmation:sent resend-1:pending(2 tries)": each outbox message of an order. */
export function emailSummary(emails: OutboxRow[]): string {
  return emails.map((email) => `${email.kind}:${email.status}${email.status === "pending" ? `(${email.attempts} tries)` : ""}`).join(" ");
}

function cell(value: unknown): string {
  const text = String(value ?? "");
  // Quote always; neutralise spreadsheet formulas in customer-typed text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
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
        c.country, c.phoneNumber, c.agentName, c.telegramId, c.connectZapier, c.comments, emails, o.failureReason,
      ]
        .map(cell)
        .join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}
