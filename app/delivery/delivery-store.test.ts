import { describe, expect, test } from "vitest";
import { paidTestOrder } from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import { ENV_ENDPOINT } from "../automation/endpoints.server.ts";
import { closeWork } from "./delivery-store.server.ts";
import { moneyMove, workState, workView } from "./work.server.ts";
import type { MoneyEvent } from "./work-state.ts";

// The delivery room's writes: each decided by one conditional write, with its email and its
// automation event in the same transaction.
const repo = storesPerTest();

describe("the delivery store", () => {
  test("a delivery round is written once (a replay writes nothing: no second email, no second event); the first brief and each delivery are events", async () => {
    await repo.syncWebhookEndpoint(ENV_ENDPOINT, "https://hooks.example.net/in");
    const order = await paidTestOrder(repo);
    expect(await repo.saveBrief(order.id, "First words")).toBe(true);
    expect(await repo.saveBrief(order.id, "More words")).toBe(true);
    const first = {
      orderId: order.id,
      period: "",
      round: 0,
      note: "Here",
      links: [{ url: "https://example.com/v1", label: null }],
      first: true,
      eventPeriod: null,
    };
    const [a, b] = await Promise.all([repo.recordDelivery(first, []), repo.recordDelivery(first, [])]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    // Delivered: the brief is closed, the order's delivered event is written once.
    expect(await repo.saveBrief(order.id, "Too late")).toBe(false);
    expect((await repo.listOrderEvents(order.id)).filter((event) => event.kind === "delivered")).toHaveLength(1);
    expect((await repo.listEmails(order.id)).filter((email) => email.kind.startsWith("work-delivered."))).toHaveLength(
      1,
    );
    const revision = await repo.recordRevision(order.id, "", 1, "Shorter");
    expect(revision).not.toBeNull();
    expect(await repo.recordRevision(order.id, "", 1, "Shorter again")).toBeNull();
    expect(await repo.recordDelivery({ ...first, round: 1, first: false }, [])).not.toBeNull();
    const types = (await repo.listWebhookDeliveries(100)).map((delivery) => delivery.type).sort();
    expect(types).toEqual(["order.brief_received", "order.delivered", "order.delivered", "order.paid"]);
    const work = await repo.orderWork(order.id);
    expect(work.brief?.text).toBe("More words");
    expect(work.deliveries.map((delivery) => delivery.round)).toEqual([0, 1]);
    expect(await repo.acceptDelivery(order.id, work.deliveries[1]!.id)).toBe(true);
    expect(await repo.acceptDelivery(order.id, work.deliveries[1]!.id)).toBe(false);
  });

  test("a delivery's files are written with it: of two concurrent posts for one round, the refused one leaves no file row", async () => {
    const order = await paidTestOrder(repo);
    const file = (id: string) => ({
      id,
      orderId: order.id,
      kind: "delivery" as const,
      deliveryId: null,
      revisionId: null,
      name: `${id}.pdf`,
      contentType: "application/pdf",
      size: 10,
      storageKey: `orders/${order.id}/${id}`,
      createdAt: new Date().toISOString(),
    });
    const round = {
      orderId: order.id,
      period: "",
      round: 0,
      note: "",
      links: [],
      first: true,
      eventPeriod: null,
    };
    const [a, b] = await Promise.all([
      repo.recordDelivery(round, [file("a".repeat(32))]),
      repo.recordDelivery(round, [file("b".repeat(32))]),
    ]);
    const winner = a ?? b;
    expect([a, b].filter(Boolean)).toHaveLength(1);
    const { files } = await repo.orderWork(order.id);
    expect(files.map((stored) => [stored.id, stored.deliveryId])).toEqual([[(a ? "a" : "b").repeat(32), winner!.id]]);
  });

  test("a delivery keeps its labelled links; a subscription's page shows this month, then the earlier months newest first; a full refund closes the work through the state machine, a partial refund does not, billing's columns alone close nothing", async () => {
    const order = await paidTestOrder(repo, { offer: "short-videos", monthly: 10_000, lang: "en" });
    const november = "2026-11-10T10:00:00.000Z";
    const december = "2026-12-10T10:00:00.000Z";
    const january = "2027-01-10T10:00:00.000Z";
    const links = [
      { url: "https://videos.example.com/a", label: "Video A" },
      { url: "https://videos.example.com/b", label: null },
    ];
    for (const period of [november, december, january])
      expect(
        await repo.recordDelivery(
          { orderId: order.id, period, round: 0, note: period, links, first: true, eventPeriod: period },
          [],
        ),
      ).not.toBeNull();
    const work = await repo.orderWork(order.id);
    expect(work.deliveries.map((delivery) => delivery.links)).toEqual([links, links, links]);
    const current = { ...order, state: "paid" as const, billingState: "active" as const, periodEnd: january };
    const view = workView(current, work, "en", (id) => `/f/${id}`);
    expect(view.deliveries.map((delivery) => delivery.note)).toEqual([january]);
    expect(view.deliveries[0]!.links).toEqual([
      { url: "https://videos.example.com/a", label: "Video A" },
      { url: "https://videos.example.com/b", label: "https://videos.example.com/b" },
    ]);
    expect(view.pastPeriods.map((past) => past.period)).toEqual([december, november]);
    expect(view.pastPeriods.map((past) => past.deliveries.map((delivery) => delivery.note))).toEqual([
      [december],
      [november],
    ]);
    expect(view.closed).toBeNull();
    // Money goes through the state machine (moneyMove) and its closure is written with the billing
    // change (closeWork): a partial refund leaves the work going; a full refund ends it.
    const money = async (event: MoneyEvent) => {
      const move = await moneyMove(current, event, "stripe", repo);
      if (move.ok && move.close) await closeWork(repo.db, order.id, move.close);
      return move;
    };
    expect(await money("refundPartial")).toEqual({ ok: true, close: null });
    expect(await money("cancelAtPeriodEnd")).toEqual({ ok: true, close: null });
    expect(workState(current, await repo.orderWork(order.id)).name).toBe("delivered");
    // Billing's columns and refunds alone close nothing: the work's state is read from the work.
    await repo.db
      .insertInto("charge_refunds")
      .values({
        charge_id: "ch_1",
        order_id: order.id,
        amount: 10_000,
        amount_refunded: 10_000,
        currency: "eur",
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect(workState({ ...current, billingState: "cancelled" }, await repo.orderWork(order.id)).name).toBe("delivered");
    // Who fires it: the API cannot refund, whatever the state.
    expect(await moneyMove(current, "refundFull", "api", repo)).toEqual({ ok: false, reason: "eventRefused" });
    expect(await money("refundFull")).toEqual({ ok: true, close: { why: "refunded", event: "refundFull" } });
    const closed = workState(current, await repo.orderWork(order.id));
    expect(closed.name).toBe("closed");
    expect(closed.closedBy).toBe("refunded");
    expect(closed.canDeliver).toBe(false);
    expect(closed.canAnswer).toBe(false);
    // Closed already: a cancellation afterwards is allowed (the money is a fact) and closes nothing again.
    expect(await money("cancelNow")).toEqual({ ok: true, close: null });
    expect((await repo.orderWork(order.id)).closure).toMatchObject({ why: "refunded", event: "refundFull" });
    // The work's writes check the closure in their own transaction: a post that passed decide just
    // before the closure committed writes nothing after it.
    const late = { orderId: order.id, period: january, round: 1, note: "late", links: [], first: false };
    expect(await repo.recordDelivery({ ...late, eventPeriod: january }, [])).toBeNull();
    expect(await repo.recordRevision(order.id, january, 1, "Shorter")).toBeNull();
    expect(
      await repo.saveBrief(order.id, "Late topics", undefined, { period: january, first: false, allowance: 8 }),
    ).toBe(false);
    expect(await repo.acceptDelivery(order.id, work.deliveries.at(-1)!.id)).toBe(false);
    // The closure is the order's work: a later period (a renewal's state read) stays closed.
    expect(workState({ ...current, periodEnd: "2027-02-10T10:00:00.000Z" }, await repo.orderWork(order.id)).name).toBe(
      "closed",
    );
  });

  test("a subscription month by month: month 1's brief open until its 8 pieces are delivered, a renewal opens month 2 with its own brief (once), acceptance per piece", async () => {
    const order = await paidTestOrder(repo, { offer: "short-videos", monthly: 10_000, lang: "en" });
    const month1 = "2026-12-10T10:00:00.000Z";
    const month2 = "2027-01-10T10:00:00.000Z";
    const at = (periodEnd: string) => ({
      ...order,
      state: "paid" as const,
      billingState: "active" as const,
      periodEnd,
    });
    const first = { period: month1, first: true, allowance: 8 };
    expect(await repo.saveBrief(order.id, "Autumn recipes", undefined, first)).toBe(true);
    const deliver = (period: string, round: number) =>
      repo.recordDelivery(
        {
          orderId: order.id,
          period,
          round,
          note: `${period} ${round}`,
          links: [],
          first: round === 0,
          eventPeriod: period,
        },
        [],
      );
    for (const round of [0, 1]) expect(await deliver(month1, round)).not.toBeNull();
    let state = workState(at(month1), await repo.orderWork(order.id));
    expect(state.allowance).toEqual({ done: 2, total: 8 });
    expect(state.briefOpen).toBe(true);
    expect(state.periodNumber).toBe(1);
    // Two of eight: the month's topics can still be added to; the next piece has a date before the period's end.
    expect(await repo.saveBrief(order.id, "Autumn recipes, soups too", undefined, first)).toBe(true);
    expect(state.nextDue!.getTime()).toBeLessThan(new Date(month1).getTime());
    // Each piece is accepted on its own: the first, then the latest; neither closes the month.
    const work = await repo.orderWork(order.id);
    expect(state.decide("accept", "customer", work.deliveries[0]!).ok).toBe(true);
    expect(await repo.acceptDelivery(order.id, work.deliveries[0]!.id)).toBe(true);
    state = workState(at(month1), await repo.orderWork(order.id));
    expect(state.name).toBe("delivered");
    expect(state.decide("accept", "customer", (await repo.orderWork(order.id)).deliveries[0]!)).toEqual({
      ok: false,
      reason: "alreadyAnswered",
    });
    expect(state.canDeliver).toBe(true);
    for (const round of [2, 3, 4, 5, 6, 7]) expect(await deliver(month1, round)).not.toBeNull();
    // The eighth delivered: month 1's brief closes (in the store's write too).
    expect(workState(at(month1), await repo.orderWork(order.id)).briefOpen).toBe(false);
    expect(await repo.saveBrief(order.id, "Late topics", undefined, first)).toBe(false);

    // The renewal opens month 2, once however many events report it; its brief is its own.
    await Promise.all([repo.openPeriod(order.id, month1, month2), repo.openPeriod(order.id, month1, month2)]);
    const renewed = await repo.orderWork(order.id);
    expect(renewed.periods!.map((period) => [period.period, period.number])).toEqual([
      [month1, 1],
      [month2, 2],
    ]);
    state = workState(at(month2), renewed);
    expect(state).toMatchObject({
      name: "briefDue",
      periodNumber: 2,
      firstPeriod: false,
      brief: null,
      briefOpen: true,
    });
    expect(state.allowance).toEqual({ done: 0, total: 8 });
    expect(
      await repo.saveBrief(order.id, "Winter stews", undefined, { period: month2, first: false, allowance: 8 }),
    ).toBe(true);
    const view = workView(at(month2), await repo.orderWork(order.id), "en", (id) => `/f/${id}`);
    expect(view.brief?.text).toBe("Winter stews");
    expect(view.period?.number).toBe(2);
    expect(view.pastPeriods.map((past) => [past.number, past.brief?.text, past.allowance])).toEqual([
      [1, "Autumn recipes, soups too", { done: 8, total: 8 }],
    ]);
    // The order's brief (month 1's) is unchanged by month 2's.
    expect((await repo.orderWork(order.id)).brief?.text).toBe("Autumn recipes, soups too");
  });
});
