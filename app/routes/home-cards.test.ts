import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../i18n/languages.ts";
import { OFFER_CARDS } from "./home.tsx";

// The home page's offer cards find their words by page id: a card added in code without its text
// (or text left for a card that is gone) fails here, in every language, instead of shifting the
// other cards' texts by one.
describe("home offer cards", () => {
  it.each(LANGUAGES)("every card has its name and text in %s, and every text has its card", (lang) => {
    const items = JSON.parse(fs.readFileSync(`locales/${lang}/home.json`, "utf8")).offers.items as Record<
      string,
      { title?: string; text?: string }
    >;
    expect(Object.keys(items).sort()).toEqual(OFFER_CARDS.map((card) => card.page).sort());
    const names = JSON.parse(fs.readFileSync(`locales/${lang}/offers.json`, "utf8")) as Record<
      string,
      { name?: string }
    >;
    for (const card of OFFER_CARDS) {
      // A card is titled by its page's one name (offers.json): no second title here.
      expect(items[card.page]?.title, `${lang} ${card.page}.title`).toBeUndefined();
      expect(names[card.page]?.name, `${lang} offers.json ${card.page}.name`).toBeTruthy();
      expect(items[card.page]?.text, `${lang} ${card.page}.text`).toBeTruthy();
    }
  });
});
