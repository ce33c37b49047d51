import type { OutboxRow } from "../mail/types.ts";
import type { Order } from "../orders/types.ts";
import { subjectDigest } from "./person.server.ts";
import type { Actor, PrivacyDeps } from "./types.ts";

/** Version of the file's layout, so a reader years later knows what it holds. */
export const EXPORT_FORMAT = "personal-data-export/1";

const email = (row: OutboxRow) => ({
  kind: row.kind,
  status: row.status,
  attempts: row.attempts,
  sentAt: row.sentAt,
  lastError: row.lastError,
});

/**
 * An order as the export shows it: everything the site holds about it except what works as a key
 * (the form's submission token, the checkout session and its address), which is no information
 * about the person and would let whoever holds the file act on the order.
 */
const exportedOrder = (order: Order) => ({
  id: order.id,
  createdAt: order.createdAt,
  updatedAt: order.updatedAt,
  state: order.state,
  offer: order.offer,
  language: order.lang,
  currency: order.currency,
  amountDueNow: order.amountDueNow,
  monthly: order.monthly,
  paidAt: order.paidAt,
  failureReason: order.failureReason,
  customer: order.customer,
  termsAcceptance: order.acceptance,
  subscription: {
    provider: order.provider,
    customerRef: order.customerRef,
    subscriptionRef: order.subscriptionRef,
    billingState: order.billingState,
    periodEnd: order.periodEnd,
    providerStatus: order.subscriptionStatus,
  },
  erasedAt: order.erasedAt ?? null,
});

/**
 * Everything the site holds about a person (GDPR art. 15 and 20), as one JSON document: their
 * orders with each order's timeline, emails, payment events and refunds, their quote requests with
 * their emails, and the earlier exports and erasures about them. Amounts are in minor units
 * (cents). The site stores no newsletter subscription (the newsletter page is a showcase, without a form).
 * Recorded as an export.
 */
export async function exportPerson(deps: PrivacyDeps, address: string, actor: Actor = "owner", now = new Date()) {
  const { repo } = deps;
  const digest = subjectDigest(address);
  const [orders, quotes, requests] = await Promise.all([
    repo.findOrdersOfPerson(address),
    repo.findQuotesOfPerson(address),
    repo.listDataRequests(digest),
  ]);
  const events = await repo.listEventsOfOrders(orders.map((order) => order.id));
  const files = await repo.listOrderFiles(orders.map((order) => order.id));
  const orderEntries = await Promise.all(
    orders.map(async (order) => ({
      ...exportedOrder(order),
      timeline: events
        .filter((event) => event.orderId === order.id)
        // The checkout entry's detail is the session id, which opens the thank-you page: a key, left out.
        .map((event) => ({
          at: event.createdAt,
          kind: event.kind,
          detail: event.kind === "checkout_created" ? null : event.detail,
        })),
      emails: (await repo.listEmails(order.id)).map(email),
      paymentEvents: (await repo.listPaymentEvents(order.id)).map((event) => ({
        id: event.id,
        type: event.type,
        receivedAt: event.receivedAt,
      })),
      refunds: deps.refundsOf ? await deps.refundsOf(order.id) : [],
      // What was sent and delivered, not the bytes: the person can download those from their order page.
      files: files
        .filter((file) => file.orderId === order.id)
        .map(({ name, size, contentType, kind, createdAt }) => ({ name, size, type: contentType, kind, createdAt })),
    })),
  );
  const quoteEntries = await Promise.all(
    quotes.map(async (quote) => ({
      id: quote.id,
      createdAt: quote.createdAt,
      page: quote.page,
      language: quote.lang,
      name: quote.name,
      email: quote.email,
      company: quote.company,
      message: quote.message,
      erasedAt: quote.erasedAt,
      emails: (await repo.listQuoteEmails(quote.id)).map(email),
    })),
  );
  const document = {
    format: EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    subject: { email: address },
    orders: orderEntries,
    quoteRequests: quoteEntries,
    dataRequests: requests.map(({ kind, actor: by, createdAt, orders: o, quotes: q, emails: e }) => ({
      kind,
      by,
      at: createdAt,
      orders: o,
      quotes: q,
      emails: e,
    })),
  };
  const emailCount =
    orderEntries.reduce((sum, entry) => sum + entry.emails.length, 0) +
    quoteEntries.reduce((sum, entry) => sum + entry.emails.length, 0);
  await repo.recordDataRequest({
    kind: "export",
    subjectDigest: digest,
    actor,
    orders: orders.length,
    quotes: quotes.length,
    emails: emailCount,
  });
  return {
    // The date names the file; a short digest tells two people's files apart without naming either.
    fileName: `personal-data-${now.toISOString().slice(0, 10)}-${digest.slice(0, 8)}.json`,
    json: `${JSON.stringify(document, null, 2)}\n`,
    document,
  };
}
