import { describe, expect, test } from "vitest";
import {
  ACTORS,
  EVENTS,
  MONEY_EVENTS,
  TRANSITIONS,
  WORK_EVENTS,
  WORK_STATES,
  closedByOf,
  decide,
  stateOf,
  type WorkEvent,
  type WorkStateName,
} from "./work-state.ts";

// Every (state, event) pair of the work's state machine, for every actor and every value of the
// counts a conditional move reads: the decision is the table's, written out here once more by
// hand (a change to the table must change this test too).

/** What each state allows, as the order's life is meant to be (docs/architecture.md). */
type Expected = WorkStateName | "ifAllowance" | "ifRounds" | { ifOpen: WorkStateName } | { ifAllowance: WorkStateName };
const EXPECTED: Record<WorkStateName, Partial<Record<WorkEvent, Expected>>> = {
  briefDue: { sendBrief: "inProgress", deliver: "delivered", renew: "briefDue" },
  inProgress: { sendBrief: "inProgress", deliver: "delivered", renew: "briefDue" },
  // A period's brief stays open while its pieces are not all delivered (a one-piece period: until its delivery).
  delivered: {
    sendBrief: { ifAllowance: "delivered" },
    deliver: "ifAllowance",
    askRevision: "ifRounds",
    accept: { ifOpen: "accepted" },
    renew: "briefDue",
  },
  revisionAsked: {
    sendBrief: { ifAllowance: "revisionAsked" },
    deliver: "delivered",
    accept: { ifOpen: "revisionAsked" },
    renew: "briefDue",
  },
  accepted: {
    sendBrief: { ifAllowance: "accepted" },
    deliver: "ifAllowance",
    accept: { ifOpen: "accepted" },
    renew: "briefDue",
  },
  closed: { renew: "closed" },
};
/** Money is never refused: a full refund or an immediate cancellation ends the work, the rest leaves it where it is. */
const MONEY: Partial<Record<WorkEvent, "closed" | "same">> = {
  refundPartial: "same",
  refundFull: "closed",
  cancelAtPeriodEnd: "same",
  cancelNow: "closed",
};

/** Every combination of the counts: pieces left in the period, revision rounds left, the piece answered still open. */
const FACTS = [false, true].flatMap((allowanceLeft) =>
  [false, true].flatMap((roundsLeft) => [false, true].map((pieceOpen) => ({ allowanceLeft, roundsLeft, pieceOpen }))),
);

