import { describe, expect, test } from "vitest";
import { storeKind, storesPerTest } from "../../tests/support/store.ts";
import { testCustomer } from "../../tests/support/order-fixtures.ts";
import { closeWork } from "../delivery/delivery-store.server.ts";
import { csvFormat, csvLine } from "../ops/orders-csv.server.ts";
import { dashboardFigures, monthBefore, startOfBusinessDay } from "./dashboard.server.ts";

// On both stores: the front page's money (per currency, by the business's
// day and month, refunded and unpaid orders left out), MRR and subscription counts, orders to
// deliver, the funnel; the orders list folding abandoned attempts under the paid order; a
// subscription delivered once per billing period.

const repo = storesPerTest();
/** "Now" for every figure: 15 November 2026, 11:00 in Paris. */
const NOW = new Date("2026-11-15T10:00:00Z");

/**
 * A period's first delivery as the one deliver function writes it (delivery/work.server.ts
 * `deliver` → recordDelivery: the record, the delivered event, the email, the webhook); true when
 * written, false for a replay of the same period.
 */
const markDelivered = async (orderId: string, note: string, period: string | null) =>
  (await repo.recordDelivery(
    { orderId, period: period ?? "", round: 0, note, links: [], first: true, eventPeriod: period },
    [],
  )) !== null;

let n = 0;
interface Row {
  state?: "pending" | "checkout_created" | "paid" | "expired" | "failed";
  offer?: string;
  lang?: string;
  currency?: string;
  amount?: number;
  monthly?: number;
  email?: string;
  createdAt?: string;
  paidAt?: string | null;
  billingState?: "active" | "past_due" | "cancelling" | "cancelled" | "refunded" | "disputed" | null;
  periodEnd?: string | null;
  subscriptionStatus?: string | null;
}
/** An order as the site stores it, written directly (the test is about reading them). */
async function order(row: Row = {}): Promise<string> {
  const id = `ord_dash_${++n}`;
  const state = row.state ?? "paid";
  const createdAt = row.createdAt ?? row.paidAt ?? "2026-11-01T10:00:00.000Z";
  const email = row.email ?? `buyer${n}@example.com`;
  await repo.db
    .insertInto("orders")
    .values({
      id,
      submission_token: `tok-${id}`,
      state,
      lang: row.lang ?? "fr",
      offer: row.offer ?? "test-workflow",
      currency: row.currency ?? "EUR",
      amount_due_now: row.amount ?? 100,
      monthly: row.monthly ?? 0,
      customer_json: JSON.stringify({ ...testCustomer, email }),
      email,
      provider: "sandbox",
      session_id: null,
      checkout_url: null,
      failure_reason: null,
      created_at: createdAt,
      updated_at: createdAt,
      paid_at: state === "paid" ? (row.paidAt ?? createdAt) : null,
      customer_ref: null,
      subscription_ref: null,
      billing_state: row.billingState ?? null,
      period_end: row.periodEnd ?? null,
      subscription_status: row.subscriptionStatus ?? null,
      terms_version: null,
      terms_lang: null,
      terms_accepted_at: null,
      immediate_start: null,
    })
    .execute();
  // As the site stores them: money that ended the work wrote its closure with the billing state
  // (the state machine's move, app/delivery/work.server.ts moneyMove), which "to deliver" reads.
  if (state === "paid" && (row.billingState === "refunded" || row.billingState === "cancelled"))
    await closeWork(repo.db, id, {
      why: row.billingState,
      event: row.billingState === "refunded" ? "refundFull" : "cancelNow",
    });
  return id;
}

