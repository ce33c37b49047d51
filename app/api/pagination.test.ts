import { describe, expect, test } from "vitest";
import { newTestOrder, paidTestOrder, testQuoteRequest } from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import { createSignedLinks } from "../billing/signed-link.server.ts";
import { listOrders, listQuotes } from "./api.server.ts";

// The API's lists page with a cursor over (last change, id): every row once, in order, on both
// stores (vitest.config.ts, BOTH_STORES), whatever the page size, with no cap.

const repo = storesPerTest();
const services = () =>
  ({
    repo,
    links: createSignedLinks("s".repeat(40)),
    files: undefined,
    limits: undefined,
    worker: undefined,
  }) as unknown as Parameters<typeof listOrders>[1] & Parameters<typeof listQuotes>[1];

async function page(path: string): Promise<{ status: number; body: Record<string, any> }> {
  const answer = await listOrders(new Request(`https://studio.example.net${path}`), services());
  return { status: answer.status, body: (await answer.json()) as Record<string, any> };
}

/** Follows next_cursor from `first` to the end; every order id seen, in order, and the pages taken. */
async function walk(first: string) {
  const ids: string[] = [];
  let pages = 0;
  let next: string | null = first;
  while (next !== null) {
    const { status, body } = await page(next);
    expect(status).toBe(200);
    pages++;
    ids.push(...(body.orders as Array<{ id: string }>).map((order) => order.id));
    next = body.next_cursor ? `${first}${first.includes("?") ? "&" : "?"}cursor=${body.next_cursor}` : null;
    expect(pages).toBeLessThan(50);
  }
  return { ids, pages };
}

describe("orders, a page at a time", () => {
  test("250 orders walked 100 at a time: no gap, no repeat, in (updated_at, id) order, then filters", async () => {
    const made: string[] = [];
    // Created as fast as the store takes them: many share an updated_at to the millisecond, so
    // the id has to break the ties.
    for (let i = 0; i < 250; i++) made.push((await repo.createOrder(newTestOrder())).order.id);
    const all = await walk("/api/v1/orders?state=any&limit=100");
    expect(all.pages).toBe(3);
    expect(all.ids).toHaveLength(250);
    expect(new Set(all.ids).size).toBe(250);
    expect([...all.ids].sort()).toEqual([...made].sort());

    // The default page size, and a page size that does not divide the total.
    expect((await walk("/api/v1/orders?state=any")).ids).toEqual(all.ids);
    const sevens = await walk("/api/v1/orders?state=any&limit=7");
    expect(sevens.ids).toEqual(all.ids);
    expect(sevens.pages).toBe(36);

    // The default list is the back office's "to deliver": paid ones only.
    const paid = [await paidTestOrder(repo), await paidTestOrder(repo)];
    expect((await walk("/api/v1/orders")).ids.sort()).toEqual(paid.map((order) => order.id).sort());
    expect((await walk("/api/v1/orders?state=pending&limit=100")).ids).toHaveLength(250);

    // updated_since: only what changed at or after that instant.
    const later = new Date(Date.now() + 5).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const fresh = await paidTestOrder(repo);
    expect((await walk(`/api/v1/orders?state=any&updated_since=${encodeURIComponent(later)}`)).ids).toEqual([fresh.id]);
  }, 300_000);

  test("a limit over 100, a bad state, date or cursor: 400 naming the parameter", async () => {
    for (const [query, path] of [
      ["limit=101", "limit"],
      ["limit=0", "limit"],
      ["limit=ten", "limit"],
      ["state=delivered", "state"],
      ["updated_since=yesterday", "updated_since"],
      ["cursor=not-ours", "cursor"],
    ] as const) {
      const { status, body } = await page(`/api/v1/orders?${query}`);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ code: "invalid_query", issues: [{ path }] });
    }
  });
});

