import { parse } from "@conform-to/react";
import * as z from "../lib/zod-mini.ts";
import {
  BRIEF_FIELDS,
  ORDER_FORM_FIELDS,
  briefFields,
  getOffer,
  kindOf,
  orderFields,
  type BriefFieldName,
  type OfferId,
  type OfferKind,
  type OrderFieldName,
} from "../content/offers.ts";
import { COUNTRY_CODES } from "../content/countries.ts";
import { ORDER_FIELD_NAMES, orderFieldSpec } from "../content/order-fields.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { TIME_ZONE_FIELD } from "../i18n/time-zone.ts";
import { formRules, type FormRules } from "./form-constraints.ts";

/**
 * The order-form schema of each kind of offer: the server action validates with it, and the
 * browser checks the constraint attributes derived from it (form-constraints.ts). Messages are translation keys of the `order` namespace (rendered with
 * `t()`), so the schema stays language-free and can be shared by every request. A missing value
 * says what to enter (`errors.required.*`); a value too short keeps the spec's length message.
 */

/** Length caps: generous for real input, small enough that nothing huge is ever stored (the field registry's `max`). */
export const FIELD_MAX = Object.fromEntries(
  ORDER_FIELD_NAMES.flatMap((name) => {
    const spec = orderFieldSpec(name);
    return spec.max ? [[name, spec.max]] : [];
  }),
) as Partial<Record<OrderFieldName, number>>;

// Conform turns empty inputs into undefined (a missing value gets the field's own message) and
// re-coerces nested schemas, so normalisation stays inside one z.string() (overwrite/trim, no pipe).
const collapse = (value: string) => value.replace(/\s+/g, " ").trim();

const collapseLines = (value: string) =>
  value
    .split(/\r\n?|\n/)
    .map(collapse)
    .join("\n")
    .trim();

/**
 * Characters refused in any field: C0 controls but tab and line breaks, DEL, and the bidi
 * overrides and isolates that make text read differently from what it is (U+202A–202E,
 * U+2066–2069). Line breaks are allowed in multi-line fields only. Checked before normalising, so
 * an escape sequence is refused rather than silently turned into spaces.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;
const LINE_BREAK = /[\r\n]/;
const noControl = (multiline: boolean) =>
  z.refine<string>((value) => !CONTROL.test(value) && (multiline || !LINE_BREAK.test(value)), {
    error: "errors.controlCharacters",
    abort: true,
  });

/** A required text: missing → `errors.required.{name}`, too short → `errors.{name}` (shared with the quote form). */
export const requiredText = (name: string, min: number, max: number, multiline = false) =>
  z
    .string({ error: `errors.required.${name}` })
    .check(
      noControl(multiline),
      z.overwrite(multiline ? collapseLines : collapse),
      z.minLength(min, `errors.${name}`),
      z.maxLength(max, "errors.tooLong"),
    );

export const optionalText = (max: number, multiline = false) =>
  z.optional(
    z
      .string()
      .check(
        noControl(multiline),
        z.overwrite(multiline ? collapseLines : collapse),
        z.maxLength(max, "errors.tooLong"),
      ),
  );

export const emailAddress = (max: number) =>
  z
    .string({ error: "errors.required.email" })
    .check(
      noControl(false),
      z.trim(),
      z.toLowerCase(),
      z.maxLength(max, "errors.tooLong"),
      z.regex(z.regexes.email, "errors.email"),
    );

/** A field's rule, from its entry in the field registry (content/order-fields.ts). */
function fieldSchema(name: OrderFieldName): z.ZodMiniType {
  const spec = orderFieldSpec(name);
  switch (spec.control) {
    case "email":
      return emailAddress(spec.max!);
    case "yesNo":
      return z._default(z.enum(["oui", "non"], { error: `errors.${name}` }), "non");
    case "language":
      return z.enum(LANGUAGES, { error: `errors.required.${name}` });
    case "country":
      return z.enum(COUNTRY_CODES as [string, ...string[]], { error: `errors.required.${name}` });
    default:
      return spec.optional
        ? optionalText(spec.max!, spec.control === "multiline")
        : requiredText(name, spec.min!, spec.max!, spec.control === "multiline");
  }
}

/** Every question any offer may ask; each offer picks its own (ORDER_FORM_FIELDS in the catalogue). */
const FIELD_SCHEMAS = Object.fromEntries(ORDER_FIELD_NAMES.map((name) => [name, fieldSchema(name)])) as Record<
  OrderFieldName,
  z.ZodMiniType
>;

/** Fields that may stay empty (labelled "optional" on the page). */
export const OPTIONAL_FIELDS: ReadonlySet<OrderFieldName> = new Set(
  ORDER_FIELD_NAMES.filter((name) => orderFieldSpec(name).optional),
);

/**
 * What the buyer agrees to after the questions, as ticked checkboxes (a checkbox posts "on"; an
 * unticked one posts nothing, so "missing" is the refusal): the terms of sale, and for an offer
 * delivered at once (`immediateStart` in the catalogue) the express request to start now with the
 * acknowledgement of losing the withdrawal right. Never part of the stored answers: the order keeps
 * them as its acceptance (acceptance.server.ts).
 */
export const CONSENT_FIELDS = ["acceptTerms", "immediateStart"] as const;
export type ConsentField = (typeof CONSENT_FIELDS)[number];
const ticked = (name: ConsentField) => z.literal("on", { error: `errors.required.${name}` });

/** The consents an offer's form asks, in page order. */
export function consentFields(offer: OfferId): readonly ConsentField[] {
  return getOffer(offer).immediateStart ? CONSENT_FIELDS : ["acceptTerms"];
}

