import {
  WebhookPayloadStyleError,
  WebhookSignatureError,
  type HandledPaymentEvent,
  type PaymentEvent,
  type PaymentProvider,
  type SubscriptionStatus,
} from "../payments/provider.ts";
import { logger } from "../lib/logger.server.ts";
import { BILLING_EMAIL as EMAIL, type StoredEmailKind } from "../mail/email-kinds.ts";
import { WEBHOOK_EVENTS } from "../automation/events.ts";
import { fulfil } from "../orders/fulfil.server.ts";
import type { BillingState, Order, OrderStore } from "../orders/types.ts";
import type { OutboxStore } from "../mail/types.ts";
import type { BackOfficeStore } from "../admin/types.ts";
import type { BillingStore, PaymentEventChange } from "./types.ts";
import type { KyselyWebhookInbox } from "./webhook-inbox.server.ts";
import type { DeliveryStore } from "../delivery/types.ts";
import { moneyMove, renewWork } from "../delivery/work.server.ts";

export interface PaymentEventDeps {
  repo: OrderStore &
    BillingStore &
    OutboxStore &
    Pick<BackOfficeStore, "addOrderEvent"> &
    Pick<DeliveryStore, "orderWork">;
  provider: PaymentProvider;
  /** The stored events (the queue behind the webhook) and the refunds per charge. */
  inbox: KyselyWebhookInbox;
  onEnqueued?: () => void;
  /** A verified event was stored for handling: the webhook worker should look now. */
  onQueued?: () => void;
}

export interface WebhookAnswer {
  status: number;
  body: string;
}

/** An event we cannot act on (nothing to retry): stored as unhandled, logged as an error, the owner told. */
export class UnhandledEventError extends Error {
  override name = "UnhandledEventError";
  readonly orderId: string | null;
  constructor(message: string, orderId: string | null) {
    super(message);
    this.orderId = orderId;
  }
}

/**
 * A webhook delivery: the provider checks the signature and reads the event, the event is stored,
 * and the answer goes back at once (2xx); the webhook worker handles it from the queue with
 * retries. An event of a handled type that we cannot read is never acknowledged: it is stored as
 * unhandled, logged as an error, the owner is told, and the answer is 500 so Stripe keeps retrying.
 */
