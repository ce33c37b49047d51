import { randomUUID } from "node:crypto";
import { cancellationConfirmation, subscriptionState } from "../billing/payment-events.server.ts";
import { formatLongDate } from "../content/price-story.ts";
import { moneyMove } from "../delivery/work.server.ts";
import { formatMoney } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import { logger } from "../lib/logger.server.ts";
import { BILLING_EMAIL } from "../mail/email-kinds.ts";
import type { Order } from "../orders/types.ts";
import { ProviderError } from "../payments/provider.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";
import { KyselyMoneyStore, type MoneyAction } from "./money-store.server.ts";
import {
  CANCEL_WHEN,
  NOTE_LIMIT,
  isActionKey,
  isReasonChoice,
  parseAmount,
  stripeReason,
  type CancelWhen,
  type ReasonChoice,
} from "./money-input.ts";

/**
 * The owner's actions on money, from an order's page: refund all or part of the
 * checkout payment, cancel the subscription at its period's end or now. Each goes form → a second
 * screen that says exactly what will happen (and carries a fresh idempotency key) → confirm. The
 * key's row in money_actions decides once; the provider gets the same key (Stripe's
 * Idempotency-Key); the effects (timeline line, customer email, billing state, refund per charge)
 * are written with the "done" mark in one transaction, in the shapes the webhook writes, so
 * Stripe's later `charge.refunded` / `customer.subscription.*` events find them already recorded.
 */

/** Why an action is refused: a key of `errors` in locales/<lang>/money.json, with its status. */
export type MoneyRefusal =
  | "notFound"
  | "notPaid"
  | "badAmount"
  | "tooMuch"
  | "nothingLeft"
  | "badReason"
  | "badKey"
  | "keyReused"
  | "inProgress"
  | "unavailable"
  | "noSubscription"
  | "alreadyCancelled"
  | "alreadyCancelling"
  | "badWhen"
  | "workRefused";

const STATUS: Record<MoneyRefusal, number> = {
  notFound: 404,
  notPaid: 409,
  badAmount: 400,
  tooMuch: 409,
  nothingLeft: 409,
  badReason: 400,
  badKey: 400,
  keyReused: 409,
  inProgress: 409,
  unavailable: 503,
  noSubscription: 409,
  alreadyCancelled: 409,
  alreadyCancelling: 409,
  badWhen: 400,
  // The work's state machine refused the money event (delivery/work-state.ts decide): 409, as every refusal of it.
  workRefused: 409,
};

export type Refused = { ok: false; error: MoneyRefusal; status: number; vars: Record<string, string> };
const refuse = (error: MoneyRefusal, vars: Record<string, string> = {}): Refused => ({
  ok: false,
  error,
  status: STATUS[error],
  vars,
});

export interface RefundInput {
  amount: string;
  reason: string;
  note: string;
}

/** What the order page shows about money: what was paid, what is left to refund, what can be done. */
export interface MoneySummary {
  paid: string;
  refunded: string | null;
  left: string;
  canRefund: boolean;
  /** The subscription can be ended at the period's end / now. */
  canCancelAtPeriodEnd: boolean;
  canCancelNow: boolean;
  periodEnd: string | null;
}

/** What the money screens read: the order, the money actions' own table (over the database), Stripe's refunds per charge. */
type MoneyReads = Pick<OrderServices, "inbox"> & { repo: StoresOf<"orders" | "database"> };
/**
 * What a confirmed refund or cancellation also uses: the provider, the workers its emails and events
 * wake, and the work's rows (the money event goes through the work's state machine first).
 */
type MoneyActs = MoneyReads &
  Pick<OrderServices, "provider" | "worker" | "webhooksOut"> & { repo: StoresOf<"delivery"> };

const store = (services: { repo: StoresOf<"database"> }) => new KyselyMoneyStore(services.repo.db);
const customerName = (order: Order) => `${order.customer.firstName} ${order.customer.lastName}`.trim();

/**
 * What is refunded of the checkout payment (minor units): the back office's own refunds, or what
 * Stripe's events say of the order's charges when that is more. A refund made in Stripe's dashboard
 * reaches the site only as an event (billing's charge_refunds); without it the page offered money
 * already given back, and Stripe refused. Only a one-time order's charges are all its checkout
 * payment: a subscription's later charges are months, refunded through their own invoices.
 */
async function refundedOf(services: MoneyReads, order: Order): Promise<number> {
  const own = await store(services).refunded(order.id);
  if (order.monthly > 0) return own;
  const charges = await services.inbox.refundsOf(order.id);
  return Math.max(
    own,
    charges.reduce((sum, charge) => sum + charge.amountRefunded, 0),
  );
}

