import { describe, expect, test } from "vitest";
import { paidTestOrder, testQuoteRequest } from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import { KyselyMoneyStore } from "../admin/money-store.server.ts";
import { CONFIRMATION_EMAIL } from "../mail/email-kinds.ts";
import { WEBHOOK_EVENTS } from "./events.ts";
import { ENV_ENDPOINT } from "./endpoints.server.ts";

// Each room records its events in the transaction of its change, once per event key, one delivery
// per enabled endpoint. Runs on both stores (vitest.config.ts, BOTH_STORES).

const repo = storesPerTest();
const types = async () => (await repo.listWebhookDeliveries(100)).map((delivery) => delivery.type).sort();

describe("events recorded where the change is made", () => {
  test("a paid order, a quote request: once each, even when the change is repeated", async () => {
    await repo.syncWebhookEndpoint(ENV_ENDPOINT, "https://hooks.example.net/in");
    const order = await paidTestOrder(repo);
    expect(await repo.markPaid(order.id, CONFIRMATION_EMAIL)).toBe(false);
    await testQuoteRequest(repo);
    expect(await types()).toEqual(["order.paid", "quote.requested"]);
    const [delivery] = (await repo.listWebhookDeliveries(100)).filter((row) => row.type === "order.paid");
    expect(delivery).toMatchObject({ orderId: order.id, status: "pending", attempts: 0, endpointId: ENV_ENDPOINT });
  });

  test("billing: a renewal, a cancellation (once, cancelling then cancelled), a refund from the back office and from Stripe's event (once)", async () => {
    await repo.syncWebhookEndpoint(ENV_ENDPOINT, "https://hooks.example.net/in");
    const order = await paidTestOrder(repo, { monthly: 10_000 });
    const before = (await types()).length;
    const renewal = {
      orderId: order.id,
      emails: [],
      webhooks: [WEBHOOK_EVENTS.subscriptionRenewed("in_2", "2027-01-01T00:00:00.000Z")],
    };
    await repo.recordPaymentEvent({ id: "evt_renewal", type: "invoice.paid", orderId: order.id }, renewal);
    // A replayed event (same id) records nothing; another event about the same invoice neither.
    await repo.recordPaymentEvent({ id: "evt_renewal", type: "invoice.paid", orderId: order.id }, renewal);
    await repo.recordPaymentEvent({ id: "evt_renewal_again", type: "invoice.paid", orderId: order.id }, renewal);
    await repo.recordPaymentEvent(
      { id: "evt_cancel", type: "subscription.updated", orderId: order.id },
      { orderId: order.id, emails: [], billing: { state: "cancelling", periodEnd: "2026-12-31T00:00:00.000Z" } },
    );
    await repo.recordPaymentEvent(
      { id: "evt_ended", type: "subscription.deleted", orderId: order.id },
      { orderId: order.id, emails: [], billing: { state: "cancelled", periodEnd: null } },
    );
    const charge = { chargeId: "ch_1", amount: 49_700, amountRefunded: 20_000, currency: "eur" };
    await new KyselyMoneyStore(repo.db).claim({
      key: "k1",
      orderId: order.id,
      kind: "refund",
      amount: 20_000,
      currency: "EUR",
      reason: "other",
      note: "",
    });
    await new KyselyMoneyStore(repo.db).complete("k1", order.id, {
      providerRef: "re_1",
      event: { kind: "refunded", detail: "" },
      emails: [],
      charge,
    });
    await repo.recordPaymentEvent(
      { id: "evt_refund", type: "charge.refunded", orderId: order.id },
      { orderId: order.id, emails: [], webhooks: [WEBHOOK_EVENTS.orderRefunded(charge)] },
    );
    const added = (await repo.listWebhookDeliveries(100))
      .slice(0, (await types()).length - before)
      .map((row) => row.type)
      .sort();
    expect(added).toEqual(["order.refunded", "subscription.cancelled", "subscription.renewed"]);
  });

  test("without an enabled endpoint the event is kept but nothing is queued to send", async () => {
    await repo.syncWebhookEndpoint(ENV_ENDPOINT, "https://hooks.example.net/in");
    await repo.syncWebhookEndpoint(ENV_ENDPOINT, null);
    await paidTestOrder(repo);
    expect(await types()).toEqual([]);
    expect(await repo.db.selectFrom("webhook_events").select("type").execute()).toEqual([{ type: "order.paid" }]);
  });
});
