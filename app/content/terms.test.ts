import { describe, expect, test } from "vitest";
import { LANGUAGES } from "../i18n/languages.ts";
import {
  CGV,
  REQUIRED_CLAUSES,
  TERMS_TEXTS,
  TOS,
  governingTerms,
  termsForOrder,
  termsText,
  termsVersion,
} from "./terms.ts";

describe("which terms govern which order", () => {
  test("English orders: the English Terms of Service; every other language: the French CGV", () => {
    for (const lang of LANGUAGES) expect(governingTerms(lang), lang).toBe(lang === "en" ? TOS : CGV);
    expect(termsVersion("en")).toBe(`tos-${TOS.updated}`);
    expect(termsVersion("de")).toBe(`cgv-${CGV.updated}`);
  });

  test("buyers in de, es, pt and it read the CGV in their language; fr and en read the governing original", () => {
    for (const lang of LANGUAGES) {
      const { doc, original, translated } = termsForOrder(lang);
      expect(original, lang).toBe(governingTerms(lang));
      expect(translated, lang).toBe(["de", "es", "pt", "it"].includes(lang));
      expect(doc.lang, lang).toBe(lang);
      expect(doc.id).toBe(original.id);
    }
    // The English Terms have no translation: every reader of /tos reads the English text.
    for (const lang of LANGUAGES) expect(termsText("tos", lang).doc).toBe(TOS);
  });

  test("each translation has the original's version, sections and clauses, in order, and every text every required clause", () => {
    const shape = (doc: typeof CGV) =>
      doc.sections.map((section) => `${section.id}:${section.clause ?? ""}:${section.paragraphs.length}`);
    for (const doc of TERMS_TEXTS) {
      for (const clause of REQUIRED_CLAUSES)
        expect(
          doc.sections.some((section) => section.clause === clause),
          `${doc.id}/${doc.lang} ${clause}`,
        ).toBe(true);
      if (doc.id !== "cgv" || doc === CGV) continue;
      expect(doc.updated).toBe(CGV.updated);
      expect(shape(doc), doc.lang).toEqual(shape(CGV));
      expect(doc.intro).not.toBe(CGV.intro);
    }
    expect(
      TERMS_TEXTS.filter((doc) => doc.id === "cgv")
        .map((doc) => doc.lang)
        .sort(),
    ).toEqual(["de", "es", "fr", "it", "pt"]);
  });
});