describe(`the front page's figures (${storeKind})`, () => {
  test("revenue today, this month and last month per currency, by the day in Paris; refunds subtracted; refunded and unpaid orders left out", async () => {
    await order({ amount: 1_000, paidAt: "2026-11-15T08:00:00.000Z" }); // today
    await order({ amount: 2_000, paidAt: "2026-10-31T23:30:00.000Z" }); // 00:30 on 1 November in Paris: this month
    await order({ amount: 4_000, paidAt: "2026-10-31T22:30:00.000Z" }); // 23:30 on 31 October in Paris: last month
    await order({ amount: 8_000, paidAt: "2026-10-05T10:00:00.000Z", billingState: "refunded" }); // refunded in full: nothing
    await order({ state: "checkout_created", amount: 16_000, createdAt: "2026-11-10T10:00:00.000Z" }); // never paid
    await order({ state: "expired", amount: 32_000, createdAt: "2026-11-11T10:00:00.000Z" });
    await order({ state: "failed", amount: 32_000, createdAt: "2026-11-12T10:00:00.000Z" });
    await order({ currency: "GBP", amount: 4_900, paidAt: "2026-11-03T10:00:00.000Z" }); // pounds apart
    await order({ amount: 64_000, paidAt: "2025-10-20T10:00:00.000Z" }); // 13 months ago: outside every figure
    // A subscription paid in September, renewed this month (a renewal email per invoice paid), one charge partly refunded.
    const subscription = await order({
      offer: "formateur-ia",
      amount: 49_700,
      monthly: 3_900,
      paidAt: "2026-09-10T10:00:00.000Z",
      billingState: "active",
      periodEnd: "2026-12-10T10:00:00.000Z",
    });
    await repo.db
      .insertInto("outbox")
      .values({
        order_id: subscription,
        kind: "renewal.in_nov",
        next_attempt_at: 0,
        created_at: "2026-11-10T10:05:00.000Z",
        last_error: null,
        message_id: null,
        sent_at: null,
      })
      .execute();
    await repo.db
      .insertInto("charge_refunds")
      .values({
        charge_id: "ch_part",
        order_id: subscription,
        amount: 3_900,
        amount_refunded: 500,
        currency: "eur",
        updated_at: "2026-11-14T09:00:00.000Z",
      })
      .execute();

    const figures = await dashboardFigures(repo, NOW);
    expect(figures.revenue).toEqual([
      { currency: "EUR", today: 1_000, thisMonth: 1_000 + 2_000 + 3_900 - 500, lastMonth: 4_000 },
      { currency: "GBP", today: 0, thisMonth: 4_900, lastMonth: 0 },
    ]);
    expect(figures.months).toHaveLength(12);
    expect(figures.months[0]).toBe("2025-12");
    expect(figures.months[11]).toBe("2026-11");
    const eur = figures.chart.find((line) => line.currency === "EUR")!.amounts;
    expect(eur[figures.months.indexOf("2026-09")]).toBe(49_700);
    expect(eur[figures.months.indexOf("2026-10")]).toBe(4_000);
    expect(eur[11]).toBe(6_400);
    expect(eur.reduce((a, b) => a + b, 0)).toBe(49_700 + 4_000 + 6_400);
  });

  test("MRR and subscriptions: active, cancelling and past-due monthly plans per currency; cancelled, paused and unpaid ones not", async () => {
    await order({ offer: "formateur-ia", amount: 49_700, monthly: 3_900, billingState: "active" });
    await order({ offer: "short-videos", amount: 49_700, monthly: 10_000, billingState: "cancelling" });
    await order({
      offer: "veo3-subscription",
      currency: "GBP",
      amount: 49_000,
      monthly: 49_000,
      billingState: "past_due",
    });
    await order({ offer: "formateur-ia", amount: 49_700, monthly: 3_900, billingState: "cancelled" });
    await order({
      offer: "formateur-ia",
      amount: 49_700,
      monthly: 3_900,
      billingState: "active",
      subscriptionStatus: "paused",
    });
    await order({ offer: "formateur-ia", state: "checkout_created", amount: 49_700, monthly: 3_900 });
    await order({ amount: 100 }); // one-time: no recurring revenue
    const figures = await dashboardFigures(repo, NOW);
    // Every plan of the catalogue bills monthly (no yearly plan exists): a month is the plan's amount.
    expect(figures.mrr).toEqual([
      { currency: "EUR", amount: 13_900 },
      { currency: "GBP", amount: 49_000 },
    ]);
    expect(figures.subscriptions).toEqual({ active: 1, cancelling: 1, pastDue: 1 });
  });

  test("orders to deliver: paid and kept, customer not erased, not delivered (a subscription: not in its current period); quote requests not marked answered, not the owner's own", async () => {
    const oneTime = await order();
    const delivered = await order();
    await order({ billingState: "refunded" });
    await order({ state: "expired" });
    const subscription = await order({
      offer: "formateur-ia",
      monthly: 3_900,
      billingState: "active",
      periodEnd: "2026-12-10T10:00:00.000Z",
    });
    expect(await markDelivered(delivered, "", null)).toBe(true);
    // Delivered for the period that ended in November: the December period is still to deliver.
    expect(await markDelivered(subscription, "", "2026-11-10T10:00:00.000Z")).toBe(true);
    expect((await dashboardFigures(repo, NOW)).toDeliver).toBe(2);
    // The list the tile links to (?state=to-deliver) shows exactly those orders.
    const listed = async () =>
      (await repo.searchOrders({ toDeliver: true, limit: 20, offset: 0 })).orders.map((row) => row.id).sort();
    expect(await listed()).toEqual([oneTime, subscription].sort());
    expect(await markDelivered(subscription, "", "2026-12-10T10:00:00.000Z")).toBe(true);
    expect((await dashboardFigures(repo, NOW)).toDeliver).toBe(1);
    expect(await listed()).toEqual([oneTime]);
    // A paid order whose customer was erased cannot be delivered (nothing can be sent): not to do.
    const erased = await order();
    expect((await dashboardFigures(repo, NOW)).toDeliver).toBe(2);
    await repo.db.updateTable("orders").set({ erased_at: NOW.toISOString() }).where("id", "=", erased).execute();
    expect((await dashboardFigures(repo, NOW)).toDeliver).toBe(1);
    expect(await listed()).toEqual([oneTime]);
    // The CSV of that list: the same orders.
    expect((await repo.exportPage({ toDeliver: true }, null, 20)).map((row) => row.order.id)).toEqual([oneTime]);

    // A subscription that has ended owes no more work, even if its last period was not marked delivered.
    await order({
      offer: "formateur-ia",
      monthly: 3_900,
      billingState: "cancelled",
      periodEnd: "2026-12-10T10:00:00.000Z",
    });
    expect((await dashboardFigures(repo, NOW)).toDeliver).toBe(1);
    expect(await listed()).toEqual([oneTime]);

    for (const id of ["q_1", "q_2", "q_3"])
      await repo.createQuoteRequest(
        { id, page: "seedance", lang: "en", name: "V", email: "v@example.com", company: "", message: "Hello" },
        [],
      );
    expect((await dashboardFigures(repo, NOW)).quotesWaiting).toBe(3);
    expect(await repo.markQuoteAnswered("q_2")).toBe(true);
    expect(await repo.markQuoteAnswered("q_2")).toBe(false);
    expect((await dashboardFigures(repo, NOW)).quotesWaiting).toBe(2);
    // A proposal the owner started for an address (no request before it) waits for no answer from the owner.
    await repo.createQuoteRequest(
      {
        id: "q_owner",
        page: "seedance",
        lang: "en",
        name: "W",
        email: "w@example.com",
        company: "",
        message: "",
        startedBy: "owner",
      },
      [],
    );
    expect((await dashboardFigures(repo, NOW)).quotesWaiting).toBe(2);
  });

  test("money ends the work: the closure a full refund wrote takes an order (a subscription's too) off 'to deliver'; a partial refund does not, nor billing's refunds alone", async () => {
    const periodEnd = "2026-12-10T10:00:00.000Z";
    const full = await order({ offer: "formateur-ia", monthly: 3_900, billingState: "active", periodEnd });
    const partial = await order({ offer: "formateur-ia", monthly: 3_900, billingState: "active", periodEnd });
    const listed = async () =>
      (await repo.searchOrders({ toDeliver: true, limit: 20, offset: 0 })).orders.map((row) => row.id).sort();
    expect(await listed()).toEqual([full, partial].sort());
    const refund = (orderId: string, amountRefunded: number) =>
      repo.db
        .insertInto("charge_refunds")
        .values({
          charge_id: `ch_${orderId}`,
          order_id: orderId,
          amount: 3_900,
          amount_refunded: amountRefunded,
          currency: "eur",
          updated_at: NOW.toISOString(),
        })
        .execute();
    await refund(full, 3_900);
    await refund(partial, 1_000);
    // "To deliver" reads the work's state, not billing's records: nothing closed the work yet.
    expect(await listed()).toEqual([full, partial].sort());
    await closeWork(repo.db, full, { why: "refunded", event: "refundFull" });
    expect(await listed()).toEqual([partial]);
    expect((await dashboardFigures(repo, NOW)).toDeliver).toBe(1);
  });

  test("short videos, 8 a month: still to deliver after a piece delivered on the site while pieces remain (a revision's answer is not a piece); done at 8; a delivery made outside the site is one piece like any other", async () => {
    const periodEnd = "2026-12-10T10:00:00.000Z";
    const videos = await order({ offer: "short-videos", monthly: 10_000, billingState: "active", periodEnd });
    const byHand = await order({ offer: "short-videos", monthly: 10_000, billingState: "active", periodEnd });
    const listed = async () =>
      (await repo.searchOrders({ toDeliver: true, limit: 20, offset: 0 })).orders.map((row) => row.id).sort();
    expect(await listed()).toEqual([videos, byHand].sort());
    // "Delivered outside the site" records a delivery (one piece of the 8): still owed.
    expect(await markDelivered(byHand, "", periodEnd)).toBe(true);
    expect(await listed()).toEqual([videos, byHand].sort());
    const deliver = async (round: number) =>
      expect(
        await repo.recordDelivery(
          {
            orderId: videos,
            period: periodEnd,
            round,
            note: "",
            links: [{ url: "https://videos.example.com/" + round, label: null }],
            first: round === 0,
            eventPeriod: periodEnd,
          },
          [],
        ),
      ).not.toBeNull();
    await deliver(0);
    expect(await listed()).toEqual([videos, byHand].sort());
    expect((await dashboardFigures(repo, NOW)).toDeliver).toBe(2);
    expect(await repo.recordRevision(videos, periodEnd, 1, "Shorter")).not.toBeNull();
    await deliver(1);
    // Rounds 0 and 2 to 8 are pieces (round 1 answered the revision): the eighth is round 8.
    for (let round = 2; round <= 8; round++) {
      expect(await listed(), `before round ${round}`).toEqual([videos, byHand].sort());
      await deliver(round);
    }
    expect(await listed()).toEqual([byHand]);
    expect((await dashboardFigures(repo, NOW)).toDeliver).toBe(1);
  });

  test("the funnel per offer and language over 30 days: page views, order forms opened, orders, paid", async () => {
    await repo.addPageViews([
      { day: "2026-11-15", page: "short-videos", lang: "fr", views: 40 },
      { day: "2026-10-20", page: "short-videos", lang: "fr", views: 60 },
      { day: "2026-10-01", page: "short-videos", lang: "fr", views: 999 }, // before the 30 days
      { day: "2026-11-14", page: "order-form:short-videos", lang: "fr", views: 12 },
      { day: "2026-11-14", page: "veo3", lang: "en", views: 30 },
      { day: "2026-11-14", page: "order-form:veo3-pack", lang: "en", views: 4 },
      { day: "2026-11-14", page: "home", lang: "en", views: 500 }, // not an offer's page
    ]);
    await order({
      offer: "short-videos",
      lang: "fr",
      monthly: 10_000,
      billingState: "active",
      createdAt: "2026-11-02T10:00:00.000Z",
    });
    await order({
      offer: "short-videos",
      lang: "fr",
      state: "checkout_created",
      createdAt: "2026-11-03T10:00:00.000Z",
    });
    await order({ offer: "short-videos", lang: "fr", state: "expired", createdAt: "2026-11-04T10:00:00.000Z" });
    await order({ offer: "veo3-pack", lang: "en", createdAt: "2026-11-05T10:00:00.000Z" });
    await order({ offer: "veo3-pack", lang: "en", createdAt: "2026-09-05T10:00:00.000Z" }); // before the 30 days

    const { funnel } = await dashboardFigures(repo, NOW);
    expect(funnel.fromDay).toBe("2026-10-17");
    expect(funnel.toDay).toBe("2026-11-15");
    expect(funnel.rows).toEqual([
      { offer: "short-videos", lang: "fr", views: 100, forms: 12, orders: 3, paid: 1 },
      { offer: "veo3-pack", lang: "en", views: 30, forms: 4, orders: 1, paid: 1 },
    ]);
    expect(funnel.total).toEqual({ views: 130, forms: 16, orders: 4, paid: 2 });
  });

  test("months and business days: helpers agree with Paris time", () => {
    expect(monthBefore("2026-01", 1)).toBe("2025-12");
    expect(monthBefore("2026-11", 11)).toBe("2025-12");
    expect(startOfBusinessDay("2026-11-01")).toBe("2026-10-31T23:00:00.000Z");
    expect(startOfBusinessDay("2026-07-01")).toBe("2026-06-30T22:00:00.000Z");
  });
});

