import { afterEach, beforeEach, expect, test } from "vitest";
import { newTestOrder } from "../../tests/support/order-fixtures.ts";
import { openTestStore } from "../../tests/support/store.ts";
import { requestManageLink } from "./manage-subscription.server.ts";
import { createLimits } from "../http/limits.server.ts";
import type { OrderServices } from "../services.server.ts";
import { storesOver, type Stores } from "../stores.server.ts";

// `/subscription` ("send me a fresh link") once took measurably longer for an address
// with a subscription than for an unknown one: the known one's email was enqueued before the
// answer. Counted, not timed: what the request does before it answers must be the same, step by
// step, for both addresses; the link still reaches the subscriber afterwards.

let repo: Stores;
beforeEach(async () => {
  repo = storesOver(await openTestStore());
});
afterEach(() => repo.close());

/** The services, every call to the repository, the limiter and the worker written to `calls`. */
function recordingServices(calls: string[]): OrderServices {
  const record = <T extends object>(name: string, target: T): T =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value = Reflect.get(object, key, receiver);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          calls.push(`${name}.${String(key)}`);
          return value.apply(object, args);
        };
      },
    });
  return {
    repo: record("repo", repo),
    limits: record(
      "limiter",
      createLimits({
        ORDER_RATE_LIMIT: 20,
        RESEND_RATE_LIMIT: 5,
        LOOKUP_RATE_LIMIT: 60,
        MANAGE_LINK_RATE_LIMIT: 5,
        QUOTE_ACK_DAILY_LIMIT: 3,
      }),
    ),
    worker: record("worker", { kick: () => {}, stop: async () => {} }),
  } as unknown as OrderServices;
}

test("a known and an unknown address: the same steps before the answer; only the subscriber gets a link, after it", async () => {
  const { order } = await repo.createOrder(
    newTestOrder({
      offer: "short-videos",
      monthly: 10_000,
      customer: { ...newTestOrder().customer, email: "subscriber@example.com" },
    }),
  );
  await repo.markPaid(order.id, "confirmation");
  expect((await repo.findSubscriptionsByEmail("subscriber@example.com")).map((o) => o.id)).toEqual([order.id]);

  const steps = async (email: string) => {
    const calls: string[] = [];
    const pending: Array<() => Promise<void>> = [];
    const answer = await requestManageLink(email, "203.0.113.9", recordingServices(calls), (work) =>
      pending.push(work),
    );
    const before = [...calls];
    for (const work of pending) await work();
    return { answer, before, after: calls.slice(before.length) };
  };
  const known = await steps("Subscriber@Example.com");
  const unknown = await steps("nobody@example.com");

  expect(known.answer).toBe("sent");
  expect(unknown.answer).toBe("sent");
  expect(known.before).toEqual(unknown.before);
  expect(known.before).not.toContain("repo.enqueueEmail");
  // Afterwards the subscriber's link is enqueued (and the worker woken); the stranger gets nothing.
  expect(known.after).toContain("repo.enqueueEmail");
  expect(known.after).toContain("worker.kick");
  expect(unknown.after).not.toContain("repo.enqueueEmail");
  expect((await repo.listEmails(order.id)).filter((email) => email.kind.startsWith("manage-link."))).toHaveLength(1);
});