describe("the work's state machine", () => {
  test("every (state, event) pair, for every actor and every count: allowed by the table or refused with a reason", () => {
    let pairs = 0;
    for (const state of WORK_STATES) {
      for (const event of WORK_EVENTS) {
        pairs++;
        for (const actor of ACTORS) {
          for (const facts of FACTS) {
            const decision = decide(state, event, actor, facts);
            const label = `${state} × ${event} by ${actor} ${JSON.stringify(facts)}`;
            if (!EVENTS[event].by.includes(actor)) {
              expect(decision, label).toEqual({ ok: false, reason: "eventRefused" });
              continue;
            }
            const money = MONEY[event];
            if (money) {
              const to = state === "closed" || money === "same" ? state : "closed";
              expect(decision, label).toEqual({ ok: true, to });
              continue;
            }
            const expected = EXPECTED[state][event];
            const allowed =
              expected === "ifAllowance"
                ? facts.allowanceLeft
                : expected === "ifRounds"
                  ? facts.roundsLeft
                  : typeof expected === "object"
                    ? "ifOpen" in expected
                      ? facts.pieceOpen
                      : facts.allowanceLeft
                    : expected !== undefined;
            if (!allowed) {
              expect(decision.ok, label).toBe(false);
              if (!decision.ok)
                expect(decision.reason, label).toBe(state === "closed" ? "workClosed" : decision.reason);
              continue;
            }
            const to =
              expected === "ifAllowance"
                ? "delivered"
                : expected === "ifRounds"
                  ? "revisionAsked"
                  : typeof expected === "object"
                    ? "ifOpen" in expected
                      ? expected.ifOpen
                      : expected.ifAllowance
                    : expected;
            expect(decision, label).toEqual({ ok: true, to });
          }
        }
      }
    }
    expect(pairs).toBe(WORK_STATES.length * WORK_EVENTS.length);
  });

  test("the refusals say why, in the words the pages translate", () => {
    const none = { allowanceLeft: false, roundsLeft: false, pieceOpen: false };
    expect(decide("delivered", "sendBrief", "customer", none)).toEqual({ ok: false, reason: "briefClosed" });
    expect(decide("accepted", "sendBrief", "customer", none)).toEqual({ ok: false, reason: "briefClosed" });
    expect(decide("delivered", "deliver", "api", none)).toEqual({ ok: false, reason: "alreadyDelivered" });
    expect(decide("briefDue", "accept", "customer", none)).toEqual({ ok: false, reason: "notDelivered" });
    expect(decide("inProgress", "askRevision", "customer", none)).toEqual({ ok: false, reason: "notDelivered" });
    expect(decide("delivered", "askRevision", "customer", none)).toEqual({ ok: false, reason: "revisionLimit" });
    expect(decide("revisionAsked", "accept", "customer", none)).toEqual({ ok: false, reason: "alreadyAnswered" });
    expect(decide("accepted", "askRevision", "customer", none)).toEqual({ ok: false, reason: "alreadyAnswered" });
    for (const event of ["sendBrief", "deliver", "askRevision", "accept"] as const)
      expect(decide("closed", event, EVENTS[event].by[0]!, { allowanceLeft: true, roundsLeft: true })).toEqual({
        ok: false,
        reason: "workClosed",
      });
    // Who may fire what: the customer cannot deliver, the API cannot accept for the customer.
    expect(decide("briefDue", "deliver", "customer", none)).toEqual({ ok: false, reason: "eventRefused" });
    expect(decide("delivered", "accept", "api", none)).toEqual({ ok: false, reason: "eventRefused" });
  });

  test("a subscription's month: its brief open while pieces are left, each piece accepted on its own, a renewal opens the next", () => {
    const month = { allowanceLeft: true, roundsLeft: true, pieceOpen: true };
    // Two of eight videos delivered: the month's topics can still be added to, and each piece accepted.
    expect(decide("delivered", "sendBrief", "customer", month)).toEqual({ ok: true, to: "delivered" });
    expect(decide("accepted", "accept", "customer", month)).toEqual({ ok: true, to: "accepted" });
    expect(decide("accepted", "deliver", "api", month)).toEqual({ ok: true, to: "delivered" });
    // The eighth delivered: the brief closes until the renewal, which opens the next month at briefDue.
    const full = { ...month, allowanceLeft: false };
    expect(decide("accepted", "sendBrief", "customer", full)).toEqual({ ok: false, reason: "briefClosed" });
    expect(decide("accepted", "renew", "stripe", full)).toEqual({ ok: true, to: "briefDue" });
    // A piece already accepted (or replaced by a revision's answer) cannot be accepted again.
    expect(decide("accepted", "accept", "customer", { ...month, pieceOpen: false })).toEqual({
      ok: false,
      reason: "alreadyAnswered",
    });
    // A renewal of closed work leaves it closed.
    expect(decide("closed", "renew", "stripe", month)).toEqual({ ok: true, to: "closed" });
  });

  test("money, in every state and by every actor: who may fire it (written out by hand), and the reason a closure is stored with", () => {
    /** Who fires money: the owner (back office) and Stripe refund; the customer (manage page) cancels too; the sandbox's worker ends a subscription at its period's end. */
    const WHO: Record<(typeof MONEY_EVENTS)[number], string[]> = {
      refundPartial: ["owner", "stripe"],
      refundFull: ["owner", "stripe"],
      cancelAtPeriodEnd: ["owner", "customer", "stripe"],
      cancelNow: ["owner", "customer", "stripe", "worker"],
    };
    const WHY = { refundPartial: null, refundFull: "refunded", cancelAtPeriodEnd: null, cancelNow: "cancelled" };
    const facts = { allowanceLeft: true, roundsLeft: true, pieceOpen: true };
    for (const event of MONEY_EVENTS) {
      for (const state of WORK_STATES)
        for (const actor of ACTORS) {
          const decision = decide(state, event, actor, facts);
          const label = `${state} × ${event} by ${actor}`;
          if (!WHO[event].includes(actor)) {
            expect(decision, label).toEqual({ ok: false, reason: "eventRefused" });
            continue;
          }
          // Closing: to closed from any open state with the event's reason; closed stays closed.
          expect(decision, label).toEqual({ ok: true, to: WHY[event] || state === "closed" ? "closed" : state });
        }
      if (WHY[event]) expect(closedByOf(event)).toBe(WHY[event]);
    }
  });

  test("each event names who fires it and what it sends; every state's row names only known events", () => {
    for (const event of WORK_EVENTS) {
      expect(EVENTS[event].by.length, event).toBeGreaterThan(0);
      expect(EVENTS[event].timeline, event).toBeTruthy();
    }
    for (const state of WORK_STATES)
      for (const event of Object.keys(TRANSITIONS[state])) expect(WORK_EVENTS).toContain(event);
  });

  test("the state read from what is stored: closed first, then a revision waiting, the acceptance, a delivery, the brief", () => {
    const base = { closed: false, briefReceived: false, delivered: false, openRevision: false, accepted: false };
    expect(stateOf(base)).toBe("briefDue");
    expect(stateOf({ ...base, briefReceived: true })).toBe("inProgress");
    expect(stateOf({ ...base, briefReceived: true, delivered: true })).toBe("delivered");
    expect(stateOf({ ...base, delivered: true, openRevision: true })).toBe("revisionAsked");
    expect(stateOf({ ...base, delivered: true, accepted: true })).toBe("accepted");
    expect(stateOf({ ...base, delivered: true, accepted: true, closed: true })).toBe("closed");
  });
});
