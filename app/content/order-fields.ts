import type { OrderFieldName } from "./offers.ts";

/**
 * The field registry: every question an order may record, described once. When it is asked is
 * its kind's list in offers.ts: the order form before payment (`ORDER_FORM_FIELDS`), the
 * checkout's billing address (`CHECKOUT_FIELDS`), or the brief after payment (`BRIEF_FIELDS`, the
 * delivery room's form); everything else about a question is here, and the validation schema (orders/order-schema.ts), the form's markup
 * (routes/commander.tsx), the CSV (ops/orders-csv.server.ts) and the owner's email rows
 * (mail/order-fields.server.ts) read it. Its words are order.json `form.{name}` (label),
 * `form.{name}Placeholder`, `form.{name}Hint` and `errors.{name}` / `errors.required.{name}`, and
 * the CSV header admin.json `csv.{csv}`. Declared in CSV column order.
 */
export interface OrderFieldSpec {
  /** The form's first block (who orders) or its second (about the offer). */
  section: "you" | "offer";
  /**
   * How it is checked and shown: a one-line text (`min`–`max` characters, `optional` may stay
   * empty), a multi-line one, an email address, yes/no radios, a language among the six, or a
   * country (an ISO 3166-1 alpha-2 code, chosen from a list named in the reader's language).
   */
  control: "text" | "multiline" | "email" | "yesNo" | "language" | "country";
  min?: number;
  max?: number;
  optional?: boolean;
  type?: "email" | "tel";
  autoComplete?: string;
  /**
   * Shows order.json `form.{name}Placeholder` / `form.{name}Hint` wherever the question is asked:
   * the order form before payment and the brief after it (delivery/work.server.ts briefQuestions).
   */
  placeholder?: boolean;
  hint?: boolean;
  wide?: boolean;
  rows?: number;
  /** Its column in the CSV export. */
  csv: string;
}

export const ORDER_FIELD_SPECS = {
  firstName: { section: "you", control: "text", min: 2, max: 80, autoComplete: "given-name", csv: "first_name" },
  lastName: { section: "you", control: "text", min: 2, max: 80, autoComplete: "family-name", csv: "last_name" },
  email: {
    section: "you",
    control: "email",
    max: 254,
    type: "email",
    autoComplete: "email",
    placeholder: true,
    csv: "email",
  },
  companyName: {
    section: "you",
    control: "text",
    max: 120,
    optional: true,
    autoComplete: "organization",
    csv: "company",
  },
  address: {
    section: "you",
    control: "text",
    min: 5,
    max: 200,
    autoComplete: "address-line1",
    wide: true,
    csv: "address",
  },
  postalCode: { section: "you", control: "text", min: 2, max: 20, autoComplete: "postal-code", csv: "postal_code" },
  city: { section: "you", control: "text", min: 2, max: 100, autoComplete: "address-level2", csv: "city" },
  // Orders placed before the checkout collected the address hold the country as typed ("France").
  country: { section: "you", control: "country", min: 2, max: 2, autoComplete: "country", csv: "country" },
  phoneNumber: { section: "you", control: "text", min: 5, max: 40, type: "tel", autoComplete: "tel", csv: "phone" },
  agentName: { section: "offer", control: "text", min: 2, max: 80, placeholder: true, hint: true, csv: "agent_name" },
  telegramId: { section: "offer", control: "text", min: 2, max: 64, placeholder: true, csv: "telegram_id" },
  // Yes means a cloud spreadsheet is shared with the buyer: the hint says so wherever it is asked.
  connectZapier: { section: "offer", control: "yesNo", optional: true, hint: true, csv: "connect_zapier" },
  videoTopic: {
    section: "offer",
    control: "text",
    min: 3,
    max: 300,
    placeholder: true,
    wide: true,
    csv: "video_topic",
  },
  videoBrand: {
    section: "offer",
    control: "text",
    max: 200,
    optional: true,
    placeholder: true,
    wide: true,
    csv: "video_brand",
  },
  videoLanguage: { section: "offer", control: "language", csv: "video_language" },
  comments: {
    section: "offer",
    control: "multiline",
    max: 2000,
    optional: true,
    placeholder: true,
    rows: 4,
    csv: "comments",
  },
} as const satisfies Record<OrderFieldName, OrderFieldSpec>;

/** Every field, in CSV column order. */
export const ORDER_FIELD_NAMES = Object.keys(ORDER_FIELD_SPECS) as OrderFieldName[];

export const orderFieldSpec = (name: OrderFieldName): OrderFieldSpec => ORDER_FIELD_SPECS[name];
