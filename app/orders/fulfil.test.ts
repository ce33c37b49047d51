import { describe, expect, test } from "vitest";
import type { SessionStatus } from "../payments/provider.ts";
import { CONFIRMATION_EMAIL, fulfil } from "./fulfil.server.ts";
import { retryDelay } from "../mail/outbox-worker.server.ts";
import type { OutboxMessage } from "../mail/types.ts";
import {
  newTestOrder,
  orderInSandboxCheckout,
  paidTestOrder,
  stubProvider,
  testOutboxWorker,
} from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";

const repo = storesPerTest();

describe("fulfil", () => {
  test("marks paid once and enqueues one confirmation, however often and concurrently it runs", async () => {
    const { store, provider, order, request, session } = await orderInSandboxCheckout(repo);
    // Idempotent per order, as with Stripe's idempotency key.
    expect(await provider.createCheckout(request)).toEqual(session);
    let wakeUps = 0;
    const deps = { repo, provider, onEnqueued: () => wakeUps++ };

    expect((await fulfil(session.id, deps)).status).toBe("open");
    await store.setStatus(session.id, "paid");
    const results = await Promise.all(Array.from({ length: 10 }, () => fulfil(session.id, deps)));
    expect(results.every((r) => r.status === "paid")).toBe(true);
    expect(results.filter((r) => r.newlyPaid)).toHaveLength(1);
    expect(wakeUps).toBe(1);
    // One confirmation for the customer, one notice for the owner.
    expect((await repo.listEmails(order.id)).map((e) => e.kind)).toEqual([CONFIRMATION_EMAIL, "owner-paid"]);
    expect((await repo.findById(order.id))!.state).toBe("paid");
  });

  test("a paid order never goes back: later expiry or failure is ignored", async () => {
    const states: Record<string, SessionStatus["state"]> = { cs_1: "paid" };
    const provider = stubProvider(async (id) => ({
      id,
      reference: "ord_x",
      state: states[id]!,
      amountTotal: 100,
      currency: "eur",
    }));
    const { order } = await repo.createOrder(newTestOrder({ id: "ord_x" }));
    await repo.setCheckout(order.id, "cs_1", "https://pay.example/cs_1");
    await fulfil("cs_1", { repo, provider });
    states.cs_1 = "expired";
    expect((await fulfil("cs_1", { repo, provider })).status).toBe("paid");
    await repo.markExpired(order.id);
    await repo.markFailed(order.id, "late");
    expect((await repo.findById(order.id))!.state).toBe("paid");
    expect(await repo.countEmails(order.id)).toBe(2);
  });

  test("a verified webhook's order reference finds a session never stored (crash after creation)", async () => {
    const provider = stubProvider(async (id) => ({
      id,
      reference: "ord_lost",
      state: "paid",
      amountTotal: 100,
      currency: "eur",
    }));
    await repo.createOrder(newTestOrder({ id: "ord_lost" }));
    // From a visitor's URL (no reference) the session is unknown; the signed webhook names the order.
    expect((await fulfil("cs_lost", { repo, provider })).status).toBe("unknown");
    const result = await fulfil("cs_lost", { repo, provider, orderId: "ord_lost" });
    expect(result.status).toBe("paid");
    expect((await repo.findBySessionId("cs_lost"))!.id).toBe("ord_lost");
  });

  test("an unknown session, or a session pointing at another order's id, fulfils nothing", async () => {
    const provider = stubProvider(async (id) =>
      id === "cs_other" ? { id, reference: "ord_taken", state: "paid", amountTotal: 100, currency: "eur" } : undefined,
    );
    const { order } = await repo.createOrder(newTestOrder({ id: "ord_taken" }));
    await repo.setCheckout(order.id, "cs_real", "u");
    expect((await fulfil("cs_missing", { repo, provider })).status).toBe("unknown");
    expect((await fulfil("cs_other", { repo, provider })).status).toBe("unknown");
    expect((await repo.findById("ord_taken"))!.state).toBe("checkout_created");
  });

  test("session ids we never created cost no provider call; look-ups can be refused by a limit", async () => {
    let calls = 0;
    const provider = stubProvider(
      async (id) => (calls++, { id, reference: "ord_known", state: "open", amountTotal: 100, currency: "eur" }),
    );
    const { order } = await repo.createOrder(newTestOrder({ id: "ord_known" }));
    await repo.setCheckout(order.id, "cs_known", "u");
    for (let i = 0; i < 100; i++) expect((await fulfil(`cs_random_${i}`, { repo, provider })).status).toBe("unknown");
    expect(calls).toBe(0);
    expect((await fulfil("cs_known", { repo, provider })).status).toBe("open");
    expect(calls).toBe(1);
    expect((await fulfil("cs_known", { repo, provider, allowLookup: () => false })).status).toBe("limited");
    expect(calls).toBe(1);
  });

  test("a paid session whose amount or currency differs from the order is not marked paid", async () => {
    const sessions: Record<string, { amountTotal: number; currency: string }> = {
      cs_amount: { amountTotal: 1, currency: "eur" },
      cs_currency: { amountTotal: 100, currency: "usd" },
      cs_right: { amountTotal: 100, currency: "EUR" },
    };
    const provider = stubProvider(async (id) => ({ id, reference: null, state: "paid", ...sessions[id]! }));
    for (const id of Object.keys(sessions)) {
      const { order } = await repo.createOrder(newTestOrder({ id: `ord_${id}` }));
      await repo.setCheckout(order.id, id, "u");
    }
    expect((await fulfil("cs_amount", { repo, provider })).status).toBe("mismatch");
    expect((await fulfil("cs_currency", { repo, provider })).status).toBe("mismatch");
    expect((await repo.findById("ord_cs_amount"))!.state).toBe("checkout_created");
    expect(await repo.countEmails("ord_cs_currency")).toBe(0);
    expect((await fulfil("cs_right", { repo, provider })).status).toBe("paid");
  });

  test("the same submission token gives back the same order", async () => {
    const first = await repo.createOrder(newTestOrder({ submissionToken: "same" }));
    const second = await repo.createOrder(newTestOrder({ submissionToken: "same" }));
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.order.id).toBe(first.order.id);
  });
});

