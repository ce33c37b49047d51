// `npm run orders`: the most recent orders with their state and email delivery.
// `npm run orders -- --out orders.csv` exports every order as CSV into a file; `--csv` writes the
// same to stdout (`npm run --silent orders -- --csv > orders.csv`: without --silent npm prints its
// own banner into the file first). `--limit N` changes how many.
// Reads the database the server uses: PostgreSQL when DATABASE_URL is set, else DATA_DIR's SQLite
// file (default ./data; safe while the server runs: WAL).
import "./require-node.js";
import fs from "node:fs";
import path from "node:path";
import { csvFormat, csvFormatName, emailSummary, EXPORT_PAGE, ordersCsvStream } from "../app/ops/orders-csv.server.ts";
import { LANGUAGES, type Language } from "../app/i18n/languages.ts";
import { openStores } from "../app/stores.server.ts";
import type { Order } from "../app/orders/types.ts";
import { formatMoney } from "../app/i18n/format.ts";
import { describe, existingSqliteFile, fail, parseOptions } from "./cli.ts";
import { billingLabel } from "../app/lib/billing-label.ts";

const USAGE =
  "Usage: npm run orders [-- --limit N] | npm run orders -- --out FILE [--force] | npm run --silent orders -- --csv > FILE. CSV in the owner's spreadsheet format (OWNER_LANG: ';' and decimal commas except in English), or --format raw for commas and the English column names (no byte order mark). --out never replaces a file without --force. Uses DATABASE_URL or DATA_DIR (default ./data).";
const { values } = parseOptions(
  {
    options: {
      csv: { type: "boolean", default: false },
      out: { type: "string" },
      limit: { type: "string" },
      format: { type: "string" },
      force: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  },
  USAGE,
);
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.limit !== undefined && !/^[1-9]\d*$/.test(values.limit))
  fail(`--limit takes a positive whole number, not '${values.limit}'. ${USAGE}`, 2);
if (values.out !== undefined && !values.out) fail(`--out needs a file name. ${USAGE}`, 2);
const csv = values.csv || values.out !== undefined;
const formatName = csvFormatName(values.format);
if (!formatName) fail(`--format takes owner or raw, not '${values.format}'. ${USAGE}`, 2);
const ownerLang = process.env.OWNER_LANG || "fr";
if (!(LANGUAGES as readonly string[]).includes(ownerLang))
  fail(`OWNER_LANG must be one of ${LANGUAGES.join(", ")}, not '${ownerLang}'.`, 2);

const dataDir = process.env.DATA_DIR || "./data";
const databaseUrl = process.env.DATABASE_URL || undefined;
// A mistyped DATA_DIR must not get a fresh empty database (and an empty export that looks right).
const file = databaseUrl ? "" : existingSqliteFile("where the site stores its orders", { postgresToo: true });
const limit = Number(values.limit ?? (csv ? 1_000_000 : 50));
const where = databaseUrl ? `the PostgreSQL database at ${safeHost(databaseUrl)}` : file;
const repo = await openStores({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }).catch((error) =>
  fail(`Cannot open ${where}: ${describe(error)}`),
);
const orders = await repo.listOrders(limit).catch((error) => fail(`Cannot read ${where}: ${describe(error)}`));

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "DATABASE_URL";
  }
}

const emailsByOrder = new Map(
  await Promise.all(orders.map(async (order) => [order.id, await repo.listEmails(order.id)] as const)),
);

const emailState = (order: Order) => emailSummary(emailsByOrder.get(order.id) ?? []);

/**
 * Customer-typed text never reaches the operator's terminal raw: control characters (an escape
 * sequence could rewrite the screen or the title bar), DEL, C1 and bidi overrides are shown as
 * visible \u escapes.
 */
