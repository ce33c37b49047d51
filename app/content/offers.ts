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
  /**
   * The specification's rounded dollar figures for a euro price, in cents, shown beside it for an
   * international reader ("about $530 + $107/month"); never charged, never converted at a rate.
   */
  usdApprox?: { oneTime?: number; monthly?: number };
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

/**
 * What the order form asks, per kind of offer (spec section 5 for the agent; a brief for videos;
 * the €1 test only needs who and what about). The schema, the page, the stored order, the emails
 * and `npm run orders` all follow these lists, in this order.
 */
export const ORDER_FORM_FIELDS = {
  agent: [
    "firstName",
    "lastName",
    "email",
    "phoneNumber",
    "companyName",
    "address",
    "postalCode",
    "city",
    "country",
    "agentName",
    "telegramId",
    "connectZapier",
    "comments",
  ],
  video: ["firstName", "lastName", "email", "companyName", "videoTopic", "videoBrand", "videoLanguage", "comments"],
  test: ["firstName", "lastName", "email", "videoTopic"],
} as const;
export type OfferKind = keyof typeof ORDER_FORM_FIELDS;
export type OrderFieldName = (typeof ORDER_FORM_FIELDS)[OfferKind][number];

/**
 * What an offer delivered at once does to the consumer's 14-day right of withdrawal (EU Consumer
 * Rights Directive 2011/83/EU art. 9, 14(3), 16(a) and 16(m); Code de la consommation L221-18,
 * L221-25, L221-28 1° and 13°). The order form then asks for the buyer's express request to start
 * now and their acknowledgement of what it costs them; the confirmation email repeats both (the
 * durable-medium confirmation of art. 8(7)).
 */
export type ImmediateStart =
  /** Digital content not supplied on a tangible medium (video files): the right is lost once supply has begun. */
  | "digital-content"
  /** A service performed within the 14 days: the right is lost once it is fully performed; withdrawing earlier costs the part already provided. */
  | "service";

/**
 * When the work is due after payment: a number of hours (counted from the payment), or of business
 * days (Monday to Friday in the owner's time zone, due by the end of the last one).
 */
export type DeliveryPromise = { hours: number; businessDays?: undefined } | { businessDays: number; hours?: undefined };

export interface Offer {
  id: OfferId;
  /** Which questions the order form asks (ORDER_FORM_FIELDS). */
  kind: OfferKind;
  /** Promised delivery after payment (pages, thank-you page, email, the customer's order page, the owner's "to deliver"): spec section 9. */
  delivery: DeliveryPromise;
  /** Rounds of changes the customer may ask for after a delivery, included in the price. */
  revisionRounds: number;
  /**
   * Work starts before the 14-day withdrawal period ends (the delivery time is shorter): the form
   * asks for the waiver. null would let the 14 days run before work starts, asking nothing.
   */
  immediateStart: ImmediateStart | null;
  price(lang: Language): Price;
}

const euros = (price: Omit<Price, "currency">): Price => ({ currency: "EUR", ...price });
/** Spec: Veo3 amounts are in pounds for English visitors, in euros for everyone else. */
const veo3Currency = (lang: Language): Currency => (lang === "en" ? "GBP" : "EUR");

export const OFFERS: Record<OfferId, Offer> = {
  "test-workflow": {
    id: "test-workflow",
    kind: "test",
    delivery: { hours: 24 },
    revisionRounds: 1,
    // A test video made from the buyer's topic and sent as a file within 24 hours: digital content.
    immediateStart: "digital-content",
    price: () => euros({ oneTime: 100 }),
  },
  "short-videos": {
    id: "short-videos",
    kind: "video",
    delivery: { hours: 48 },
    revisionRounds: 2,
    // The workflow is built and running within 48 hours (a service performed inside the 14 days),
    // then it keeps producing videos every month: a service, not a one-off file.
    immediateStart: "service",
    price: () => euros({ oneTime: 49_700, monthly: 10_000, monthlyStartsAfterMonths: 1, usdApprox: { oneTime: 53_000, monthly: 10_700 } }),
  },
  // The spec gives no delivery time for the Telegram agent; 48 h is what its confirmation promised.
  "formateur-ia": {
    id: "formateur-ia",
    kind: "agent",
    delivery: { hours: 48 },
    revisionRounds: 2,
    // The agent is set up with the buyer within 48 hours and then hosted monthly: a service.
    immediateStart: "service",
    price: () => euros({ oneTime: 49_700, monthly: 3_900 }),
  },
  "veo3-single": {
    id: "veo3-single",
    kind: "video",
    delivery: { hours: 24 },
    revisionRounds: 1,
    // One video generated from the brief and sent as a file within 24 hours: digital content.
    immediateStart: "digital-content",
    price: (lang) => ({ currency: veo3Currency(lang), oneTime: 4_900 }),
  },
  "veo3-pack": {
    id: "veo3-pack",
    kind: "video",
    delivery: { hours: 24 },
    revisionRounds: 1,
    // Videos generated from the brief, the first within 24 hours, sent as files: digital content.
    immediateStart: "digital-content",
    price: (lang) => ({ currency: veo3Currency(lang), oneTime: 19_700 }),
  },
  "veo3-subscription": {
    id: "veo3-subscription",
    kind: "video",
    delivery: { hours: 24 },
    revisionRounds: 1,
    // Each month's videos are files, the first within 24 hours: digital content supplied at once.
    immediateStart: "digital-content",
    price: (lang) => ({ currency: veo3Currency(lang), monthly: 49_000 }),
  },
};

export function isOfferId(value: unknown): value is OfferId {
  return typeof value === "string" && (OFFER_IDS as readonly string[]).includes(value);
}

export function getOffer(id: OfferId): Offer {
  return OFFERS[id];
}

/** The questions of an offer's order form, in page order. */
export function orderFields(id: OfferId): readonly OrderFieldName[] {
  return ORDER_FORM_FIELDS[OFFERS[id].kind];
}

/**
 * Offers without a price in the spec: their page carries a "request a quote or a demo" form
 * instead of an order button. The id is the page id (it names the offer in the request).
 */
export const QUOTE_PAGES = [
  "ai-machine",
  "logo-animator",
  "agent-photoshop",
  "veo3-ad",
  "nano-banana",
  "seedance",
  "newsletter",
  "blog",
  "instagram",
  "whatsapp",
] as const;
export type QuotePage = (typeof QUOTE_PAGES)[number];

export function isQuotePage(value: unknown): value is QuotePage {
  return typeof value === "string" && (QUOTE_PAGES as readonly string[]).includes(value);
}

/**
 * Every page that ends with the request form (posted to /quote, named by this id): the ten quote
 * pages, the datasets (licences are negotiated) and the home page's "write to me".
 */
export const REQUEST_PAGES = [...QUOTE_PAGES, "datasets", "home"] as const;
export type RequestPage = (typeof REQUEST_PAGES)[number];

export function isRequestPage(value: unknown): value is RequestPage {
  return typeof value === "string" && (REQUEST_PAGES as readonly string[]).includes(value);
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
