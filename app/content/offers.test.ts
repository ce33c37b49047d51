import { describe, expect, test } from "vitest";
import { LANGUAGES } from "../i18n/languages.ts";
import { OFFERS, OFFER_IDS, amountDueNow, checkoutMode, isOfferId } from "./offers.ts";
import { orderHref } from "../i18n/site-map.ts";
import { formatMoney } from "../i18n/format.ts";

describe("offer catalogue", () => {
  test("spec prices", () => {
    expect(OFFERS["test-workflow"].price("fr")).toEqual({ currency: "EUR", oneTime: 100 });
    expect(OFFERS["short-videos"].price("de")).toMatchObject({
      oneTime: 49_700,
      monthly: 10_000,
      monthlyStartsAfterMonths: 1,
    });
    expect(OFFERS["formateur-ia"].price("it")).toMatchObject({ currency: "EUR", oneTime: 49_700, monthly: 3_900 });
    expect(OFFERS["veo3-single"].price("en")).toEqual({ currency: "GBP", oneTime: 4_900 });
    expect(OFFERS["veo3-pack"].price("es")).toEqual({ currency: "EUR", oneTime: 19_700 });
    expect(OFFERS["veo3-subscription"].price("en")).toEqual({ currency: "GBP", monthly: 49_000 });
  });

  test("pounds only for Veo3 in English", () => {
    for (const id of OFFER_IDS) {
      for (const lang of LANGUAGES) {
        const { currency } = OFFERS[id].price(lang);
        expect(currency, `${id}/${lang}`).toBe(id.startsWith("veo3") && lang === "en" ? "GBP" : "EUR");
      }
    }
  });

  test("checkout mode and amount due now", () => {
    expect(checkoutMode(OFFERS["test-workflow"].price("fr"))).toBe("payment");
    expect(checkoutMode(OFFERS["short-videos"].price("fr"))).toBe("subscription");
    expect(amountDueNow(OFFERS["short-videos"].price("fr"))).toBe(49_700);
    expect(amountDueNow(OFFERS["formateur-ia"].price("fr"))).toBe(49_700 + 3_900);
    expect(amountDueNow(OFFERS["veo3-subscription"].price("fr"))).toBe(49_000);
  });

  test("formatting per locale", () => {
    expect(formatMoney(100, "EUR", "fr")).toMatch(/^1\s€$/);
    expect(formatMoney(4_900, "GBP", "en")).toBe("£49");
    expect(formatMoney(49_700, "EUR", "de")).toMatch(/^497\s€$/);
    expect(formatMoney(1_050, "EUR", "en")).toBe("€10.50");
  });

  test("ids and order links", () => {
    expect(isOfferId("veo3-pack")).toBe(true);
    expect(isOfferId("nope")).toBe(false);
    expect(isOfferId("__proto__")).toBe(false);
    expect(orderHref("test-workflow", "fr")).toBe("/commander?offre=test-workflow");
    expect(orderHref("test-workflow", "de")).toBe("/commander?offre=test-workflow&lang=de");
  });
});
