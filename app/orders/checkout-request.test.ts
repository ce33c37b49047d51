import { afterEach, describe, expect, test, vi } from "vitest";
import { amountDueNow, getOffer, OFFER_IDS, type OfferId } from "../content/offers.ts";
import { checkoutParams } from "../payments/stripe-provider.server.ts";
import { checkoutRequest } from "./checkout-request.server.ts";
import type { Order } from "./types.ts";

function order(offer: OfferId, lang: Order["lang"]): Order {
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
    customer: {
      firstName: "A",
      lastName: "B",
      email: "a@example.com",
      companyName: "",
      address: "x",
      city: "x",
      postalCode: "x",
      country: "x",
      phoneNumber: "x",
      agentName: "x",
      telegramId: "x",
      connectZapier: "non",
      comments: "",
    },
    provider: "stripe",
    sessionId: null,
    checkoutUrl: null,
    failureReason: null,
    createdAt: "2026-11-24T22:59:30.000Z",
    updatedAt: "2026-11-24T22:59:30.000Z",
    paidAt: null,
    customerRef: null,
    subscriptionRef: null,
    billingState: null,
    periodEnd: null,
    subscriptionStatus: null,
    reference: "LA-1001",
    acceptance: null,
  };
}
const urls = { success: "https://site/merci?session_id={CHECKOUT_SESSION_ID}", cancel: "https://site/commander" };
const params_ = (offer: OfferId, lang: Order["lang"]) => checkoutParams(checkoutRequest(order(offer, lang), urls));

describe("an order's checkout request, as Stripe Checkout parameters", () => {
  test("every offer and language: mode, currency, amounts due now match the catalogue", () => {
    for (const offer of OFFER_IDS) {
      for (const lang of ["fr", "en"] as const) {
        const params = params_(offer, lang);
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
    const params = params_("formateur-ia", "de");
    expect(params.line_items!.map((item) => item.price_data!.product_data!.name)).toEqual([
      "KI-Trainer-Agent auf Telegram",
      "KI-Trainer-Agent auf Telegram – Einrichtung",
    ]);
    expect(params.line_items![1]!.price_data!.recurring).toBeUndefined();
  });

  test("amounts are the stored order's, not today's catalogue: a price change never alters a placed order", () => {
    const once = checkoutParams(checkoutRequest({ ...order("test-workflow", "fr"), amountDueNow: 4_200 }, urls));
    expect(once.line_items!.map((item) => item.price_data!.unit_amount)).toEqual([4_200]);
    const monthly = checkoutParams(
      checkoutRequest({ ...order("formateur-ia", "fr"), amountDueNow: 60_000, monthly: 5_000 }, urls),
    );
    expect(monthly.line_items!.map((item) => item.price_data!.unit_amount)).toEqual([5_000, 55_000]);
  });
});

describe("a retry sends exactly the first request (the idempotency key is the order id)", () => {
  afterEach(() => vi.useRealTimers());
  test("across midnight, every parameter is computed from what the order stored", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const stored = order("formateur-ia", "fr");
    vi.setSystemTime(new Date("2026-11-24T22:59:50.000Z"));
    const first = checkoutParams(checkoutRequest(stored, urls));
    // Midnight in Paris (the business time zone) passes before the reconciler retries.
    vi.setSystemTime(new Date("2026-11-24T23:10:00.000Z"));
    expect(checkoutParams(checkoutRequest(stored, urls))).toEqual(first);
  });
});