function printable(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this escapes
    /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** A key of locales/<lang>/admin.json (the server's translator needs the bundler; this CLI runs bare). */
/** The locale files' words, as i18next reads them ("offers:veo3-pack.name" names another file): the CLI runs without the bundler. */
function localeText(lang: string): (key: string) => string {
  const files = new Map<string, Record<string, unknown>>();
  const file = (ns: string) => {
    if (!files.has(ns))
      files.set(
        ns,
        JSON.parse(fs.readFileSync(new URL(`../locales/${lang}/${ns}.json`, import.meta.url), "utf8")) as Record<
          string,
          unknown
        >,
      );
    return files.get(ns)!;
  };
  return (key) => {
    const [ns, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["admin", key];
    const found = path
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file(ns));
    return typeof found === "string" ? found : key;
  };
}

if (csv) {
  // The back office's export, read to the end: the same query, columns and words (refunds, deliveries).
  const format = csvFormat(
    formatName,
    ownerLang as Language,
    localeText(ownerLang),
    process.env.OWNER_TIME_ZONE || "Europe/Paris",
  );
  // Bytes, not text: Response.text() would drop the owner's byte order mark.
  const bytes = Buffer.from(await new Response(ordersCsvStream(repo, {}, EXPORT_PAGE, format, limit)).arrayBuffer());
  if (values.out) {
    const out = path.resolve(values.out);
    try {
      // "wx": an existing file (last month's export, the accountant's notes) is never replaced silently.
      fs.writeFileSync(out, bytes, { flag: values.force ? "w" : "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST")
        fail(`${out} already exists: choose another name, or add --force to replace it.`);
      fail(`Cannot write ${out}: ${describe(error)}`);
    }
    // The rows written: the lines after the header (each ends in CRLF; a line break inside a quoted cell is a bare LF).
    console.log(`${bytes.toString("utf8").split("\r\n").length - 2} order(s) written to ${out}`);
  } else {
    process.stdout.write(bytes);
  }
} else if (!orders.length) {
  console.log(`No orders yet in ${where}.`);
} else {
  const rows = orders.map((o) => ({
    created: o.createdAt.slice(0, 19).replace("T", " "),
    // What the customer and the back office call it ("LA-1042"); the id stays for the database.
    reference: o.reference,
    id: o.id,
    state: o.state,
    // After checkout: active, past_due, cancelling (ends at period end), cancelled, refunded, disputed.
    subscription: billingLabel(o)
      ? `${billingLabel(o)}${o.periodEnd && o.monthly ? ` ${o.periodEnd.slice(0, 10)}` : ""}`
      : "",
    lang: o.lang,
    offer: o.offer,
    amount:
      formatMoney(o.amountDueNow, o.currency, "en") +
      (o.monthly ? ` + ${formatMoney(o.monthly, o.currency, "en")}/mo` : ""),
    customer: printable(`${o.customer.firstName} ${o.customer.lastName} <${o.customer.email}>`),
    email: emailState(o),
  }));
  const keys = Object.keys(rows[0]!) as Array<keyof (typeof rows)[number]>;
  const widths = keys.map((key) => Math.min(48, Math.max(key.length, ...rows.map((row) => row[key].length))));
  const line = (values: string[]) =>
    values
      .map((value, i) => value.slice(0, widths[i]).padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  console.log(line(keys));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(keys.map((key) => row[key])));
  const counts = orders.reduce<Record<string, number>>((acc, o) => ((acc[o.state] = (acc[o.state] ?? 0) + 1), acc), {});
  console.log(
    `\n${orders.length} order(s): ${Object.entries(counts)
      .map(([state, n]) => `${n} ${state}`)
      .join(", ")}`,
  );
  const failedEmails = orders.filter((o) => (emailsByOrder.get(o.id) ?? []).some((email) => email.status === "failed"));
  if (failedEmails.length)
    console.log(
      `${failedEmails.length} order(s) with an email that finally failed: ${failedEmails.map((o) => o.reference).join(", ")}`,
    );
  const failed = orders.filter((o) => o.state === "failed" && o.failureReason);
  for (const o of failed) console.log(`${o.reference} failed: ${printable(o.failureReason!)}`);
}
await repo.close();
