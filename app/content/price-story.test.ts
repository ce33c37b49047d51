import { describe, expect, test } from "vitest";
import { LANGUAGES } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import { getOffer, OFFER_IDS, type Currency } from "./offers.ts";
import { firstMonthlyCharge, priceLine, priceStory } from "./price-story.ts";
import { CGV, TOS } from "./terms.ts";

/** Intl puts a no-break space between amount and symbol in fr/de/it…: compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
const line = (offer: (typeof OFFER_IDS)[number], lang: (typeof LANGUAGES)[number], date?: Date) =>
  plain(priceLine(translator(lang, "common"), getOffer(offer).price(lang), lang, date).text);

describe("the price story", () => {
  test("says what is charged today, each later month and from when, for every offer", () => {
    const date = new Date("2026-12-24T10:00:00Z");
    expect(line("formateur-ia", "en", date)).toBe("Set-up €497 + first month €39 = €536 today, then €39 a month from 24 December 2026.");
    expect(line("short-videos", "en", date)).toBe("Set-up €497 today (first month included), then €100 a month from 24 December 2026.");
    expect(line("veo3-subscription", "en", date)).toBe("£490 today for the first month, then £490 a month from 24 December 2026.");
    expect(line("veo3-subscription", "de", date)).toBe("490 € heute für den ersten Monat, danach 490 € pro Monat ab dem 24. Dezember 2026.");
    expect(line("veo3-pack", "en")).toBe("£197 today, paid once.");
    expect(line("test-workflow", "fr")).toBe("1 € aujourd'hui, en un seul paiement.");
    expect(line("formateur-ia", "it")).toBe("Configurazione 497 € + primo mese 39 € = 536 € oggi, poi 39 € al mese da un mese dopo il tuo ordine.");
  });

  test("today's amount is the catalogue's amount due now, in every language", () => {
    for (const lang of LANGUAGES) {
      for (const offer of OFFER_IDS) {
        const price = getOffer(offer).price(lang);
        const story = priceStory(price);
        expect(story.today).toBe((price.oneTime ?? 0) + (price.monthly && !price.monthlyStartsAfterMonths ? price.monthly : 0));
        expect(line(offer, lang)).not.toMatch(/\{\{|price\./);
      }
    }
  });

  test("the first monthly charge: one calendar month later (end of month kept), or after the trial bought by the set-up fee", () => {
    const agent = getOffer("formateur-ia").price("fr");
    expect(firstMonthlyCharge(agent, new Date("2026-11-24T09:00:00Z"))!.toISOString()).toBe("2026-12-24T09:00:00.000Z");
    expect(firstMonthlyCharge(agent, new Date("2027-01-31T09:00:00Z"))!.toISOString()).toBe("2027-02-28T09:00:00.000Z");
    expect(firstMonthlyCharge(getOffer("short-videos").price("fr"), new Date("2026-11-24T09:00:00Z"))!.toISOString()).toBe("2026-12-24T09:00:00.000Z");
    expect(firstMonthlyCharge(getOffer("veo3-single").price("en"), new Date())).toBeNull();
  });
});

describe("the terms agree with the prices", () => {
  // English readers get the terms of service, everyone else the French terms of sale (site footer).
  const readers = { en: TOS, fr: CGV, es: CGV, de: CGV, pt: CGV, it: CGV } as const;
  const names: Record<Currency, { fr: RegExp; en: RegExp }> = {
    EUR: { fr: /\beuros\b/, en: /\beuros\b/ },
    GBP: { fr: /livres sterling/, en: /pounds sterling/ },
  };

  test("every currency a reader can be charged in is named in the terms they read, and taxes are included", () => {
    for (const lang of LANGUAGES) {
      const terms = readers[lang];
      const prices = terms.sections.find((section) => section.clause === "prices")!.paragraphs.join(" ");
      const currencies = new Set(OFFER_IDS.map((offer) => getOffer(offer).price(lang).currency));
      for (const currency of currencies) expect(prices, `${lang} reads ${terms.lang} terms: ${currency}`).toMatch(names[currency][terms.lang]);
      expect(prices).toMatch(terms.lang === "fr" ? /toutes taxes comprises/ : /include all applicable taxes/);
    }
  });
});
