import type { RefundReason } from "../payments/provider.ts";

/**
 * An amount as the owner types it, in any of the site's languages: "12,50", "12.50", "12",
 * "1 234,50", "1.234,50", "1,234.50", "€ 12,50" → minor units (1250). Null for anything else (zero,
 * negative, more than two decimals, letters): the form says so instead of guessing.
 */
export function parseAmount(typed: string): number | null {
  // Spaces of every kind (French groups thousands with a narrow no-break space) and the currency sign go.
  const text = typed
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/^[€$£]|[€$£]$/g, "")
    .replace(/^(EUR|GBP|USD)|(EUR|GBP|USD)$/i, "");
  // One decimal separator of either kind; thousands grouped only where it cannot be misread
  // ("1.234,50", "1,234.50", "1'234.50"): "12,505" or "1.234" alone are refused, not guessed.
  const forms = [
    /^(\d+)(?:[.,](\d{1,2}))?$/,
    /^(\d{1,3}(?:\.\d{3})+),(\d{1,2})$/,
    /^(\d{1,3}(?:,\d{3})+)\.(\d{1,2})$/,
    /^(\d{1,3}(?:'\d{3})+)(?:[.,](\d{1,2}))?$/,
  ];
  const match = forms.map((form) => form.exec(text)).find(Boolean);
  if (!match) return null;
  const minor = Number(match[1]!.replace(/[.,']/g, "")) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

/**
 * The refund reasons the form offers: Stripe's three and the owner's own words. Written here, not
 * spread from the provider port's list, so the form (a component) loads no payments code; the
 * check below fails the typecheck if the two lists ever differ.
 */
export const REASON_CHOICES = ["requested_by_customer", "duplicate", "fraudulent", "other"] as const;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const reasonsMatch: Same<Exclude<(typeof REASON_CHOICES)[number], "other">, RefundReason> = true;
void reasonsMatch;
export type ReasonChoice = (typeof REASON_CHOICES)[number];

export const isReasonChoice = (value: string): value is ReasonChoice =>
  (REASON_CHOICES as readonly string[]).includes(value);
export const stripeReason = (choice: ReasonChoice): RefundReason | null => (choice === "other" ? null : choice);

export const NOTE_LIMIT = 500;
export const CANCEL_WHEN = ["period_end", "now"] as const;
export type CancelWhen = (typeof CANCEL_WHEN)[number];

/** The idempotency key a confirmation screen carries (a UUID made by the server). */
export const isActionKey = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
