import { parse } from "@conform-to/react";
import * as z from "zod/mini";

/**
 * The one order-form schema: the server action validates with it and Conform uses it for client
 * hints. Messages are translation keys of the `order` namespace (rendered with `t()`), so the
 * schema stays language-free and can be shared by every request.
 */

/** Length caps: generous for real input, small enough that nothing huge is ever stored. */
export const FIELD_MAX = {
  firstName: 80,
  lastName: 80,
  email: 254,
  companyName: 120,
  address: 200,
  city: 100,
  postalCode: 20,
  country: 80,
  phoneNumber: 40,
  agentName: 80,
  telegramId: 64,
  comments: 2000,
} as const;

// Conform turns empty inputs into undefined (a missing value gets the field's own message) and
// re-coerces nested schemas, so normalisation stays inside one z.string() (overwrite/trim, no pipe).
const collapse = (value: string) => value.replace(/\s+/g, " ").trim();

/**
 * Characters refused in any field: C0 controls but tab and line breaks, DEL, and the bidi
 * overrides and isolates that make text read differently from what it is (U+202A–202E,
 * U+2066–2069). Line breaks are allowed in comments only. Checked before normalising, so an
 * escape sequence is refused rather than silently turned into spaces.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;
const LINE_BREAK = /[\r\n]/;
const noControl = (multiline: boolean) =>
  z.refine<string>((value) => !CONTROL.test(value) && (multiline || !LINE_BREAK.test(value)), { error: "errors.controlCharacters", abort: true });

const text = (min: number, max: number, tooShort: string) =>
  z.string({ error: tooShort }).check(noControl(false), z.overwrite(collapse), z.minLength(min, tooShort), z.maxLength(max, "errors.tooLong"));

const optionalText = (max: number, multiline = false) =>
  z.optional(
    z
      .string()
      .check(
        noControl(multiline),
        z.overwrite((value) => (multiline ? value.split(/\r\n?|\n/).map(collapse).join("\n").trim() : collapse(value))),
        z.maxLength(max, "errors.tooLong"),
      ),
  );

export const OrderFormSchema = z.object({
  firstName: text(2, FIELD_MAX.firstName, "errors.firstName"),
  lastName: text(2, FIELD_MAX.lastName, "errors.lastName"),
  email: z
    .string({ error: "errors.email" })
    .check(noControl(false), z.trim(), z.toLowerCase(), z.maxLength(FIELD_MAX.email, "errors.tooLong"), z.regex(z.regexes.email, "errors.email")),
  companyName: optionalText(FIELD_MAX.companyName),
  address: text(5, FIELD_MAX.address, "errors.address"),
  city: text(2, FIELD_MAX.city, "errors.city"),
  postalCode: text(2, FIELD_MAX.postalCode, "errors.postalCode"),
  country: text(2, FIELD_MAX.country, "errors.country"),
  phoneNumber: text(5, FIELD_MAX.phoneNumber, "errors.phoneNumber"),
  agentName: text(2, FIELD_MAX.agentName, "errors.agentName"),
  telegramId: text(2, FIELD_MAX.telegramId, "errors.telegramId"),
  connectZapier: z._default(z.enum(["oui", "non"], { error: "errors.connectZapier" }), "non"),
  comments: optionalText(FIELD_MAX.comments, true),
});

export type OrderFormInput = z.output<typeof OrderFormSchema>;
/** What is stored: optional fields as empty strings. */
export type OrderForm = Required<OrderFormInput>;

export function normaliseOrderForm(value: OrderFormInput): OrderForm {
  return { ...value, companyName: value.companyName ?? "", comments: value.comments ?? "", connectZapier: value.connectZapier ?? "non" };
}
export type OrderField = keyof typeof FIELD_MAX | "connectZapier";

/** Field order on the page (and in error summaries). */
export const ORDER_FIELDS: readonly OrderField[] = [
  "firstName",
  "lastName",
  "email",
  "companyName",
  "address",
  "city",
  "postalCode",
  "country",
  "phoneNumber",
  "agentName",
  "telegramId",
  "connectZapier",
  "comments",
];

/** Hidden field that people never fill; bots often do. */
export const HONEYPOT_FIELD = "website";

/** Every name the order form posts: the schema's fields plus offer, submission token and honeypot. */
export const ORDER_FORM_FIELDS: readonly string[] = [...Object.keys(OrderFormSchema.shape), "offre", "token", HONEYPOT_FIELD];

/**
 * Parses a posted order form with the schema, for the server action and for Conform's client
 * hints alike. Same rules as Conform's zod adapter (empty inputs count as missing), without
 * pulling zod's full classic API into the browser bundle (the page stays under its JS budget).
 */
export function parseOrderForm(formData: FormData | URLSearchParams) {
  return parse<OrderFormInput, string[]>(formData, {
    resolve(payload) {
      const values: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(payload)) values[name] = value === "" ? undefined : value;
      const result = OrderFormSchema.safeParse(values);
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = issue.path.join(".");
        (error[name] ??= []).push(issue.message);
      }
      return { error };
    },
  });
}
