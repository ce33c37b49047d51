import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { BillingState } from "./types.ts";

/**
 * The billing columns of an order (provider references, subscription state, period end), written
 * here only. Billing (payment events, the subscription page) and the back office's money actions
 * decide *what* changed; the orders room owns the table, so how a change lands — a dispute that
 * outranks the owner's action, a reference never overwritten — is one place, not three. Each takes
 * the database or the caller's transaction, so the change commits with the event that caused it.
 */
const now = () => new Date().toISOString();

export interface BillingRefsUpdate {
  customerRef: string | null;
  subscriptionRef: string | null;
  state: BillingState | null;
  periodEnd: string | null;
}

/** After checkout: the provider's references. An event handled before the visitor came back may have set the state already: keep it. */
export async function setBillingRefs(db: Kysely<Database>, orderId: string, refs: BillingRefsUpdate): Promise<void> {
  await db
    .updateTable("orders")
    .set((eb) => ({
      customer_ref: eb.fn.coalesce("customer_ref", eb.val(refs.customerRef)),
      subscription_ref: eb.fn.coalesce("subscription_ref", eb.val(refs.subscriptionRef)),
      period_end: eb
        .case()
        .when("billing_state", "is", null)
        .then(eb.val(refs.periodEnd))
        .else(eb.ref("period_end"))
        .end(),
      billing_state: eb.fn.coalesce("billing_state", eb.val(refs.state)),
      updated_at: now(),
    }))
    .where("id", "=", orderId)
    .execute();
}

export interface BillingStateUpdate {
  state: BillingState | null;
  periodEnd: string | null;
  /** The provider's own subscription status, when the change read it. */
  providerStatus?: string | null;
  /**
   * The owner's action (a refund, a cancellation) leaves an open dispute as it is, as
   * mergeBillingState says for events; a provider's event states the truth and replaces it.
   */
  disputeWins?: boolean;
}

/** A new billing state (and period end, kept when unknown). */
export async function applyBillingState(
  db: Kysely<Database>,
  orderId: string,
  change: BillingStateUpdate,
): Promise<void> {
  await db
    .updateTable("orders")
    .set((eb) => ({
      billing_state: change.disputeWins
        ? eb
            .case()
            .when("billing_state", "=", "disputed")
            .then(eb.ref("billing_state"))
            .else(eb.val(change.state))
            .end()
        : eb.val(change.state),
      period_end: eb.fn.coalesce(eb.val(change.periodEnd), eb.ref("period_end")),
      ...(change.providerStatus ? { subscription_status: change.providerStatus } : {}),
      updated_at: now(),
    }))
    .where("id", "=", orderId)
    .execute();
}

/** The provider's subscription status as last read. */
export async function setSubscriptionStatus(db: Kysely<Database>, orderId: string, status: string): Promise<void> {
  await db.updateTable("orders").set({ subscription_status: status }).where("id", "=", orderId).execute();
}
