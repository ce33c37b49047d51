import fs from "node:fs";
import { describe, expect, it, vi } from "vitest";
import type { CatalogueOffer, Page } from "./catalogue.ts";

/**
 * A new offer is ONE catalogue entry (its page and its offer) plus its words: this test adds a fake
 * one to app/content/catalogue.ts and nothing else, gives it its name in the six languages (a
 * fixture, as a new locales/{lng}/offers.json key would), and finds it in every place derived from
 * the catalogue: the menu, /offers, the sitemap, the JSON-LD, the order form's schema, the CSV and
 * the owner's email rows. A fake quote offer (a page ending with the request form, no price) is
 * added the same way and found by its one name in the menu, the request form, its emails, the back
 * office, a proposal's default title and its JSON-LD.
 */
const PAGE = {
  id: "fixture-page",
  path: "/fixture-page",
  file: "routes/home.tsx",
  menu: { group: "agents", rank: 4 },
  listed: { group: "agents", rank: 4 },
  proof: true,
} as const;
const QUOTE_PAGE = {
  id: "fixture-quote",
  path: "/fixture-quote",
  file: "routes/home.tsx",
  menu: { group: "agents", rank: 5 },
  listed: { group: "agents", rank: 5 },
  request: "quote",
  proof: true,
} as const;
/** The quote offer's one name, as a new locales/{lng}/offers.json `fixture-quote.name` would give it. */
const QUOTE_NAMES = {
  fr: "Agent d’essai sur devis",
  en: "Fixture agent on quote",
  es: "Agente de prueba a presupuesto",
  de: "Test-Agent auf Anfrage",
  pt: "Agente de teste por orçamento",
  it: "Agente di prova su preventivo",
} as const;
const OFFER = {
  id: "fixture-offer",
  page: "fixture-page",
  kind: "video",
  delivery: { businessDays: 3 },
  revisionRounds: 2,
  immediateStart: "digital-content",
  price: () => ({ currency: "EUR", oneTime: 12_300 }),
} as const;

vi.mock("./catalogue.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./catalogue.ts")>();
  return {
    ...actual,
    CATALOGUE_PAGES: [...actual.CATALOGUE_PAGES, PAGE as unknown as Page, QUOTE_PAGE as unknown as Page],
    CATALOGUE_OFFERS: [...actual.CATALOGUE_OFFERS, OFFER as unknown as CatalogueOffer],
  };
});

const { LANGUAGES } = await import("../i18n/languages.ts");
const { resources } = await import("../i18n/resources.ts");
const WORDS = JSON.parse(fs.readFileSync("tests/fixtures/fixture-offer.json", "utf8")) as Record<
  string,
  { name: string }
>;
for (const lang of LANGUAGES) {
  (resources[lang]!.offers as Record<string, unknown>)[OFFER.id] = WORDS[lang];
  (resources[lang]!.offers as Record<string, unknown>)[QUOTE_PAGE.id] = { name: QUOTE_NAMES[lang] };
}

const id = OFFER.id as never;

