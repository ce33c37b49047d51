import { describe, expect, test } from "vitest";
import { paidTestOrder } from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import { ENV_ENDPOINT } from "../automation/endpoints.server.ts";

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
});
