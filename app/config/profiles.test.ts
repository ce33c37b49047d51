import { describe, expect, test } from "vitest";
import { formatFollowers } from "../i18n/format.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { initials } from "./profiles.ts";

describe("follower counts", () => {
  test("every figure on the page is grouped the same way (German: 25.000 and 7.000, not 7000)", () => {
    expect(formatFollowers(25_000, "de")).toBe("25.000");
    expect(formatFollowers(7_000, "de")).toBe("7.000");
    for (const lang of LANGUAGES) {
      const [big, small] = [formatFollowers(116_000, lang), formatFollowers(7_000, lang)];
      // Either both abbreviated ("116 k", "7 k") or both written out with a group separator.
      const abbreviated = (text: string) => /\p{L}/u.test(text);
      expect(abbreviated(big), `${lang}: ${big} / ${small}`).toBe(abbreviated(small));
      if (!abbreviated(small)) expect(small, lang).toMatch(/^7\D000$/);
    }
  });

  test("monogram initials: first and last name, any alphabet", () => {
    expect(initials("Camille Laurent")).toBe("CL");
    expect(initials("  Alex  ")).toBe("A");
    expect(initials("Émile de la Tour")).toBe("ÉT");
  });
});
