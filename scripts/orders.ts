// `npm run orders`: the most recent orders with their state and email delivery.
// `npm run orders -- --csv` exports every order as CSV on stdout; `--limit N` changes how many.
// Reads DATA_DIR (default ./data), the same database the server uses (safe while it runs: WAL).
import "./require-node.js";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openOrderRepository } from "../app/orders/repository.server.ts";
import type { Order } from "../app/orders/types.ts";
import { formatMoney } from "../app/i18n/format.ts";

const { values } = parseArgs({
  options: { csv: { type: "boolean", default: false }, limit: { type: "string" }, help: { type: "boolean", short: "h", default: false } },
});
if (values.help) {
  console.log("Usage: npm run orders [-- --csv] [-- --limit N]\nLists orders stored under $DATA_DIR (default ./data).");
  process.exit(0);
}

const dataDir = process.env.DATA_DIR || "./data";
const file = path.resolve(dataDir, "orders.sqlite");
if (!process.env.DATABASE_URL && !fs.existsSync(file)) {
  console.error(`No orders database at ${file} yet (set DATA_DIR to the server's data directory).`);
  process.exit(values.csv ? 0 : 1);
}
const limit = Number(values.limit ?? (values.csv ? 1_000_000 : 50));
const repo = await openOrderRepository({ DATA_DIR: dataDir, DATABASE_URL: process.env.DATABASE_URL });
const orders = await repo.listOrders(Number.isFinite(limit) && limit > 0 ? limit : 50);

const emailsByOrder = new Map(await Promise.all(orders.map(async (order) => [order.id, await repo.listEmails(order.id)] as const)));

function emailState(order: Order): string {
  const emails = emailsByOrder.get(order.id) ?? [];
  if (!emails.length) return "";
  return emails
    .map((email) => `${email.kind}:${email.status === "failed" ? "FAILED" : email.status}${email.status !== "sent" ? `(${email.attempts} tries)` : ""}`)
    .join(" ");
}

/**
 * Customer-typed text never reaches the operator's terminal raw: control characters (an escape
 * sequence could rewrite the screen or the title bar), DEL, C1 and bidi overrides are shown as
 * visible \u escapes.
 */
function printable(text: string): string {
  return text.replace(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * One CSV cell, always quoted. A cell a spreadsheet would run as a formula (=, @, tab, CR, or + and
 * - not followed by a plain number or phone number) gets a leading apostrophe, Excel's text marker;
 * real data such as "+33 6 12 34 56 78" or "-5" stays as typed.
 */
function csvCell(value: unknown): string {
  const text = String(value ?? "");
  const formula = /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s().\/-]*$/.test(text));
  return `"${(formula ? `'${text}` : text).replace(/"/g, '""')}"`;
}

if (values.csv) {
  const columns = [
    "id", "created_at", "state", "lang", "offer", "currency", "amount_due_now", "monthly", "provider", "session_id",
    "paid_at", "first_name", "last_name", "email", "company", "address", "postal_code", "city", "country", "phone",
    "agent_name", "telegram_id", "connect_zapier", "video_topic", "video_brand", "video_language", "comments", "emails", "failure_reason",
  ];
  const cell = csvCell;
  const lines = [columns.join(",")];
  for (const o of orders) {
    const c = o.customer;
    lines.push(
      [
        o.id, o.createdAt, o.state, o.lang, o.offer, o.currency, (o.amountDueNow / 100).toFixed(2), (o.monthly / 100).toFixed(2),
        o.provider, o.sessionId, o.paidAt, c.firstName, c.lastName, c.email, c.companyName, c.address, c.postalCode, c.city,
        c.country, c.phoneNumber, c.agentName, c.telegramId, c.connectZapier, c.videoTopic, c.videoBrand, c.videoLanguage, c.comments,
        emailState(o), o.failureReason,
      ]
        .map(cell)
        .join(","),
    );
  }
  // A UTF-8 byte order mark, so Excel reads accents right; CRLF line ends as RFC 4180 says.
  process.stdout.write(`\uFEFF${lines.join("\r\n")}\r\n`);
} else if (!orders.length) {
  console.log(`No orders yet in ${file}.`);
} else {
  const rows = orders.map((o) => ({
    created: o.createdAt.slice(0, 19).replace("T", " "),
    id: o.id,
    state: o.state,
    lang: o.lang,
    offer: o.offer,
    amount: formatMoney(o.amountDueNow, o.currency, "en") + (o.monthly ? ` + ${formatMoney(o.monthly, o.currency, "en")}/mo` : ""),
    customer: printable(`${o.customer.firstName} ${o.customer.lastName} <${o.customer.email}>`),
    email: emailState(o),
  }));
  const keys = Object.keys(rows[0]!) as Array<keyof (typeof rows)[number]>;
  const widths = keys.map((key) => Math.min(48, Math.max(key.length, ...rows.map((row) => row[key].length))));
  const line = (values: string[]) => values.map((value, i) => value.slice(0, widths[i]).padEnd(widths[i]!)).join("  ").trimEnd();
  console.log(line(keys));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(keys.map((key) => row[key])));
  const counts = orders.reduce<Record<string, number>>((acc, o) => ((acc[o.state] = (acc[o.state] ?? 0) + 1), acc), {});
  console.log(`\n${orders.length} order(s): ${Object.entries(counts).map(([state, n]) => `${n} ${state}`).join(", ")}`);
  const failedEmails = orders.filter((o) => (emailsByOrder.get(o.id) ?? []).some((email) => email.status === "failed"));
  if (failedEmails.length) console.log(`${failedEmails.length} order(s) with an email that finally failed: ${failedEmails.map((o) => o.id).join(", ")}`);
  const failed = orders.filter((o) => o.state === "failed" && o.failureReason);
  for (const o of failed) console.log(`${o.id} failed: ${printable(o.failureReason!)}`);
}
await repo.close();
