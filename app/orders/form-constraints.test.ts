import * as z from "zod/mini";
import { describe, expect, test } from "vitest";
import { browserPattern, formRules } from "./form-constraints.ts";

describe("form constraints from a zod schema", () => {
  test("zod's email pattern becomes one the browser compiles (v flag), with the same answers", () => {
    const source = z.regexes.email.source;
    expect(() => new RegExp(`^(?:${source})$`, "v")).toThrow();
    const pattern = browserPattern(source)!;
    const browser = new RegExp(`^(?:${pattern})$`, "v");
    for (const value of [
      "ana@example.org",
      "a.b+c@sub.example.fr",
      "a@b",
      "a..b@example.org",
      ".a@example.org",
      "nope",
    ]) {
      expect(browser.test(value), value).toBe(z.regexes.email.test(value));
    }
    // A pattern that still does not compile is left out rather than sent broken.
    expect(browserPattern("(unclosed")).toBeUndefined();
    expect(browserPattern("[-a]")).toBe("[\\-a]");
  });

  test("attributes and message keys come from the schema's own rules", () => {
    const schema = z.object({
      name: z.string({ error: "missing.name" }).check(z.minLength(3, "short.name"), z.maxLength(9, "long")),
      code: z.string({ error: "missing.code" }).check(z.regex(/^[A-Z]{2}-[0-9]+$/, "bad.code")),
      note: z.optional(z.string().check(z.maxLength(20, "long"))),
    });
    expect(formRules(schema)).toEqual({
      constraint: {
        name: { required: true, minLength: 3, maxLength: 9 },
        code: { required: true, pattern: "^[A-Z]{2}-[0-9]+$" },
        note: { maxLength: 20 },
      },
      messages: {
        name: { valueMissing: "missing.name", tooShort: "short.name", tooLong: "long", patternMismatch: undefined },
        code: { valueMissing: "missing.code", tooShort: undefined, tooLong: undefined, patternMismatch: "bad.code" },
        note: { valueMissing: undefined, tooShort: undefined, tooLong: "long", patternMismatch: undefined },
      },
    });
  });
});