export async function moneySummary(order: Order, lang: Language, services: MoneyReads): Promise<MoneySummary> {
  const refunded = await refundedOf(services, order);
  const left = Math.max(0, order.amountDueNow - refunded);
  const live =
    order.monthly > 0 && Boolean(order.subscriptionRef) && order.state === "paid" && order.billingState !== "cancelled";
  return {
    paid: formatMoney(order.amountDueNow, order.currency, lang),
    refunded: refunded ? formatMoney(refunded, order.currency, lang) : null,
    left: formatMoney(left, order.currency, lang),
    canRefund: order.state === "paid" && Boolean(order.sessionId) && left > 0,
    canCancelAtPeriodEnd: live && order.billingState !== "cancelling",
    canCancelNow: live,
    periodEnd: order.periodEnd ? formatLongDate(order.periodEnd, lang) : null,
  };
}

/** The order page's money section and its "done" notice (`?money=refunded|cancelled` after a confirmation). */
export async function moneyOfOrder(orderId: string, lang: Language, done: string | null, services: MoneyReads) {
  const order = await services.repo.findById(orderId);
  if (!order) return null;
  return {
    done: done === "refunded" || done === "cancelled" ? (done as MoneyDone["done"]) : null,
    // One key per form and page view: the screen it leads to (and its Back, reload, second tab) shares it.
    view:
      order.state === "paid"
        ? {
            ...(await moneySummary(order, lang, services)),
            monthly: order.monthly > 0,
            refundKey: newActionKey(),
            cancelKey: newActionKey(),
          }
        : null,
  };
}

/** A checked refund: what the confirmation screen says and what the confirm post carries. */
export interface RefundPlan {
  ok: true;
  orderId: string;
  amount: number;
  /** The amount as the form carries it on (minor units, so the confirm post cannot be misread). */
  amountMinor: string;
  reason: ReasonChoice;
  note: string;
  /** "€49.50", the customer's name and address, the offer, the reason in the owner's words. */
  money: string;
  customer: string;
  email: string;
  offer: string;
  reasonLabel: string;
}

/** Checks a refund the owner typed (the confirmation screen): the amount in their language, the reason. */
export async function planRefund(
  orderId: string,
  input: RefundInput,
  lang: Language,
  services: MoneyReads,
): Promise<RefundPlan | Refused> {
  const order = await services.repo.findById(orderId);
  if (!order) return refuse("notFound");
  return checkRefund(services, order, { ...input, amount: parseAmount(input.amount) }, lang);
}

async function checkRefund(
  services: MoneyReads,
  order: Order,
  input: { amount: number | null; reason: string; note: string },
  lang: Language,
): Promise<RefundPlan | Refused> {
  if (order.state !== "paid" || !order.sessionId) return refuse("notPaid");
  const left = order.amountDueNow - (await refundedOf(services, order));
  if (left <= 0) return refuse("nothingLeft");
  if (input.amount === null) return refuse("badAmount");
  if (input.amount > left) return refuse("tooMuch", { left: formatMoney(left, order.currency, lang) });
  if (!isReasonChoice(input.reason)) return refuse("badReason");
  const note = input.note.trim().slice(0, NOTE_LIMIT);
  if (input.reason === "other" && !note) return refuse("badReason");
  const t = translator(lang, "money");
  return {
    ok: true,
    orderId: order.id,
    amount: input.amount,
    amountMinor: String(input.amount),
    reason: input.reason,
    note,
    money: formatMoney(input.amount, order.currency, lang),
    customer: customerName(order),
    email: order.customer.email,
    offer: translator(lang, "offers")(`${order.offer}.name`),
    reasonLabel: input.reason === "other" ? note : t(`reasons.${input.reason}`) + (note ? ` (${note})` : ""),
  };
}

/** A fresh key for a confirmation screen. */
export const newActionKey = () => randomUUID();

/**
 * What became of the action of a confirmation screen's key: the screen's URL carries it, so going
 * back to the screen, reloading it or opening it in a second tab after confirming shows the result
 * instead of offering the same refund again. Undefined while nothing was confirmed under it.
 */
export async function keyOutcome(
  key: string,
  services: { repo: StoresOf<"database"> },
): Promise<MoneyDone["done"] | undefined> {
  const found = await store(services).find(key);
  if (found?.status !== "done") return undefined;
  return found.kind === "refund" ? "refunded" : "cancelled";
}

export type MoneyDone = { ok: true; done: "refunded" | "cancelled" };

/**
 * The confirmed refund. A replay of the same confirmation (same key, same fields) answers "done"
 * without refunding again; the same key with other fields is refused, as Stripe refuses it.
 */
