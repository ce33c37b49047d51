import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../i18n/languages.ts";
import { soleOffer } from "../content/structured-data.ts";
import { OFFER_CARDS } from "./home.tsx";

// The home page's offer cards find their words by page id: a card added in code without its text
// (or text left for a card that is gone) fails here, in every language, instead of shifting the
// other cards' texts by one.
describe("home offer cards", () => {
  it.each(LANGUAGES)("every card has its title and text in %s, and every text has its card", (lang) => {
    const items = JSON.parse(fs.readFileSync(`locales/${lang}/home.json`, "utf8")).offers.items as Record<
      string,
      { title?: string; text?: string }
    >;
    expect(Object.keys(items).sort()).toEqual(OFFER_CARDS.map((card) => card.page).sort());
    for (const card of OFFER_CARDS) {
      // A page that sells one catalogue offer is named by it (offers.json): no second title here.
      if (soleOffer(card.page)) expect(items[card.page]?.title, `${lang} ${card.page}.title`).toBeUndefined();
      else expect(items[card.page]?.title, `${lang} ${card.page}.title`).toBeTruthy();
      expect(items[card.page]?.text, `${lang} ${card.page}.text`).toBeTruthy();
    }
  });
});
