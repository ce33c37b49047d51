import type { FakeInvoice, FakeSubscription } from "./fake-stripe.ts";

/**
 * Objects as an endpoint on an API version before 2025-03-31 ("basil") receives them. The SDK's
 * types no longer know these fields, so these two shapes are the only hand-written ones:
 * - invoices name their subscription at the top level (`subscription`, `subscription_details`) and
 *   carry `charge` / `payment_intent`; there is no `parent`
 *   (https://docs.stripe.com/changelog/basil/2025-03-31/adds-new-parent-field-to-invoicing-objects,
 *   https://docs.stripe.com/changelog/basil/2025-03-31/add-support-for-multiple-partial-payments-on-invoices);
 * - subscriptions carry `current_period_start` / `current_period_end` at the top level, not per item
 *   (https://docs.stripe.com/changelog/basil/2025-03-31/deprecate-subscription-current-period-start-and-end).
 */
export const LEGACY_VERSION = "2024-06-20";

export type LegacyInvoice = Omit<FakeInvoice, "parent" | "charge"> & {
  subscription: string | null;
  subscription_details: { metadata: Record<string, string> | null } | null;
  charge: string | null;
  payment_intent: string | null;
};

export type LegacySubscription = Omit<FakeSubscription, "items" | "amount" | "currency"> & {
  current_period_start: number;
  current_period_end: number;
  items: {
    object: "list";
    data: Array<{ id: string; object: "subscription_item"; quantity?: number }>;
    has_more: false;
    url: string;
  };
};

export function legacyInvoice(invoice: FakeInvoice): LegacyInvoice {
  const { parent, charge, ...rest } = invoice;
  const details = parent?.subscription_details ?? null;
  return {
    ...rest,
    subscription:
      typeof details?.subscription === "string" ? details.subscription : (details?.subscription?.id ?? null),
    subscription_details: details ? { metadata: details.metadata } : null,
    charge,
    payment_intent: null,
  };
}

export function legacySubscription(subscription: Omit<FakeSubscription, "amount" | "currency">): LegacySubscription {
  const first = subscription.items.data[0];
  return {
    ...subscription,
    current_period_start: first?.current_period_start ?? subscription.created,
    current_period_end: first?.current_period_end ?? subscription.created,
    items: {
      ...subscription.items,
      data: subscription.items.data.map(({ id, object, quantity }) => ({ id, object, quantity })),
    },
  };
}
