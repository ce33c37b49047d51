import { ORDER_FIELD_NAMES, ORDER_FIELD_SPECS } from "../content/order-fields.ts";
import type { Order, OrderState } from "../orders/types.ts";
import type { OutboxRow } from "../mail/types.ts";
import { billingLabel } from "../lib/billing-label.ts";
import type { Language } from "../i18n/languages.ts";

/** The CSV export's columns, for `npm run orders -- --csv` and the back office's export button alike. */
/** The order's own columns before the customer's answers, and after them. */
const ORDER_COLUMNS = [
  "id",
  "created_at",
  "state",
  "lang",
  "offer",
  "currency",
  "amount_due_now",
  "monthly",
  "provider",
  "session_id",
  "paid_at",
] as const;
const STATUS_COLUMNS = ["emails", "failure_reason", "subscription", "period_end"] as const;

/**
 * The CSV export's columns, for `npm run orders -- --csv` and the back office's export button
 * alike: each form field's `csv` column comes from the field registry (content/order-fields.ts).
 */
export const CSV_COLUMNS: readonly string[] = [
  ...ORDER_COLUMNS,
  ...ORDER_FIELD_NAMES.map((name) => ORDER_FIELD_SPECS[name].csv),
  ...STATUS_COLUMNS,
];

/**
 * The owner's format adds what an accountant reads (minor units in the order's currency, written
 * like the other amounts): what the checkout took, what the refunds billing recorded for the
 * order's charges gave back (charge_refunds: Stripe's events and the back office's refunds alike),
 * the tax inside what was paid where Stripe Tax computed it (prices are tax-inclusive; empty otherwise),
 * and what is kept; then when the work was last delivered (the latest delivered event: a
 * subscription's current period). `raw` keeps its columns: scripts read it by position too.
 */
export const OWNER_COLUMNS = ["amount_paid", "tax", "refunded", "net", "delivered_at", "refunded_at"] as const;

/** "confirmation:sent resend-1:pending(2 tries) owner-paid:FAILED(3 tries)": each outbox message of an order. */
export function emailSummary(emails: Array<Pick<OutboxRow, "kind" | "status" | "attempts">>): string {
  return emails
    .map(
      (email) =>
        `${email.kind}:${email.status === "failed" ? "FAILED" : email.status}${email.status !== "sent" ? `(${email.attempts} tries)` : ""}`,
    )
    .join(" ");
}

/** The emails cell: counts in words for the owner, each message's kind and state for scripts. */
const emailsCell = (format: CsvFormat, emails: Array<Pick<OutboxRow, "kind" | "status" | "attempts">>) =>
  format.words ? format.words.emails(emails) : emailSummary(emails);

/**
 * One CSV cell, always quoted. A cell a spreadsheet would run as a formula (=, @, tab, CR, or + and
 * - not followed by a plain number or phone number) gets a leading apostrophe, Excel's text marker;
 * real data such as "+33 6 12 34 56 78" or "-5" stays as typed.
 */
export function csvCell(value: unknown): string {
  const text = String(value ?? "");
  const formula = /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s()./,-]*$/.test(text));
  return `"${(formula ? `'${text}` : text).replace(/"/g, '""')}"`;
}

/**
 * How the file is laid out. `raw`: comma, decimal point, the column names above (scripts, imports,
 * English spreadsheets). `owner`: what the owner's spreadsheet opens as columns by double-click:
 * Excel in French, German, Spanish, Portuguese or Italian splits on the list separator of the
 * system's region, which is ";" there (the decimal separator being ","), so those languages get
 * ";" and decimal commas; headers in the owner's language, and the money columns above. The
 * owner's is UTF-8 with a byte order mark (Excel reads accents right); raw has none (Python's
 * csv.DictReader named the first column '\ufeffid').
 */
export interface CsvFormat {
  separator: "," | ";";
  decimal: "." | ",";
  /** The header line's cells, in CSV_COLUMNS order (then OWNER_COLUMNS' for the owner's). */
  headers: readonly string[];
  /**
   * The owner's: values in words and local dates, not codes. The readable reference in the first
   * column, states, offers, languages and billing in the owner's language, dates and times in the
   * owner's time zone written "2026-11-28 09:39" (a form every Excel reads as a date), the emails as
   * counts per state. Raw has none: scripts read the codes.
   */
  words?: {
    id(order: Order): string;
    state(state: string): string;
    offer(offer: string): string;
    lang(lang: string): string;
    billing(label: string | null): string;
    date(iso: string | null): string;
    emails(emails: ReadonlyArray<Pick<OutboxRow, "kind" | "status" | "attempts">>): string;
  };
}

export const CSV_FORMAT_NAMES = ["owner", "raw"] as const;
export type CsvFormatName = (typeof CSV_FORMAT_NAMES)[number];
export const RAW_CSV: CsvFormat = { separator: ",", decimal: ".", headers: CSV_COLUMNS };

/**
 * The export's format for an owner writing `lang` (OWNER_LANG); `t` reads that language's admin
 * namespace (`csv.<column>`): the server's translator, or the locale file in the CLI, which runs
 * without the bundler that loads the locales into the server.
 */
