import type { BillingState, Order } from "./types.ts";

/** What the owner sees of an order's billing: its state, or "paused" while Stripe has paused the subscription. */
export type BillingLabel = BillingState | "paused";

/**
 * The state to show. A paused subscription (Stripe: no invoices until resumed) is stored as its
 * billing state plus the provider's status; shown as paused unless money was taken back or it ended.
 */
export function billingLabel(order: Pick<Order, "billingState" | "subscriptionStatus">): BillingLabel | null {
  if (order.subscriptionStatus === "paused" && (order.billingState === "active" || order.billingState === "past_due" || order.billingState === "cancelling")) return "paused";
  return order.billingState;
}
