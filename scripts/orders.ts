// `npm run orders`: the most recent orders with their state and email delivery.
// `npm run orders -- --csv` exports every order as CSV on stdout; `--limit N` changes how many.
// Reads DATA_DIR (default ./data), the same database the server uses (safe while it runs: WAL).
import "./require-node.js";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { formatMoney } from "../app/content/offers.ts";
import { openOrderRepository } from "../app/orders/repository.server.ts";
import type { Order } from "../app/orders/types.ts";

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
  return emails.map((email) => `${email.kind}:${email.status}${email.status === "pending" ? `(${email.attempts} tries)` : ""}`).join(" ");
}

if (values.csv) {
  const columns = [
    "id", "created_at", "state", "lang", "offer", "currency", "amount_due_now", "monthly", "provider", "session_id",
    "paid_at", "first_name", "last_name", "email", "company", "address", "postal_code", "city", "country", "phone",
    "agent_name", "telegram_id", "connect_zapier", "video_topic", "video_brand", "video_language", "comments", "emails", "failure_reason",
  ];
  const cell = (value: unknown) => {
    const text = String(value ?? "");
    // Quote always; neutralise spreadsheet formulas in customer-typed text.
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return `"${safe.replace(/"/g, '""')}"`;
  };
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
  process.stdout.write(`${lines.join("\n")}\n`);
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
    customer: `${o.customer.firstName} ${o.customer.lastName} <${o.customer.email}>`,
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
}
await repo.close();
