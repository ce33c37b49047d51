import { describe, expect, test } from "vitest";
import {
  BILLING_EMAIL,
  CONFIRMATION_EMAIL,
  DELIVERED_EMAIL,
  OWNER_PAID_EMAIL,
  OWNER_RESET_EMAIL,
  OWNER_SETUP_EMAIL,
  OWNER_UNLOCK_EMAIL,
  QUOTE_EMAIL_KINDS,
  deliveredKind,
  emailKind,
  emailKindKey,
  emailKindLabel,
  ownerFailureKind,
  parseEmailKind,
} from "./email-kinds.ts";
import type { OutboxStore } from "./types.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";

/** Every kind the site writes, suffixes included (a date, an event id, a counter, an outbox id). */
const KINDS = [
  CONFIRMATION_EMAIL,
  "resend-2",
  "admin-resend-1",
  OWNER_PAID_EMAIL,
  OWNER_UNLOCK_EMAIL,
  OWNER_SETUP_EMAIL,
  OWNER_RESET_EMAIL,
  DELIVERED_EMAIL,
  ownerFailureKind(42),
  QUOTE_EMAIL_KINDS.ack,
  QUOTE_EMAIL_KINDS.owner,
  BILLING_EMAIL.paymentFailed("in_1"),
  BILLING_EMAIL.renewal("in_2"),
  BILLING_EMAIL.subscriptionEnded,
  BILLING_EMAIL.manageLink("2026-11-26T10:00:00Z"),
  BILLING_EMAIL.cancellationConfirmed("2026-12-24T00:00:00.000Z"),
  BILLING_EMAIL.ownerCancellation,
  BILLING_EMAIL.refundIssued("re_1", 4500),
  BILLING_EMAIL.ownerRefund("ch_1", 4500),
  BILLING_EMAIL.ownerDispute("dp_1", 9000),
  BILLING_EMAIL.ownerDisputeClosed("dp_1", "won"),
  BILLING_EMAIL.ownerPaused("evt_1"),
  BILLING_EMAIL.ownerUnhandled("evt_2.customer.subscription.updated"),
  emailKind("owner-webhook-paused", { endpointId: "env", pausedAt: Date.parse("2026-11-28T04:00:00.000Z") }),
];

describe("email kinds in the owner's words", () => {
  test("a kind and its suffixed variants share one label", () => {
    const t = translator("en", "admin");
    expect(emailKindLabel(OWNER_PAID_EMAIL, t)).toBe("New paid order (to you)");
    expect(emailKindLabel(CONFIRMATION_EMAIL, t)).toBe("Order confirmation");
    expect(emailKindLabel(BILLING_EMAIL.cancellationConfirmed("2026-12-24T00:00:00Z"), t)).toBe(
      "Cancellation confirmation",
    );
    expect(emailKindLabel(BILLING_EMAIL.ownerPaused("evt_9"), t)).toBe(
      emailKindLabel(BILLING_EMAIL.ownerPaused("evt_1"), t),
    );
    expect(emailKindLabel("resend-1", t)).not.toBe(emailKindLabel("admin-resend-1", t));
  });

  test.each(LANGUAGES)("every kind the site writes has words in %s, distinct from the others", (lang) => {
    const t = translator(lang, "admin");
    const labels = KINDS.map((kind) => emailKindLabel(kind, t));
    for (const [i, label] of labels.entries()) {
      expect(label, KINDS[i]).not.toBe(KINDS[i]);
      expect(label, KINDS[i]).not.toMatch(/^emailKinds\./);
      expect(label.trim(), KINDS[i]).not.toBe("");
    }
    // Two kinds of the same family (resend-1, resend-2) are one entry of KINDS, so no two labels repeat.
    expect(new Set(labels).size).toBe(labels.length);
  });

  test("a kind this version never writes is shown as it is", () => {
    expect(emailKindLabel("something-new.1", translator("fr", "admin"))).toBe("something-new.1");
  });
});