describe(`the orders list (${storeKind})`, () => {
  test("three sales make three rows: each customer's abandoned attempts at the offer fold under the paid order", async () => {
    const t = (day: number, hour = 10) =>
      `2026-11-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00.000Z`;
    // Ana tried twice, then paid; Bruno expired once, then paid; Chloé paid at once; Dan only tried.
    const anaTries = [
      await order({ email: "ana@example.com", state: "checkout_created", createdAt: t(2) }),
      await order({ email: "ANA@example.com", state: "expired", createdAt: t(2, 11) }),
    ];
    const ana = await order({ email: "ana@example.com", createdAt: t(2, 12) });
    const brunoTry = await order({ email: "bruno@example.com", offer: "veo3-pack", state: "expired", createdAt: t(3) });
    const bruno = await order({ email: "bruno@example.com", offer: "veo3-pack", createdAt: t(3, 11) });
    await order({ email: "bruno@example.com", offer: "test-workflow", state: "expired", createdAt: t(3, 12) }); // another offer: its own row
    const chloe = await order({ email: "chloe@example.com", createdAt: t(4) });
    const dan = await order({ email: "dan@example.com", state: "checkout_created", createdAt: t(5) });
    const anaLater = await order({ email: "ana@example.com", state: "checkout_created", createdAt: t(6) }); // after her purchase: not folded

    const folded = await repo.searchOrders({ foldAttempts: true, limit: 20, offset: 0 });
    expect(folded.total).toBe(6);
    expect(folded.orders.map((o) => o.id)).toEqual([anaLater, dan, chloe, expect.any(String), bruno, ana]);
    const { attempts, delivered } = await repo.listDetails(folded.orders);
    expect(attempts.get(ana)?.map((o) => o.id)).toEqual(anaTries);
    expect(attempts.get(bruno)?.map((o) => o.id)).toEqual([brunoTry]);
    expect(attempts.has(chloe)).toBe(false);
    expect(delivered.size).toBe(0);

    // Filtered by a state, every order is a row of its own.
    expect((await repo.searchOrders({ state: "expired", foldAttempts: false, limit: 20, offset: 0 })).total).toBe(3);
    expect((await repo.searchOrders({ limit: 20, offset: 0 })).total).toBe(9);
  });
});