export function csvFormat(
  name: CsvFormatName,
  lang: Language,
  t: (key: string) => string,
  timeZone = "Europe/Paris",
): CsvFormat {
  if (name === "raw") return RAW_CSV;
  const comma = lang !== "en";
  // "2026-11-28 09:39": Swedish writes dates the ISO way; in the owner's zone, as the back office shows them.
  const local = new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const languages = new Intl.DisplayNames([lang], { type: "language" });
  const word = (key: string, code: string) => {
    const text = t(key);
    return text === key ? code : text;
  };
  return {
    separator: comma ? ";" : ",",
    decimal: comma ? "," : ".",
    headers: [...CSV_COLUMNS, ...OWNER_COLUMNS].map((column) => t(`csv.${column}`)),
    words: {
      id: (order) => order.reference,
      state: (state) => word(`states.${state}`, state),
      offer: (offer) => word(`offers:${offer}.name`, offer),
      lang: (code) => languages.of(code) ?? code,
      billing: (label) => (label ? word(`billing.${label}`, label) : ""),
      date: (iso) => (iso ? local.format(new Date(iso)) : ""),
      emails: (emails) => {
        const states = emails.map((email) =>
          email.status === "pending" ? (email.attempts > 0 ? "retrying" : "waiting") : email.status,
        );
        return (["sent", "failed", "retrying", "waiting"] as const)
          .filter((state) => states.includes(state))
          .map((state) => `${word(`emailState.${state}`, state)}: ${states.filter((each) => each === state).length}`)
          .join(", ");
      },
    },
  };
}

/** A ?format= or --format value: undefined for anything else (the caller answers 400 / exits 2). */
export const csvFormatName = (value: string | null | undefined): CsvFormatName | undefined =>
  value === null || value === undefined || value === ""
    ? "owner"
    : (CSV_FORMAT_NAMES as readonly string[]).includes(value)
      ? (value as CsvFormatName)
      : undefined;

/** The header line: raw's bare names, or the BOM and the owner's quoted headers. */
function headerLine(format: CsvFormat): string {
  return format === RAW_CSV
    ? `${CSV_COLUMNS.join(",")}\r\n`
    : `\uFEFF${format.headers.map(csvCell).join(format.separator)}\r\n`;
}

/** The entries whose value is set (an order's answer left empty gives way to the brief's). */
const definedOnly = (values: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== ""));

/** One order's CSV line (no line end); `refunded`: minor units refunded of its charges; `deliveredAt`: its latest delivery. */
export function csvLine(
  o: Order,
  emails: string,
  format: CsvFormat = RAW_CSV,
  extra: {
    refunded?: number;
    deliveredAt?: string | null;
    refundedAt?: string | null;
    briefAnswers?: Record<string, string>;
  } = {},
): string {
  // The questions asked with the brief after payment are answered there, not on the order form:
  // the brief's answer fills its column (it is the later word), else the order's.
  const c = { ...(o.customer as Record<string, string | undefined>), ...definedOnly(extra.briefAnswers ?? {}) };
  const w = format.words;
  const money = (minor: number) => (minor / 100).toFixed(2).replace(".", format.decimal);
  const paid = o.paidAt ? o.amountDueNow : 0;
  const refunded = extra.refunded ?? 0;
  const tax = o.paidAt && typeof o.taxAmount === "number" ? money(o.taxAmount) : "";
  const accounts = w
    ? [
        money(paid),
        tax,
        money(refunded),
        money(paid - refunded),
        w.date(extra.deliveredAt ?? null),
        w.date(extra.refundedAt ?? null),
      ]
    : [];
  return [
    w ? w.id(o) : o.id,
    w ? w.date(o.createdAt) : o.createdAt,
    w ? w.state(o.state) : o.state,
    w ? w.lang(o.lang) : o.lang,
    w ? w.offer(o.offer) : o.offer,
    o.currency,
    money(o.amountDueNow),
    money(o.monthly),
    o.provider,
    o.sessionId,
    w ? w.date(o.paidAt) : o.paidAt,
    ...ORDER_FIELD_NAMES.map((name) => (c as Record<string, string | undefined>)[name]),
    emails,
    o.failureReason,
    w ? w.billing(billingLabel(o)) : billingLabel(o),
    w ? w.date(o.periodEnd) : o.periodEnd,
    ...accounts,
  ]
    .map(csvCell)
    .join(format.separator);
}

/** One order of the CSV export with its emails' states, in the export's order (newest first). */
export interface ExportRow {
  order: Order;
  emails: Array<Pick<OutboxRow, "kind" | "status" | "attempts">>;
  /** Minor units refunded of its charges (billing's charge_refunds). */
  refunded?: number;
  /** When it was last delivered (a delivery record or the delivered event). */
  deliveredAt?: string | null;
  /** When money was last given back. */
  refundedAt?: string | null;
  /** The brief's answers, by field name. */
  briefAnswers?: Record<string, string>;
}

const rowLine = (row: ExportRow, format: CsvFormat) =>
  `${csvLine(row.order, emailsCell(format, row.emails), format, row)}\r\n`;

/** Rows already read, as one file: what the stream below writes, for a test's expectations. CRLF line ends as RFC 4180 says. */
export function ordersCsv(rows: readonly ExportRow[], format: CsvFormat = RAW_CSV): string {
  return headerLine(format) + rows.map((row) => rowLine(row, format)).join("");
}

export interface ExportQuery {
  state?: OrderState;
  /** Only orders still to deliver (paid, kept, not marked delivered for their current period). */
  toDeliver?: boolean;
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
export function ordersCsvStream(
  store: ExportSource,
  query: ExportQuery,
  pageSize = EXPORT_PAGE,
  format: CsvFormat = RAW_CSV,
  limit = Infinity,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { createdAt: string; id: string } | null = null;
  let started = false;
  let left = limit;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(headerLine(format)));
          return;
        }
        const size = Math.min(pageSize, left);
        const page: ExportRow[] = await store.exportPage(query, after, size);
        if (page.length) {
          controller.enqueue(encoder.encode(page.map((row) => rowLine(row, format)).join("")));
          const last = page.at(-1)!.order;
          after = { createdAt: last.createdAt, id: last.id };
          left -= page.length;
        }
        if (page.length < size || left <= 0) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}
