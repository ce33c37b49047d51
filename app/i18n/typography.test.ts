import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { LANGUAGES } from "./languages.ts";
import { applyTypography, typographyFindings } from "./typography.ts";

// Every word of every page and email comes from locales/{lng}/*.json: each language's typography
// and glossary hold in all of them (`node tools/typography.js --fix` corrects a new string).
const strings = (value: unknown, where: string): Array<[string, string]> =>
  typeof value === "string"
    ? [[where, value]]
    : value && typeof value === "object"
      ? Object.entries(value).flatMap(([key, item]) => strings(item, `${where}.${key}`))
      : [];

describe("typography and glossary", () => {
  test.each(LANGUAGES)("%s: no string breaks the language's rules", (lang) => {
    const dir = path.resolve("locales", lang);
    const findings = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .flatMap((file) => strings(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), file))
      .flatMap(([where, text]) =>
        typographyFindings(lang, text).map((found) => `${where}: ${found.why}: …${found.at}…`),
      );
    expect(findings).toEqual([]);
  });

  test("the rules correct what they find", () => {
    expect(applyTypography("fr", "Une question ? C'est simple : « oui » !")).toBe(
      "Une question\u202f? C’est simple\u00a0: «\u00a0oui\u00a0»\u202f!",
    );
    expect(applyTypography("fr", "https://example.com/?a=1 et {{x}}")).toBe("https://example.com/?a=1 et {{x}}");
    expect(applyTypography("en", "A setup fee: {{setup}} today. Setup done; set up the agent.")).toBe(
      "A set-up fee: {{setup}} today. Set-up done; set up the agent.",
    );
    expect(applyTypography("de", "„Kein Code“ und “Hallo”")).toBe("„Kein Code“ und „Hallo“");
    expect(applyTypography("pt", "uma subscrição, duas subscrições")).toBe("uma assinatura, duas assinaturas");
    expect(applyTypography("it", "450 Mln di parametri")).toBe("450 milioni di parametri");
  });
});
