import type { Language } from "../i18n/languages.ts";
import type { Currency, DeliveryPromise, ImmediateStart, OfferKind, Price } from "./offers.ts";
import { SHORT_VIDEOS } from "./workflow-figures.ts";

/**
 * The one catalogue: every page the site shows and every offer it sells, each declared once here.
 * Routes, the menu, /offers, the home cards, the sitemap, hreflang, the request forms, the proof
 * slots, JSON-LD, the order form, the validation schema, the dashboard funnel, the CSV and the
 * emails all read it (site-map.ts, offers.ts and structured-data.ts keep their old names as views
 * computed from these two lists). docs/architecture.md "Adding an offer" walks through a new entry.
 *
 * Words are never here: a page's copy is locales/{lng}/{page id}.json; an offer's one name is
 * locales/{lng}/offers.json `{offer id}.name`.
 */

/** The groups of the menu and of /offers, in their order (titles: common.json `nav.groups.*`, offers.json `page.groups.*`). */
export const GROUPS = ["videos", "images", "agents", "workflows", "data"] as const;
export type GroupId = (typeof GROUPS)[number];

export interface PageEntry {
  id: string;
  /** The language-neutral URL; each language answers at `{path}/{lng}` unless `slugs` names another. */
  path: string;
  /** The route module (app/routes.ts). */
  file: string;
  /** A language's own URL instead of `{path}/{lng}`. */
  slugs?: Partial<Record<Language, string>>;
  /** Its place in the shared menu: a group and the rank inside it (labels: common.json `nav.{id}`). */
  menu?: { group: GroupId; rank: number };
  /** Its card on /offers: a group and the rank inside it (words: offers.json `page.items.{id}`). */
  listed?: { group: GroupId; rank: number };
  /**
   * The page ends with the request form posted to /quote, named by the page id: "quote" (no price:
   * a quote or a demo), "licence" (a negotiated licence with a listed floor), "write" (a free note).
   */
  request?: "quote" | "licence" | "write";
  /**
   * A priced page whose closing "A question first?" opens the request form named by this page (not
   * the home page's general note), so the owner sees which offer the question is about.
   */
  asks?: true;
  /** Proof (testimonials, case studies, FAQ) can be attached to it in config/site.json. */
  proof?: boolean;
  /**
   * Its card on the home page and that card's icon, a name of components/blocks/line-icons.tsx
   * (home.tsx refuses any other at compile time; words: home.json `offers.items.{id}`).
   */
  homeCard?: string;
  /** Shown without the shared header and language switcher. */
  bare?: boolean;
}

