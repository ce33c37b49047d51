import { describe, expect, test } from "vitest";
import { setUpOwner, ownerReset, type AdminClient } from "../support/admin.ts";
import { orderForm, readStore, waitFor } from "../support/orders.ts";
import { suiteStripeShop } from "../support/suite.ts";
import { databaseUrlFor } from "../support/store.ts";
import { deliverHandled, payThroughStripe } from "../support/stripe-webhooks.ts";

/**
 * A subscription that delivers several pieces a month (short videos: 8, from the catalogue), over
 * HTTP against the fake Stripe: each delivery counts toward the current billing period, the
 * customer's page and the owner's order page say how many of the month's allowance, and a renewal
 * (Stripe's invoice.paid for the next month) starts the count again.
 */
const { stripe, smtp, server } = suiteStripeShop({
  CONTACT_EMAIL: "hello@example.com",
  OWNER_EMAIL: "owner@example.com",
  OWNER_LANG: "en",
  OUTBOX_POLL_MS: "100",
});
const mailsTo = (email: string) => smtp.messages.filter((message) => message.to.includes(email));
/** The sentence the pages show, tags and all between its words stripped. */
const allowance = (html: string) => /data-testid="allowance"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;

describe("a subscription's deliveries per month", () => {
  test("two videos delivered → '2 of 8' on both pages (in each reader's language); a renewal → '0 of 8'", async () => {
    const email = "huit@example.com";
    await payThroughStripe(server, stripe, {
      offer: "short-videos",
      lang: "fr",
      form: orderForm({ email, firstName: "Rosa" }),
    });
    const confirmation = await waitFor(() => mailsTo(email)[0], 10_000, "confirmation");
    const page = new RegExp(`${server.url}(/order/[\\w.-]+\\?lang=fr)`).exec(confirmation.text)![1]!;
    const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === email)!;

    const owner: AdminClient = (
      await setUpOwner(
        server.url,
        ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
        "correct horse battery staple",
      )
    ).client;
    const ownerPage = async () => (await owner.get(`/admin/orders/${order.id}`)).text();
    const customerPage = async () => (await fetch(server.url + page)).text();
    expect(allowance(await ownerPage())).toBe("0 of 8 this month");
    expect(allowance(await customerPage())).toBe("0 sur 8 ce mois-ci");

    // Two videos, each through the order page's form (with the round it shows).
    for (const n of [1, 2]) {
      const round = /name="round" value="(\d+)"/.exec(await ownerPage())![1]!;
      const form = new FormData();
      form.set("round", round);
      form.set("link", `https://videos.example.com/${n}`);
      const delivered = await owner.request(`/admin/orders/${order.id}/deliver`, { method: "POST", body: form });
      expect(delivered.status, `video ${n}`).toBe(303);
      // The same form posted again (a reload): refused, not counted.
      expect((await owner.request(`/admin/orders/${order.id}/deliver`, { method: "POST", body: form })).status).toBe(
        409,
      );
    }
    expect(allowance(await ownerPage())).toBe("2 of 8 this month");
    const customer = await customerPage();
    expect(allowance(customer)).toBe("2 sur 8 ce mois-ci");
    expect(customer).toContain('href="https://videos.example.com/1"');
    expect(customer).toContain('href="https://videos.example.com/2"');

    // A month later Stripe renews the subscription: a new billing period, nothing delivered in it yet.
    const renewal = stripe.renew(order.subscriptionRef!);
    expect((await deliverHandled(server, stripe.objectEvent("invoice.paid", renewal))).outcome).toBe("active");
    await waitFor(
      async () =>
        (await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!.periodEnd !== order.periodEnd,
      10_000,
      "next period",
    );
    expect(allowance(await ownerPage())).toBe("0 of 8 this month");
    const renewed = await customerPage();
    expect(allowance(renewed)).toBe("0 sur 8 ce mois-ci");
    // Last month's videos stay on the page, below this month's work, under the period they belong to.
    const past = renewed.indexOf('data-testid="past-periods"');
    expect(past).toBeGreaterThan(renewed.indexOf('data-testid="allowance"'));
    expect(renewed.slice(past)).toContain('href="https://videos.example.com/1"');
    expect(renewed.slice(past)).toContain('href="https://videos.example.com/2"');
    expect(await ownerPage()).toContain('data-testid="past-periods"');
  });
});
