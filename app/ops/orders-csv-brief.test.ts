import { expect, test } from "vitest";
import { paidTestOrder } from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import { csvFormat, ordersCsv, CSV_COLUMNS, OWNER_COLUMNS } from "./orders-csv.server.ts";

// The CSV keeps the brief: the questions asked after payment (phone, agent name, Zapier,
// comments…) come from the brief's answers; "delivered on" is the last delivery, not the first;
// the refund has its date. Runs on both stores.
const repo = storesPerTest();
/** One CSV line's cells (quoted cells may hold the separator; "" is a quote). */
const cellsOf = (line: string, separator = ",") =>
  [...line.matchAll(new RegExp(`(?:^|${separator})("(?:[^"]|"")*"|[^${separator}"]*)`, "g"))].map((m) =>
    m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!,
  );

test("the brief's answers fill their columns; the last delivery's date and the refund's date are there", async () => {
  const order = await paidTestOrder(repo, { offer: "formateur-ia" });
  const answers = { phoneNumber: "+33 6 12 34 56 78", agentName: "Léa", connectZapier: "oui", comments: "Merci !" };
  expect(await repo.saveBrief(order.id, "Le brief", answers)).toBe(true);
  const delivery = {
    orderId: order.id,
    period: "",
    note: "",
    links: [{ url: "https://example.com/v", label: null }],
    eventPeriod: null,
  };
  const first = await repo.recordDelivery({ ...delivery, round: 0, first: true }, []);
  await repo.recordRevision(order.id, "", 1, "Plus court");
  const last = await repo.recordDelivery({ ...delivery, round: 1, first: false }, []);
  await repo.db
    .updateTable("order_deliveries")
    .set({ created_at: "2026-03-01T10:00:00.000Z" })
    .where("id", "=", first!.id)
    .execute();
  await repo.db
    .updateTable("order_events")
    .set({ created_at: "2026-03-01T10:00:00.000Z" })
    .where("order_id", "=", order.id)
    .where("kind", "=", "delivered")
    .execute();
  await repo.db
    .updateTable("order_deliveries")
    .set({ created_at: "2026-03-05T15:30:00.000Z" })
    .where("id", "=", last!.id)
    .execute();
  await repo.db
    .insertInto("charge_refunds")
    .values({
      charge_id: "ch_1",
      order_id: order.id,
      amount: 100,
      amount_refunded: 50,
      currency: "EUR",
      updated_at: "2026-03-09T08:15:00.000Z",
    })
    .execute();

  const rows = await repo.exportPage({}, null, 10);
  const raw = ordersCsv(rows).split("\r\n");
  const cells = Object.fromEntries(CSV_COLUMNS.map((column, i) => [column, cellsOf(raw[1]!)[i]]));
  expect(cells.phone).toContain("+33 6 12 34 56 78");
  expect(cells.agent_name).toBe("Léa");
  expect(cells.connect_zapier).toBe("oui");
  expect(cells.comments).toBe("Merci !");

  const owner = ordersCsv(
    rows,
    csvFormat("owner", "en", (key) => key, "UTC"),
  ).split("\r\n");
  const line = cellsOf(owner[1]!);
  const at = (column: (typeof OWNER_COLUMNS)[number]) => line[CSV_COLUMNS.length + OWNER_COLUMNS.indexOf(column)];
  expect(at("delivered_at")).toBe("2026-03-05 15:30");
  expect(at("refunded_at")).toBe("2026-03-09 08:15");
});
