/**
 * What the owner sees of an order's billing: its state, or "paused" while Stripe has paused the
 * subscription. Here in lib (structural types, no room imported) so the back office, the CSV export
 * (ops) and `npm run orders` share one rule.
 */
type BillingState = "active" | "past_due" | "cancelling" | "cancelled" | "refunded" | "disputed";
export type BillingLabel = BillingState | "paused";

/**
 * The state to show. A paused subscription (Stripe: no invoices until resumed) is stored as its
 * billing state plus the provider's status; shown as paused unless money was taken back or it ended.
 */
export function billingLabel(order: {
  billingState: BillingState | null;
  subscriptionStatus: string | null;
}): BillingLabel | null {
  if (
    order.subscriptionStatus === "paused" &&
    (order.billingState === "active" || order.billingState === "past_due" || order.billingState === "cancelling")
  )
    return "paused";
  return order.billingState;
}