export async function confirmRefund(
  orderId: string,
  key: string,
  input: { amountMinor: string; reason: string; note: string },
  lang: Language,
  services: MoneyActs,
): Promise<MoneyDone | Refused> {
  if (!isActionKey(key)) return refuse("badKey");
  const order = await services.repo.findById(orderId);
  if (!order) return refuse("notFound");
  const money = store(services);
  const amount = /^\d{1,12}$/.test(input.amountMinor) ? Number(input.amountMinor) : null;
  const note = input.note.trim().slice(0, NOTE_LIMIT);
  const replay = await money.find(key);
  if (replay)
    return answerReplay(
      money,
      replay,
      { orderId: order.id, kind: "refund", amount: amount ?? -1, reason: input.reason, note },
      "refunded",
    );
  const plan = await checkRefund(
    services,
    order,
    { amount: amount && amount > 0 ? amount : null, reason: input.reason, note },
    lang,
  );
  if (!plan.ok) return plan;
  // The money event through the work's state machine, asked before the provider moves any money: a
  // refund of all that is left ends the work, a part of it does not.
  const left = order.amountDueNow - (await refundedOf(services, order));
  const expected = plan.amount >= left ? "refundFull" : "refundPartial";
  const asked = await moneyMove(order, expected, "owner", services.repo);
  if (!asked.ok) return refuse("workRefused");
  const claimed = await money.claim({
    key,
    orderId: order.id,
    kind: "refund",
    amount: plan.amount,
    currency: order.currency,
    reason: plan.reason,
    note: plan.note,
  });
  if (claimed !== "claimed")
    return answerReplay(
      money,
      claimed,
      { orderId: order.id, kind: "refund", amount: plan.amount, reason: plan.reason, note: plan.note },
      "refunded",
    );
  let result;
  try {
    result = await services.provider.refund({
      sessionId: order.sessionId!,
      reference: order.id,
      amount: plan.amount,
      reason: stripeReason(plan.reason),
      note: plan.note,
      idempotencyKey: `refund-${key}`,
    });
  } catch (error) {
    await money.release(key);
    if (error instanceof ProviderError) {
      logger().error({ order: order.id, err: error }, "refund failed at the payment provider");
      return refuse("unavailable");
    }
    throw error;
  }
  if (!result.ok) {
    await money.release(key);
    return refuse(result.reason === "notPaid" ? "notPaid" : "tooMuch", {
      left: formatMoney(Math.max(0, order.amountDueNow - (await refundedOf(services, order))), order.currency, lang),
    });
  }
  const fully = result.amountRefunded >= result.chargeAmount;
  // The provider's totals are the truth (a refund made in its dashboard meanwhile): asked again when they differ.
  const event = fully ? "refundFull" : "refundPartial";
  const move = event === expected ? asked : await moneyMove(order, event, "owner", services.repo);
  await money.complete(key, order.id, {
    providerRef: result.refundId,
    event: { kind: "refunded", detail: `${plan.money} · ${plan.reasonLabel} · ${result.refundId}` },
    emails: [BILLING_EMAIL.refundIssued(result.refundId, plan.amount)],
    // A one-time order is refunded when its payment is; a subscription's state stays the subscription's (as the webhook decides).
    ...(fully && !order.monthly ? { billing: { state: "refunded" as const, periodEnd: null } } : {}),
    charge: {
      chargeId: result.chargeId,
      amount: result.chargeAmount,
      amountRefunded: result.amountRefunded,
      currency: result.currency,
    },
    ...(move.ok && move.close ? { closeWork: move.close } : {}),
  });
  services.worker.kick();
  services.webhooksOut.kick();
  return { ok: true, done: "refunded" };
}

/** How long a twin post (a double tap, a second tab) waits for the first to finish before saying it is under way. */
const TWIN_WAIT_MS = 20_000;

/**
 * A key seen before: the same action answers as it did (a twin still running is waited for, so
 * both taps of a double tap land on the same result); anything else under that key is refused.
 */
