/**
 * The order's work life as one state machine: the states the work of the current billing period
 * is in, the events that move it, who may fire each, and what each sends. Every path that changes
 * the work asks `decide` first (the customer's order page, the back office, the API through the
 * back office's action, the billing worker's renewals, refunds and cancellations), so an event the
 * current state does not allow is refused in one place whoever sends it (409 from the API, a
 * translated message on the pages). docs/architecture.md prints this table; work-state.test.ts
 * walks every (state, event) pair.
 *
 * Pure (no I/O): the state is read from what is stored (`workState` in work.server.ts), so two
 * instances agree, and the stores' unique keys still decide a race between two allowed posts.
 */

export const WORK_STATES = ["briefDue", "inProgress", "delivered", "revisionAsked", "accepted", "closed"] as const;
export type WorkStateName = (typeof WORK_STATES)[number];

export const WORK_EVENTS = [
  "sendBrief",
  "deliver",
  "askRevision",
  "accept",
  "renew",
  "refundPartial",
  "refundFull",
  "cancelAtPeriodEnd",
  "cancelNow",
] as const;
export type WorkEvent = (typeof WORK_EVENTS)[number];

export const ACTORS = ["customer", "owner", "api", "worker", "stripe"] as const;
export type Actor = (typeof ACTORS)[number];

/** What firing an event sends: the email (whose kind), the webhook out, the line of the back office's timeline. */
export interface EventEffects {
  email: string | null;
  webhook: string | null;
  timeline: string | null;
}

/** Who may fire each event and what it sends (the mail kinds of app/mail/email-kinds.ts, the events of app/automation/events.ts). */
export const EVENTS: Readonly<Record<WorkEvent, { by: readonly Actor[] } & EventEffects>> = {
  sendBrief: { by: ["customer"], email: null, webhook: "order.brief_received", timeline: "briefReceived" },
  deliver: { by: ["owner", "api"], email: "work-delivered", webhook: "order.delivered", timeline: "delivered" },
  askRevision: { by: ["customer"], email: "owner-revision", webhook: null, timeline: "revisionAsked" },
  accept: { by: ["customer"], email: "owner-accepted", webhook: null, timeline: "accepted" },
  renew: { by: ["stripe", "worker"], email: "renewal", webhook: "subscription.renewed", timeline: "renewed" },
  refundPartial: { by: ["owner", "stripe"], email: "refund-issued", webhook: "order.refunded", timeline: "refunded" },
  refundFull: { by: ["owner", "stripe"], email: "refund-issued", webhook: "order.refunded", timeline: "refunded" },
  cancelAtPeriodEnd: {
    by: ["owner", "customer", "stripe"],
    email: "cancel-confirmed",
    webhook: "subscription.cancelled",
    timeline: "cancelled",
  },
  // The worker: a sandbox subscription set to end at its period's end ends when that period does
  // (Stripe reports the same as its own customer.subscription.deleted).
  cancelNow: {
    by: ["owner", "customer", "stripe", "worker"],
    email: "cancel-confirmed",
    webhook: "subscription.cancelled",
    timeline: "cancelled",
  },
};

/**
 * A move the table allows: to a state (`same`: it stays), and the condition on the period's
 * counts it needs, if any: `allowanceLeft` (the period has pieces left to deliver: an offer
 * delivering several a period, short videos 8 a month, or a period with nothing delivered yet),
 * `roundsLeft` (the offer's revision rounds are not used up), `pieceOpen` (the delivery answered
 * is waiting for its acceptance: acceptance is per delivery).
 */
export interface Move {
  to: WorkStateName | "same";
  when?: "allowanceLeft" | "roundsLeft" | "pieceOpen";
}

/** Why an event is refused: the reason each path words in its own language (delivery.json `errors.*`). */
export type Refusal =
  | "briefClosed"
  | "alreadyDelivered"
  | "notDelivered"
  | "alreadyAnswered"
  | "revisionLimit"
  | "workClosed"
  | "eventRefused";

/** The events of money: the billing room fires them (work.server.ts `moneyMove`) with the billing write they come from. */
export const MONEY_EVENTS = ["refundPartial", "refundFull", "cancelAtPeriodEnd", "cancelNow"] as const;
export type MoneyEvent = (typeof MONEY_EVENTS)[number];

/** Why money closed the work, as it is stored (work_closures.reason) and as the pages say it (delivery.json `closed.*`). */
export type ClosedBy = "refunded" | "cancelled";

/** The reason a money event that closes the work is stored with: a refund's, or a cancellation's. */
export const closedByOf = (event: MoneyEvent): ClosedBy => (event.startsWith("refund") ? "refunded" : "cancelled");

/**
 * Money is a fact the provider reports: it is never refused by the state (only by who fires it), it
 * only moves the work (a full refund or an immediate cancellation ends it).
 */
