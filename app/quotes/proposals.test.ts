import { afterEach, describe, expect, test } from "vitest";
import { createSignedLinks } from "../billing/signed-link.server.ts";
import { openStore } from "../db/database.server.ts";
import type { CheckoutRequest, PaymentProvider } from "../payments/provider.ts";
import { storesOver, type Stores } from "../stores.server.ts";
import { testQuoteRequest } from "../../tests/support/order-fixtures.ts";
import { storeKind, testPostgres } from "../../tests/support/store.ts";
import { fulfil } from "../orders/fulfil.server.ts";
import { acceptAndPay, proposeForQuote } from "./proposals.server.ts";

// One proposal gives at most one order, whatever the number of accepts at once and the instances
// they reach: two stores over the same database stand for two instances (each with its own
// connections, on PostgreSQL its own pool), each placing the order through its own services.

const opened: Stores[] = [];
afterEach(async () => {
  for (const repo of opened.splice(0)) await repo.close();
});

/**
 * Two "instances" over one database: on PostgreSQL two stores, each with its own pool; SQLite is
 * one process's file (a deployment on SQLite runs one instance), so both share its one store.
 */
async function twoInstances(): Promise<[Stores, Stores]> {
  if (storeKind === "sqlite") {
    const only = storesOver(await openStore({ sqliteFile: ":memory:" }));
    opened.push(only);
    return [only, only];
  }
  const where = { databaseUrl: await (await testPostgres()).createDatabase() };
  const first = storesOver(await openStore(where));
  const second = storesOver(await openStore(where));
  opened.push(first, second);
  return [first, second];
}

/**
 * A provider like Stripe's Checkout: one session per reference (its idempotency key), whoever
 * asks; a session in `expired` is over (Stripe ends one after a day).
 */
function provider(): PaymentProvider & { asked: CheckoutRequest[]; expired: Set<string> } {
  const sessions = new Map<string, { id: string; url: string; request: CheckoutRequest }>();
  const asked: CheckoutRequest[] = [];
  const expired = new Set<string>();
  return {
    name: "sandbox",
    asked,
    expired,
    async createCheckout(request) {
      asked.push(request);
      const session = sessions.get(request.reference) ?? {
        id: `cs_${sessions.size + 1}`,
        url: `/pay/${request.reference}`,
        request,
      };
      sessions.set(request.reference, session);
      return { id: session.id, url: session.url };
    },
    async getSession(id) {
      const session = [...sessions.values()].find((one) => one.id === id);
      if (!session) return undefined;
      return {
        id,
        reference: session.request.reference,
        state: expired.has(id) ? "expired" : "open",
        amountTotal: null,
        currency: session.request.currency,
      };
    },
  } as PaymentProvider & { asked: CheckoutRequest[]; expired: Set<string> };
}

const links = createSignedLinks("a-test-secret-of-enough-length-000000");
const services = (repo: Stores, pay: PaymentProvider) => ({
  repo,
  provider: pay,
  links,
  returnBase: "https://site.example",
  worker: { kick() {} },
  // The checkout is never paid nor expired here: every accept goes on with the first attempt.
  fulfil: async () => ({ status: "open" as const, newlyPaid: false }),
});

/** The services with the order's real fulfilment step, which asks the provider about a session. */
const fulfilling = (repo: Stores, pay: PaymentProvider) => ({
  ...services(repo, pay),
  fulfil: (sessionId: string) => fulfil(sessionId, { repo, provider: pay }),
});

