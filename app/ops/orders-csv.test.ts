import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from "kysely";
import { afterEach, beforeEach, expect, test } from "vitest";
import { newTestOrder } from "../../tests/support/order-fixtures.ts";
import { openTestStore } from "../../tests/support/store.ts";
import type { Store } from "../db/database.server.ts";
import { EXPORT_PAGE, ordersCsv, ordersCsvStream } from "./orders-csv.server.ts";
import { storesOver, type Stores } from "../stores.server.ts";

// The CSV export of 30,000 orders once ran one query per order (30,001), held the
// whole file in memory and stalled /healthz for 11 s. It now streams, one query per page of
// EXPORT_PAGE orders (each order's emails in the same query). Runs on both stores.

/** Counts every query the repository sends to the database (a Kysely plugin sees each one). */
class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.count++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

const ORDERS = 30_000;
let store: Store;
let repo: Stores;
const counter = new QueryCounter();

beforeEach(async () => {
  store = await openTestStore();
  repo = storesOver({ ...store, db: store.db.withPlugin(counter) });
  // 30,000 stored orders, written in bulk (the test is about reading them).
  const template = newTestOrder();
  const customer = JSON.stringify(template.customer);
  for (let start = 0; start < ORDERS; start += 1_000) {
    await store.db
      .insertInto("orders")
      .values(
        Array.from({ length: 1_000 }, (_, i) => {
          const n = start + i;
          // Two orders per second: ties on created_at, as in real life.
          const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(n / 2) * 1000).toISOString();
          return {
            id: `ord_${String(n).padStart(6, "0")}`,
            submission_token: `t-${n}`,
            state: n % 3 ? "paid" : "pending",
            lang: "en",
            offer: "test-workflow",
            currency: "EUR",
            amount_due_now: 100,
            monthly: 0,
            customer_json: customer,
            email: template.customer.email,
            provider: "sandbox",
            session_id: null,
            checkout_url: null,
            failure_reason: null,
            created_at: at,
            updated_at: at,
            paid_at: null,
            customer_ref: null,
            subscription_ref: null,
            billing_state: null,
            period_end: null,
          } as const;
        }),
      )
      .execute();
  }
  for (const id of ["ord_000007", "ord_029999"]) {
    await repo.enqueueEmail(id, "confirmation");
    await repo.enqueueEmail(id, "owner-paid");
  }
  await store.db
    .updateTable("outbox")
    .set({ status: "failed", attempts: 3 })
    .where("kind", "=", "owner-paid")
    .execute();
  await store.db
    .updateTable("outbox")
    .set({ status: "sent", attempts: 1 })
    .where("kind", "=", "confirmation")
    .execute();
}, 300_000);
afterEach(() => repo.close());

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

test(
  "30,000 orders: one query per page of 1,000 (never one per order), read only as the download goes, same bytes as before",
  { timeout: 300_000 },
  async () => {
    counter.count = 0;
    const stream = ordersCsvStream(repo, {});
    const reader = stream.getReader();
    // The header is written before any query; the first page only when it is asked for.
    const header = await reader.read();
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(header.value)).toMatch(/^id,created_at,state,/);
    expect(counter.count).toBe(0);
    await reader.read();
    expect(counter.count).toBe(1);
    reader.releaseLock();
    const rest = await readAll(stream);
    const queries = counter.count;
    console.log(`CSV export of ${ORDERS} orders: ${queries} queries`);
    expect(queries).toBeLessThanOrEqual(Math.ceil(ORDERS / EXPORT_PAGE) + 1);

    // Every order once, newest first; the emails of an order summarised as before.
    const full = await readAll(ordersCsvStream(repo, {}));
    const lines = full.trimEnd().split("\r\n");
    expect(lines).toHaveLength(ORDERS + 1);
    const ids = lines.slice(1).map((line) => line.slice(1, 11));
    expect(new Set(ids).size).toBe(ORDERS);
    expect(ids[0]).toBe("ord_029999");
    expect(ids.at(-1)).toBe("ord_000000");
    expect(full).toContain('"confirmation:sent owner-paid:FAILED(3 tries)"');
    expect(rest.length).toBeGreaterThan(0);

    // The same bytes as the CLI's format (one query per order there: fine for a few orders).
    const few = (await repo.searchOrders({ search: "ord_0299", limit: 1_000, offset: 0 })).orders;
    const rows = await Promise.all(few.map(async (order) => ({ order, emails: await repo.listEmails(order.id) })));
    expect(await readAll(ordersCsvStream(repo, { search: "ord_0299" }))).toBe(ordersCsv(rows));
    // A filter streams too.
    const paid = (await readAll(ordersCsvStream(repo, { state: "paid" }))).trimEnd().split("\r\n");
    expect(paid).toHaveLength(ORDERS - ORDERS / 3 + 1);
  },
);