export async function receivePaymentWebhook(
  raw: string,
  signature: string | null,
  deps: PaymentEventDeps,
): Promise<WebhookAnswer> {
  let event: PaymentEvent | null;
  try {
    event = deps.provider.verifyWebhook(raw, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { status: 400, body: "Invalid signature" };
    if (error instanceof WebhookPayloadStyleError) {
      logger().error(
        { reason: error.message },
        "payment webhook: this event destination sends thin payloads; the site reads snapshot payloads only",
      );
      return { status: 400, body: `Unsupported payload: ${error.message}` };
    }
    return { status: 400, body: "Invalid event" };
  }
  if (!event) return { status: 404, body: "Not found" };
  if (event.kind === "ignored") return { status: 200, body: "Ignored" };
  try {
    if (event.kind === "unreadable") {
      const order = await findOrder(deps.repo, { orderId: event.reference, customerRef: event.customerRef });
      await recordUnhandled(deps, {
        id: event.id,
        kind: event.type,
        detail: `${event.reason} (API version ${event.apiVersion ?? "unknown"})`,
        orderId: order?.id ?? null,
        event,
      });
      return { status: 500, body: "Event not understood: stored as unhandled" };
    }
    const stored = await deps.inbox.enqueue(event);
    deps.onQueued?.();
    return { status: 200, body: stored };
  } catch (error) {
    logger().error({ event: event.id, err: error }, "payment event could not be stored, the provider will retry");
    return { status: 503, body: "Temporarily unavailable" };
  }
}

/** Stores an event as unhandled, logs an error, and (once) tells the owner through the outbox when the order is known. */
export async function recordUnhandled(
  deps: PaymentEventDeps,
  entry: { id: string; kind: string; detail: string; orderId: string | null; event?: unknown },
): Promise<void> {
  logger().error(
    { event: entry.id, kind: entry.kind, order: entry.orderId, reason: entry.detail },
    "payment event NOT handled: stored as unhandled, the owner is told",
  );
  const first = await deps.inbox.markUnhandled(entry);
  if (first && entry.orderId) {
    await deps.repo.enqueueEmail(entry.orderId, EMAIL.ownerUnhandled(entry.id));
    deps.onEnqueued?.();
  }
}

/**
 * Handles one verified event at most once. Events only name things: the state they imply is read
 * from the provider now (the subscription's current status), so a late or replayed event can never
 * move an order backwards, and the emails it causes are unique outbox kinds. Throws
 * UnhandledEventError when the event cannot be acted on, anything else when a retry may help.
 */
export async function handlePaymentEvent(
  event: HandledPaymentEvent,
  deps: PaymentEventDeps,
): Promise<{ outcome: string; orderId: string | null }> {
  const { repo, provider, inbox } = deps;
  if (await repo.hasPaymentEvent(event.id)) return { outcome: "duplicate", orderId: null };
  const record = recorder(event, deps);
  const done = (outcome: string, order: Order | undefined) => ({ outcome, orderId: order?.id ?? null });

  switch (event.kind) {
    case "checkout.completed":
    case "checkout.async_succeeded":
    case "checkout.async_failed":
    case "checkout.expired": {
      // The event is signed: its reference may attach a session we never stored (crash).
      const result = await fulfil(event.sessionId, {
        repo,
        provider,
        onEnqueued: deps.onEnqueued,
        orderId: event.reference ?? undefined,
      });
      if (event.kind === "checkout.async_failed" && result.order && result.status !== "paid") {
        await repo.markFailed(result.order.id, "async payment failed");
      }
      await record(result.order);
      return done(result.status, result.order);
    }
    case "invoice.paid":
    case "invoice.payment_failed":
    case "subscription.updated":
    case "subscription.deleted": {
      if (!event.subscriptionRef) {
        // A one-time payment's invoice (invoice_creation): nothing to change, the checkout event did it.
        const order = await findOrder(repo, { orderId: event.reference, customerRef: event.customerRef });
        await record(order);
        return done("one-time invoice", order);
      }
      const subscription = await provider.getSubscription(event.subscriptionRef);
      const order = await findOrder(repo, {
        orderId: event.reference ?? subscription?.reference ?? null,
        subscriptionRef: event.subscriptionRef,
        customerRef: event.customerRef ?? subscription?.customerRef ?? null,
      });
      if (!subscription)
        throw new UnhandledEventError(
          `the provider does not know subscription ${event.subscriptionRef}`,
          order?.id ?? null,
        );
      if (!order) {
        const reference = event.reference ?? subscription.reference;
        // Our subscriptions carry the order id: one that names an order we do not have is ours and lost.
        if (reference)
          throw new UnhandledEventError(
            `subscription ${subscription.id} names order ${reference}, which is not stored`,
            null,
          );
        logger().warn(
          { event: event.id, subscription: subscription.id },
          "payment event about a subscription this site did not create: recorded, nothing changed",
        );
        await record(undefined);
        return done("not ours", undefined);
      }
      if (!order.subscriptionRef || !order.customerRef) {
        await repo.setBillingRefs(order.id, {
          customerRef: subscription.customerRef,
          subscriptionRef: subscription.id,
          state: null,
          periodEnd: null,
        });
      }
      const state = await applySubscription(event, subscription, order, deps, record, "stripe");
      return done(subscription.status === "paused" ? "paused" : state, order);
    }
    case "charge.refunded": {
      const order = await findOrder(repo, { customerRef: event.customerRef });
      if (!order) {
        await record(undefined);
        return done("no order", undefined);
      }
      const known = await inbox.recordRefund({
        chargeId: event.chargeId,
        orderId: order.id,
        amount: event.amount,
        amountRefunded: event.amountRefunded,
        currency: event.currency,
      });
      // The back office recorded this very refund when the owner made it: nothing new to tell the owner.
      const ownerKnows = known === event.amountRefunded;
      // The money event through the work's state machine: a charge refunded in full ends the work
      // (its closure is written with this event's record), a part of it leaves the work going.
      const move = await moneyMove(order, event.fullyRefunded ? "refundFull" : "refundPartial", "stripe", repo);
      if (!move.ok)
        throw new UnhandledEventError(`the work's state machine refused the refund: ${move.reason}`, order.id);
      // Refunds are per charge: refunding one month of a subscription leaves the subscription's
      // state to the subscription; a one-time order is refunded when its payment is.
      const state = order.monthly ? order.billingState : event.fullyRefunded ? "refunded" : order.billingState;
      await record(order, {
        ...(state !== order.billingState ? { billing: { state, periodEnd: null } } : {}),
        emails: ownerKnows ? [] : [EMAIL.ownerRefund(event.chargeId, event.amountRefunded)],
        // The same event key as the back office's refund of this charge (app/admin/money-store.server.ts): sent once.
        webhooks: [
          WEBHOOK_EVENTS.orderRefunded({
            chargeId: event.chargeId,
            amount: event.amount,
            amountRefunded: event.amountRefunded,
            currency: event.currency,
          }),
        ],
        ...(move.close ? { closeWork: move.close } : {}),
      });
      return done(order.monthly ? "charge refunded" : (state ?? "partially refunded"), order);
    }
    case "dispute.created":
    case "dispute.closed": {
      const charge = await provider.getCharge(event.chargeId);
      const order = await findOrder(repo, { customerRef: charge?.customerRef ?? null });
      if (!order) {
        await record(undefined);
        return done("no order", undefined);
      }
      if (event.kind === "dispute.created") {
        await record(order, {
          billing: { state: "disputed", periodEnd: null },
          emails: [EMAIL.ownerDispute(event.disputeId, event.amount)],
        });
        return done("disputed", order);
      }
      // Closed: won (or an inquiry closed) returns to the state the money says; lost stays disputed.
      const won = event.status === "won" || event.status === "warning_closed";
      if (!won || order.billingState !== "disputed") {
        await record(order, { emails: [EMAIL.ownerDisputeClosed(event.disputeId, event.status)] });
        return done(order.billingState ?? "paid", order);
      }
      const restored = await stateWithoutDispute(order, deps, Boolean(charge?.refunded));
      await record(order, {
        billing: { state: restored, periodEnd: null },
        emails: [EMAIL.ownerDisputeClosed(event.disputeId, event.status)],
      });
      return done(restored ?? "paid", order);
    }
  }
}

/** Records `event` once with what it changes for its order (one transaction), and wakes the outbox when it queued something. */
function recorder(event: HandledPaymentEvent, deps: PaymentEventDeps): RecordChange {
  return async (order, change) => {
    const recorded = await deps.repo.recordPaymentEvent(
      { id: event.id, type: event.kind, orderId: order?.id ?? null },
      order && change ? { orderId: order.id, ...change } : undefined,
    );
    if (recorded && (change?.emails.length || change?.webhooks?.length || change?.billing)) deps.onEnqueued?.();
    return recorded;
  };
}

/**
 * The sandbox bills month by month as Stripe does, without webhooks: a sandbox subscription whose
 * period has ended is renewed for the next month (the same day next month), or, set to end at its
 * period's end, ends. Each goes through the same path as Stripe's `invoice.paid` and
 * `customer.subscription.deleted` (`applySubscription`: emails, webhooks, the work's next month
 * through the state machine), under an event id per order and period, so two instances, or a pass
 * repeated, record it once. Returns how many it handled.
 */
export async function renewSandboxSubscriptions(deps: PaymentEventDeps, now = new Date(), limit = 20): Promise<number> {
  if (deps.provider.name !== "sandbox") return 0;
  const due = await deps.repo.listSandboxPeriodsEnded(now.toISOString(), limit);
  let handled = 0;
  for (const order of due) {
    if (!order.periodEnd || !order.subscriptionRef) continue;
    const ending = order.billingState === "cancelling";
    const periodEnd = ending ? order.periodEnd : nextBillingDate(order.periodEnd);
    const base = { subscriptionRef: order.subscriptionRef, customerRef: order.customerRef, reference: order.id };
    const event: SubscriptionEvent = ending
      ? { id: `sbx_evt_ended_${order.id}`, kind: "subscription.deleted", ...base }
      : {
          id: `sbx_evt_renewal_${order.id}_${periodEnd}`,
          kind: "invoice.paid",
          invoiceId: `sbx_in_${order.id}_${periodEnd.slice(0, 10).replace(/-/g, "")}`,
          renewal: true,
          ...base,
        };
    const subscription: SubscriptionStatus = {
      id: order.subscriptionRef,
      reference: order.id,
      customerRef: order.customerRef,
      status: ending ? "cancelled" : "active",
      providerStatus: ending ? "canceled" : "active",
      cancelAtPeriodEnd: false,
      periodEnd,
    };
    await applySubscription(event, subscription, order, deps, recorder(event, deps), "worker");
    handled++;
  }
  return handled;
}

/** The next billing date after `periodEnd`: the same day next month, or that month's last day when it is shorter (as Stripe bills). */
export function nextBillingDate(periodEnd: string): string {
  const end = new Date(periodEnd);
  const next = new Date(end);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(end.getUTCDate(), lastDay));
  return next.toISOString();
}