const MONEY: Record<MoneyEvent, Move> = {
  refundPartial: { to: "same" },
  refundFull: { to: "closed" },
  cancelAtPeriodEnd: { to: "same" },
  cancelNow: { to: "closed" },
};

/**
 * The table: for each state, the events it allows and where they lead; an event absent is refused
 * with `refusalOf(state, event)`. A billing period is the unit of work: `renew` (a subscription's
 * next period, paid) starts a new one at briefDue, with its own brief, pieces and due dates; the
 * period's brief stays open (the month's topics can be added to) until its pieces are all
 * delivered, so a one-piece period (a one-time order) closes it at the delivery.
 */
export const TRANSITIONS: Readonly<Record<WorkStateName, Partial<Record<WorkEvent, Move>>>> = {
  briefDue: { sendBrief: { to: "inProgress" }, deliver: { to: "delivered" }, renew: { to: "briefDue" }, ...MONEY },
  inProgress: { sendBrief: { to: "same" }, deliver: { to: "delivered" }, renew: { to: "briefDue" }, ...MONEY },
  delivered: {
    sendBrief: { to: "same", when: "allowanceLeft" },
    deliver: { to: "delivered", when: "allowanceLeft" },
    askRevision: { to: "revisionAsked", when: "roundsLeft" },
    // Accepting the latest piece; an earlier piece of the period accepted leaves the state as it is.
    accept: { to: "accepted", when: "pieceOpen" },
    renew: { to: "briefDue" },
    ...MONEY,
  },
  revisionAsked: {
    sendBrief: { to: "same", when: "allowanceLeft" },
    deliver: { to: "delivered" },
    // An earlier piece of the period may be accepted while the latest one's revision is asked.
    accept: { to: "same", when: "pieceOpen" },
    renew: { to: "briefDue" },
    ...MONEY,
  },
  accepted: {
    sendBrief: { to: "same", when: "allowanceLeft" },
    deliver: { to: "delivered", when: "allowanceLeft" },
    accept: { to: "same", when: "pieceOpen" },
    renew: { to: "briefDue" },
    ...MONEY,
  },
  closed: {
    refundPartial: { to: "same" },
    refundFull: { to: "same" },
    cancelAtPeriodEnd: { to: "same" },
    cancelNow: { to: "same" },
    renew: { to: "same" },
  },
};

/** The reason an event absent from a state's row is refused (or a condition unmet). */
export function refusalOf(state: WorkStateName, event: WorkEvent): Refusal {
  if (state === "closed") return "workClosed";
  switch (event) {
    case "sendBrief":
      return "briefClosed";
    case "deliver":
      return "alreadyDelivered";
    case "askRevision":
      if (state === "briefDue" || state === "inProgress") return "notDelivered";
      if (state === "delivered") return "revisionLimit";
      return "alreadyAnswered";
    case "accept":
      return state === "briefDue" || state === "inProgress" ? "notDelivered" : "alreadyAnswered";
    default:
      return "eventRefused";
  }
}

/** The counts a conditional move reads (work.server.ts `workState`). */
export interface WorkFacts {
  allowanceLeft: boolean;
  roundsLeft: boolean;
  /** The delivery being accepted waits for an answer (absent: no delivery named, none does). */
  pieceOpen?: boolean;
}

export type Decision = { ok: true; to: WorkStateName } | { ok: false; reason: Refusal };

/**
 * Whether `actor` may fire `event` in `state`, and the state it leads to. An actor the event does
 * not name is refused ("eventRefused") whatever the state: the customer cannot deliver, the API
 * cannot accept for the customer.
 */
export function decide(state: WorkStateName, event: WorkEvent, actor: Actor, facts: WorkFacts): Decision {
  if (!EVENTS[event].by.includes(actor)) return { ok: false, reason: "eventRefused" };
  const move = TRANSITIONS[state][event];
  if (!move) return { ok: false, reason: refusalOf(state, event) };
  if (move.when && !facts[move.when]) return { ok: false, reason: refusalOf(state, event) };
  return { ok: true, to: move.to === "same" ? state : move.to };
}

/** What the period's work holds, as `stateOf` reads it. */
export interface WorkSnapshot {
  /** A full refund or an immediate cancellation (or a subscription that has ended): the work is over. */
  closed: boolean;
  briefReceived: boolean;
  delivered: boolean;
  openRevision: boolean;
  accepted: boolean;
}

/** The state of the current period's work. */
export function stateOf(snapshot: WorkSnapshot): WorkStateName {
  if (snapshot.closed) return "closed";
  if (snapshot.openRevision) return "revisionAsked";
  if (snapshot.accepted) return "accepted";
  if (snapshot.delivered) return "delivered";
  return snapshot.briefReceived ? "inProgress" : "briefDue";
}
