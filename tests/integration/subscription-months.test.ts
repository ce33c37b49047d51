import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { setUpOwner, ownerReset, type AdminClient } from "../support/admin.ts";
import { orderForm, readStore, waitFor } from "../support/orders.ts";
import { suiteStripeShop } from "../support/suite.ts";
import { databaseUrlFor } from "../support/store.ts";
import { deliverHandled, payThroughStripe } from "../support/stripe-webhooks.ts";

/**
 * A subscription lives month by month, over HTTP against the fake Stripe (short videos: 8 a month,
 * from the catalogue): month 1's brief is asked first and stays open while the month's videos are
 * not all delivered; two deliveries read "2 of 8" with the date of the next one, and the timeline
 * does not call the order delivered; each video is accepted on its own and accepting one closes
 * nothing; a renewal (Stripe's invoice.paid for the next month) opens month 2 with its own brief,
 * and month 1 (its brief and videos) is shown below, folded, on the customer's page and the
 * owner's.
 */
const { stripe, smtp, server } = suiteStripeShop({
  CONTACT_EMAIL: "hello@example.com",
  OWNER_EMAIL: "owner@example.com",
  OWNER_LANG: "en",
  OUTBOX_POLL_MS: "100",
});
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const words = locale("en", "delivery");
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const mailsTo = (email: string) => smtp.messages.filter((message) => message.to.includes(email));
/** The text of the element carrying `testId` (its first text node). */
const testText = (page: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(page)?.[1] ?? null;
/** A period's heading as the pages write it, whatever its days. */
const monthHeading = (number: number) => new RegExp(`data-testid="period"[^>]*>Month ${number} · [^<]+ – [^<]+<`);

describe("a subscription, month by month", () => {
  test("month 1's brief, 2 of 8 with the next date, each video accepted on its own; a renewal opens month 2 with its own brief, month 1 below", async () => {
    const email = "months@example.com";
    await payThroughStripe(server, stripe, {
      offer: "short-videos",
      lang: "en",
      form: orderForm({ email, firstName: "Rosa" }),
    });
    const confirmation = await waitFor(() => mailsTo(email)[0], 10_000, "confirmation");
    const page = new RegExp(`${server.url}(/order/[\\w.-]+\\?lang=en)`).exec(confirmation.text)![1]!;
    const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === email)!;
    const customerPage = async () => (await fetch(server.url + page)).text();
    const post = (body: FormData) => fetch(server.url + page, { method: "POST", body, redirect: "manual" });
    const brief = (text: string) => {
      const form = new FormData();
      form.set("brief", text);
      return post(form);
    };
    const accept = (deliveryId: string) => {
      const form = new URLSearchParams({ intent: "accept", delivery: deliveryId });
      return fetch(server.url + page, { method: "POST", body: form, redirect: "manual" });
    };

    const owner: AdminClient = (
      await setUpOwner(
        server.url,
        ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
        "correct horse battery staple",
      )
    ).client;
    const ownerPage = async () => (await owner.get(`/admin/orders/${order.id}`)).text();
    const deliverVideo = async (n: number) => {
      const round = /name="round" value="(\d+)"/.exec(await ownerPage())![1]!;
      const form = new FormData();
      form.set("round", round);
      form.set("link", `https://videos.example.com/${n}`);
      const delivered = await owner.request(`/admin/orders/${order.id}/deliver`, { method: "POST", body: form });
      expect(delivered.status, `video ${n}`).toBe(303);
    };

    // Month 1: its brief first, then two videos.
    let customer = await customerPage();
    expect(customer).toMatch(monthHeading(1));
    expect(customer).toContain('data-testid="brief-first"');
    expect((await brief("Month 1: autumn recipes")).status).toBe(303);
    await deliverVideo(1);
    await deliverVideo(2);

    customer = await customerPage();
    expect(testText(customer, "allowance")).toBe("2 of 8 this month");
    // The date of the next video, at the top of the page; the order is not "delivered" after 2 of 8.
    const due = customer.indexOf('data-testid="order-due"');
    expect(due).toBeGreaterThan(0);
    expect(customer.slice(due, due + 400)).toContain(html(words.period.nextPiece));
    expect(customer.slice(due, due + 400)).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">[^<]+<\/time>/i);
    expect(customer).toMatch(/data-step="delivered" data-state="upcoming"/);
    // Month 1's brief stays open while the month's videos are not all delivered: more topics are taken.
    expect(customer).toContain('data-testid="brief-form"');
    expect((await brief("Month 1: autumn recipes, and a pumpkin soup")).status).toBe(303);
    expect(await customerPage()).toContain("Month 1: autumn recipes, and a pumpkin soup");

    // Acceptance is per video: the first one accepted, the second still waits for its answer.
    customer = await customerPage();
    expect(customer).not.toContain(html(locale("en", "delivery").accept.help));
    const ids = [...customer.matchAll(/name="delivery" value="([a-f0-9]{32})"/g)].map((match) => match[1]!);
    expect(ids).toHaveLength(2);
    const [first, latest] = ids as [string, string];
    expect((await accept(first)).status).toBe(303);
    customer = await customerPage();
    const cards = customer.split('data-testid="delivery"').slice(1);
    expect(cards[0]).toContain(`✓ ${words.deliveries.accepted}`);
    expect(cards[1]).not.toContain(`✓ ${words.deliveries.accepted}`);
    expect(customer).toContain(`name="delivery" value="${latest}"`);
    expect(customer).toContain('data-testid="accept-form"');
    // Accepting again is refused; accepting closed nothing: the owner still delivers this month's videos.
    expect((await accept(first)).status).toBe(409);
    expect(await ownerPage()).toContain('data-testid="deliver-form"');
    expect((await accept(latest)).status).toBe(303);
    await deliverVideo(3);
    expect(testText(await customerPage(), "allowance")).toBe("3 of 8 this month");

    // A month later Stripe renews the subscription: month 2, with its own brief and nothing delivered yet.
    const renewal = stripe.renew(order.subscriptionRef!);
    expect((await deliverHandled(server, stripe.objectEvent("invoice.paid", renewal))).outcome).toBe("active");
    await waitFor(
      async () =>
        (await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!.periodEnd !== order.periodEnd,
      10_000,
      "next period",
    );
    customer = await customerPage();
    expect(customer).toMatch(monthHeading(2));
    expect(testText(customer, "allowance")).toBe("0 of 8 this month");
    expect(customer).toContain('data-testid="brief-first"');
    expect(customer).toContain(html(words.period.briefFirstTitle.replace("{{number}}", "2")));
    // Month 1 is below this month's work, folded, with its brief and videos.
    const past = customer.indexOf('data-testid="past-periods"');
    expect(past).toBeGreaterThan(customer.indexOf('data-testid="brief-first"'));
    expect(customer.slice(0, past)).not.toContain("autumn recipes");
    expect(customer.slice(past)).toMatch(/<details[^>]*data-testid="past-period"/);
    expect(customer.slice(past)).toMatch(/<summary[^>]*><span>Month 1 · [^<]+ – [^<]+<\/span>/);
    expect(customer.slice(past)).toContain("Month 1: autumn recipes, and a pumpkin soup");
    expect(customer.slice(past)).toContain('href="https://videos.example.com/1"');
    expect(customer.slice(past)).toContain(words.period.delivered.replace("{{done}}", "3").replace("{{total}}", "8"));

    // Month 2's brief is its own: sent, shown as this month's; month 1's stays as it was.
    expect((await brief("Month 2: winter stews")).status).toBe(303);
    customer = await customerPage();
    const past2 = customer.indexOf('data-testid="past-periods"');
    expect(customer.slice(0, past2)).toContain("Month 2: winter stews");
    expect(customer.slice(past2)).not.toContain("Month 2: winter stews");
    expect(customer.slice(past2)).toContain("Month 1: autumn recipes, and a pumpkin soup");
    await deliverVideo(4);
    expect(testText(await customerPage(), "allowance")).toBe("1 of 8 this month");

    // The owner's order page: the same, this month first, month 1 folded below.
    const office = await ownerPage();
    expect(office).toMatch(monthHeading(2));
    const officePast = office.indexOf('data-testid="past-periods"');
    expect(officePast).toBeGreaterThan(office.indexOf("Month 2: winter stews"));
    expect(office.slice(officePast)).toContain("Month 1: autumn recipes, and a pumpkin soup");
    expect(office.slice(officePast)).toContain('href="https://videos.example.com/3"');
  });
});