/** A subscription event as the billing room handles it, whoever reports it: Stripe's events, the sandbox's renewals. */
export type SubscriptionEvent = Extract<
  HandledPaymentEvent,
  { kind: "invoice.paid" | "invoice.payment_failed" | "subscription.updated" | "subscription.deleted" }
>;
type RecordChange = (order: Order | undefined, change?: Omit<PaymentEventChange, "orderId">) => Promise<boolean>;

/**
 * What a subscription's current truth (`subscription`, read from the provider) changes for its
 * order: the billing state and period end, the emails and webhooks, and the work's next month when
 * the period moved on (a renewal, through the state machine: `renewWork`), recorded with the event
 * in one transaction. The one path of Stripe's events and the sandbox's renewals.
 */
async function applySubscription(
  event: SubscriptionEvent,
  subscription: SubscriptionStatus,
  order: Order,
  deps: PaymentEventDeps,
  record: RecordChange,
  actor: "stripe" | "worker",
): Promise<BillingState> {
  const emails: StoredEmailKind[] = [];
  if (event.kind === "invoice.payment_failed" && subscription.status === "past_due")
    emails.push(EMAIL.paymentFailed(event.invoiceId));
  if (event.kind === "invoice.paid" && event.renewal) emails.push(EMAIL.renewal(event.invoiceId));
  // A change already recorded (the owner cancelled from the back office, app/admin/money.server.ts)
  // is not news to the owner; the customer's email is the same outbox kind either way (once).
  const ownerKnows = subscriptionState(subscription) === order.billingState;
  if (subscription.status === "cancelled")
    emails.push(EMAIL.subscriptionEnded, ...(ownerKnows ? [] : [EMAIL.ownerCancellation]));
  else if (subscription.cancelAtPeriodEnd && !ownerKnows) emails.push(EMAIL.ownerCancellation);
  if (subscription.status === "paused" && order.subscriptionStatus !== "paused")
    emails.push(EMAIL.ownerPaused(event.id));
  emails.push(...cancellationConfirmation(subscription));
  const state = mergeBillingState(order.billingState, subscriptionState(subscription));
  const webhooks =
    event.kind === "invoice.paid" && event.renewal
      ? [WEBHOOK_EVENTS.subscriptionRenewed(event.invoiceId, subscription.periodEnd)]
      : [];
  // The next billing period, whichever event reports it first (the invoice paid, the subscription
  // updated): the work's next month opens, through the state machine (closed work stays closed).
  const openPeriod =
    subscription.status === "cancelled" ? null : await renewWork(order, subscription.periodEnd, actor, deps.repo);
  // The subscription ended (cancelled now, or its last period over) or was set to end: the money
  // event through the work's state machine, which closes the work for the first only.
  const money =
    subscription.status === "cancelled"
      ? ("cancelNow" as const)
      : subscription.cancelAtPeriodEnd && order.billingState !== "cancelling"
        ? ("cancelAtPeriodEnd" as const)
        : null;
  const move = money ? await moneyMove(order, money, actor, deps.repo) : null;
  if (move && !move.ok)
    throw new UnhandledEventError(`the work's state machine refused the cancellation: ${move.reason}`, order.id);
  await deps.inbox.setSubscriptionStatus(order.id, subscription.providerStatus);
  await record(order, {
    billing: { state, periodEnd: subscription.periodEnd },
    emails,
    webhooks,
    ...(openPeriod ? { openPeriod } : {}),
    ...(move?.ok && move.close ? { closeWork: move.close } : {}),
  });
  return state;
}

