import { describe, expect, test } from "vitest";
import { newTestOrder, testCustomer } from "../../tests/support/order-fixtures.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import type { Order } from "../orders/types.ts";
import { translator } from "../i18n/translator.server.ts";
import {
  CSV_COLUMNS,
  OWNER_COLUMNS,
  csvFormat,
  csvFormatName,
  ordersCsv,
  ordersCsvStream,
  type ExportSource,
} from "./orders-csv.server.ts";

// The export opens as columns in French (German, Spanish, Portuguese, Italian)
// Excel, whose list separator is ";" and decimal separator ","; headers in the owner's language.

function order(n: number, overrides: Partial<Order> = {}): Order {
  const at = new Date(Date.UTC(2026, 10, 26, 9, 0, n)).toISOString();
  return {
    ...newTestOrder({ id: `ord_fmt_${n}`, amountDueNow: 123_456, monthly: 4_950 }),
    state: "paid",
    sessionId: null,
    checkoutUrl: null,
    failureReason: null,
    createdAt: at,
    updatedAt: at,
    paidAt: at,
    customerRef: null,
    subscriptionRef: null,
    billingState: null,
    periodEnd: null,
    subscriptionStatus: null,
    reference: "LA-1001",
    ...overrides,
  };
}

const ORDERS = [
  order(3, {
    customer: { ...testCustomer, comments: '=HYPERLINK("http://evil.example";"x")', companyName: "Dupont; Fils & Cie" },
  }),
  order(2),
  order(1),
];
/** The export's rows as the store gives them: no emails, nothing refunded or delivered. */
const ROWS = ORDERS.map((order) => ({ order, emails: [] }));

/** Splits a line on the separator outside quotes: what a spreadsheet does. */
function cells(line: string, separator: string): string[] {
  return [...line.matchAll(new RegExp(`"((?:[^"]|"")*)"(?:${separator}|$)`, "g"))].map((match) =>
    match[1]!.replace(/""/g, '"'),
  );
}

const decode = async (stream: ReadableStream<Uint8Array>) => {
  let text = "";
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
};

describe("the owner's CSV format", () => {
  test("French: BOM, ';' between cells, decimal commas, French headers, formulas still neutralised", async () => {
    const csv = ordersCsv(ROWS, csvFormat("owner", "fr", translator("fr", "admin")));
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, first, ...rest] = csv.slice(1).trimEnd().split("\r\n");
    expect(rest).toHaveLength(2);
    expect(cells(header!, ";")).toHaveLength(CSV_COLUMNS.length + OWNER_COLUMNS.length);
    expect(header!.startsWith('"Référence";"Créée le";"État";')).toBe(true);
    expect(header!.endsWith('"Montant payé";"Dont taxes";"Remboursé";"Net";"Livrée le";"Remboursée le"')).toBe(true);
    const row = cells(first!, ";");
    expect(row).toHaveLength(CSV_COLUMNS.length + OWNER_COLUMNS.length);
    expect(row[CSV_COLUMNS.indexOf("amount_due_now")]).toBe("1234,56");
    expect(row[CSV_COLUMNS.indexOf("monthly")]).toBe("49,50");
    // A ";" typed by a customer stays inside its cell.
    expect(row[CSV_COLUMNS.indexOf("company")]).toBe("Dupont; Fils & Cie");
    expect(row[CSV_COLUMNS.indexOf("comments")]).toBe('\'=HYPERLINK("http://evil.example";"x")');
  });

  test("the tax Stripe Tax computed is its own column; empty where it is unknown (Stripe Tax off, the sandbox, unpaid)", () => {
    const format = csvFormat("owner", "fr", translator("fr", "admin"));
    const tax = (o: Order) =>
      cells(
        ordersCsv([{ order: o, emails: [] }], format)
          .slice(1)
          .split("\r\n")[1]!,
        ";",
      )[CSV_COLUMNS.length + OWNER_COLUMNS.indexOf("tax")];
    expect(tax(order(4, { taxAmount: 20_576 }))).toBe("205,76");
    expect(tax(order(5))).toBe("");
    expect(tax(order(6, { taxAmount: 20_576, paidAt: null }))).toBe("");
  });

  test.each(LANGUAGES)("%s: every header translated, the separator the local Excel expects", (lang) => {
    const format = csvFormat("owner", lang, translator(lang, "admin"));
    expect(format.separator).toBe(lang === "en" ? "," : ";");
    expect(format.decimal).toBe(lang === "en" ? "." : ",");
    expect(format.headers).toHaveLength(CSV_COLUMNS.length + OWNER_COLUMNS.length);
    for (const header of format.headers) expect(header).not.toMatch(/^csv\./);
    expect(new Set(format.headers).size).toBe(CSV_COLUMNS.length + OWNER_COLUMNS.length);
  });

  test("raw stays the comma format with the column names, whatever the owner's language", async () => {
    const csv = ordersCsv(ROWS, csvFormat("raw", "de", translator("de", "admin")));
    expect(csv.startsWith(`${CSV_COLUMNS.join(",")}\r\n`)).toBe(true);
    expect(csv).toContain('"1234.56","49.50"');
    expect(csv).toBe(ordersCsv(ROWS));
  });

  test("streamed page by page: the same bytes as the whole file, in both formats", async () => {
    const source: ExportSource = {
      async exportPage(_query, after, limit) {
        const start = after ? ORDERS.findIndex((o) => o.id === after.id) + 1 : 0;
        return ORDERS.slice(start, start + limit).map((o) => ({ order: o, emails: [] }));
      },
    };
    for (const format of [
      csvFormat("owner", "it", translator("it", "admin")),
      csvFormat("raw", "it", translator("it", "admin")),
    ]) {
      expect(await decode(ordersCsvStream(source, {}, 2, format))).toBe(ordersCsv(ROWS, format));
    }
  });

  test("?format= / --format: owner by default, raw on demand, anything else refused", () => {
    expect(csvFormatName(null)).toBe("owner");
    expect(csvFormatName(undefined)).toBe("owner");
    expect(csvFormatName("raw")).toBe("raw");
    expect(csvFormatName("xlsx")).toBeUndefined();
  });
});
