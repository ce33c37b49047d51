import { describe, expect, test } from "vitest";
import { LANGUAGES, type Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import { getOffer, OFFER_IDS, type Currency } from "./offers.ts";
import { firstMonthlyCharge, priceLine, priceStory } from "./price-story.ts";
import { TERMS_TEXTS, governingTerms, termsForOrder, type TermsDocument } from "./terms.ts";

/** Intl puts a no-break space between amount and symbol in fr/de/it…: compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const line = (offer: (typeof OFFER_IDS)[number], lang: (typeof LANGUAGES)[number], date?: Date) =>
  plain(priceLine(translator(lang, "common"), getOffer(offer).price(lang), lang, date).text);

describe("the price story", () => {
  test("says what is charged today, each later month and from when, for every offer", () => {
    const date = new Date("2026-12-24T10:00:00Z");
    expect(line("formateur-ia", "en", date)).toBe(
      "Set-up €497 + first month €39 = €536 today, then €39 a month from 24 December 2026.",
    );
    expect(line("short-videos", "en", date)).toBe(
      "Set-up €497 today (first month included), then €100 a month from 24 December 2026.",
    );
    expect(line("veo3-subscription", "en", date)).toBe(
      "£490 today for the first month, then £490 a month from 24 December 2026.",
    );
    expect(line("veo3-subscription", "de", date)).toBe(
      "490 € heute für den ersten Monat, danach 490 € pro Monat ab dem 24. Dezember 2026.",
    );
    expect(line("veo3-pack", "en")).toBe("£197 today, paid once.");
    expect(line("test-workflow", "fr")).toBe("1 € aujourd’hui, en un seul paiement.");
    expect(line("formateur-ia", "it")).toBe(
      "Configurazione 497 € + primo mese 39 € = 536 € oggi, poi 39 € al mese da un mese dopo il tuo ordine.",
    );
  });

  test("today's amount is the catalogue's amount due now, in every language", () => {
    for (const lang of LANGUAGES) {
      for (const offer of OFFER_IDS) {
        const price = getOffer(offer).price(lang);
        const story = priceStory(price);
        expect(story.today).toBe(
          (price.oneTime ?? 0) + (price.monthly && !price.monthlyStartsAfterMonths ? price.monthly : 0),
        );
        expect(line(offer, lang)).not.toMatch(/\{\{|price\./);
      }
    }
  });

  test("the first monthly charge: one calendar month later (end of month kept), or after the trial bought by the set-up fee", () => {
    const agent = getOffer("formateur-ia").price("fr");
    expect(firstMonthlyCharge(agent, new Date("2026-11-24T09:00:00Z"))!.toISOString()).toBe("2026-12-24T09:00:00.000Z");
    expect(firstMonthlyCharge(agent, new Date("2027-01-31T09:00:00Z"))!.toISOString()).toBe("2027-02-28T09:00:00.000Z");
    expect(
      firstMonthlyCharge(getOffer("short-videos").price("fr"), new Date("2026-11-24T09:00:00Z"))!.toISOString(),
    ).toBe("2026-12-24T09:00:00.000Z");
    expect(firstMonthlyCharge(getOffer("veo3-single").price("en"), new Date())).toBeNull();
  });
});

describe("the terms agree with the prices", () => {
  // The text that governs an order, and the one its buyer reads (the CGV's translation in de/es/pt/it).
  const names: Record<Currency, Record<Language, RegExp>> = {
    EUR: { fr: /\beuros\b/, en: /\beuros\b/, de: /\bEuro\b/, es: /\beuros\b/, pt: /\beuros\b/, it: /\beuro\b/ },
    GBP: {
      fr: /livres sterling/,
      en: /pounds sterling/,
      de: /Pfund Sterling/,
      es: /libras esterlinas/,
      pt: /libras esterlinas/,
      it: /sterline/,
    },
  };
  const taxes: Record<Language, RegExp> = {
    fr: /toutes taxes comprises/,
    en: /include all applicable taxes/,
    de: /einschließlich aller Steuern/,
    es: /impuestos incluidos/,
    pt: /todos os impostos incluídos/,
    it: /comprensivi di tutte le imposte/,
  };
  const pricesClause = (doc: TermsDocument) =>
    doc.sections.find((section) => section.clause === "prices")!.paragraphs.join(" ");

  test("every currency an order can be charged in is declared and named by the terms that govern it, in the text its buyer reads, taxes included", () => {
    for (const lang of LANGUAGES) {
      const governing = governingTerms(lang);
      const { doc: read } = termsForOrder(lang);
      const currencies = new Set(OFFER_IDS.map((offer) => getOffer(offer).price(lang).currency));
      for (const currency of currencies) {
        expect(governing.currencies, `${lang} orders are governed by ${governing.id}: ${currency}`).toContain(currency);
        expect(pricesClause(governing), `${governing.id} names ${currency}`).toMatch(names[currency][governing.lang]);
        expect(pricesClause(read), `${lang} buyers read ${read.lang}: ${currency}`).toMatch(names[currency][read.lang]);
      }
      expect(pricesClause(read)).toMatch(taxes[read.lang]);
    }
  });

  test("a text names no currency it never charges (the CGV govern no order in pounds)", () => {
    for (const doc of TERMS_TEXTS) {
      const governed = LANGUAGES.filter((lang) => governingTerms(lang).id === doc.id);
      const charged = new Set(
        governed.flatMap((lang) => OFFER_IDS.map((offer) => getOffer(offer).price(lang).currency)),
      );
      expect([...doc.currencies].sort(), `${doc.id} (${doc.lang})`).toEqual([...charged].sort());
      for (const currency of ["EUR", "GBP"] as const) {
        if (!charged.has(currency))
          expect(pricesClause(doc), `${doc.id} (${doc.lang}) names ${currency}`).not.toMatch(names[currency][doc.lang]);
      }
    }
  });
});