describe(`delivered once per billing period (${storeKind})`, () => {
  test("a one-time order once; a subscription once per period, the next period allowed", async () => {
    const oneTime = await order();
    expect(await markDelivered(oneTime, "here", null)).toBe(true);
    expect(await markDelivered(oneTime, "again", null)).toBe(false);

    const subscription = await order({
      offer: "formateur-ia",
      monthly: 3_900,
      billingState: "active",
      periodEnd: "2026-12-10T10:00:00.000Z",
    });
    const december = "2026-12-10T10:00:00.000Z";
    const [first, twin] = await Promise.all([
      markDelivered(subscription, "November's videos", december),
      markDelivered(subscription, "twin", december),
    ]);
    expect([first, twin].sort()).toEqual([false, true]);
    expect(await markDelivered(subscription, "January's", "2027-01-10T10:00:00.000Z")).toBe(true);
    const events = (await repo.listOrderEvents(subscription)).filter((event) => event.kind === "delivered");
    expect(events.map((event) => event.period)).toEqual([december, "2027-01-10T10:00:00.000Z"]);
    // One email per delivery (the delivery's own kind).
    const emails = (await repo.listEmails(subscription)).map((email) => email.kind);
    expect(emails).toHaveLength(2);
    expect(emails.every((kind) => kind.startsWith("work-delivered."))).toBe(true);
  });

  test("the export reads when each order was last delivered (the owner's 'delivered on' column), in the owner's zone", async () => {
    const waiting = await order({ createdAt: "2026-11-02T10:00:00.000Z" });
    const done = await order({ createdAt: "2026-11-03T10:00:00.000Z" });
    const monthly = await order({
      offer: "formateur-ia",
      monthly: 3_900,
      billingState: "active",
      createdAt: "2026-11-04T10:00:00.000Z",
    });
    expect(await markDelivered(done, "", null)).toBe(true);
    expect(await markDelivered(monthly, "", "2026-12-10T10:00:00.000Z")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await markDelivered(monthly, "", "2027-01-10T10:00:00.000Z")).toBe(true);
    const events = async (id: string) =>
      (await repo.listOrderEvents(id)).filter((event) => event.kind === "delivered").map((event) => event.createdAt);
    const rows = new Map((await repo.exportPage({}, null, 10)).map((row) => [row.order.id, row.deliveredAt ?? null]));
    expect(rows.get(waiting)).toBeNull();
    expect(rows.get(done)).toBe((await events(done))[0]);
    expect(rows.get(monthly)).toBe((await events(monthly)).at(-1));
    // In the file: the date in the owner's zone, after the money columns.
    const format = csvFormat("owner", "en", (key) => key, "Europe/Paris");
    const line = csvLine(
      (await repo.exportPage({}, null, 10)).find((row) => row.order.id === done)!.order,
      "",
      format,
      { deliveredAt: rows.get(done) },
    );
    // The delivery date, then the refund date (none here).
    expect(line.endsWith(`"${format.words!.date(rows.get(done)!)}",""`)).toBe(true);
    expect(format.words!.date(rows.get(done)!)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });
});

describe(`the orders list's badges (${storeKind})`, () => {
  test("each row says what the tile and the filter say (to deliver or not), what was refunded (all, or part with its amount) and whether the customer was erased", async () => {
    const owed = await order({ amount: 19_700 });
    const partly = await order({ amount: 19_700 });
    const fully = await order({ amount: 19_700, billingState: "refunded" });
    const ended = await order({
      offer: "formateur-ia",
      amount: 53_600,
      monthly: 3_900,
      billingState: "cancelled",
      periodEnd: "2026-12-10T10:00:00.000Z",
    });
    const cancelling = await order({
      offer: "formateur-ia",
      amount: 53_600,
      monthly: 3_900,
      billingState: "cancelling",
      periodEnd: "2026-12-10T10:00:00.000Z",
    });
    const erased = await order();
    await repo.db.updateTable("orders").set({ erased_at: NOW.toISOString() }).where("id", "=", erased).execute();
    const refund = (orderId: string, amount: number) =>
      repo.db
        .insertInto("charge_refunds")
        .values({
          charge_id: `ch_${orderId}`,
          order_id: orderId,
          amount: 19_700,
          amount_refunded: amount,
          currency: "EUR",
          updated_at: NOW.toISOString(),
        })
        .execute();
    await refund(partly, 1_250);
    await refund(fully, 19_700);

    const { orders } = await repo.searchOrders({ limit: 20, offset: 0 });
    const { toDeliver, refunded } = await repo.listDetails(orders);
    // Exactly the orders the front page counts and the filter lists.
    expect([...toDeliver].sort()).toEqual([owed, partly, cancelling].sort());
    expect((await dashboardFigures(repo, NOW)).toDeliver).toBe(3);
    expect(
      (await repo.searchOrders({ toDeliver: true, limit: 20, offset: 0 })).orders.map((row) => row.id).sort(),
    ).toEqual([...toDeliver].sort());
    expect(toDeliver.has(ended)).toBe(false);
    expect(toDeliver.has(erased)).toBe(false);
    expect(Object.fromEntries(refunded)).toEqual({ [partly]: 1_250, [fully]: 19_700 });
  });
});

describe(`the customers list (${storeKind})`, () => {
  test("everyone with a paid order once, latest first, with their order count and what they paid per currency less refunds; found by part of a name or an address; erased people and unpaid attempts left out", async () => {
    const first = await order({
      email: "Ana.Lopez@example.com",
      amount: 53_600,
      createdAt: "2026-11-02T10:00:00.000Z",
    });
    await order({
      email: "ana.lopez@example.com",
      offer: "veo3-pack",
      amount: 19_700,
      createdAt: "2026-11-05T10:00:00.000Z",
    });
    await order({
      email: "ana.lopez@example.com",
      currency: "GBP",
      amount: 4_900,
      createdAt: "2026-11-06T10:00:00.000Z",
    });
    await order({ email: "bruno@example.com", amount: 100, createdAt: "2026-11-07T10:00:00.000Z" });
    await order({ email: "chloe@example.com", state: "expired", createdAt: "2026-11-08T10:00:00.000Z" });
    const gone = await order({ email: "dan@example.com", createdAt: "2026-11-09T10:00:00.000Z" });
    await repo.db.updateTable("orders").set({ erased_at: NOW.toISOString() }).where("id", "=", gone).execute();
    await repo.db
      .insertInto("charge_refunds")
      .values({
        charge_id: "ch_ana",
        order_id: first,
        amount: 53_600,
        amount_refunded: 1_250,
        currency: "EUR",
        updated_at: NOW.toISOString(),
      })
      .execute();

    const all = await repo.listCustomers({ limit: 10, offset: 0 });
    expect(all.total).toBe(2);
    expect(all.customers.map((customer) => customer.email)).toEqual(["bruno@example.com", "ana.lopez@example.com"]);
    expect(all.customers[1]).toEqual({
      email: "ana.lopez@example.com",
      name: `${testCustomer.firstName} ${testCustomer.lastName}`,
      orders: 3,
      paid: [
        { currency: "EUR", amount: 53_600 + 19_700 - 1_250 },
        { currency: "GBP", amount: 4_900 },
      ],
      lastOrderAt: "2026-11-06T10:00:00.000Z",
    });
    expect(
      (await repo.listCustomers({ search: "LOPEZ", limit: 10, offset: 0 })).customers.map((customer) => customer.email),
    ).toEqual(["ana.lopez@example.com"]);
    expect((await repo.listCustomers({ search: testCustomer.lastName.slice(1, 4), limit: 10, offset: 0 })).total).toBe(
      2,
    );
    expect((await repo.listCustomers({ search: "100%", limit: 10, offset: 0 })).total).toBe(0);
    // Paged: one per page, the total stays.
    const second = await repo.listCustomers({ limit: 1, offset: 1 });
    expect([second.total, second.customers.map((customer) => customer.email)]).toEqual([2, ["ana.lopez@example.com"]]);
  });
});