async function answerReplay(
  money: KyselyMoneyStore,
  stored: MoneyAction,
  asked: { orderId: string; kind: MoneyAction["kind"]; amount: number; reason: string; note: string },
  done: MoneyDone["done"],
): Promise<MoneyDone | Refused> {
  const same =
    stored.orderId === asked.orderId &&
    stored.kind === asked.kind &&
    stored.amount === asked.amount &&
    stored.reason === asked.reason &&
    stored.note === asked.note;
  if (!same) return refuse("keyReused");
  let current: MoneyAction | undefined = stored;
  for (
    const until = Date.now() + TWIN_WAIT_MS;
    current?.status === "pending" && Date.now() < until;
    current = await money.find(stored.key)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Gone: the first attempt was refused and gave its key back; its answer was shown to that tab.
  return current?.status === "done" ? { ok: true, done } : refuse("inProgress");
}

export interface CancelPlan {
  ok: true;
  orderId: string;
  when: CancelWhen;
  customer: string;
  email: string;
  offer: string;
  periodEnd: string | null;
}

export async function planCancel(
  orderId: string,
  when: string,
  lang: Language,
  services: { repo: StoresOf<"orders"> },
): Promise<CancelPlan | Refused> {
  const order = await services.repo.findById(orderId);
  if (!order) return refuse("notFound");
  return checkCancel(order, when, lang);
}

function checkCancel(order: Order, when: string, lang: Language): CancelPlan | Refused {
  if (order.state !== "paid") return refuse("notPaid");
  if (!order.monthly || !order.subscriptionRef) return refuse("noSubscription");
  if (order.billingState === "cancelled") return refuse("alreadyCancelled");
  if (!(CANCEL_WHEN as readonly string[]).includes(when)) return refuse("badWhen");
  if (when === "period_end" && order.billingState === "cancelling") return refuse("alreadyCancelling");
  return {
    ok: true,
    orderId: order.id,
    when: when as CancelWhen,
    customer: customerName(order),
    email: order.customer.email,
    offer: translator(lang, "offers")(`${order.offer}.name`),
    periodEnd: order.periodEnd ? formatLongDate(order.periodEnd, lang) : null,
  };
}

/** The confirmed cancellation, through the provider; the customer gets the confirmation the law asks for (L215-1-1) once. */
export async function confirmCancel(
  orderId: string,
  key: string,
  when: string,
  lang: Language,
  services: MoneyActs,
): Promise<MoneyDone | Refused> {
  if (!isActionKey(key)) return refuse("badKey");
  const order = await services.repo.findById(orderId);
  if (!order) return refuse("notFound");
  const money = store(services);
  const replay = await money.find(key);
  if (replay)
    return answerReplay(
      money,
      replay,
      { orderId: order.id, kind: "cancel", amount: 0, reason: when, note: "" },
      "cancelled",
    );
  const plan = checkCancel(order, when, lang);
  if (!plan.ok) return plan;
  // The money event through the work's state machine, asked before the provider: a cancellation
  // now ends the work, one at the period's end leaves it going (the period's end closes it).
  const move = await moneyMove(order, plan.when === "now" ? "cancelNow" : "cancelAtPeriodEnd", "owner", services.repo);
  if (!move.ok) return refuse("workRefused");
  const claimed = await money.claim({
    key,
    orderId: order.id,
    kind: "cancel",
    amount: 0,
    currency: order.currency,
    reason: plan.when,
    note: "",
  });
  if (claimed !== "claimed")
    return answerReplay(
      money,
      claimed,
      { orderId: order.id, kind: "cancel", amount: 0, reason: plan.when, note: "" },
      "cancelled",
    );
  let result;
  try {
    result = await services.provider.cancelSubscription({
      subscriptionRef: order.subscriptionRef!,
      reference: order.id,
      atPeriodEnd: plan.when === "period_end",
      idempotencyKey: `cancel-${key}`,
      periodEnd: order.periodEnd,
    });
  } catch (error) {
    await money.release(key);
    if (error instanceof ProviderError) {
      logger().error({ order: order.id, err: error }, "cancellation failed at the payment provider");
      return refuse("unavailable");
    }
    throw error;
  }
  if (!result.ok) {
    await money.release(key);
    return refuse(result.reason === "alreadyCancelled" ? "alreadyCancelled" : "noSubscription");
  }
  const subscription = result.subscription;
  const t = translator(lang, "money");
  const end = subscription.periodEnd ? formatLongDate(subscription.periodEnd, lang) : "—";
  await money.complete(key, order.id, {
    providerRef: subscription.id,
    event: {
      kind: "subscription_cancelled",
      detail: plan.when === "now" ? t("timeline.cancelledNow") : t("timeline.cancelledAtPeriodEnd", { date: end }),
    },
    // The kinds Stripe's later event asks for too (payment-events.server.ts): one email, whoever comes first.
    emails:
      subscription.status === "cancelled" ? [BILLING_EMAIL.subscriptionEnded] : cancellationConfirmation(subscription),
    billing: {
      state: subscriptionState(subscription),
      periodEnd: subscription.periodEnd,
      providerStatus: subscription.providerStatus,
    },
    ...(move.close ? { closeWork: move.close } : {}),
  });
  services.worker.kick();
  services.webhooksOut.kick();
  return { ok: true, done: "cancelled" };
}
