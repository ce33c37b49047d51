import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { CONFIRMATION_EMAIL, OWNER_PAID_EMAIL } from "../mail/email-kinds.ts";
import type { SessionStatus } from "../payments/provider.ts";
import { fulfil } from "./fulfil.server.ts";
import { createCheckoutFor, placeOrder } from "./place-order.server.ts";
import type { Order } from "./types.ts";
import { newTestOrder, stubProvider, testAcceptance, testCustomer } from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";

// Every multi-step write of an order commits whole or not at all: a failure injected between its
// steps (a database trigger refusing the second write, inside whatever transaction makes it, as
// a crash or a full disk would) leaves the order as it was, never half-made, and the next call
// completes it once. On SQLite and PostgreSQL (vitest.config.ts's BOTH_STORES).

const repo = storesPerTest();

/** Makes the database refuse the writes `when` names on `table` until the returned function is called. */
async function failWhen(table: "order_events" | "outbox" | "orders", event: "INSERT" | "UPDATE", when: string) {
  if (repo.dialect === "sqlite") {
    await sql
      .raw(
        `CREATE TRIGGER injected_failure BEFORE ${event} ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
      )
      .execute(repo.db);
  } else {
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`,
      )
      .execute(repo.db);
    await sql
      .raw(
        `CREATE TRIGGER injected_failure BEFORE ${event} ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION injected_failure()`,
      )
      .execute(repo.db);
  }
  return async () => {
    const drop =
      repo.dialect === "sqlite" ? "DROP TRIGGER injected_failure" : `DROP TRIGGER injected_failure ON ${table}`;
    await sql.raw(drop).execute(repo.db);
  };
}

const events = async (order: Order) => (await repo.listOrderEvents(order.id)).map((event) => event.kind);
const emails = async (order: Order) => (await repo.listEmails(order.id)).map((email) => email.kind).sort();

describe("placing an order: the checkout and its timeline event", () => {
  test("a failure recording the event leaves the order without its checkout; asked again, one checkout, one event", async () => {
    const provider = stubProvider(
      async () => undefined,
      async () => ({ id: "cs_place", url: "https://pay.example/cs_place" }),
    );
    const services = { repo, provider, returnBase: "http://shop.example" };
    const input = {
      form: testCustomer,
      offer: "test-workflow" as const,
      lang: "en" as const,
      submissionToken: "token-place",
      acceptance: testAcceptance!,
    };
    const heal = await failWhen("order_events", "INSERT", "NEW.kind = 'checkout_created'");
    expect(await placeOrder(input, services)).toEqual({ ok: false, reason: "storage" });
    const [order] = await repo.listOrders(10);
    expect(order).toMatchObject({ state: "pending", sessionId: null, checkoutUrl: null });
    expect(await events(order!)).toEqual([]);

    await heal();
    expect(await createCheckoutFor(order!, services)).toMatchObject({ ok: true, url: "https://pay.example/cs_place" });
    expect(await repo.findById(order!.id)).toMatchObject({ state: "checkout_created", sessionId: "cs_place" });
    expect(await events(order!)).toEqual(["checkout_created"]);
  });
});

describe("fulfilling a payment: paid, its emails and the provider's references", () => {
  async function orderAwaitingPayment(sessionId: string | null) {
    const { order } = await repo.createOrder(newTestOrder({ monthly: 0 }));
    if (sessionId) await repo.setCheckout(order.id, sessionId, "https://pay.example");
    const session = (id: string): SessionStatus => ({
      id,
      reference: order.id,
      state: "paid",
      amountTotal: order.amountDueNow,
      currency: order.currency,
      customerRef: "cus_1",
    });
    return { order, provider: stubProvider(async (id) => session(id)) };
  }

  /** After a refused step: not paid, no email, no reference; then, healed, paid whole exactly once. */
  async function noneThenWhole(order: Order, provider: ReturnType<typeof stubProvider>, sessionId: string) {
    expect(await repo.findById(order.id)).toMatchObject({ state: "checkout_created", paidAt: null, customerRef: null });
    expect(await emails(order)).toEqual([]);
    const paid = await fulfil(sessionId, { repo, provider });
    expect(paid).toMatchObject({ status: "paid", newlyPaid: true });
    expect(paid.order).toMatchObject({ state: "paid", customerRef: "cus_1" });
    expect(await emails(order)).toEqual([CONFIRMATION_EMAIL, OWNER_PAID_EMAIL].sort());
    expect(await fulfil(sessionId, { repo, provider })).toMatchObject({ status: "paid", newlyPaid: false });
    expect(await emails(order)).toHaveLength(2);
  }

  test("a failure queueing the owner's notice: the order is not paid and has no confirmation either", async () => {
    const { order, provider } = await orderAwaitingPayment("cs_owner");
    const heal = await failWhen("outbox", "INSERT", `NEW.kind = '${OWNER_PAID_EMAIL}'`);
    await expect(fulfil("cs_owner", { repo, provider })).rejects.toThrow(/injected failure/);
    await heal();
    await noneThenWhole(order, provider, "cs_owner");
  });

  test("a failure linking the provider's customer: the order is not paid and no email is queued", async () => {
    const { order, provider } = await orderAwaitingPayment("cs_link");
    const heal = await failWhen("orders", "UPDATE", "NEW.customer_ref IS NOT NULL");
    await expect(fulfil("cs_link", { repo, provider })).rejects.toThrow(/injected failure/);
    await heal();
    await noneThenWhole(order, provider, "cs_link");
  });

  test("a session never stored, named by a signed event: a failure recording its event stores no session", async () => {
    const { order, provider } = await orderAwaitingPayment(null);
    const heal = await failWhen("order_events", "INSERT", "NEW.kind = 'checkout_created'");
    await expect(fulfil("cs_lost", { repo, provider, orderId: order.id })).rejects.toThrow(/injected failure/);
    expect(await repo.findById(order.id)).toMatchObject({ state: "pending", sessionId: null });
    await heal();
    expect(await fulfil("cs_lost", { repo, provider, orderId: order.id })).toMatchObject({ status: "paid" });
    expect(await events(order)).toEqual(["checkout_created"]);
  });
});
