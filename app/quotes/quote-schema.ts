import { parse } from "@conform-to/react";
import * as z from "../lib/zod-mini.ts";
import { REQUEST_PAGES, type RequestPage } from "../content/offers.ts";
import { formRules, type FormRules } from "../orders/form-constraints.ts";
import { emailAddress, optionalText, requiredText } from "../orders/order-schema.ts";
import { LANGUAGES, type Language } from "../i18n/languages.ts";

/**
 * The "request a quote or a demo" form of the offers without a price. Messages are keys of the
 * `quote` namespace; the same rules as the order form (missing → what to enter, short → length).
 */
export const QUOTE_MAX = { name: 120, email: 254, company: 120, message: 2000 } as const;

export const quoteSchema = z.object({
  offer: z.enum(REQUEST_PAGES, { error: "errors.offer" }),
  name: requiredText("name", 2, QUOTE_MAX.name),
  email: emailAddress(QUOTE_MAX.email),
  company: optionalText(QUOTE_MAX.company),
  message: requiredText("message", 10, QUOTE_MAX.message, true),
});

export type QuoteForm = { offer: RequestPage; name: string; email: string; company?: string; message: string };

/** The form's fields in page order (the error summary follows it). */
export const QUOTE_FIELDS = ["name", "email", "company", "message"] as const;

/** Hidden field that people never fill; bots often do. */
export const QUOTE_HONEYPOT = "website";

let rules: FormRules | undefined;

/**
 * The browser's share of the schema (constraint attributes, message keys), derived once; the hidden
 * `offer` is the page's, never typed, so it has no rules there.
 */
export function quoteFormRules(): FormRules {
  if (!rules) {
    const { constraint, messages } = formRules(quoteSchema);
    const visible = <T>(byField: Record<string, T>) =>
      Object.fromEntries(QUOTE_FIELDS.map((name) => [name, byField[name]!]));
    rules = { constraint: visible(constraint), messages: visible(messages) };
  }
  return rules;
}

/** Every name the quote form may post (for a parser that keeps only known fields). */
export const QUOTE_FORM_FIELD_NAMES = ["offer", "lang", QUOTE_HONEYPOT, ...QUOTE_FIELDS];

export function parseQuoteForm(formData: FormData | URLSearchParams) {
  return parse<QuoteForm, string[]>(formData, {
    resolve(payload) {
      const values: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(payload)) values[name] = value === "" ? undefined : value;
      const result = quoteSchema.safeParse(values);
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) (error[issue.path.join(".")] ??= []).push(issue.message);
      return { error };
    },
  });
}

/** The offers a proposal started from scratch can be for: every request page but the home page's free note. */
export const SCRATCH_PAGES = REQUEST_PAGES.filter((page) => page !== "home");

/**
 * The back office's "New proposal" for an email address, with no request before it: who it is
 * for, in which language, for which offer. The same text rules as the request form (length,
 * control characters, an email address); each field refused is named by one message of the
 * `proposal` namespace (`scratch.errors.{field}`), written for the owner rather than the visitor.
 */
export const scratchQuoteSchema = z.object({
  offer: z.enum(SCRATCH_PAGES, { error: "offer" }),
  lang: z.enum(LANGUAGES, { error: "lang" }),
  name: requiredText("name", 2, QUOTE_MAX.name),
  email: emailAddress(QUOTE_MAX.email),
  company: optionalText(QUOTE_MAX.company),
});

/** Its fields in page order. */
export const SCRATCH_FIELDS = ["email", "name", "company", "lang", "offer"] as const;
export type ScratchField = (typeof SCRATCH_FIELDS)[number];
export type ScratchQuote = { offer: RequestPage; lang: Language; name: string; email: string; company: string };

export function readScratchQuote(
  values: Partial<Record<ScratchField, string>>,
): { ok: true; value: ScratchQuote } | { ok: false; errors: Partial<Record<ScratchField, string>> } {
  const input = Object.fromEntries(
    SCRATCH_FIELDS.map((name) => [name, values[name] === "" ? undefined : values[name]]),
  );
  const result = scratchQuoteSchema.safeParse(input);
  if (result.success) return { ok: true, value: { ...result.data, company: result.data.company ?? "" } };
  const errors: Partial<Record<ScratchField, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]) as ScratchField;
    errors[field] ??= `scratch.errors.${field}`;
  }
  return { ok: false, errors };
}