describe("accepting a proposal", () => {
  test("eight accepts at once on two instances: one accepted write, one order, one checkout", async () => {
    const [a, b] = await twoInstances();
    const quote = await testQuoteRequest(a, { page: "whatsapp", lang: "es", name: "Lucía Fernández" });
    const pay = provider();
    const sent = await proposeForQuote(
      quote.id,
      {
        included: "Agente de WhatsApp conectado a tu agenda.",
        priceKind: "setup-monthly",
        oneTime: "350",
        monthly: "49",
        deliveryDays: "10",
        revisionRounds: "2",
      },
      services(a, pay) as never,
    );
    if (!sent.ok) throw new Error("not sent");
    const found = { proposal: sent.proposal, quote };
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => acceptAndPay(found, services(i % 2 ? b : a, pay) as never)),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    const urls = new Set(outcomes.map((outcome) => (outcome.ok ? outcome.url : "")));
    expect(urls.size).toBe(1);
    const orders = (await a.listOrders(100)).filter((order) => order.offer === "whatsapp");
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ amountDueNow: 39_900, monthly: 4_900, currency: "EUR" });
    // The owner is told once and the automation hears once, however many accepts won the race to the page.
    const emails = (await a.listQuoteEmails(quote.id)).filter((row) => row.kind.startsWith("owner-proposal-accepted"));
    expect(emails).toHaveLength(1);
    expect((await a.findProposal(sent.proposal.id))!.orderId).toBe(orders[0]!.id);
    // Every checkout asked names the one order (the provider's idempotency key).
    expect(new Set(pay.asked.map((request) => request.reference))).toEqual(new Set([orders[0]!.id]));
  });

  test("an accept after the proposal was declined, withdrawn or expired places no order", async () => {
    const [a] = await twoInstances();
    const pay = provider();
    for (const close of ["decline", "withdraw", "expire"] as const) {
      const quote = await testQuoteRequest(a, { page: "datasets", lang: "fr" });
      const sent = await proposeForQuote(
        quote.id,
        {
          included: "Licence non exclusive d’un an.",
          priceKind: "one-off",
          oneTime: "110000",
          deliveryDays: "5",
          revisionRounds: "0",
        },
        services(a, pay) as never,
      );
      if (!sent.ok) throw new Error("not sent");
      if (close === "decline") await a.declineProposal(sent.proposal.id, "", new Date());
      if (close === "withdraw") await a.withdrawProposal(sent.proposal.id);
      const at = close === "expire" ? new Date(Date.now() + 15 * 86_400_000) : new Date();
      const proposal = (await a.findProposal(sent.proposal.id))!;
      const outcome = await acceptAndPay({ proposal, quote }, services(a, pay) as never, at);
      expect(outcome).toMatchObject({ ok: false, reason: "closed" });
    }
    expect(await a.listOrders(100)).toHaveLength(0);
  });

  test("after its checkout expired, returns at once on two instances reach one fresh checkout, in place of the dead one", async () => {
    const [a, b] = await twoInstances();
    const quote = await testQuoteRequest(a, { page: "blog", lang: "de", name: "Jonas Weber" });
    const pay = provider();
    const sent = await proposeForQuote(
      quote.id,
      {
        included: "Der Workflow, eingerichtet und begleitet.",
        priceKind: "one-off",
        oneTime: "800",
        deliveryDays: "7",
        revisionRounds: "1",
      },
      services(a, pay) as never,
    );
    if (!sent.ok) throw new Error("not sent");
    const first = await acceptAndPay({ proposal: sent.proposal, quote }, fulfilling(a, pay) as never);
    if (!first.ok) throw new Error("no checkout");
    // Back before it expired: the same checkout.
    const proposal = async () => (await a.findProposal(sent.proposal.id))!;
    const same = await acceptAndPay({ proposal: await proposal(), quote }, fulfilling(b, pay) as never);
    expect(same.ok && same.url).toBe(first.url);

    pay.expired.add(first.order.sessionId!);
    const accepted = await proposal();
    const again = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        acceptAndPay({ proposal: accepted, quote }, fulfilling(i % 2 ? b : a, pay) as never),
      ),
    );
    expect(again.every((outcome) => outcome.ok)).toBe(true);
    const urls = new Set(again.map((outcome) => (outcome.ok ? outcome.url : "")));
    expect(urls.size).toBe(1);
    expect([...urls][0]).not.toBe(first.url);
    const orders = (await a.listOrders(100)).filter((order) => order.offer === "blog");
    expect(orders.map((order) => order.state).sort()).toEqual(["checkout_created", "expired"]);
    const fresh = orders.find((order) => order.state === "checkout_created")!;
    expect(fresh.amountDueNow).toBe(80_000);
    expect((await proposal()).orderId).toBe(fresh.id);
    // The owner heard of the acceptance once, whatever the number of checkouts it took.
    const emails = (await a.listQuoteEmails(quote.id)).filter((row) => row.kind.startsWith("owner-proposal-accepted"));
    expect(emails).toHaveLength(1);
  });
});
