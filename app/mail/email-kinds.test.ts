import { describe, expect, test } from "vitest";
import { BILLING_EMAIL, CONFIRMATION_EMAIL, DELIVERED_EMAIL, OWNER_PAID_EMAIL, OWNER_UNLOCK_EMAIL, QUOTE_EMAIL_KINDS, emailKindLabel, ownerFailureKind, ownerWebhookPausedKind } from "./email-kinds.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";

/** Every kind the site writes, suffixes included (a date, an event id, a counter, an outbox id). */
const KINDS = [
  CONFIRMATION_EMAIL,
  "resend-2",
  "admin-resend-1",
  OWNER_PAID_EMAIL,
  OWNER_UNLOCK_EMAIL,
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
  BILLING_EMAIL.ownerRefund("ch_1", 4500),
  BILLING_EMAIL.ownerDispute("dp_1", 9000),
  BILLING_EMAIL.ownerDisputeClosed("dp_1", "won"),
  BILLING_EMAIL.ownerPaused("evt_1"),
  BILLING_EMAIL.ownerUnhandled("evt_2.customer.subscription.updated"),
  ownerWebhookPausedKind("env", "2026-11-28T04:00:00.000Z"),
];

describe("email kinds in the owner's words", () => {
  test("a kind and its suffixed variants share one label", () => {
    const t = translator("en", "admin");
    expect(emailKindLabel(OWNER_PAID_EMAIL, t)).toBe("New paid order (to you)");
    expect(emailKindLabel(CONFIRMATION_EMAIL, t)).toBe("Order confirmation");
    expect(emailKindLabel(BILLING_EMAIL.cancellationConfirmed("2026-12-24T00:00:00Z"), t)).toBe("Cancellation confirmation");
    expect(emailKindLabel(BILLING_EMAIL.ownerPaused("evt_9"), t)).toBe(emailKindLabel(BILLING_EMAIL.ownerPaused("evt_1"), t));
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
