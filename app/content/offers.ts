import type { Language } from "../i18n/languages.ts";
import {
  CATALOGUE_OFFERS,
  CATALOGUE_PAGES,
  type CatalogueOffer,
  type OfferId,
  type QuotePage,
  type RequestPage,
} from "./catalogue.ts";

/**
 * Offers as the order flow reads them: the catalogue's entries (app/content/catalogue.ts, where
 * each offer is declared once) by id, their price model and the order form's questions per kind.
 * Names and summaries live in locales/{lng}/offers.json under `{id}.name` / `{id}.summary`.
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

export type { OfferId } from "./catalogue.ts";

/** Every offer id, in catalogue order. */
export const OFFER_IDS: readonly OfferId[] = CATALOGUE_OFFERS.map((offer) => offer.id);

/**
 * What the order form asks before payment, per kind of offer: only what the work needs to start
 * and what the invoice needs that the checkout does not collect (a company name). The billing
 * address is the checkout's (CHECKOUT_FIELDS); the rest of the work's questions come after payment,
 * in the brief (BRIEF_FIELDS). The schema, the page, the stored order, the emails and
 * `npm run orders` all follow these lists, in this order.
 */
export const ORDER_FORM_FIELDS = {
  // The Telegram handle is how the agent is set up with the buyer within the promised 48 hours.
  agent: ["firstName", "lastName", "email", "companyName", "telegramId"],
  video: ["firstName", "lastName", "email", "companyName", "videoTopic", "videoBrand", "videoLanguage", "comments"],
  test: ["firstName", "lastName", "email", "videoTopic"],
  // A proposal's order: who the request came from; the work's own questions were the request's
  // message and the proposal's words, and the brief asks the rest in free text.
  custom: ["firstName", "lastName", "email", "companyName"],
} as const;

/**
 * What the brief asks after payment, per kind (the delivery room's brief form, beside its free
 * text and files): questions the work needs but the payment does not.
 */
export const BRIEF_FIELDS = {
  agent: ["agentName", "phoneNumber", "connectZapier", "comments"],
  video: [],
  test: [],
  custom: [],
} as const satisfies Record<keyof typeof ORDER_FORM_FIELDS, readonly string[]>;

/**
 * What every checkout collects and the order records when it is paid: the billing address
 * (Stripe Checkout's `billing_address_collection: "required"`; the sandbox asks the same), read
 * from the session's `customer_details.address`. The country is an ISO 3166-1 alpha-2 code.
 */
export const CHECKOUT_FIELDS = ["address", "postalCode", "city", "country"] as const;

export type OfferKind = keyof typeof ORDER_FORM_FIELDS;
export type FormFieldName = (typeof ORDER_FORM_FIELDS)[OfferKind][number];
export type BriefFieldName = (typeof BRIEF_FIELDS)[OfferKind][number];
export type CheckoutFieldName = (typeof CHECKOUT_FIELDS)[number];
/** Every question an order may record: the form's, the checkout's and the brief's. */
export type OrderFieldName = FormFieldName | BriefFieldName | CheckoutFieldName;

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

/** One offer of the catalogue (app/content/catalogue.ts): kind, delivery, revisions, withdrawal waiver, prices. */
export type Offer = CatalogueOffer;

/** The catalogue's offers by id. */
export const OFFERS = Object.fromEntries(CATALOGUE_OFFERS.map((offer) => [offer.id, offer])) as Record<OfferId, Offer>;

export function isOfferId(value: unknown): value is OfferId {
  return typeof value === "string" && (OFFER_IDS as readonly string[]).includes(value);
}

export function getOffer(id: OfferId): Offer {
  return OFFERS[id];
}

/** Which questions an order's offer asks: the catalogue's kind, or "custom" for a request page's offer (a proposal). */
export function kindOf(id: string): OfferKind {
  return isOfferId(id) ? OFFERS[id].kind : "custom";
}

/** The questions of an offer's order form, in page order. */
export function orderFields(id: string): readonly OrderFieldName[] {
  return ORDER_FORM_FIELDS[kindOf(id)];
}

/** The questions of an offer's brief after payment, in page order. */
export function briefFields(id: string): readonly BriefFieldName[] {
  return BRIEF_FIELDS[kindOf(id)];
}

/**
 * Offers without a price in the spec: their page carries a "request a quote or a demo" form
 * instead of an order button. The id is the page id (it names the offer in the request).
 */
export const QUOTE_PAGES = CATALOGUE_PAGES.filter((page) => page.request === "quote").map(
  (page) => page.id as QuotePage,
);
export type { QuotePage, RequestPage } from "./catalogue.ts";

export function isQuotePage(value: unknown): value is QuotePage {
  return typeof value === "string" && (QUOTE_PAGES as readonly string[]).includes(value);
}

/**
 * Every page that ends with the request form (posted to /quote, named by this id): the quote
 * pages, then the licence and free-note ones (the datasets, the home page's "write to me"); then
 * the priced pages whose question goes to the form named by them (the catalogue's `asks`).
 */
export const REQUEST_PAGES = [
  ...QUOTE_PAGES,
  ...CATALOGUE_PAGES.filter((page) => page.request && page.request !== "quote").map((page) => page.id as RequestPage),
  // A priced page's "A question first?" (app/components/page-price.tsx), named by its page.
  ...CATALOGUE_PAGES.filter((page) => page.asks).map((page) => page.id as RequestPage),
];

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

/**
 * What an order buys, whichever way it was sold: a catalogue offer at its listed price, or a
 * request page's offer at the price of the proposal the customer accepted (app/quotes/), whose
 * terms the order keeps. Every reader of an order's price, delivery, revisions or kind asks this,
 * never the catalogue directly, so a proposal's order is told as the proposal said.
 */
export interface OrderTerms {
  kind: OfferKind;
  delivery: DeliveryPromise;
  revisionRounds: number;
  perPeriod?: number;
  immediateStart: ImmediateStart | null;
  price: Price;
}

/** What a proposal promised, as the order keeps it (orders/types.ts `OrderProposal`). */
export interface ProposalTerms {
  price: Price;
  deliveryDays: number;
  revisionRounds: number;
}

/** A proposal's work starts within the 14 days (its delivery is promised in days): a service, as the catalogue's agents. */
export const PROPOSAL_IMMEDIATE_START: ImmediateStart = "service";

export function orderTerms(order: { offer: string; lang: Language; proposal?: ProposalTerms | null }): OrderTerms {
  if (order.proposal)
    return {
      kind: "custom",
      delivery: { businessDays: order.proposal.deliveryDays },
      revisionRounds: order.proposal.revisionRounds,
      immediateStart: PROPOSAL_IMMEDIATE_START,
      price: order.proposal.price,
    };
  if (!isOfferId(order.offer)) throw new Error(`an order of ${order.offer} without a proposal has no price`);
  const offer = getOffer(order.offer);
  return { ...offer, price: offer.price(order.lang) };
}

/** The price a proposal charges, in the catalogue's shape (so the price story tells it as the order pages do). */
export function proposalPrice(proposal: {
  priceKind: "one-off" | "monthly" | "setup-monthly";
  currency: Currency;
  oneTime: number;
  monthly: number;
}): Price {
  if (proposal.priceKind === "one-off") return { currency: proposal.currency, oneTime: proposal.oneTime };
  if (proposal.priceKind === "monthly") return { currency: proposal.currency, monthly: proposal.monthly };
  return { currency: proposal.currency, oneTime: proposal.oneTime, monthly: proposal.monthly };
}