describe("a stored kind read back: parseEmailKind", () => {
  test.each([
    ["confirmation", { kind: "confirmation", key: null, payload: undefined }],
    ["resend-2", { kind: "resend", key: "2", payload: { copy: 2 } }],
    ["admin-resend-1", { kind: "admin-resend", key: "1", payload: { copy: 1 } }],
    ["owner-email-failed-42", { kind: "owner-email-failed", key: "42", payload: { outboxId: 42 } }],
    ["delivered", { kind: "delivered", key: null, payload: { period: null } }],
    [
      "delivered.2026-12-24T00:00:00Z",
      { kind: "delivered", key: "2026-12-24T00:00:00Z", payload: { period: "2026-12-24T00:00:00Z" } },
    ],
    [
      "refund-issued.re_1.4500",
      { kind: "refund-issued", key: "re_1.4500", payload: { refundId: "re_1", amount: 4500 } },
    ],
    [
      "owner-dispute-closed.dp_1.warning_closed",
      {
        kind: "owner-dispute-closed",
        key: "dp_1.warning_closed",
        payload: { disputeId: "dp_1", status: "warning_closed" },
      },
    ],
    [
      "owner-unhandled.evt_2.customer.subscription.updated",
      {
        kind: "owner-unhandled",
        key: "evt_2.customer.subscription.updated",
        payload: { eventId: "evt_2.customer.subscription.updated" },
      },
    ],
    [
      "cancellation-confirmed.2026-12-24T00:00:00Z",
      { kind: "cancellation-confirmed", key: "2026-12-24T00:00:00Z", payload: { periodEnd: "2026-12-24T00:00:00Z" } },
    ],
    ["subscription-ended", { kind: "subscription-ended", key: null, payload: undefined }],
    [
      "owner-webhook-paused.env.1795838400000",
      {
        kind: "owner-webhook-paused",
        key: "env.1795838400000",
        payload: { endpointId: "env", pausedAt: 1795838400000 },
      },
    ],
  ])("%s", (stored, parsed) => {
    expect(parseEmailKind(stored)).toEqual(parsed);
  });

  test("every kind the site writes reads back as itself, with the same key as data", () => {
    for (const stored of KINDS) {
      const parsed = parseEmailKind(stored);
      expect(parsed, stored).not.toBeNull();
      const written =
        parsed!.payload === undefined
          ? emailKind(parsed!.kind as "confirmation")
          : emailKind(parsed!.kind as "renewal", parsed!.payload as { invoiceId: string });
      expect(written, stored).toBe(stored);
    }
    // Dates are written without milliseconds, so one instant is one kind.
    expect(BILLING_EMAIL.cancellationConfirmed("2026-12-24T00:00:00.000Z")).toBe(
      "cancellation-confirmed.2026-12-24T00:00:00Z",
    );
    expect(deliveredKind("2027-01-24T00:00:00.000Z", 1)).toBe("delivered.2027-01-24T00:00:00Z");
    expect(deliveredKind("2027-01-24T00:00:00.000Z", 0)).toBe("delivered");
  });

  test.each([
    "newsletter",
    "newsletter.1",
    "owner-paid-3",
    "owner-paid.3",
    "confirmation.1",
    "resend-",
    "resend-x",
    "resend.2",
    "renewal",
    "refund-issued",
    "refund-issued.re_1",
    "refund-issued.re_1.",
    "owner-email-failed-",
    "__proto__",
    "constructor",
    "toString",
    "",
  ])("%j is no kind this version writes", (stored) => {
    expect(parseEmailKind(stored)).toBeNull();
    expect(emailKindKey(stored)).toBeNull();
  });

  test("an unknown kind, a missing key or a wrong payload is a type error (npm run typecheck checks these lines)", () => {
    // Never called: the lines below are checked by the compiler, not run.
    const wrong = (store: OutboxStore) => [
      // @ts-expect-error no email of this kind exists
      store.enqueueEmail("ord_1", "newsletter"),
      // @ts-expect-error a kind with a key is never stored without it
      store.enqueueQuoteEmail("quo_1", "owner-refund"),
      // @ts-expect-error the owner notice's key follows a dash, not a dot
      store.enqueueEmail("ord_1", "owner-email-failed.3"),
      // @ts-expect-error no email of this kind exists
      emailKind("newsletter"),
      // @ts-expect-error a refund's email names its amount
      emailKind("refund-issued", { refundId: "re_1" }),
      // @ts-expect-error the confirmation has no key
      emailKind("confirmation", { copy: 1 }),
    ];
    expect(typeof wrong).toBe("function");
  });
});
