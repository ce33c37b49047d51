import { orderTerms } from "../content/offers.ts";
import { firstMonthlyCharge, priceLine } from "../content/price-story.ts";
import type { CheckoutRequest } from "../payments/provider.ts";
import { translator } from "../i18n/translator.server.ts";
import type { Order } from "./types.ts";

/** Thirty days per month of the offer's delay before the first monthly charge. */
const DAYS_PER_MONTH = 30;

/**
 * The payment request of a stored order: a pure function of what the order stored, never of the
 * clock. The idempotency key is the order id, and Stripe refuses a key reused with different
 * parameters (https://docs.stripe.com/api/idempotent_requests), so a retry after midnight (the
 * reconciler, a double submit) must send exactly the first request: the price story is dated
 * from the order's creation. Amounts come from the order (recorded once, when it was placed); the
 * catalogue only says when the monthly part starts and names the products.
 */
export function checkoutRequest(order: Order, urls: { success: string; cancel: string }): CheckoutRequest {
  const price = orderTerms(order).price;
  const name = translator(order.lang, "offers")(`${order.offer}.name`);
  const trialDays = order.monthly ? DAYS_PER_MONTH * (price.monthlyStartsAfterMonths ?? 0) : 0;
  const monthlyToday = order.monthly && trialDays === 0 ? order.monthly : 0;
  const oneTimeAmount = order.amountDueNow - monthlyToday;
  const oneTimeName = order.monthly ? translator(order.lang)("checkout.setupFee", { name }) : name;
  return {
    reference: order.id,
    locale: order.lang,
    customerEmail: order.customer.email,
    customerName: `${order.customer.firstName} ${order.customer.lastName}`.trim(),
    // Every checkout asks the billing address (the invoice's); the order form no longer does.
    billingAddress: "required",
    currency: order.currency,
    oneTime: oneTimeAmount > 0 || !order.monthly ? { name: oneTimeName, amount: oneTimeAmount } : null,
    monthly: order.monthly ? { name, amount: order.monthly, trialDays } : null,
    metadata: { order_id: order.id, offer: order.offer, lang: order.lang },
    // The same price story as the offer page, form, thank-you page and emails, dated from the order.
    summary: priceLine(
      translator(order.lang, "common"),
      price,
      order.lang,
      firstMonthlyCharge(price, new Date(order.createdAt)),
    ).text,
    successUrl: urls.success,
    cancelUrl: urls.cancel,
  };
}
