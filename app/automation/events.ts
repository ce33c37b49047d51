import type { WebhookEventSpec } from "./types.ts";

/**
 * The events each room records, with the key that makes each one "once": the rooms that emit
 * (orders, billing, quotes, the back office's money actions) build them here, so two paths to the
 * same change (the webhook and the back office refunding the same charge) name the same event.
 */
export const WEBHOOK_EVENTS = {
  orderPaid: (orderId: string): WebhookEventSpec => ({ type: "order.paid", key: `order.paid:${orderId}` }),
  /** A refund of one charge, by the charge's refunded total (a second partial refund is a new event). */
  orderRefunded: (charge: {
    chargeId: string;
    amount: number;
    amountRefunded: number;
    currency: string;
  }): WebhookEventSpec => ({
    type: "order.refunded",
    key: `order.refunded:${charge.chargeId}:${charge.amountRefunded}`,
    detail: {
      chargeAmount: charge.amount,
      refundedTotal: charge.amountRefunded,
      refundCurrency: charge.currency.toUpperCase(),
      fullyRefunded: charge.amountRefunded >= charge.amount,
    },
  }),
  /** The customer's brief, the first time they send it (app/delivery/; later additions send nothing). */
  orderBriefReceived: (orderId: string): WebhookEventSpec => ({
    type: "order.brief_received",
    key: `order.brief_received:${orderId}`,
  }),
  /** One per delivery of the work (the first, and one after each revision asked). */
  orderDelivered: (delivery: { id: string; round: number; files: number; link: boolean }): WebhookEventSpec => ({
    type: "order.delivered",
    key: `order.delivered:${delivery.id}`,
    detail: {
      deliveryId: delivery.id,
      deliveryRound: delivery.round,
      deliveredFiles: delivery.files,
      deliveredLink: delivery.link,
    },
  }),
  subscriptionRenewed: (invoiceId: string, periodEnd: string | null): WebhookEventSpec => ({
    type: "subscription.renewed",
    key: `subscription.renewed:${invoiceId}`,
    detail: { invoiceId, renewedUntil: periodEnd },
  }),
  /** Once per order: when it is set to end (at its period's end) or ends at once, whichever comes first. */
  subscriptionCancelled: (orderId: string, endsAt: string | null, endedNow: boolean): WebhookEventSpec => ({
    type: "subscription.cancelled",
    key: `subscription.cancelled:${orderId}`,
    detail: { endsAt, endedNow },
  }),
  quoteRequested: (quoteId: string): WebhookEventSpec => ({
    type: "quote.requested",
    key: `quote.requested:${quoteId}`,
  }),
  /** A priced proposal sent for the request (each version once), with its price in minor units. */
  quoteProposed: (proposal: ProposalFacts): WebhookEventSpec => ({
    type: "quote.proposed",
    key: `quote.proposed:${proposal.id}`,
    detail: proposalDetail(proposal),
  }),
  /** The customer accepted it (once per proposal; the payment follows as `order.paid`). */
  quoteAccepted: (proposal: ProposalFacts): WebhookEventSpec => ({
    type: "quote.accepted",
    key: `quote.accepted:${proposal.id}`,
    detail: proposalDetail(proposal),
  }),
  quoteDeclined: (proposal: ProposalFacts): WebhookEventSpec => ({
    type: "quote.declined",
    key: `quote.declined:${proposal.id}`,
    detail: proposalDetail(proposal),
  }),
} as const;

/** The event a billing state change means, if any (the stores that write billing states call this). */
export function billingStateEvents(
  orderId: string,
  billing: { state: string | null; periodEnd: string | null } | undefined,
): WebhookEventSpec[] {
  if (billing?.state === "cancelling" || billing?.state === "cancelled")
    return [WEBHOOK_EVENTS.subscriptionCancelled(orderId, billing.periodEnd, billing.state === "cancelled")];
  return [];
}

/** What a quote event says of its proposal: ids, the price and the dates, never the owner's words. */
interface ProposalFacts {
  id: string;
  priceKind: string;
  currency: string;
  oneTime: number;
  monthly: number;
  validUntil: string;
}

function proposalDetail(proposal: ProposalFacts) {
  return {
    proposalId: proposal.id,
    proposalPriceKind: proposal.priceKind,
    proposalCurrency: proposal.currency,
    proposalOneTime: proposal.oneTime,
    proposalMonthly: proposal.monthly,
    proposalValidUntil: proposal.validUntil,
  };
}
