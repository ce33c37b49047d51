import type { Order, OrderState } from "../orders/types.ts";
import type { OutboxRow } from "../mail/types.ts";
import { billingLabel } from "../lib/billing-label.ts";

/** The CSV export, one format for `npm run orders -- --csv` and the back office's export button. */
export const CSV_COLUMNS = [
  "id", "created_at", "state", "lang", "offer", "currency", "amount_due_now", "monthly", "provider", "session_id",
  "paid_at", "first_name", "last_name", "email", "company", "address", "postal_code", "city", "country", "phone",
  "agent_name", "telegram_id", "connect_zapier", "video_topic", "video_brand", "video_language", "comments", "emails", "failure_reason", "subscription", "period_end",
] as const;

/** "confirmation:sent resend-1:pending(2 tries) owner-paid:FAILED(3 tries)": each outbox message of an order. */
export function emailSummary(emails: Array<Pick<OutboxRow, "kind" | "status" | "attempts">>): string {
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

/** One order's CSV line (no line end). */
export function csvLine(o: Order, emails: string): string {
  const c = o.customer;
  return [
    o.id, o.createdAt, o.state, o.lang, o.offer, o.currency, (o.amountDueNow / 100).toFixed(2), (o.monthly / 100).toFixed(2),
    o.provider, o.sessionId, o.paidAt, c.firstName, c.lastName, c.email, c.companyName, c.address, c.postalCode, c.city,
    c.country, c.phoneNumber, c.agentName, c.telegramId, c.connectZapier, c.videoTopic, c.videoBrand, c.videoLanguage, c.comments,
    emails, o.failureReason, billingLabel(o), o.periodEnd,
  ]
    .map(csvCell)
    .join(",");
}

// A UTF-8 byte order mark, so Excel reads accents right; CRLF line ends as RFC 4180 says.
const HEADER = `\uFEFF${CSV_COLUMNS.join(",")}\r\n`;

export async function ordersCsv(orders: Order[], emailsFor: (orderId: string) => Promise<OutboxRow[]> | OutboxRow[]): Promise<string> {
  let csv = HEADER;
  for (const o of orders) csv += `${csvLine(o, emailSummary(await emailsFor(o.id)))}\r\n`;
  return csv;
}

/** One order of the CSV export with its emails' states, in the export's order (newest first). */
export interface ExportRow {
  order: Order;
  emails: Array<Pick<OutboxRow, "kind" | "status" | "attempts">>;
}

export interface ExportQuery {
  state?: OrderState;
  search?: string;
}

/** Where the export reads (the back office's store implements it: admin/back-office-store.server.ts). */
export interface ExportSource {
  /** The orders matching `query` after `after` (keyset, newest first), each with its emails, in ONE query. */
  exportPage(query: ExportQuery, after: { createdAt: string; id: string } | null, limit: number): Promise<ExportRow[]>;
}

/** Orders (with their emails) per export query: memory holds one page, never the whole export. */
export const EXPORT_PAGE = 1_000;

/**
 * The back office's export, streamed: the same bytes as ordersCsv, read one page of EXPORT_PAGE
 * orders per query (orders and their emails together, keyset order) and handed on as each page is
 * written, so 30,000 orders take 30 queries and about one page of memory, not 30,001 queries and the
 * whole file. A page is read only when the previous one was taken (a pull stream): a slow download
 * holds neither memory nor the database connection in between.
 */
export function ordersCsvStream(store: ExportSource, query: ExportQuery, pageSize = EXPORT_PAGE): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { createdAt: string; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(HEADER));
          return;
        }
        const page: ExportRow[] = await store.exportPage(query, after, pageSize);
        if (page.length) {
          controller.enqueue(encoder.encode(page.map((row) => `${csvLine(row.order, emailSummary(row.emails))}\r\n`).join("")));
          const last = page.at(-1)!.order;
          after = { createdAt: last.createdAt, id: last.id };
        }
        if (page.length < pageSize) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
