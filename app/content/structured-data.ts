import { DATASET_FIGURES } from "./datasets.ts";
import { CATALOGUE_OFFERS, CATALOGUE_PAGES, type OrderPage, type PageId } from "./catalogue.ts";
import { OFFERS, type OfferId, type Price } from "./offers.ts";
import type { Language } from "../i18n/languages.ts";

/**
 * schema.org JSON-LD for search engines' rich results: a `Service` on every offer page, named by
 * its one name, with its `Offer`s where it is priced (amounts from the catalogue, never typed
 * twice; a quote page's price is a proposal's), and a `FAQPage` for an FAQ.
 * Rendered as `<script type="application/ld+json">`: a data block the browser never executes, so
 * it needs no CSP nonce and the cached pages stay the same bytes for everyone.
 */

/**
 * The pages that sell at a listed price, and the catalogue offers each one sells (computed from
 * app/content/catalogue.ts): each offer's page, then the licence pages (the datasets), which sell
 * no catalogue offer.
 */
export const PRICED_PAGES = Object.fromEntries<readonly OfferId[]>(
  CATALOGUE_PAGES.filter(
    (page) => page.request === "licence" || CATALOGUE_OFFERS.some((offer) => offer.page === page.id),
  ).map((page) => [page.id, CATALOGUE_OFFERS.filter((offer) => offer.page === page.id).map((offer) => offer.id)]),
) as Record<PricedPage, readonly OfferId[]>;
export type PricedPage = OrderPage | "datasets";

/**
 * The one catalogue offer a page sells, if it sells exactly one: such a page is named by its
 * offer everywhere (`offers:{id}.name`: menu cards, /offers, the page's price card, the form,
 * checkout, emails), never by a second name of its own.
 */
export function soleOffer(page: string): OfferId | null {
  if (!isPricedPage(page)) return null;
  const offers = PRICED_PAGES[page];
  return offers.length === 1 ? offers[0]! : null;
}

export function isPricedPage(value: unknown): value is PricedPage {
  return typeof value === "string" && Object.hasOwn(PRICED_PAGES, value);
}

/** schema.org wants amounts as numbers with a dot: minor units → "497.00". */
export const amount = (minor: number) => (minor / 100).toFixed(2);

type JsonLd = Record<string, unknown>;

const monthly = (minor: number, currency: string): JsonLd => ({
  "@type": "UnitPriceSpecification",
  price: amount(minor),
  priceCurrency: currency,
  // UN/CEFACT code of a month: "per month".
  unitCode: "MON",
  referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
});

/** One catalogue offer: `price` is what is paid at checkout; a monthly part is spelled out beside it. */
function catalogueOffer(price: Price, name: string, url: string): JsonLd {
  const specs: JsonLd[] = [];
  if (price.oneTime)
    specs.push({ "@type": "UnitPriceSpecification", price: amount(price.oneTime), priceCurrency: price.currency });
  if (price.monthly) specs.push(monthly(price.monthly, price.currency));
  return {
    "@type": "Offer",
    name,
    url,
    price: amount(price.oneTime ?? price.monthly ?? 0),
    priceCurrency: price.currency,
    availability: "https://schema.org/InStock",
    priceSpecification: specs,
  };
}

export interface ServiceInput {
  page: PageId;
  lang: Language;
  /** Absolute URL of the page and of the site (the provider). */
  url: string;
  origin: string;
  brand: string;
  /** The page's one name (site-map.ts `offerPageName`). */
  name: string;
  description: string;
  /** The name of a catalogue offer, and of a dataset licence, in the page's language. */
  offerName: (id: OfferId | "datasets-non-exclusive" | "datasets-exclusive") => string;
  /** Absolute order link of a catalogue offer. */
  orderUrl: (id: OfferId) => string;
}

export function serviceJsonLd(input: ServiceInput): JsonLd {
  const offers =
    input.page === "datasets"
      ? [
          {
            "@type": "Offer",
            name: input.offerName("datasets-non-exclusive"),
            url: input.url,
            price: amount(DATASET_FIGURES.nonExclusive.yearly * 100),
            priceCurrency: "EUR",
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: amount(DATASET_FIGURES.nonExclusive.yearly * 100),
              priceCurrency: "EUR",
              unitCode: "ANN",
            },
          },
          {
            "@type": "Offer",
            name: input.offerName("datasets-exclusive"),
            url: input.url,
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              minPrice: amount(DATASET_FIGURES.exclusiveFromYearly * 100),
              priceCurrency: "EUR",
              unitCode: "ANN",
            },
            priceCurrency: "EUR",
          },
        ]
      : isPricedPage(input.page)
        ? PRICED_PAGES[input.page].map((id) =>
            catalogueOffer(OFFERS[id].price(input.lang), input.offerName(id), input.orderUrl(id)),
          )
        : null;
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: input.name,
    description: input.description,
    url: input.url,
    inLanguage: input.lang,
    provider: { "@type": "Organization", name: input.brand, url: input.origin },
    ...(offers ? { offers } : {}),
  };
}

export function faqJsonLd(items: ReadonlyArray<{ question: string; answer: string }>, lang: Language): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: lang,
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** The JSON as HTML text: "<" escaped so no value can close the script element. */
export function jsonLdText(value: JsonLd): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