const schemaFor = (kind: OfferKind, consents: readonly ConsentField[]) =>
  z.object({
    ...(Object.fromEntries(ORDER_FORM_FIELDS[kind].map((key) => [key, FIELD_SCHEMAS[key]])) as unknown as Record<
      OrderFieldName,
      z.ZodMiniType
    >),
    ...(Object.fromEntries(consents.map((name) => [name, ticked(name)])) as unknown as Record<
      ConsentField,
      z.ZodMiniType
    >),
  });

type OrderSchema = ReturnType<typeof schemaFor>;
const SCHEMAS = new Map<string, { schema: OrderSchema; rules: FormRules }>();

/** An offer's schema: its kind's questions, then its consents. Built once per (kind, consents). */
function compiled(offer: OfferId) {
  const consents = consentFields(offer);
  const key = `${getOffer(offer).kind}:${consents.join(",")}`;
  let entry = SCHEMAS.get(key);
  if (!entry) {
    const schema = schemaFor(getOffer(offer).kind, consents);
    SCHEMAS.set(key, (entry = { schema, rules: formRules(schema) }));
  }
  return entry;
}

export function orderSchema(offer: OfferId): OrderSchema {
  return compiled(offer).schema;
}

/** The browser's share of the schema (constraint attributes, message keys), derived once. */
export function orderFormRules(offer: OfferId): FormRules {
  return compiled(offer).rules;
}

/** What any order stores: who ordered, plus the answers its offer asked for. */
export type OrderFormInput = { firstName: string; lastName: string; email: string } & Partial<
  Record<Exclude<OrderFieldName, "firstName" | "lastName" | "email">, string>
>;
/** What is stored: the offer's fields only, optional ones as empty strings. */
export type OrderForm = OrderFormInput;

export function normaliseOrderForm(offer: OfferId, value: OrderFormInput): OrderForm {
  const form: Record<string, string> = {};
  for (const field of orderFields(offer)) form[field] = (value as Record<string, string | undefined>)[field] ?? "";
  if ("connectZapier" in form && !form.connectZapier) form.connectZapier = "non";
  return form as OrderForm;
}

/** Hidden field that people never fill; bots often do. */
export const HONEYPOT_FIELD = "website";

/**
 * Every name an order form may post, whatever its offer: the questions of every kind, plus the
 * offer, the submission token, the honeypot, the language switcher's intent and the browser's
 * time zone (filled by public/forms.js, app/i18n/time-zone.ts). Forms are read
 * with this list before anything expands names (app/lib/form-data.server.ts or equivalent).
 */
export const ORDER_FORM_NAMES: readonly string[] = [
  ...new Set(Object.values(ORDER_FORM_FIELDS).flat()),
  ...CONSENT_FIELDS,
  "offre",
  "token",
  HONEYPOT_FIELD,
  "intent",
  TIME_ZONE_FIELD,
];

/**
 * Parses a posted order form with its offer's schema (the server action). Same rules as Conform's
 * zod adapter: empty inputs count as missing.
 */
export function parseOrderForm(formData: FormData | URLSearchParams, offer: OfferId) {
  const schema = orderSchema(offer);
  return parse<OrderFormInput, string[]>(formData, {
    resolve(payload) {
      const values: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(payload)) values[name] = value === "" ? undefined : value;
      const result = schema.safeParse(values);
      if (result.success) return { value: result.data as OrderFormInput };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = issue.path.join(".");
        (error[name] ??= []).push(issue.message);
      }
      return { error };
    },
  });
}

/** The posted values without validation (the language switcher re-renders the form with them). */
export function keepOrderValues(formData: FormData | URLSearchParams) {
  return parse<OrderFormInput, string[]>(formData, { resolve: () => ({ error: {} }) });
}

const BRIEF_SCHEMAS = new Map<OfferKind, z.ZodMiniType>();

/**
 * The brief's questions of an offer (after payment: BRIEF_FIELDS), checked with the rules the
 * order form uses for the same questions. Empty inputs count as missing, as on the form.
 */
export function parseBriefAnswers(
  form: FormData,
  offer: string,
):
  | { ok: true; answers: Partial<Record<BriefFieldName, string>> }
  | { ok: false; invalid: BriefFieldName[]; errors: Partial<Record<BriefFieldName, string[]>> } {
  const kind = kindOf(offer);
  const fields: readonly BriefFieldName[] = BRIEF_FIELDS[kind];
  if (!fields.length) return { ok: true, answers: {} };
  let schema = BRIEF_SCHEMAS.get(kind);
  if (!schema)
    BRIEF_SCHEMAS.set(kind, (schema = z.object(Object.fromEntries(fields.map((name) => [name, FIELD_SCHEMAS[name]])))));
  const values: Record<string, unknown> = {};
  for (const name of fields) {
    const value = form.get(name);
    values[name] = typeof value === "string" && value !== "" ? value : undefined;
  }
  const result = schema.safeParse(values);
  if (!result.success) {
    const errors: Partial<Record<BriefFieldName, string[]>> = {};
    for (const issue of result.error.issues) (errors[issue.path[0] as BriefFieldName] ??= []).push(issue.message);
    return { ok: false, invalid: fields.filter((name) => errors[name]), errors };
  }
  const answers: Partial<Record<BriefFieldName, string>> = {};
  for (const name of briefFields(offer)) answers[name] = String((result.data as Record<string, unknown>)[name] ?? "");
  return { ok: true, answers };
}