describe("outbox worker", () => {
  test("retries with exponential backoff, capped, and marks sent once delivered", async () => {
    expect([1, 2, 3, 4, 10].map((a) => retryDelay(a, 100, 1000))).toEqual([100, 200, 400, 800, 1000]);
    const order = await paidTestOrder(repo);
    let up = false;
    const delivered: string[] = [];
    const deliver = async (message: OutboxMessage) => {
      if (!up) throw new Error("ECONNREFUSED");
      delivered.push(message.kind);
      return "<id>";
    };
    // A backoff long enough that a slow machine's next pass still falls inside it.
    const worker = testOutboxWorker(repo, deliver, { backoffMs: 1_000, maxBackoffMs: 2_000 });
    expect(await worker.runOnce()).toBe(0);
    expect((await repo.listEmails(order.id))[0]).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "ECONNREFUSED",
    });
    // Not due yet: the backoff keeps it out of the next pass.
    expect(await worker.runOnce()).toBe(0);
    expect((await repo.listEmails(order.id))[0]!.attempts).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    up = true;
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);
    expect(delivered).toEqual([CONFIRMATION_EMAIL]);
    expect((await repo.listEmails(order.id))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  test("a slow SMTP server: past half the lease, the rest of the batch is handed back, never sent late", async () => {
    for (let i = 0; i < 3; i++) await paidTestOrder(repo);
    const delivered: string[] = [];
    // A send longer than half the lease; the lease long enough that a loaded machine's claim query
    // (the clock starts before it) never eats half of it before the first send.
    const slowDeliver = async (message: OutboxMessage) => {
      await new Promise((resolve) => setTimeout(resolve, 3_100));
      delivered.push(message.orderId!);
      return "<id>";
    };
    const worker = testOutboxWorker(repo, slowDeliver, { backoffMs: 10, maxBackoffMs: 20, leaseMs: 6_000 });
    expect(await worker.runOnce()).toBe(1);
    expect(delivered).toHaveLength(1);
    // The two others are due again at once, their claim not counted as an attempt.
    expect((await repo.claimDueEmails(10, 60_000)).map((m) => m.attempts)).toEqual([1, 1]);
  });

  test("a claimed message is invisible while leased and comes back when the lease runs out (worker died)", async () => {
    await paidTestOrder(repo);
    expect(await repo.claimDueEmails(10, 60_000)).toHaveLength(1);
    expect(await repo.claimDueEmails(10, 60_000)).toHaveLength(0);
    const other = await paidTestOrder(repo);
    expect((await repo.claimDueEmails(10, 5)).map((m) => m.orderId)).toEqual([other.id]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await repo.claimDueEmails(10, 60_000)).toMatchObject([{ orderId: other.id, attempts: 2 }]);
    // The first message's lease (another instance may still be sending it) is left alone.
    expect(await repo.claimDueEmails(10, 60_000)).toHaveLength(0);
  });
});