/** What an order's state is once a dispute is won: the subscription's, or the one-time payment's. */
async function stateWithoutDispute(
  order: Order,
  deps: PaymentEventDeps,
  chargeRefunded: boolean,
): Promise<BillingState | null> {
  if (order.subscriptionRef) {
    const subscription = await deps.provider.getSubscription(order.subscriptionRef);
    if (subscription) return subscriptionState(subscription);
  }
  return chargeRefunded ? "refunded" : null;
}

async function findOrder(
  repo: Pick<OrderStore, "findById"> & Pick<BillingStore, "findByBillingRef">,
  ref: { orderId?: string | null; subscriptionRef?: string | null; customerRef?: string | null },
) {
  if (ref.orderId) {
    const order = await repo.findById(ref.orderId);
    if (order) return order;
  }
  return repo.findByBillingRef({ subscriptionRef: ref.subscriptionRef ?? null, customerRef: ref.customerRef ?? null });
}

/**
 * Code de la consommation L215-1-1: a cancellation is confirmed to the customer on a durable medium
 * with the day the contract ends and what it means. A subscription set to end at its period's end
 * (Stripe's `cancel_at_period_end`, the sandbox portal) gets that email once per end date, so a
 * replayed or later `customer.subscription.updated` sends nothing twice. One that already ended
 * gets the "has ended" email instead.
 */
export function cancellationConfirmation(
  subscription: Pick<SubscriptionStatus, "status" | "cancelAtPeriodEnd" | "periodEnd">,
): StoredEmailKind[] {
  return subscription.status !== "cancelled" && subscription.cancelAtPeriodEnd && subscription.periodEnd
    ? [EMAIL.cancellationConfirmed(subscription.periodEnd)]
    : [];
}

export function subscriptionState(subscription: SubscriptionStatus): BillingState {
  if (subscription.status === "cancelled") return "cancelled";
  if (subscription.status === "past_due") return "past_due";
  return subscription.cancelAtPeriodEnd ? "cancelling" : "active";
}

/**
 * An open dispute outranks whatever the subscription says afterwards (until it is closed). A refund
 * does not: only subscription orders get subscription events, and a refunded month of a
 * subscription leaves its state to the subscription (an order stored "refunded" that way by an
 * older version heals at its next subscription event).
 */
export function mergeBillingState(current: BillingState | null, next: BillingState): BillingState {
  if (current === "disputed") return current;
  return next;
}
