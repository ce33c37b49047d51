import { describe, expect, test } from "vitest";
import type { CheckoutRequest } from "./provider.ts";
import { checkoutParams, sessionState } from "./stripe-provider.server.ts";

const request: CheckoutRequest = {
  reference: "ref_1",
  locale: "it",
  customerEmail: "a@example.com",
  currency: "EUR",
  oneTime: { name: "Setup", amount: 49_700 },
  monthly: { name: "Agent", amount: 10_000, trialDays: 30 },
  metadata: { order_id: "ref_1" },
  summary: "Setup €497 today, then €100 a month from 24 December 2026.",
  successUrl: "https://site/grazie?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "https://site/commander",
};

describe("Stripe adapter", () => {
  test("a request becomes Checkout parameters as given: no catalogue, no translation", () => {
    const params = checkoutParams(request);
    expect(params).toMatchObject({
      mode: "subscription",
      locale: "it",
      client_reference_id: "ref_1",
      customer_email: "a@example.com",
    });
    expect(params.subscription_data).toEqual({ metadata: { order_id: "ref_1" }, trial_period_days: 30 });
    expect(
      params.line_items!.map((item) => [
        item.price_data!.product_data!.name,
        item.price_data!.unit_amount,
        item.price_data!.currency,
      ]),
    ).toEqual([
      ["Agent", 10_000, "eur"],
      ["Setup", 49_700, "eur"],
    ]);
    const once = checkoutParams({ ...request, monthly: null });
    expect(once.mode).toBe("payment");
    expect(once.payment_intent_data).toEqual({ metadata: { order_id: "ref_1" } });
  });

  test("taxes included, billing address and VAT number collected, invoices for one-time payments, the price story on the first line", () => {
    for (const params of [checkoutParams(request), checkoutParams({ ...request, monthly: null })]) {
      expect(params.line_items!.every((item) => item.price_data!.tax_behavior === "inclusive")).toBe(true);
      expect(params.billing_address_collection).toBe("required");
      expect(params.tax_id_collection).toEqual({ enabled: true });
      expect(params.line_items![0]!.price_data!.product_data!.description).toBe(request.summary);
      expect(params.line_items!.slice(1).every((item) => !item.price_data!.product_data!.description)).toBe(true);
    }
    const once = checkoutParams({ ...request, monthly: null });
    expect(once.invoice_creation).toEqual({ enabled: true, invoice_data: { metadata: { order_id: "ref_1" } } });
    expect(once.customer_creation).toBe("always");
    expect(checkoutParams(request).invoice_creation).toBeUndefined();
  });

  test("session states", () => {
    expect(sessionState({ status: "complete", payment_status: "paid" })).toBe("paid");
    expect(sessionState({ status: "complete", payment_status: "no_payment_required" })).toBe("paid");
    expect(sessionState({ status: "complete", payment_status: "unpaid" })).toBe("processing");
    expect(sessionState({ status: "open", payment_status: "unpaid" })).toBe("open");
    expect(sessionState({ status: "expired", payment_status: "unpaid" })).toBe("expired");
  });
});

describe("docs/operating.md tells the operator which webhook events to enable", () => {
  test("every event the site handles is listed", async () => {
    const { readFileSync } = await import("node:fs");
    const { STRIPE_WEBHOOK_EVENTS } = await import("./stripe-events.ts");
    const operating = readFileSync(new URL("../../docs/operating.md", import.meta.url), "utf8");
    for (const event of STRIPE_WEBHOOK_EVENTS) expect(operating).toContain(`\`${event}\``);
  });
});
