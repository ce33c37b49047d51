import { describe, expect, test } from "vitest";
import { amountDueNow, getOffer, OFFER_IDS } from "../content/offers.ts";
import type { Order } from "../orders/types.ts";
import { checkoutParams, sessionState } from "./stripe-provider.server.ts";

function order(offer: Order["offer"], lang: Order["lang"]): Order {
  const price = getOffer(offer).price(lang);
  return {
    id: "ord_1",
    submissionToken: "t",
    state: "pending",
    lang,
    offer,
    currency: price.currency,
    amountDueNow: amountDueNow(price),
    monthly: price.monthly ?? 0,
    customer: { firstName: "A", lastName: "B", email: "a@example.com", companyName: "", address: "x", city: "x", postalCode: "x", country: "x", phoneNumber: "x", agentName: "x", telegramId: "x", connectZapier: "non", comments: "" },
    provider: "stripe",
    sessionId: null,
    checkoutUrl: null,
    failureReason: null,
    createdAt: "",
    updatedAt: "",
    paidAt: null,
    customerRef: null,
    subscriptionRef: null,
    billingState: null,
    periodEnd: null,
  };
}
const urls = { success: "https://site/merci?session_id={CHECKOUT_SESSION_ID}", cancel: "https://site/commander" };

describe("Stripe Checkout parameters come from the catalogue", () => {
  test("every offer and language: mode, currency, amounts due now match the catalogue", () => {
    for (const offer of OFFER_IDS) {
      for (const lang of ["fr", "en"] as const) {
        const params = checkoutParams(order(offer, lang), urls);
        const price = getOffer(offer).price(lang);
        expect(params.mode).toBe(price.monthly ? "subscription" : "payment");
        expect(params.locale).toBe(lang);
        expect(params.client_reference_id).toBe("ord_1");
        expect(params.customer_email).toBe("a@example.com");
        const items = params.line_items!;
        expect(items.every((item) => item.price_data!.currency === price.currency.toLowerCase())).toBe(true);
        const trial = params.subscription_data?.trial_period_days;
        const dueNow = items
          .filter((item) => !(item.price_data!.recurring && trial))
          .reduce((sum, item) => sum + item.price_data!.unit_amount!, 0);
        expect(dueNow, `${offer} ${lang}`).toBe(amountDueNow(price));
      }
    }
  });

  test("product names are translated; the setup fee is its own line", () => {
    const params = checkoutParams(order("formateur-ia", "de"), urls);
    expect(params.line_items!.map((item) => item.price_data!.product_data!.name)).toEqual([
      "KI-Trainer-Agent auf Telegram",
      "KI-Trainer-Agent auf Telegram – Einrichtung",
    ]);
    expect(params.line_items![1]!.price_data!.recurring).toBeUndefined();
  });

  test("session states", () => {
    expect(sessionState({ status: "complete", payment_status: "paid" })).toBe("paid");
    expect(sessionState({ status: "complete", payment_status: "no_payment_required" })).toBe("paid");
    expect(sessionState({ status: "complete", payment_status: "unpaid" })).toBe("processing");
    expect(sessionState({ status: "open", payment_status: "unpaid" })).toBe("open");
    expect(sessionState({ status: "expired", payment_status: "unpaid" })).toBe("expired");
  });
});

describe("the README tells the owner which webhook events to enable", () => {
  test("every event the site handles is listed", async () => {
    const { readFileSync } = await import("node:fs");
    const { STRIPE_WEBHOOK_EVENTS } = await import("./stripe-events.ts");
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    for (const event of STRIPE_WEBHOOK_EVENTS) expect(readme).toContain(`\`${event}\``);
  });
});
