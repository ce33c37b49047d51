import { describe, expect, test } from "vitest";
import { KyselyMoneyStore } from "../admin/money-store.server.ts";
import { paidTestOrder } from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import { creditNotesOf } from "./credit-notes.server.ts";

const repo = storesPerTest();

/** A refund the owner confirmed in the back office, written as money.server.ts writes it (the action and its charge total). */
async function backOfficeRefund(orderId: string, key: string, amount: number, chargeTotal: number) {
  const money = new KyselyMoneyStore(repo.db);
  await money.claim({ key, orderId, kind: "refund", amount, currency: "EUR", reason: "duplicate", note: "" });
  await money.complete(key, orderId, {
    providerRef: `re_${key}`,
    event: { kind: "refunded", detail: "" },
    emails: [],
    charge: { chargeId: "ch_1", amount: 10_000, amountRefunded: chargeTotal, currency: "eur" },
  });
}

describe("credit notes", () => {
  test("each back-office refund is one note, numbered after the order's reference; a refund made elsewhere is one more, never counted twice", async () => {
    const order = await paidTestOrder(repo, { offer: "veo3-pack" });
    const untouched = await paidTestOrder(repo, { offer: "veo3-single" });
    await backOfficeRefund(order.id, "k1", 2_000, 2_000);
    await backOfficeRefund(order.id, "k2", 1_000, 3_000);
    let notes = await creditNotesOf(repo.db, [order, untouched]);
    expect(notes.has(untouched.id)).toBe(false);
    expect(
      notes.get(order.id)!.map(({ number, amount, currency, providerRef }) => [number, amount, currency, providerRef]),
    ).toEqual([
      [`${order.reference}-R1`, 2_000, "EUR", "re_k1"],
      [`${order.reference}-R2`, 1_000, "EUR", "re_k2"],
    ]);

    // Stripe's event later says the charge was refunded 5,000 in all: 2,000 more were given back in Stripe's dashboard.
    await repo.db
      .updateTable("charge_refunds")
      .set({ amount_refunded: 5_000, updated_at: "2999-01-01T00:00:00.000Z" })
      .where("charge_id", "=", "ch_1")
      .execute();
    notes = await creditNotesOf(repo.db, [order]);
    expect(
      notes.get(order.id)!.map(({ number, amount, at, providerRef }) => [number, amount, at, providerRef]),
    ).toEqual([
      [`${order.reference}-R1`, 2_000, expect.any(String), "re_k1"],
      [`${order.reference}-R2`, 1_000, expect.any(String), "re_k2"],
      [`${order.reference}-R3`, 2_000, "2999-01-01T00:00:00.000Z", null],
    ]);
  });
});
