import { orderTerms } from "../content/offers.ts";
import { firstMonthlyCharge } from "../content/price-story.ts";
import { logger } from "../lib/logger.server.ts";
import type { BillingDetails, PaymentProvider, SessionStatus } from "../payments/provider.ts";
import { CHECKOUT_FIELDS } from "../content/offers.ts";
import { orderFieldSpec } from "../content/order-fields.ts";
import type { OrderForm } from "./order-schema.ts";
import { CONFIRMATION_EMAIL, OWNER_PAID_EMAIL } from "../mail/email-kinds.ts";
import type { Order, OrderStore } from "./types.ts";
import type { BillingRefsUpdate } from "./billing-columns.server.ts";

/**
 * What fulfilment reads and writes: the order store, whose writes each commit as one transaction
 * (the checkout with its timeline event; paid with its emails and billing references).
 */
export type FulfilStores = OrderStore;

export { CONFIRMATION_EMAIL };

/**
 * `limited`: the caller's provider look-ups are over their rate limit (nothing was asked).
 * `mismatch`: the provider reports another amount or currency than the stored order (not paid).
 */
export type FulfilStatus = "paid" | "open" | "processing" | "expired" | "failed" | "unknown" | "limited" | "mismatch";
export interface FulfilResult {
  status: FulfilStatus;
  order?: Order;
  /** True only for the one call that marked the order paid. */
  newlyPaid: boolean;
}

export interface FulfilOptions {
  /**
   * Our order id as a verified webhook event names it: lets a session we never stored (a crash
   * between its creation and saving it) find its order. Never taken from a visitor's URL.
   */
  orderId?: string;
  /** Asked before the provider is called (a per-IP limit); false answers `limited`. */
  allowLookup?: () => Promise<boolean> | boolean;
}

export interface FulfilDeps extends FulfilOptions {
  repo: FulfilStores;
  provider: PaymentProvider;
  /** Called after an email was enqueued (wakes the outbox worker). */
  onEnqueued?: () => void;
}

/**
 * The one fulfilment step, shared by the thank-you page and the Stripe webhook. It looks the
 * session up in our own database first (the provider is only asked about sessions we created, so
 * random session ids cost no API call), then asks the provider for the session's current state (so
 * replayed or out-of-order events cannot move an order backwards), checks the amount and currency
 * against the stored order, marks the order paid at most once and enqueues its confirmation email
 * at most once (outbox row unique per order and kind), all in one transaction: a failure between
 * the steps leaves nothing half-made to repair. Safe to call any number of times, concurrently or
 * after a crash. Throws ProviderError when the provider cannot be
 * reached.
 */
export async function fulfil(sessionId: string, deps: FulfilDeps): Promise<FulfilResult> {
  const { repo, provider } = deps;
  let order = await repo.findBySessionId(sessionId);
  if (order?.state === "paid") return { status: "paid", order, newlyPaid: false };
  if (!order && deps.orderId) {
    const byReference = await repo.findById(deps.orderId);
    if (byReference && !byReference.sessionId) order = byReference;
  }
  if (!order) return { status: "unknown", newlyPaid: false };
  if (deps.allowLookup && !(await deps.allowLookup())) return { status: "limited", order, newlyPaid: false };

  const session = await provider.getSession(sessionId);
  if (!session) return { status: "unknown", order, newlyPaid: false };
  if (!order.sessionId) {
    // A session we never stored (crash between creation and saving it), named by a signed event.
    if (session.reference !== order.id) return { status: "unknown", newlyPaid: false };
    await repo.setCheckout(order.id, session.id, "");
    order = (await repo.findById(order.id))!;
  }
  if (order.sessionId !== sessionId) return { status: "unknown", newlyPaid: false };

  switch (session.state) {
    case "paid": {
      if (!amountMatches(order, session)) {
        logger().error(
          {
            orderId: order.id,
            expected: { amount: order.amountDueNow, currency: order.currency },
            provider: { amount: session.amountTotal, currency: session.currency },
          },
          "payment amount or currency differs from the order: not marked paid",
        );
        return { status: "mismatch", order, newlyPaid: false };
      }
      // One transaction: paid, the customer's confirmation, the owner's notice (every paid order,
      // exactly once: outbox unique per order and kind) and the provider's references, or none of them.
      const newlyPaid = await repo.markPaid(order.id, CONFIRMATION_EMAIL, {
        billing: billingAnswers(session.billing),
        tax: session.amountTax,
        alsoEmails: [OWNER_PAID_EMAIL],
        billingRefs: (paid) => billingRefs(paid, session),
      });
      if (newlyPaid) deps.onEnqueued?.();
      return { status: "paid", order: await repo.findById(order.id), newlyPaid };
    }
    case "expired":
      await repo.markExpired(order.id);
      return { status: "expired", order: await repo.findById(order.id), newlyPaid: false };
    default:
      // A failed async payment leaves the session "complete" but unpaid; the webhook marks it failed.
      return { status: order.state === "failed" ? "failed" : session.state, order, newlyPaid: false };
  }
}

/**
 * The billing address a checkout collected (Stripe's customer_details.address) as the order's
 * answers where the order form used to ask it: street lines, postal code, city (with a region
 * when the country has one), the ISO country code; each cut to the field registry's length.
 */
export function billingAnswers(billing: BillingDetails | null | undefined): Partial<OrderForm> {
  const address = billing?.address;
  if (!address) return {};
  const values = {
    address: [address.line1, address.line2].filter(Boolean).join(", "),
    postalCode: address.postal_code ?? "",
    city: [address.city, address.state].filter(Boolean).join(", "),
    country: address.country ?? "",
  };
  const answers: Partial<OrderForm> = {};
  for (const name of CHECKOUT_FIELDS) answers[name] = values[name].slice(0, orderFieldSpec(name).max);
  return answers;
}

/** A paid order remembers the provider's customer and subscription: later events name only those. */
function billingRefs(order: Order, session: SessionStatus): BillingRefsUpdate | null {
  if (order.customerRef && (order.subscriptionRef || !order.monthly)) return null;
  const firstCharge = order.monthly
    ? firstMonthlyCharge(orderTerms(order).price, new Date(order.paidAt ?? Date.now()))
    : null;
  return {
    customerRef: session.customerRef ?? null,
    subscriptionRef: session.subscriptionRef ?? null,
    state: order.monthly ? "active" : null,
    periodEnd: firstCharge?.toISOString() ?? null,
  };
}

/** Defence in depth: what the provider charges today is what we stored (amount and currency). */
export function amountMatches(order: Order, session: SessionStatus): boolean {
  return session.amountTotal === order.amountDueNow && session.currency.toLowerCase() === order.currency.toLowerCase();
}
