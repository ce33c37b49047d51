import { z } from "zod";

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

const text = (min: number, max: number, tooShort: string) =>
  z.string({ error: tooShort }).overwrite(collapse).min(min, tooShort).max(max, "errors.tooLong");

const optionalText = (max: number, multiline = false) =>
  z
    .string()
    .overwrite((value) => (multiline ? value.split(/\r\n?|\n/).map(collapse).join("\n").trim() : collapse(value)))
    .max(max, "errors.tooLong")
    .optional()
    .transform((value) => value ?? "");

export const OrderFormSchema = z.object({
  firstName: text(2, FIELD_MAX.firstName, "errors.firstName"),
  lastName: text(2, FIELD_MAX.lastName, "errors.lastName"),
  email: z
    .string({ error: "errors.email" })
    .trim()
    .toLowerCase()
    .max(FIELD_MAX.email, "errors.tooLong")
    .regex(z.regexes.email, "errors.email"),
  companyName: optionalText(FIELD_MAX.companyName),
  address: text(5, FIELD_MAX.address, "errors.address"),
  city: text(2, FIELD_MAX.city, "errors.city"),
  postalCode: text(2, FIELD_MAX.postalCode, "errors.postalCode"),
  country: text(2, FIELD_MAX.country, "errors.country"),
  phoneNumber: text(5, FIELD_MAX.phoneNumber, "errors.phoneNumber"),
  agentName: text(2, FIELD_MAX.agentName, "errors.agentName"),
  telegramId: text(2, FIELD_MAX.telegramId, "errors.telegramId"),
  connectZapier: z.enum(["oui", "non"], { error: "errors.connectZapier" }).default("non"),
  comments: optionalText(FIELD_MAX.comments, true),
});

export type OrderForm = z.output<typeof OrderFormSchema>;
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