/** Every page, in sitemap order. */
const PAGE_LIST = [
  { id: "home", path: "/", file: "routes/home.tsx", request: "write" },
  {
    id: "ai-machine",
    path: "/ai-machine",
    file: "routes/ai-machine.tsx",
    menu: { group: "videos", rank: 1 },
    listed: { group: "videos", rank: 3 },
    request: "quote",
    proof: true,
  },
  {
    id: "logo-animator",
    path: "/logo-animator",
    file: "routes/logo-animator.tsx",
    menu: { group: "videos", rank: 5 },
    listed: { group: "videos", rank: 6 },
    request: "quote",
    proof: true,
  },
  {
    id: "agent-photoshop",
    path: "/agent-photoshop",
    file: "routes/agent-photoshop.tsx",
    menu: { group: "images", rank: 2 },
    listed: { group: "images", rank: 2 },
    request: "quote",
    proof: true,
  },
  {
    id: "veo3-ad",
    path: "/veo3-ad",
    file: "routes/veo3-ad.tsx",
    menu: { group: "videos", rank: 3 },
    listed: { group: "videos", rank: 4 },
    request: "quote",
    proof: true,
  },
  // Not in the menu (the menu's 13 links are the spec's): reached from /offers and its own links.
  { id: "veo3", path: "/veo3", file: "routes/veo3.tsx", listed: { group: "videos", rank: 2 }, proof: true },
  {
    id: "nano-banana",
    path: "/nano-banana",
    file: "routes/nano-banana.tsx",
    menu: { group: "images", rank: 1 },
    listed: { group: "images", rank: 1 },
    request: "quote",
    proof: true,
  },
  {
    id: "seedance",
    path: "/seedance",
    file: "routes/seedance.tsx",
    menu: { group: "videos", rank: 4 },
    listed: { group: "videos", rank: 5 },
    request: "quote",
    proof: true,
  },
  {
    id: "short-videos",
    path: "/short-videos",
    file: "routes/short-videos.tsx",
    menu: { group: "videos", rank: 2 },
    listed: { group: "videos", rank: 1 },
    proof: true,
    homeCard: "video",
    asks: true,
  },
  {
    id: "newsletter",
    path: "/newsletter",
    file: "routes/newsletter.tsx",
    menu: { group: "workflows", rank: 1 },
    listed: { group: "workflows", rank: 2 },
    request: "quote",
    proof: true,
    homeCard: "mail",
  },
  {
    id: "blog",
    path: "/blog",
    file: "routes/blog.tsx",
    menu: { group: "workflows", rank: 2 },
    listed: { group: "workflows", rank: 3 },
    request: "quote",
    proof: true,
    homeCard: "article",
  },
  {
    id: "instagram",
    path: "/instagram",
    file: "routes/instagram.tsx",
    menu: { group: "agents", rank: 2 },
    listed: { group: "agents", rank: 2 },
    request: "quote",
    proof: true,
    homeCard: "camera",
  },
  {
    id: "whatsapp",
    path: "/whatsapp",
    file: "routes/whatsapp.tsx",
    menu: { group: "agents", rank: 1 },
    listed: { group: "agents", rank: 1 },
    request: "quote",
    proof: true,
    homeCard: "chat",
  },
  {
    id: "formateur-ia",
    path: "/formateur-ia",
    file: "routes/formateur-ia.tsx",
    menu: { group: "agents", rank: 3 },
    listed: { group: "agents", rank: 3 },
    proof: true,
    homeCard: "send",
  },
  {
    id: "test-workflow",
    path: "/test-workflow",
    file: "routes/test-workflow.tsx",
    // The spec's slugs; French keeps /test-workflow/fr.
    slugs: {
      en: "/test-workflows",
      es: "/flujo-de-trabajo-de-prueba",
      pt: "/fluxo-de-trabalho-de-teste",
      de: "/test-workflow-deutsch",
      it: "/flusso-di-lavoro-di-test",
    },
    listed: { group: "workflows", rank: 1 },
    proof: true,
  },
  // Spec: the datasets page has no shared header; its licences are negotiated from a listed floor.
  {
    id: "datasets",
    path: "/datasets",
    file: "routes/datasets.tsx",
    listed: { group: "data", rank: 1 },
    request: "licence",
    proof: true,
    bare: true,
  },
  { id: "offers", path: "/offers", file: "routes/offers.tsx" },
  { id: "cgv", path: "/cgv", file: "routes/cgv.tsx" },
  { id: "tos", path: "/tos", file: "routes/tos.tsx" },
  { id: "privacy", path: "/privacy", file: "routes/privacy.tsx" },
  { id: "legal-notice", path: "/legal-notice", file: "routes/legal-notice.tsx" },
] as const satisfies readonly PageEntry[];

type PageLiteral = (typeof PAGE_LIST)[number];
export type PageId = PageLiteral["id"];
export type Page = PageEntry & { id: PageId };
export const CATALOGUE_PAGES: readonly Page[] = PAGE_LIST;

/** The pages ending with a request form, by what they ask. */
export type QuotePage = Extract<PageLiteral, { request: "quote" }>["id"];
/** Every page named by a request posted to /quote: those ending with the form, and the priced pages that ask (`asks`). */
export type RequestPage = Extract<PageLiteral, { request: string }>["id"] | Extract<PageLiteral, { asks: true }>["id"];
export type ProofPage = Extract<PageLiteral, { proof: true }>["id"];
export type HomeCardPage = Extract<PageLiteral, { homeCard: string }>["id"];
export type HomeCardIcon = Extract<PageLiteral, { homeCard: string }>["homeCard"];

