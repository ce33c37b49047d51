import { ERASED } from "../db/erased.ts";
import { offerNameIn, translator } from "../i18n/translator.server.ts";
import type { Order } from "../orders/types.ts";
import type { QuoteRequest } from "../quotes/types.ts";
import { WEBHOOK_EVENTS } from "./events.ts";
import { WEBHOOK_EVENT_TYPES, type ClaimedDelivery, type WebhookEventType } from "./types.ts";

/** What rendering reads: the order or quote request an event is about (as it is when the request leaves). */
export interface PayloadSources {
  findById(id: string): Promise<Order | undefined>;
  findQuoteRequest(id: string): Promise<QuoteRequest | undefined>;
}

export class SubjectGoneError extends Error {
  override name = "SubjectGoneError";
}

/**
 * The API version every event names (`apiVersion`): its ids open objects under `/api/v{n}`
 * (docs/api.md), and a later incompatible shape would carry another value, so a workflow can tell.
 */
export const WEBHOOK_API_VERSION = "v1";

/**
 * The JSON body `{ type, apiVersion, timestamp, data }`: `timestamp` is when the event happened, `data` the
 * order (or quote request) as it stands now with what the event adds (`detail`). It holds no more
 * of the customer than the owner's own notice email does: name and email, never the form's other
 * answers. An erased customer's events are not sent (SubjectGoneError).
 */
export async function renderWebhookBody(
  delivery: Pick<ClaimedDelivery, "type" | "orderId" | "quoteId" | "detail" | "createdAt">,
  sources: PayloadSources,
  publicOrigin: string,
): Promise<string> {
  const sample = delivery.type === "webhook.test" ? sampleType(delivery.detail.sample) : null;
  if (sample) {
    // The back office's test event: the chosen type's real shape with made-up values, marked
    // `test: true` (its ids open nothing), so a workflow can be built and routed on it.
    return JSON.stringify({
      type: sample,
      apiVersion: WEBHOOK_API_VERSION,
      timestamp: delivery.createdAt,
      test: true,
      data: sampleEventData(sample, publicOrigin),
    });
  }
  const data = await eventData(delivery, sources, publicOrigin);
  return JSON.stringify({ type: delivery.type, apiVersion: WEBHOOK_API_VERSION, timestamp: delivery.createdAt, data });
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
      offerName: offerNameIn(quote.lang, quote.page),
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
export function orderData(
  order: Pick<
    Order,
    | "id"
    | "reference"
    | "offer"
    | "lang"
    | "state"
    | "billingState"
    | "currency"
    | "amountDueNow"
    | "monthly"
    | "paidAt"
    | "periodEnd"
    | "customer"
  >,
  publicOrigin: string,
) {
  return {
    orderId: order.id,
    // The readable reference the customer quotes ("LA-1042"); either opens /api/v1/orders/{id}.
    reference: order.reference,
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

/** The event types a test event may stand in for (every type a real event has). */
export const SAMPLE_TYPES = WEBHOOK_EVENT_TYPES.filter((type) => type !== "webhook.test");

const sampleType = (value: unknown): WebhookEventType | null =>
  (SAMPLE_TYPES as readonly unknown[]).includes(value) ? (value as WebhookEventType) : null;

/**
 * What a real event of `type` carries, with made-up values: an order of the catalogue (a
 * subscription for the subscription events) paid an hour ago, or a quote request.
 */
export function sampleEventData(type: WebhookEventType, publicOrigin: string): Record<string, unknown> {
  const paidAt = new Date(Date.now() - 3_600_000).toISOString();
  const periodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
  if (type.startsWith("quote.")) {
    // A proposal's events add its price and dates to the request (a sample priced as the WhatsApp agent's).
    const proposal =
      type === "quote.requested"
        ? null
        : WEBHOOK_EVENTS.quoteProposed({
            id: "prp_test_0001",
            priceKind: "setup-monthly",
            currency: "EUR",
            oneTime: 35_000,
            monthly: 4_900,
            validUntil: periodEnd,
          });
    return {
      quoteId: "quo_test_0001",
      offerId: "whatsapp",
      offerName: offerNameIn("en", "whatsapp"),
      language: "en",
      customer: { name: "Camille Martin", email: "camille.martin@example.com" },
      createdAt: paidAt,
      adminUrl: `${publicOrigin}/admin/quotes/quo_test_0001`,
      ...proposal?.detail,
    };
  }
  const subscription = type.startsWith("subscription.");
  const order = {
    id: "ord_test_0001",
    reference: "TEST-1001",
    offer: subscription ? "short-videos" : "veo3-single",
    lang: "en",
    state: "paid",
    billingState: type === "subscription.cancelled" ? "cancelling" : type === "order.refunded" ? "refunded" : null,
    currency: "EUR",
    amountDueNow: subscription ? 50_000 : 4_900,
    monthly: subscription ? 10_000 : 0,
    paidAt,
    periodEnd: subscription ? periodEnd : null,
    customer: { firstName: "Camille", lastName: "Martin", email: "camille.martin@example.com" },
  } as const;
  const detail =
    type === "order.refunded"
      ? WEBHOOK_EVENTS.orderRefunded({ chargeId: "ch_test", amount: 4_900, amountRefunded: 4_900, currency: "eur" })
      : type === "order.delivered"
        ? WEBHOOK_EVENTS.orderDelivered({ id: "dlv_test_0001", round: 1, files: 1, link: true })
        : type === "subscription.renewed"
          ? WEBHOOK_EVENTS.subscriptionRenewed("in_test_0001", periodEnd)
          : type === "subscription.cancelled"
            ? WEBHOOK_EVENTS.subscriptionCancelled(order.id, periodEnd, false)
            : null;
  return { ...orderData(order as Parameters<typeof orderData>[0], publicOrigin), ...detail?.detail };
}
