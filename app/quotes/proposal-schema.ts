import { DATASET_FIGURES } from "../content/datasets.ts";
import type { Currency, RequestPage } from "../content/offers.ts";
import type { Language } from "../i18n/languages.ts";
import { PRICE_KINDS, type PriceKind } from "./types.ts";

/**
 * A proposal as the owner types it, checked by the one function both the back office and the API
 * call (`readProposal`): the same limits, the same refusals, the same floor for the datasets
 * licence. Messages are keys of the `proposal` namespace (`errors.*`).
 */
export const PROPOSAL_MAX = { title: 120, included: 4000, days: 365, rounds: 10, validDays: 90 } as const;
/** Minor units; the largest price a proposal may carry (ten million in the currency's units). */
const MAX_AMOUNT = 1_000_000_000;
export const PROPOSAL_VALID_DAYS = 14;

/** The form's names, in page order (the API's JSON body takes the same). */
export const PROPOSAL_FIELDS = [
  "title",
  "included",
  "priceKind",
  "oneTime",
  "monthly",
  "deliveryDays",
  "revisionRounds",
  "validUntil",
] as const;
export type ProposalField = (typeof PROPOSAL_FIELDS)[number];

export interface ProposalInput {
  title: string;
  included: string;
  priceKind: PriceKind;
  oneTime: number;
  monthly: number;
  deliveryDays: number;
  revisionRounds: number;
  validUntil: string;
}

/** The currency the catalogue charges a language in (the Veo3 offers are in pounds for English readers). */
export function proposalCurrency(page: RequestPage, lang: Language): Currency {
  return page === "veo3-ad" && lang === "en" ? "GBP" : "EUR";
}

/** The listed floor of the datasets licence, per price kind (minor units): it cannot be sold under it. */
export function licenceFloor(kind: PriceKind): { oneTime: number; monthly: number } {
  const monthly = Math.min(...DATASET_FIGURES.packages.flatMap((pack) => pack.monthly)) * 100;
  if (kind === "one-off") return { oneTime: DATASET_FIGURES.nonExclusive.yearly * 100, monthly: 0 };
  if (kind === "monthly") return { oneTime: 0, monthly };
  return { oneTime: DATASET_FIGURES.nonExclusive.upfront * 100, monthly: DATASET_FIGURES.nonExclusive.monthly * 100 };
}

/** "350", "350.5", "350,50", "1 100" → minor units; null when it is not a plain amount. */
export function parseAmount(raw: string): number | null {
  const compact = raw.replace(/[\s\u00a0\u202f]/g, "");
  const match = /^(\d{1,8})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
  return minor <= MAX_AMOUNT ? minor : null;
}

const wholeNumber = (raw: string, min: number, max: number) => {
  if (!/^\d{1,4}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return value >= min && value <= max ? value : null;
};

export type ProposalCheck =
  { ok: true; value: ProposalInput } | { ok: false; errors: Partial<Record<ProposalField, string>> };

/**
 * Checks what the owner typed. `values` are raw strings (a form, or the API's JSON read as text);
 * a missing valid-until date is 14 days from `now`; the datasets licence cannot go under its floor.
 */
export function readProposal(
  values: Partial<Record<ProposalField, string | undefined>>,
  request: { page: RequestPage },
  now: Date = new Date(),
): ProposalCheck {
  const errors: Partial<Record<ProposalField, string>> = {};
  const text = (name: ProposalField) => (values[name] ?? "").trim();

  const title = text("title");
  if (title.length < 2 || title.length > PROPOSAL_MAX.title) errors.title = "errors.title";
  const included = text("included");
  if (included.length < 10 || included.length > PROPOSAL_MAX.included) errors.included = "errors.included";

  const kind = text("priceKind");
  const priceKind = (PRICE_KINDS as readonly string[]).includes(kind) ? (kind as PriceKind) : null;
  if (!priceKind) errors.priceKind = "errors.priceKind";

  let oneTime = 0;
  let monthly = 0;
  if (priceKind && priceKind !== "monthly") {
    const amount = parseAmount(text("oneTime"));
    if (!amount) errors.oneTime = "errors.oneTime";
    else oneTime = amount;
  }
  if (priceKind && priceKind !== "one-off") {
    const amount = parseAmount(text("monthly"));
    if (!amount) errors.monthly = "errors.monthly";
    else monthly = amount;
  }
  if (priceKind && request.page === "datasets") {
    const floor = licenceFloor(priceKind);
    if (!errors.oneTime && oneTime < floor.oneTime) errors.oneTime = "errors.floor";
    if (!errors.monthly && monthly < floor.monthly) errors.monthly = "errors.floor";
  }

  const deliveryDays = wholeNumber(text("deliveryDays"), 1, PROPOSAL_MAX.days);
  if (deliveryDays === null) errors.deliveryDays = "errors.deliveryDays";
  const revisionRounds = wholeNumber(text("revisionRounds"), 0, PROPOSAL_MAX.rounds);
  if (revisionRounds === null) errors.revisionRounds = "errors.revisionRounds";

  // A date (the end of that day, UTC) between tomorrow and 90 days from now; none: 14 days.
  const day = text("validUntil");
  let validUntil = new Date(now.getTime() + PROPOSAL_VALID_DAYS * 86_400_000).toISOString();
  if (day) {
    const end = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T23:59:59.000Z`) : null;
    if (
      !end ||
      Number.isNaN(end.getTime()) ||
      end.getTime() <= now.getTime() ||
      end.getTime() > now.getTime() + PROPOSAL_MAX.validDays * 86_400_000
    )
      errors.validUntil = "errors.validUntil";
    else validUntil = end.toISOString();
  }

  if (Object.keys(errors).length || !priceKind || deliveryDays === null || revisionRounds === null)
    return { ok: false, errors };
  return {
    ok: true,
    value: { title, included, priceKind, oneTime, monthly, deliveryDays, revisionRounds, validUntil },
  };
}
