import { beforeAll, describe, expect, test } from "vitest";
import { openStores } from "../../app/stores.server.ts";
import { ownerReset, setUpOwner, type AdminClient } from "../support/admin.ts";
import { waitFor } from "../support/orders.ts";
import { databaseUrlFor } from "../support/store.ts";
import { suiteStripeShop } from "../support/suite.ts";

// An accepted proposal whose Stripe Checkout session expired (Stripe ends one after a day), with no
// webhook about it yet: the customer back on the proposal accepts again and gets a new session,
// never the dead one, and pays once. The fake Stripe (tests/support/fake-stripe.ts) plays Stripe.

const { stripe, smtp, server } = suiteStripeShop({ OUTBOX_POLL_MS: "100", OWNER_EMAIL: "owner@example.com" });

let owner: AdminClient;
beforeAll(async () => {
  owner = (
    await setUpOwner(
      server.url,
      ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
      "correct horse battery staple",
    )
  ).client;
});

async function withStore<T>(read: (repo: Awaited<ReturnType<typeof openStores>>) => Promise<T>): Promise<T> {
  const repo = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
  try {
    return await read(repo);
  } finally {
    await repo.close();
  }
}

const form = (body: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(body),
  redirect: "manual" as const,
  headers: { Origin: server.url },
});

describe("an accepted proposal whose Stripe session expired", () => {
  test("accepting again gives a new session (the same for returns at once), paid once", async () => {
    const email = "expiry@example.com";
    const quoteRes = await fetch(
      `${server.url}/quote?offer=blog&lang=de`,
      form({
        offer: "blog",
        name: "Jonas Weber",
        email,
        company: "",
        message: "Ein Workflow für unseren Blog, bitte.",
      }),
    );
    expect(quoteRes.status).toBeLessThan(400);
    const quoteId = await withStore(
      async (repo) => (await repo.listQuoteRequests(10)).find((quote) => quote.email === email)!.id,
    );
    const sent = await owner.post(
      `/admin/quotes/${quoteId}`,
      {
        intent: "propose",
        title: "",
        included: "Der Workflow, eingerichtet und einen Monat lang begleitet.",
        priceKind: "one-off",
        oneTime: "800",
        monthly: "",
        deliveryDays: "7",
        revisionRounds: "1",
        validUntil: "",
      },
      { headers: { Origin: server.url } },
    );
    expect(sent.status).toBe(303);
    const mail = await waitFor(
      () => smtp.messages.find((m) => m.to.includes(email) && m.text.includes("/proposal/")),
      undefined,
      "the proposal's email",
    );
    const link = new URL(/https?:\/\/[^\s"<>]+\/proposal\/[^\s"<>]+/.exec(mail.text)![0].replace(/&amp;/g, "&"))
      .pathname;
    const accept = () =>
      fetch(`${server.url}${link}?lang=de`, form({ intent: "accept", acceptTerms: "on", immediateStart: "on" }));

    const first = (await accept()).headers.get("location")!;
    const firstSession = new URL(first).pathname.split("/").pop()!;
    expect(stripe.sessions.get(firstSession)).toBeDefined();
    // Back before it expired: the same checkout.
    expect((await accept()).headers.get("location")).toBe(first);

    // A day later Stripe has expired it; no webhook has said so yet.
    stripe.expire(firstSession);
    const again = await Promise.all([accept(), accept()]);
    expect(again.map((answer) => answer.status)).toEqual([303, 303]);
    expect(new Set(again.map((answer) => answer.headers.get("location"))).size).toBe(1);
    const second = again[0]!.headers.get("location")!;
    expect(second).not.toBe(first);
    const secondSession = new URL(second).pathname.split("/").pop()!;
    expect(stripe.sessions.get(secondSession)!.status).toBe("open");
    expect(stripe.sessions.get(secondSession)!.params["line_items[0][price_data][unit_amount]"]).toBe("80000");

    // Paid on the new session: one paid order, the expired attempt's order marked expired.
    stripe.complete(secondSession);
    const back = (await fetch(`${second}?action=pay`, { redirect: "manual" })).headers.get("location")!;
    expect((await fetch(back)).status).toBe(200);
    const orders = await withStore(async (repo) =>
      (await repo.listOrders(100)).filter((order) => order.customer.email === email),
    );
    expect(orders.map((order) => order.state).sort()).toEqual(["expired", "paid"]);
    expect(orders.find((order) => order.state === "paid")!.sessionId).toBe(secondSession);
    const page = await (await fetch(`${server.url}${link}?lang=de`)).text();
    expect(page).toContain('data-proposal-state="paid"');
  });
});
