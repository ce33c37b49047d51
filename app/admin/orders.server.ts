import type { Language } from "../i18n/languages.ts";
import { getEnv } from "../lib/env.server.ts";
import { emailKindLabel } from "../mail/email-kinds.ts";
import { orderFields } from "../mail/order-fields.server.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";
import type { Order } from "../orders/types.ts";
import { emailRow } from "./email-state.ts";
import { NOTE_MAX, type OrderFilter } from "./order-filter.ts";
import { billingLabel } from "../lib/billing-label.ts";
import { dueLabel, dueMark, orderDue } from "../orders/due-date.ts";
import { translator } from "../i18n/translator.server.ts";
import { deliver } from "../delivery/work.server.ts";

/** The back office's questions and actions on orders; routes stay thin. */

export const PAGE_SIZE = 20;
/** At most this many orders waiting for delivery are sorted by due time (far more than one person has open). */
const TO_DELIVER_MAX = 1000;

/**
 * A page of the orders list, as a person reads it: who bought what, for how much, and where it
 * stands. Unfiltered, a customer's abandoned attempts at an offer they then paid for are folded
 * under the paid order (three sales used to make six rows); filtering by a state shows each order.
 */
export async function ordersPage(
  filter: OrderFilter,
  lang: Language,
  { repo }: { repo: StoresOf<"backOffice"> },
  pageSize = PAGE_SIZE,
) {
  const foldAttempts = !filter.state && !filter.toDeliver;
  const offset = (filter.page - 1) * pageSize;
  let orders: Order[];
  let total: number;
  const zone = getEnv().OWNER_TIME_ZONE;
  if (filter.toDeliver) {
    // What is still to deliver is a short list (paid, not delivered): read it whole and sort it by
    // due time, which business-day promises in the owner's zone make a computation, not a column.
    ({ orders, total } = await repo.searchOrders({
      toDeliver: true,
      search: filter.search,
      foldAttempts,
      limit: TO_DELIVER_MAX,
      offset: 0,
    }));
    orders = orders
      .map((order) => ({ order, due: orderDue(order, zone)?.at.getTime() ?? Infinity }))
      .sort((a, b) => a.due - b.due)
      .map(({ order }) => order)
      .slice(offset, offset + pageSize);
  } else {
    ({ orders, total } = await repo.searchOrders({
      state: filter.state,
      search: filter.search,
      foldAttempts,
      limit: pageSize,
      offset,
    }));
  }
  const { attempts, delivered, toDeliver, refunded } = await repo.listDetails(orders);
  const offerName = translator(lang, "offers");
  const now = new Date();
  const row = (order: Order) => {
    const isDelivered = delivered.has(order.id);
    const owed = toDeliver.has(order.id);
    const due = owed ? orderDue(order, zone) : null;
    const paid = order.paidAt ? order.amountDueNow : 0;
    const back = refunded.get(order.id) ?? 0;
    return {
      ...listRow(order),
      // An erased customer is said in words, not as the "[erased] [erased]" the database keeps.
      ...(order.erasedAt ? { name: translator(lang, "data-rights")("erasedCustomer"), email: "" } : {}),
      offerName: offerName(`${order.offer}.name`),
      delivered: isDelivered,
      /** Still owed work (the front page's tile and the filter's rule): only then "To deliver" and a due time. */
      toDeliver: owed,
      /** What went back to the customer: all of what was paid, or part of it (the amount shown). */
      refund: back > 0 ? { amount: back, of: paid, full: back >= paid } : null,
      erased: Boolean(order.erasedAt),
      due: due ? { datetime: due.datetime, label: dueLabel(due, lang, zone), mark: dueMark(due, zone, now) } : null,
    };
  };
  return {
    orders: orders.map((order) => ({
      ...row(order),
      attempts: foldAttempts ? (attempts.get(order.id) ?? []).map(row) : [],
    })),
    total,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

function listRow(order: Order) {
  return {
    id: order.id,
    reference: order.reference,
    createdAt: order.createdAt,
    state: order.state,
    /** After checkout: active, past_due, cancelling, paused, cancelled, refunded, disputed (null before). */
    billingState: billingLabel(order),
    offer: order.offer,
    name: `${order.customer.firstName} ${order.customer.lastName}`,
    email: order.customer.email,
    amount: order.amountDueNow,
    monthly: order.monthly,
    currency: order.currency,
  };
}

/**
 * One line of the timeline as the owner reads it: `detail` in words; `code` what a machine wrote
 * (an outbox kind, a provider's id), kept only to be copied from a folded detail.
 */
export type TimelineEntry = {
  at: string;
  kind: string;
  detail: string | null;
  code?: string | null;
  period?: string | null;
};

const EMAIL_EVENTS = new Set(["email_sent", "email_failed", "email_gave_up"]);

/**
 * An event's detail in words. The outbox records "<kind> #<attempt>[: reason]" (outbox-worker):
 * the owner reads "Refund sent to the customer (attempt 2)" and the reason, not the raw kind; a checkout's detail is the provider's session id: folded away whole.
 */
function timelineWords(
  kind: string,
  detail: string | null,
  t: (key: string, values?: Record<string, unknown>) => string,
): Pick<TimelineEntry, "detail" | "code"> {
  if (detail === null) return { detail: null, code: null };
  if (kind === "checkout_created") return { detail: null, code: detail };
  if (!EMAIL_EVENTS.has(kind)) return { detail, code: null };
  const match = /^(\S+) #(\d+)(?:: ([\s\S]*))?$/.exec(detail);
  if (!match) return { detail, code: null };
  const [, emailKind, attempt, reason] = match;
  const email = emailKindLabel(emailKind!, t);
  const words = Number(attempt) > 1 ? t("timeline.emailAttempt", { email, n: Number(attempt) }) : email;
  // Named in words already: the outbox's kind would only add a "technical reference" under each email.
  return { detail: reason ? `${words}\n${reason}` : words, code: null };
}

/** Everything about one order, labelled in the back office's language. */
export async function orderDetail(
  id: string,
  lang: Language,
  services: Pick<OrderServices, "orderPageUrl"> & { repo: StoresOf<"backOffice" | "delivery" | "orders" | "outbox"> },
) {
  const { repo } = services;
  const order = await repo.findById(id);
  if (!order) return null;
  const [events, emails, work] = await Promise.all([
    repo.listOrderEvents(order.id),
    repo.listEmails(order.id),
    repo.orderWork(order.id),
  ]);
  const adminT = translator(lang, "admin");
  const timeline: TimelineEntry[] = [
    { at: order.createdAt, kind: "created", detail: null },
    ...events.map((event) => ({
      at: event.createdAt,
      kind: event.kind,
      ...timelineWords(event.kind, event.detail, adminT),
      period: event.period,
    })),
    ...(order.paidAt ? [{ at: order.paidAt, kind: "paid", detail: null }] : []),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const offer = translator(lang, "offers")(`${order.offer}.name`);
  const customer = order.erasedAt
    ? translator(lang, "data-rights")("erasedCustomer")
    : [`${order.customer.firstName} ${order.customer.lastName}`.trim(), order.customer.companyName]
        .filter(Boolean)
        .join(", ");
  return {
    id: order.id,
    // What the owner recognises an order by: who bought what (the id stays in the details).
    heading: `${customer} – ${offer}`,
    // The customer's data page (export, erase) is found by this address; none once erased.
    customerEmail: order.erasedAt ? null : order.customer.email,
    // One tap to write or call the customer (the phone where the offer asks it: its brief, or the form of older orders).
    customerPhone: order.erasedAt
      ? null
      : order.customer.phoneNumber?.trim() || work.brief?.answers.phoneNumber?.trim() || null,
    reference: order.reference,
    // What the customer sees (the same signed link as in their emails); none once erased (it answers 404 then).
    customerPageUrl: order.state === "paid" && !order.erasedAt ? services.orderPageUrl(order) : null,
    due: (() => {
      const zone = getEnv().OWNER_TIME_ZONE;
      const due = order.state === "paid" && !order.erasedAt ? orderDue(order, zone) : null;
      return due ? { datetime: due.datetime, label: dueLabel(due, lang, zone), mark: dueMark(due, zone) } : null;
    })(),
    state: order.state,
    billingState: billingLabel(order),
    periodEnd: order.periodEnd,
    paid: order.state === "paid",
    // Erased at the customer's request: no address left to send a confirmation or a delivery note to.
    erased: Boolean(order.erasedAt),
    // A subscription is delivered per billing period: this period's mark, and every period's.
    delivered: events.some((event) => event.kind === "delivered" && event.period === deliveryPeriod(order)),
    deliveredPeriods: events
      .filter((event) => event.kind === "delivered" && event.period)
      .map((event) => event.period!),
    subscription: order.monthly > 0,
    fields: orderFields(order, lang),
    timeline,
    emails: emails.map(emailRow),
  };
}

export type ActionOutcome =
  | "resent"
  | "delivered"
  | "notPaid"
  | "erased"
  | "alreadyDelivered"
  | "alreadyDeliveredPeriod"
  | "alreadyQueued"
  | "badLink"
  | "workClosed"
  | "eventRefused"
  | "notFound";

/** The billing period a delivery mark is for: a subscription's current period (its end), null for a one-time order. */
const deliveryPeriod = (order: Pick<Order, "monthly" | "periodEnd">) => (order.monthly ? order.periodEnd : null);

/**
 * Queues another copy of the confirmation (the outbox sends it; the timeline shows it), unless one
 * still waits to be sent: then the answer says so, and nothing is logged. Each answer is true even
 * when the owner's double tap lands on two instances at once (one transaction, one unique kind).
 */
export async function resendConfirmation(
  orderId: string,
  services: Pick<OrderServices, "worker"> & { repo: StoresOf<"backOffice" | "orders"> },
): Promise<ActionOutcome> {
  const order = await services.repo.findById(orderId);
  if (!order) return "notFound";
  if (order.state !== "paid") return "notPaid";
  if (order.erasedAt) return "erased";
  if ((await services.repo.queueCopy(order.id, "admin-resend", "resend_requested")) === "alreadyQueued")
    return "alreadyQueued";
  services.worker.kick();
  return "resent";
}

/**
 * A delivery from outside the delivery form (the owner's confirmed "Delivered outside the site",
 * the API's `POST …/deliveries`): a delivery record with its note and links, made by the one
 * deliver function (app/delivery/work.server.ts `deliver`), so the customer's page, email and the
 * `order.delivered` webhook are those of any delivery. A one-time order is delivered once, a
 * subscription's period as its allowance allows; a replay or a concurrent twin gets "already delivered".
 */
export async function markDelivered(
  orderId: string,
  note: string,
  services: Pick<OrderServices, "worker"> & { repo: StoresOf<"orders" | "delivery"> },
  links: Array<{ url: string; label?: string | null }> = [],
  by: "owner" | "api" = "owner",
): Promise<ActionOutcome> {
  const order = await services.repo.findById(orderId);
  if (!order) return "notFound";
  const answer = await deliver(order, { links, note: note.slice(0, NOTE_MAX), noteAlone: true, by }, services);
  if (answer.ok) return "delivered";
  switch (answer.reason) {
    case "notPaid":
    case "erased":
    case "badLink":
    case "workClosed":
    case "eventRefused":
      return answer.reason;
    default:
      return deliveryPeriod(order) ? "alreadyDeliveredPeriod" : "alreadyDelivered";
  }
}