describe("quote requests, a page at a time", () => {
  test("120 quote requests walked 50 at a time, no gap, no repeat; waiting and answered", async () => {
    for (let i = 0; i < 120; i++) await testQuoteRequest(repo);
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await listQuotes(
        new Request(`https://studio.example.net/api/v1/quotes?limit=50${cursor ? `&cursor=${cursor}` : ""}`),
        services(),
      );
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { quotes: Array<{ id: string }>; next_cursor: string | null };
      ids.push(...body.quotes.map((quote) => quote.id));
      cursor = body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    const answered = await listQuotes(
      new Request("https://studio.example.net/api/v1/quotes?state=answered"),
      services(),
    );
    expect(((await answered.json()) as { quotes: unknown[] }).quotes).toEqual([]);
  }, 300_000);
});

describe("updated_since follows the work", () => {
  test("a work status, a brief, a delivery, a revision asked and an acceptance each make the order updated; another order is not", async () => {
    const order = await paidTestOrder(repo);
    await paidTestOrder(repo);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const since = async (at: string) =>
      (await walk(`/api/v1/orders?state=any&updated_since=${encodeURIComponent(at)}`)).ids;
    let firstDelivery = "";
    const steps: Array<[label: string, step: () => Promise<unknown>]> = [
      ["in progress (the API's status)", () => repo.setWorkStatus(order.id, "in_progress", "Started.")],
      ["the brief", () => repo.saveBrief(order.id, "Warm colours, our logo.")],
      [
        "a delivery",
        async () => {
          const delivered = await repo.recordDelivery(
            {
              orderId: order.id,
              period: "",
              round: 0,
              note: "Here it is.",
              links: [{ url: "https://files.example.com/a.mp4", label: "The video" }],
              first: true,
              eventPeriod: null,
            },
            [],
          );
          firstDelivery = delivered!.id;
        },
      ],
      ["a revision asked", () => repo.recordRevision(order.id, "", 1, "More rhythm at the start.")],
      [
        "the revision delivered",
        () =>
          repo.recordDelivery(
            { orderId: order.id, period: "", round: 1, note: "", links: [], first: false, eventPeriod: null },
            [],
          ),
      ],
      ["the first delivery accepted", () => repo.acceptDelivery(order.id, firstDelivery)],
    ];
    for (const [label, step] of steps) {
      await pause();
      const at = new Date().toISOString();
      await pause();
      expect(await since(at), `before ${label}`).toEqual([]);
      await step();
      expect(await since(at), label).toEqual([order.id]);
      const read = (await page(`/api/v1/orders?state=any&updated_since=${encodeURIComponent(at)}`)).body;
      expect(Date.parse(read.orders[0].updatedAt), label).toBeGreaterThanOrEqual(Date.parse(at));
    }
  });
});

describe("updated_since on quote requests", () => {
  test("follows their proposals: a proposal sent, then viewed, makes its request changed; another request is not", async () => {
    const quote = await testQuoteRequest(repo);
    await testQuoteRequest(repo);
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    const since = async (at: string) => {
      const answer = await listQuotes(
        new Request(`https://studio.example.net/api/v1/quotes?updated_since=${encodeURIComponent(at)}`),
        services(),
      );
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { quotes: Array<{ id: string; proposals: Array<{ state: string }> }> }).quotes;
    };
    const steps: Array<[label: string, step: () => Promise<unknown>, state: string]> = [
      [
        "a proposal sent",
        () =>
          repo.createProposal(
            {
              id: "prp_20261202_000000000001",
              quoteId: quote.id,
              page: quote.page,
              lang: quote.lang,
              title: "WhatsApp-Agent",
              included: "Ein WhatsApp-Agent mit Ihrem Kalender verbunden.",
              priceKind: "one-off",
              currency: "EUR",
              oneTime: 35000,
              monthly: 0,
              deliveryDays: 10,
              revisionRounds: 2,
              validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString(),
              termsVersion: "2026-01",
            },
            null,
          ),
        "sent",
      ],
      ["the proposal viewed", () => repo.markProposalViewed("prp_20261202_000000000001"), "viewed"],
    ];
    for (const [label, step, state] of steps) {
      await pause();
      const at = new Date().toISOString();
      await pause();
      expect(await since(at), `before ${label}`).toEqual([]);
      await step();
      const changed = await since(at);
      expect(
        changed.map((row) => row.id),
        label,
      ).toEqual([quote.id]);
      expect(
        changed[0]!.proposals.map((proposal) => proposal.state),
        label,
      ).toEqual([state]);
    }
  });
});
