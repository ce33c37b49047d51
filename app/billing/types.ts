import type { WebhookEventSpec } from "../automation/types.ts";
import type { BillingState, Order } from "../orders/types.ts";
import type { StoredEmailKind } from "../mail/email-kinds.ts";
import type { ClosedBy, MoneyEvent } from "../delivery/work-state.ts";

/** One provider event, stored by its id so a replay is recognised and ignored. */
export interface PaymentEventRow {
  id: string;
  type: string;
  orderId: string | null;
  receivedAt: string;
}

/** What handling one event changes, applied with the event's record in one transaction. */
export interface PaymentEventChange {
  orderId: string;
  billing?: { state: BillingState | null; periodEnd: string | null };
  /** Outbox kinds to enqueue (unique per order, so a second enqueue of a kind is a no-op). */
  emails: StoredEmailKind[];
  /** Webhooks out besides the one a billing state implies (a renewal, a refund): unique per event key. */
  webhooks?: WebhookEventSpec[];
  /** A renewal opened the work's next billing period (delivery/work.server.ts `renewWork` decided it). */
  openPeriod?: { from: string; to: string };
  /** Money closed the work (a full refund, a cancellation now, a subscription ended): delivery/work.server.ts `moneyMove` decided it. */
  closeWork?: { why: ClosedBy; event: MoneyEvent };
}

export interface BillingRefs {
  customerRef: string | null;
  subscriptionRef: string | null;
  state: BillingState | null;
  periodEnd: string | null;
}

/** After the first payment: provider events, and the subscription state they move. */
export interface BillingStore {
  /** Links the paid order to the provider's customer/subscription; sets the first billing state once. */
  setBillingRefs(orderId: string, refs: BillingRefs): Promise<void>;
  /** The order of a subscription, else the latest paid order of a customer. */
  findByBillingRef(ref: { subscriptionRef?: string | null; customerRef?: string | null }): Promise<Order | undefined>;
  /** Paid subscription orders of an email address (case-insensitive), newest first. */
  findSubscriptionsByEmail(email: string): Promise<Order[]>;
  hasPaymentEvent(id: string): Promise<boolean>;
  /**
   * Records a provider event once (by id) and, only when this call recorded it, applies its change
   * (billing state, emails) in the same transaction. Returns true when recorded now.
   */
  recordPaymentEvent(
    event: { id: string; type: string; orderId: string | null },
    change?: PaymentEventChange,
  ): Promise<boolean>;
  listPaymentEvents(orderId: string): Promise<PaymentEventRow[]>;
  /**
   * Sandbox subscriptions (the built-in checkout) still billing whose period ended at `now` or
   * before, oldest first: the sandbox's renewals (`renewSandboxSubscriptions`).
   */
  listSandboxPeriodsEnded(now: string, limit: number): Promise<Order[]>;
}