describe("an offer added to the catalogue alone", () => {
  it("is in the menu and on /offers, in the group and at the rank its entry gives", async () => {
    const { NAV_GROUPS, NAV_PAGES, OFFER_GROUPS } = await import("../i18n/site-map.ts");
    // Ranks 4 and 5 of their group: after the real agents, the fixture quote offer last.
    expect(NAV_GROUPS.find((group) => group.id === "agents")?.pages.slice(-2)).toEqual([PAGE.id, QUOTE_PAGE.id]);
    expect(NAV_PAGES).toContain(PAGE.id);
    expect(OFFER_GROUPS.find((group) => group.id === "agents")?.pages.slice(-2)).toEqual([PAGE.id, QUOTE_PAGE.id]);
  });

  it("is a link of the rendered menu, in every language", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { createMemoryRouter, RouterProvider } = await import("react-router");
    const { I18nextProvider } = await import("react-i18next");
    const i18next = (await import("i18next")).default;
    const { i18nextOptions } = await import("../i18n/resources.ts");
    const { SiteHeader } = await import("../components/site-header.tsx");
    for (const lang of LANGUAGES) {
      const i18n = i18next.createInstance();
      await i18n.init({ ...i18nextOptions, lng: lang, defaultNS: "common" });
      const router = createMemoryRouter([{ path: "/", element: createElement(SiteHeader, { lang }) }]);
      const html = renderToStaticMarkup(
        createElement(I18nextProvider, { i18n }, createElement(RouterProvider, { router })),
      );
      // Each menu link says its offer's one name: the page that sells one offer, by that offer's.
      expect(html, lang).toContain(`href="${PAGE.path}"`);
      expect(html.replace(/&#x27;/g, "'"), lang).toContain(`>${WORDS[lang]!.name}</a>`);
      expect(html, lang).toContain(`href="${QUOTE_PAGE.path}"`);
      expect(html, lang).toContain(`>${QUOTE_NAMES[lang]}</a>`);
    }
  });

  it("is in the sitemap, with its hreflang alternates, and its URLs lead to its page", async () => {
    process.env.PUBLIC_ORIGIN ??= "http://127.0.0.1:1";
    const { loader } = await import("../routes/sitemap.ts");
    const xml = await loader().text();
    for (const lang of LANGUAGES) expect(xml).toContain(`/fixture-page/${lang}</loc>`);
    expect(xml).toContain(`hreflang="x-default" href="${process.env.PUBLIC_ORIGIN}/fixture-page"`);
    const { pageForPath } = await import("../i18n/site-map.ts");
    expect(pageForPath("/fixture-page/de")?.id).toBe(PAGE.id);
  });

  it("is priced in its page's JSON-LD, takes proof and counts in the dashboard funnel", async () => {
    const { PRICED_PAGES, serviceJsonLd, soleOffer } = await import("./structured-data.ts");
    expect(PRICED_PAGES[PAGE.id as never]).toEqual([OFFER.id]);
    expect(soleOffer(PAGE.id)).toBe(OFFER.id);
    const ld = serviceJsonLd({
      page: PAGE.id as never,
      lang: "fr",
      url: "u",
      origin: "o",
      brand: "b",
      name: "n",
      description: "d",
      offerName: (offer) => `name:${offer}`,
      orderUrl: (offer) => `/commander?offre=${offer}`,
    });
    expect(ld.offers).toEqual([
      expect.objectContaining({
        name: `name:${OFFER.id}`,
        price: "123.00",
        priceCurrency: "EUR",
        url: `/commander?offre=${OFFER.id}`,
      }),
    ]);
    const { PROOF_PAGES } = await import("../config/site-schema.ts");
    expect(PROOF_PAGES).toContain(PAGE.id);
    const { OFFER_PAGE } = await import("../admin/dashboard.server.ts");
    expect(OFFER_PAGE[id]).toBe(PAGE.id);
  });

  it("has an order form that asks its kind's questions and a price at checkout", async () => {
    const { isOfferId, orderFields, amountDueNow, getOffer } = await import("./offers.ts");
    expect(isOfferId(OFFER.id)).toBe(true);
    expect(orderFields(id)).toEqual([
      "firstName",
      "lastName",
      "email",
      "companyName",
      "videoTopic",
      "videoBrand",
      "videoLanguage",
      "comments",
    ]);
    expect(amountDueNow(getOffer(id).price("de"))).toBe(12_300);
    const { parseOrderForm, consentFields } = await import("../orders/order-schema.ts");
    expect(consentFields(id)).toEqual(["acceptTerms", "immediateStart"]);
    const missing = parseOrderForm(new URLSearchParams({ firstName: "Ana" }), id);
    expect(missing.status).toBe("error");
    expect(missing.status === "error" ? missing.error : null).toHaveProperty("videoTopic");
  });

  it("is named by its one name in the owner's email rows in every language, and in the CSV", async () => {
    const { orderFields } = await import("../mail/order-fields.server.ts");
    const { csvLine } = await import("../ops/orders-csv.server.ts");
    const order = {
      id: "ord_1",
      reference: "LA-1",
      submissionToken: "t",
      lang: "fr",
      offer: OFFER.id,
      currency: "EUR",
      amountDueNow: 12_300,
      monthly: 0,
      provider: "sandbox",
      customer: {
        firstName: "Ana",
        lastName: "Lima",
        email: "ana@example.com",
        companyName: "",
        videoTopic: "Bread",
        videoBrand: "",
        videoLanguage: "fr",
        comments: "",
      },
      acceptance: null,
      state: "paid",
      sessionId: "s",
      checkoutUrl: null,
      failureReason: null,
      createdAt: "2026-11-28T00:00:00Z",
      updatedAt: "2026-11-28T00:00:00Z",
      paidAt: "2026-11-28T00:00:00Z",
      customerRef: null,
      subscriptionRef: null,
      billingState: null,
      periodEnd: null,
      subscriptionStatus: null,
    } as never;
    for (const lang of LANGUAGES) {
      const rows = orderFields(order, lang);
      expect(
        rows.map(([, value]) => value),
        lang,
      ).toContain(WORDS[lang]!.name);
      expect(
        rows.map(([, value]) => value),
        lang,
      ).toContain("Bread");
    }
    expect(csvLine(order, "")).toContain(`"${OFFER.id}"`);
  });

  it("as a quote offer, is a request page in the menu and on /offers, with a Service and no listed price", async () => {
    const { isQuotePage, isRequestPage } = await import("./offers.ts");
    expect(isQuotePage(QUOTE_PAGE.id)).toBe(true);
    expect(isRequestPage(QUOTE_PAGE.id)).toBe(true);
    const { NAV_GROUPS, OFFER_GROUPS, isOfferPage, pageById } = await import("../i18n/site-map.ts");
    expect(NAV_GROUPS.find((group) => group.id === "agents")?.pages).toContain(QUOTE_PAGE.id);
    expect(OFFER_GROUPS.find((group) => group.id === "agents")?.pages).toContain(QUOTE_PAGE.id);
    expect(isOfferPage(pageById(QUOTE_PAGE.id as never))).toBe(true);
    const { PRICED_PAGES, serviceJsonLd } = await import("./structured-data.ts");
    expect(Object.keys(PRICED_PAGES)).not.toContain(QUOTE_PAGE.id);
    const ld = serviceJsonLd({
      page: QUOTE_PAGE.id as never,
      lang: "de",
      url: "u",
      origin: "o",
      brand: "b",
      name: QUOTE_NAMES.de,
      description: "d",
      offerName: () => "never",
      orderUrl: () => "never",
    });
    expect(ld).toMatchObject({ "@type": "Service", name: QUOTE_NAMES.de });
    expect(ld).not.toHaveProperty("offers");
    const { PROOF_PAGES } = await import("../config/site-schema.ts");
    expect(PROOF_PAGES).toContain(QUOTE_PAGE.id);
  });

  it("as a quote offer, is named by its one name on its request form, in its emails, the back office and a proposal, in every language", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { I18nextProvider } = await import("react-i18next");
    const i18next = (await import("i18next")).default;
    const { i18nextOptions } = await import("../i18n/resources.ts");
    const { QuoteForm } = await import("../components/quote-form.tsx");
    const { quoteFormRules } = await import("../quotes/quote-schema.ts");
    const { renderQuoteAck, renderQuoteOwner } = await import("../mail/quote-email.server.ts");
    const { offerNameIn } = await import("../i18n/translator.server.ts");
    const { offerName: proposalTitle } = await import("../quotes/proposals.server.ts");
    const { offerPageName } = await import("../i18n/site-map.ts");
    for (const lang of LANGUAGES) {
      const name = QUOTE_NAMES[lang];
      const i18n = i18next.createInstance();
      await i18n.init({ ...i18nextOptions, lng: lang, defaultNS: "common" });
      const form = renderToStaticMarkup(
        createElement(
          I18nextProvider,
          { i18n },
          createElement(QuoteForm, { page: QUOTE_PAGE.id, lang, rules: quoteFormRules(), contactHref: "mailto:x" }),
        ),
      );
      expect(form.replace(/&#x27;/g, "'"), lang).toContain(`<strong class="text-ink">${name}</strong>`);
      expect(offerPageName(i18n.t, QUOTE_PAGE.id as never), lang).toBe(name);
      const quote = {
        id: "quo_1",
        page: QUOTE_PAGE.id,
        lang,
        name: "Ana Lima",
        email: "ana@example.com",
        company: "",
        message: "A few words.",
        createdAt: "2026-11-28T00:00:00Z",
      } as never;
      const ack = renderQuoteAck(quote, { contactEmail: "hello@example.com" });
      expect(ack.subject, lang).toContain(name);
      expect(ack.text, lang).toContain(name);
      expect(renderQuoteOwner(quote, { ownerLang: lang }).subject, lang).toContain(name);
      expect(offerNameIn(lang, QUOTE_PAGE.id), lang).toBe(name);
      expect(proposalTitle(QUOTE_PAGE.id, lang), lang).toBe(name);
    }
  });
});
