import * as z from "../lib/zod-mini.ts";

/**
 * What the browser can check of a form, read from the zod schema the server validates with, so one
 * schema stays the single source of the rules:
 * - the HTML constraint attributes of each field (required, minlength, maxlength, pattern), from
 *   zod's own JSON Schema export, which the browser checks even without JavaScript;
 * - the translation key of the message the server would give for each kind of failure, found by
 *   asking the schema itself (a missing value, one character too few, one too many, a value that
 *   does not match), so public/forms.js shows exactly the server's words in the page's language.
 */

/** Conform's constraint shape (useForm's `constraint` option turns it into attributes). */
export interface FieldConstraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/** Message keys by the browser's ValidityState flag they answer. */
export interface FieldMessageKeys {
  valueMissing?: string;
  tooShort?: string;
  tooLong?: string;
  /** Also used for typeMismatch (type="email"): the same rule, seen by the browser. */
  patternMismatch?: string;
}

export interface FormRules {
  constraint: Record<string, FieldConstraint>;
  messages: Record<string, FieldMessageKeys>;
}

interface JsonField {
  type?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

/**
 * The browser compiles `pattern` with the `v` flag, stricter about character classes than zod's
 * regexes: a lone "-" at either end of a class (and a few punctuators) must be escaped there. A
 * pattern that still does not compile is left out (the server checks it anyway).
 */
export function browserPattern(source: string): string | undefined {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char === "\\") {
      out += char + (source[i + 1] ?? "");
      i++;
      continue;
    }
    if (!inClass) {
      if (char === "[") inClass = true;
      out += char;
      continue;
    }
    if (char === "]") inClass = false;
    else if (char === "-" && (source[i - 1] === "[" || source[i + 1] === "]")) out += "\\";
    else if ("(){}/|".includes(char)) out += "\\";
    out += char;
  }
  // The browser wraps the attribute as ^(?:…)$: anchors already there are harmless.
  try {
    new RegExp(`^(?:${out})$`, "v");
    return out;
  } catch {
    return undefined;
  }
}

/** The first message the schema gives for `field` when the form holds only `value` there. */
function messageFor(schema: z.ZodMiniObject, field: string, value: string | undefined): string | undefined {
  const result = schema.safeParse(value === undefined ? {} : { [field]: value });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

export function formRules(schema: z.ZodMiniObject): FormRules {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, JsonField>;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  const constraint: Record<string, FieldConstraint> = {};
  const messages: Record<string, FieldMessageKeys> = {};
  for (const [name, field] of Object.entries(json.properties ?? {})) {
    const pattern = field.pattern ? browserPattern(field.pattern) : undefined;
    constraint[name] = {
      ...(required.has(name) ? { required: true } : {}),
      ...(field.minLength && field.minLength > 1 ? { minLength: field.minLength } : {}),
      ...(field.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
      ...(pattern ? { pattern } : {}),
    };
    if (field.type !== "string" || "enum" in field) {
      if (required.has(name)) messages[name] = { valueMissing: messageFor(schema, name, undefined) };
      continue;
    }
    // Probes within the other limits, so each one trips exactly the rule it stands for.
    const min = Math.max(field.minLength ?? 1, 1);
    messages[name] = {
      valueMissing: required.has(name) ? messageFor(schema, name, undefined) : undefined,
      tooShort: min > 1 ? messageFor(schema, name, "x".repeat(min - 1)) : undefined,
      tooLong: field.maxLength !== undefined ? messageFor(schema, name, "x".repeat(field.maxLength + 1)) : undefined,
      patternMismatch: field.pattern ? messageFor(schema, name, "x".repeat(min)) : undefined,
    };
  }
  return { constraint, messages };
}

/**
 * The fewest characters a checkout's billing field takes (the seed's rules: an address of five at
 * least, a country code of two): the sandbox checkout's server check and its page's `minLength`.
 */
export const BILLING_MIN: Readonly<Record<string, number>> = { line1: 5, country: 2 };
