import type { Language } from "../i18n/languages.ts";

/**
 * The one catalogue of orderable offers: ids (the `offre` query values), prices and Stripe price
 * model. Names and summaries live in locales/{lng}/offers.json under `{id}.name` / `{id}.summary`.
 * Amounts are in minor units (cents / pence).
 */
export type Currency = "EUR" | "GBP";

export interface Price {
  currency: Currency;
  /** Charged once at checkout (one-time offers, or the setup fee of a subscription). */
  oneTime?: number;
  /** Charged every month. */
  monthly?: number;
  /** Months paid by the one-time amount before the first monthly charge (Stripe trial days = 30 × this). */
  monthlyStartsAfterMonths?: number;
}

export const OFFER_IDS = [
  "test-workflow",
  "short-videos",
  "formateur-ia",
  "veo3-single",
  "veo3-pack",
  "veo3-subscription",
] as const;
export type OfferId = (typeof OFFER_IDS)[number];

export interface Offer {
  id: OfferId;
  price(lang: Language): Price;
}

const euros = (price: Omit<Price, "currency">): Price => ({ currency: "EUR", ...price });
/** Spec: Veo3 amounts are in pounds for English visitors, in euros for everyone else. */
const veo3Currency = (lang: Language): Currency => (lang === "en" ? "GBP" : "EUR");

export const OFFERS: Record<OfferId, Offer> = {
  "test-workflow": { id: "test-workflow", price: () => euros({ oneTime: 100 }) },
  "short-videos": {
    id: "short-videos",
   
    price: () => euros({ oneTime: 49_700, monthly: 10_000, monthlyStartsAfterMonths: 1 }),
  },
  "formateur-ia": { id: "formateur-ia", price: () => euros({ oneTime: 49_700, monthly: 3_900 }) },
  "veo3-single": { id: "veo3-single", price: (lang) => ({ currency: veo3Currency(lang), oneTime: 4_900 }) },
  "veo3-pack": { id: "veo3-pack", price: (lang) => ({ currency: veo3Currency(lang), oneTime: 19_700 }) },
  "veo3-subscription": {
    id: "veo3-subscription",
   
    price: (lang) => ({ currency: veo3Currency(lang), monthly: 49_000 }),
  },
};

export function isOfferId(value: unknown): value is OfferId {
  return typeof value === "string" && (OFFER_IDS as readonly string[]).includes(value);
}

export function getOffer(id: OfferId): Offer {
  return OFFERS[id];
}

/** Stripe Checkout mode: any monthly amount makes it a subscription. */
export function checkoutMode(price: Price): "payment" | "subscription" {
  return price.monthly ? "subscription" : "payment";
}

/** What the customer pays today at checkout (minor units). */
export function amountDueNow(price: Price): number {
  const monthlyNow = price.monthly && !price.monthlyStartsAfterMonths ? price.monthly : 0;
  return (price.oneTime ?? 0) + monthlyNow;
}
