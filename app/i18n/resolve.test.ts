import { describe, expect, test } from "vitest";
import { languageFromAcceptLanguage, languageFromPath, resolveLanguage } from "./resolve.ts";

describe("resolveLanguage", () => {
  test.each([
    // [pathname, ?lang, cookie, Accept-Language, expected lang, expected source]
    ["/", null, null, null, "en", "fallback"],
    ["/de", "fr", "lang=es", "it", "de", "path"],
    ["/short-videos/pt", null, "lang=es", null, "pt", "path"],
    ["/gracias", "de", null, null, "es", "path"],
    ["/thank-you", null, "lang=fr", null, "en", "path"],
    ["/test-workflow-deutsch", null, null, "fr", "de", "path"],
    ["/flujo-de-trabajo-de-prueba", null, null, null, "es", "path"],
    ["/ai-machine", "it", "lang=es", "de", "it", "query"],
    ["/ai-machine", "xx", "lang=es", "de", "es", "cookie"],
    ["/ai-machine", "EN", null, null, "en", "fallback"],
    ["/ai-machine", null, "lang=zz", "pt-BR,pt;q=0.9", "pt", "header"],
    ["/ai-machine", null, "other=1; lang=de", null, "de", "cookie"],
    ["/ai-machine", null, null, "ja,zh;q=0.8", "en", "fallback"],
    ["/nano-banana", null, null, null, "fr", "fallback"],
    ["/nano-banana", null, null, "es", "es", "header"],
    ["/nano-banana/it", null, null, null, "it", "path"],
    ["/commander", "pt", null, null, "pt", "query"],
  ])("%s ?lang=%s cookie=%s al=%s → %s", (pathname, queryLang, cookie, acceptLanguage, lang, source) => {
    const result = resolveLanguage({ pathname, queryLang, cookie, acceptLanguage });
    expect(result.lang).toBe(lang);
    expect(result.source).toBe(source);
  });
});

describe("languageFromAcceptLanguage", () => {
  test("honours q-values over order", () => {
    expect(languageFromAcceptLanguage("en;q=0.5, de;q=0.9")).toBe("de");
  });
  test("ignores q=0 and junk", () => {
    expect(languageFromAcceptLanguage("fr;q=0, ;;;, it;q=abc, es")).toBe("es");
  });
  test("empty", () => {
    expect(languageFromAcceptLanguage("")).toBeNull();
  });
});

describe("languageFromPath", () => {
  test("trailing slash and unknown suffix", () => {
    expect(languageFromPath("/blog/de/")).toBe("de");
    expect(languageFromPath("/blog/xx")).toBeNull();
    expect(languageFromPath("/merci")).toBe("fr");
  });
});
