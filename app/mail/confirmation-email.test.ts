import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { OFFERS, ORDER_FORM_FIELDS, type OrderFieldName } from "../content/offers.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { renderConfirmationEmail, orderSummary } from "./confirmation-email.server.ts";
import { nextSteps } from "./next-steps.server.ts";
import type { Order } from "../orders/types.ts";

const base: Order = {
  id: "ord_20261124_000000000001",
  submissionToken: "t".repeat(20),
  state: "paid",
  lang: "de",
  offer: "short-videos",
  currency: "EUR",
  amountDueNow: 49_700,
  monthly: 10_000,
  customer: {
    firstName: "Jo",
    lastName: "Li",
    email: "jo@example.com",
    companyName: "",
    videoTopic: "Rezepte",
    videoBrand: "",
    videoLanguage: "it",
    comments: "",
  },
  provider: "sandbox",
  sessionId: "sbx_1",
  checkoutUrl: null,
  failureReason: null,
  createdAt: "2026-11-24T22:30:00.000Z",
  updatedAt: "2026-11-24T22:30:00.000Z",
  paidAt: "2026-11-24T23:30:00.000Z",
  customerRef: null,
  subscriptionRef: null,
  billingState: null,
  periodEnd: null,
  subscriptionStatus: null,
  reference: "LA-1001",
  acceptance: {
    acceptedAt: "2026-11-24T22:29:00.000Z",
    termsVersion: "cgv-2026-11-26",
    termsLang: "de",
    immediateStart: "service",
  },
};

describe("confirmation email", () => {
  test("dates in the customer's language and Europe/Paris, not UTC", () => {
    const email = renderConfirmationEmail(base, { contactEmail: "hello@example.com" });
    // 23:30 UTC is 00:30 the next day in Paris (CET).
    expect(email.text).toContain("25. November 2026");
    expect(email.text).toMatch(/00:30/);
    expect(email.text).not.toContain("UTC");
  });

  test("says what happens next for this offer, with its delivery time and first monthly charge", () => {
    const email = renderConfirmationEmail(base, { contactEmail: "hello@example.com" });
    expect(email.text).toContain("innerhalb von 48 Stunden");
    expect(email.text).toMatch(/Danach 100\s€ pro Monat ab dem 25\. Dezember 2026/);
    const test = nextSteps({ ...base, offer: "test-workflow", monthly: 0, lang: "en" }, "en");
    // The brief first, for every offer (the test workflow once said nothing else was needed).
    expect(test).toEqual([
      expect.stringContaining("Send your brief"),
      expect.stringContaining("topic"),
      "Your test video is delivered within 24 hours, by email.",
    ]);
    expect(test.join(" ")).not.toMatch(/nothing else/i);
  });

  test("the summary lists the offer's own answers in the reader's language", () => {
    const rows = orderSummary(base, "es");
    expect(rows).toContainEqual(["Tema", "Rezepte"]);
    expect(rows).toContainEqual(["Idioma de los vídeos", "Italiano"]);
    expect(rows.map(([label]) => label)).not.toContain("Telegram");
  });

  test("every answer of every offer has a label in every language (no raw keys)", () => {
    for (const offer of ["formateur-ia", "short-videos", "test-workflow"] as const) {
      const fields: readonly OrderFieldName[] = ORDER_FORM_FIELDS[OFFERS[offer].kind];
      const customer = Object.fromEntries(
        fields.map((field) => [field, field === "videoLanguage" ? "fr" : field === "connectZapier" ? "oui" : "x"]),
      );
      for (const lang of LANGUAGES) {
        const labels = orderSummary({ ...base, offer, customer: customer as Order["customer"] }, lang).map(
          ([label]) => label,
        );
        expect(labels.length, `${offer} ${lang}`).toBeGreaterThanOrEqual(fields.length + 1);
        expect(
          labels.filter((label) => label.startsWith("summary.")),
          lang,
        ).toEqual([]);
      }
    }
  });

  test("repeats what the buyer agreed to, in the words they were shown: the terms' version, language and time, and the waiver", () => {
    const email = renderConfirmationEmail(base, { contactEmail: "hello@example.com" });
    const de = JSON.parse(readFileSync("locales/de/order.json", "utf8"));
    expect(email.text).toContain("Was Sie akzeptiert haben");
    // The German translation of the CGV, version of 26 November 2026, read in German, accepted at 23:29 Paris time.
    expect(email.text).toMatch(
      /- Akzeptierte Bedingungen: Allgemeine Geschäftsbedingungen, Stand: 26\. November 2026, gelesen auf Deutsch; akzeptiert am 24\. November 2026 um 23:29/,
    );
    expect(email.text).toContain(`- Sofortige Ausführung verlangt: „${de.form.immediateStart.service}“`);
    expect(email.html).toMatch(/<div data-acceptance>[\s\S]*Sofortige Ausführung verlangt/);
    // An order from before acceptance was recorded says nothing it cannot prove.
    const older = renderConfirmationEmail({ ...base, acceptance: null }, { contactEmail: "hello@example.com" });
    expect(older.text).not.toContain("Was Sie akzeptiert haben");
    // Every language has every label (no raw keys), for both kinds of waiver.
    for (const lang of LANGUAGES) {
      for (const immediateStart of ["service", "digital-content"] as const) {
        const text = renderConfirmationEmail(
          { ...base, lang, acceptance: { ...base.acceptance!, immediateStart } },
          { contactEmail: "x@example.com" },
        ).text;
        expect(text, `${lang} ${immediateStart}`).not.toMatch(/summary\.|form\.immediateStart|acceptanceTitle|\{\{/);
      }
    }
  });

  test("is branded: the site's name as a mark and a heading", () => {
    const email = renderConfirmationEmail(base, {
      contactEmail: "hello@example.com",
      publicOrigin: "https://example.com",
    });
    expect(email.html).toContain('href="https://example.com"');
    expect(email.html).toContain("linear-gradient");
  });
});
