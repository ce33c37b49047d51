import * as z from "zod/mini";
import { expect } from "vitest";

// A server-rendered form against the zod schema its server validates with: each typed field's
// constraint attributes and the words public/forms.js gets for each failure. The expectation is read
// from the schema itself (zod's JSON Schema, the schema's own messages), never from a copy of the rules.

/** The attributes of the element whose id is given, lower-cased names, HTML entities decoded. */
export function attributesOf(html: string, id: string): Record<string, string> {
  const tag = new RegExp(`<(?:input|textarea|select)\\b[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no field #${id}`);
  const decode = (value: string) =>
    value
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return Object.fromEntries(
    [...tag.matchAll(/\s([a-zA-Z-]+)(?:="([^"]*)")?/g)].map((m) => [m[1]!.toLowerCase(), decode(m[2] ?? "")]),
  );
}

const lookup = (tree: unknown, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

export function expectSchemaRules({
  html,
  schema,
  fields,
  form,
  translations,
}: {
  html: string;
  schema: z.ZodMiniObject;
  fields: readonly string[];
  /** The form's id: fields are `${form}-${name}`, the messages block `${form}-messages`. */
  form: string;
  /** The page language's namespace the schema's message keys belong to. */
  translations: unknown;
}) {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties: Record<
      string,
      { type?: string; enum?: unknown; minLength?: number; maxLength?: number; pattern?: string }
    >;
    required: string[];
  };
  const block = new RegExp(`<script type="application/json" id="${form}-messages">([^<]*)</script>`).exec(html);
  expect(block, `${form}-messages block`).not.toBeNull();
  const messages = JSON.parse(block![1]!) as { fields: Record<string, Record<string, string>> };
  for (const field of fields) {
    const rule = json.properties[field]!;
    if (rule.enum) continue; // radio buttons and the language list: a choice, not typed text
    const attrs = attributesOf(html, `${form}-${field}`);
    expect("required" in attrs, `${field} required`).toBe(json.required.includes(field));
    expect(attrs.maxlength, `${field} maxlength`).toBe(
      rule.maxLength === undefined ? undefined : String(rule.maxLength),
    );
    expect(attrs.minlength, `${field} minlength`).toBe(
      rule.minLength && rule.minLength > 1 ? String(rule.minLength) : undefined,
    );
    if (rule.pattern) {
      // The browser compiles the attribute with the v flag; it must accept and refuse what the schema does.
      const browser = new RegExp(`^(?:${attrs.pattern})$`, "v");
      for (const value of ["camille.martin@example.com", "a@b", "nope", "x@y.fr"]) {
        expect(browser.test(value), `${field} pattern on ${value}`).toBe(new RegExp(rule.pattern).test(value));
      }
    } else {
      expect(attrs.pattern).toBeUndefined();
    }
    // Our words for the browser's checks: the server's own message for the same failure.
    const first = (value?: string) => {
      const result = schema.safeParse(value === undefined ? {} : { [field]: value });
      return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
    };
    const words = messages.fields[field]!;
    if (json.required.includes(field)) expect(words.valueMissing).toBe(lookup(translations, first()!));
    if (rule.minLength && rule.minLength > 1)
      expect(words.tooShort).toBe(lookup(translations, first("x".repeat(rule.minLength - 1))!));
    if (rule.maxLength) expect(words.tooLong).toBe(lookup(translations, first("x".repeat(rule.maxLength + 1))!));
    if (rule.pattern) expect(words.patternMismatch).toBe(lookup(translations, first("x")!));
  }
}
