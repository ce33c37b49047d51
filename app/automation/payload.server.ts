import { ERASED } from "../db/erased.ts";
import { translator } from "../i18n/translator.server.ts";
import type { Order } from "../orders/types.ts";
import type { QuoteRequest } from "../quotes/types.ts";
import type { ClaimedDelivery } from "./types.ts";

/** What rendering reads: the order or quote request an event is about (as it is when the request leaves). */
export interface PayloadSources {
  findById(id: string): Promise<Order | undefined>;
  findQuoteRequest(id: string): Promise<QuoteRequest | undefined>;
}

export class SubjectGoneError extends Error {
  override name = "SubjectGoneError";
}

/**
 * The JSON body `{ type, timestamp, data }`: `timestamp` is when the event happened, `data` the
 * order (or quote request) as it stands now with what the event adds (`detail`). It holds no more
 * of the customer than the owner's own notice email does: name and email, never the form's other
 * answers. An erased customer's events are not sent (SubjectGoneError).
 */
export async function renderWebhookBody(
  delivery: Pick<ClaimedDelivery, "type" | "orderId" | "quoteId" | "detail" | "createdAt">,
  sources: PayloadSources,
  publicOrigin: string,
): Promise<string> {
  const data = await eventData(delivery, sources, publicOrigin);
  return JSON.stringify({ type: delivery.type, timestamp: delivery.createdAt, data });
}

async function eventData(
  delivery: Pick<ClaimedDelivery, "type" | "orderId" | "quoteId" | "detail">,
  sources: PayloadSources,
  publicOrigin: string,
): Promise<Record<string, unknown>> {
  if (delivery.orderId) {
    const order = await sources.findById(delivery.orderId);
    if (!order || order.erasedAt)
      throw new SubjectGoneError(`order ${delivery.orderId} is ${order ? "erased" : "not stored"}`);
    return { ...orderData(order, publicOrigin), ...delivery.detail };
  }
  if (delivery.quoteId) {
    const quote = await sources.findQuoteRequest(delivery.quoteId);
    if (!quote || quote.email === ERASED)
      throw new SubjectGoneError(`quote request ${delivery.quoteId} is ${quote ? "erased" : "not stored"}`);
    return {
      quoteId: quote.id,
      offerId: quote.page,
      offerName: translator(quote.lang, "quote")(`offers.${quote.page}`),
      language: quote.lang,
      customer: { name: quote.name, email: quote.email },
      createdAt: quote.createdAt,
      adminUrl: `${publicOrigin}/admin/quotes/${encodeURIComponent(quote.id)}`,
      ...delivery.detail,
    };
  }
  return { ...delivery.detail };
}

/** An order as every order event carries it: amounts in minor units (cents) with their currency. */
export function orderData(order: Order, publicOrigin: string) {
  return {
    orderId: order.id,
    offerId: order.offer,
    offerName: translator(order.lang, "offers")(`${order.offer}.name`),
    language: order.lang,
    state: order.state,
    billingState: order.billingState,
    currency: order.currency,
    amountDueNow: order.amountDueNow,
    monthly: order.monthly,
    paidAt: order.paidAt,
    periodEnd: order.periodEnd,
    customer: { firstName: order.customer.firstName, lastName: order.customer.lastName, email: order.customer.email },
    adminUrl: `${publicOrigin}/admin/orders/${encodeURIComponent(order.id)}`,
  };
}