/** One thing sold at a listed price (its name: offers.json `{id}.name`). */
export interface OfferEntry {
  /** The `offre` query value of its order form. */
  id: string;
  /** The page that sells it (its price card, JSON-LD and the dashboard funnel's first step). */
  page: PageId;
  /** Which questions the order form asks (ORDER_FORM_FIELDS in offers.ts). */
  kind: OfferKind;
  /** Promised delivery after payment (pages, thank-you page, email, the customer's order page, the owner's "to deliver"): spec section 9. */
  delivery: DeliveryPromise;
  /** Rounds of changes the customer may ask for after a delivery, included in the price. */
  revisionRounds: number;
  /**
   * A subscription that delivers several pieces each billing period (short videos: 8 a month): each
   * delivery counts toward the period's allowance, and the order pages say "5 of 8 this month".
   * Unset: one delivery per period (or per order), answered by revisions.
   */
  perPeriod?: number;
  /**
   * Work starts before the 14-day withdrawal period ends (the delivery time is shorter): the form
   * asks for the waiver. null would let the 14 days run before work starts, asking nothing.
   */
  immediateStart: ImmediateStart | null;
  /** Amounts in minor units (cents / pence). */
  price(lang: Language): Price;
}

const euros = (price: Omit<Price, "currency">): Price => ({ currency: "EUR", ...price });
/** Spec: Veo3 amounts are in pounds for English visitors, in euros for everyone else. */
const veo3Currency = (lang: Language): Currency => (lang === "en" ? "GBP" : "EUR");

/** Every offer, in the order the back office, the dashboard and the privacy page list them. */
const OFFER_LIST = [
  {
    id: "test-workflow",
    page: "test-workflow",
    kind: "test",
    delivery: { hours: 24 },
    revisionRounds: 1,
    // A test video made from the buyer's topic and sent as a file within 24 hours: digital content.
    immediateStart: "digital-content",
    price: () => euros({ oneTime: 100 }),
  },
  {
    id: "short-videos",
    page: "short-videos",
    kind: "video",
    delivery: { hours: 48 },
    revisionRounds: 2,
    perPeriod: SHORT_VIDEOS.videosPerMonth,
    // The workflow is built and running within 48 hours (a service performed inside the 14 days),
    // then it keeps producing videos every month: a service, not a one-off file.
    immediateStart: "service",
    price: () =>
      euros({
        oneTime: 49_700,
        monthly: 10_000,
        monthlyStartsAfterMonths: 1,
        usdApprox: { oneTime: 53_000, monthly: 10_700 },
      }),
  },
  // The spec gives no delivery time for the Telegram agent; 48 h is what its confirmation promised.
  {
    id: "formateur-ia",
    page: "formateur-ia",
    kind: "agent",
    delivery: { hours: 48 },
    revisionRounds: 2,
    // The agent is set up with the buyer within 48 hours and then hosted monthly: a service.
    immediateStart: "service",
    price: () => euros({ oneTime: 49_700, monthly: 3_900 }),
  },
  {
    id: "veo3-single",
    page: "veo3",
    kind: "video",
    delivery: { hours: 24 },
    revisionRounds: 1,
    // One video generated from the brief and sent as a file within 24 hours: digital content.
    immediateStart: "digital-content",
    price: (lang) => ({ currency: veo3Currency(lang), oneTime: 4_900 }),
  },
  {
    id: "veo3-pack",
    page: "veo3",
    kind: "video",
    delivery: { hours: 24 },
    revisionRounds: 1,
    // Videos generated from the brief, the first within 24 hours, sent as files: digital content.
    immediateStart: "digital-content",
    price: (lang) => ({ currency: veo3Currency(lang), oneTime: 19_700 }),
  },
  {
    id: "veo3-subscription",
    page: "veo3",
    kind: "video",
    delivery: { hours: 24 },
    revisionRounds: 1,
    // Each month's videos are files, the first within 24 hours: digital content supplied at once.
    immediateStart: "digital-content",
    price: (lang: Language) => ({ currency: veo3Currency(lang), monthly: 49_000 }),
  },
] as const satisfies readonly OfferEntry[];

export type OfferId = (typeof OFFER_LIST)[number]["id"];
/** The pages that sell catalogue offers at a listed price. */
export type OrderPage = (typeof OFFER_LIST)[number]["page"];
export type CatalogueOffer = OfferEntry & { id: OfferId };
export const CATALOGUE_OFFERS: readonly CatalogueOffer[] = OFFER_LIST;
