import { useTranslation } from "react-i18next";
import { amountDueNow, isRequestPage, OFFERS, type OfferId } from "../content/offers.ts";
import { fromFigure, priceFigure, type PriceFigure } from "../content/price-story.ts";
import type { OrderPage } from "../content/catalogue.ts";
import { PRICED_PAGES } from "../content/structured-data.ts";
import type { Language } from "../i18n/languages.ts";
import { orderHref } from "../i18n/site-map.ts";

/** The pages that sell catalogue offers at a listed price (the datasets' licences are quoted). */
export type { OrderPage } from "../content/catalogue.ts";

export function isOrderPage(page: string): page is OrderPage {
  return Object.hasOwn(PRICED_PAGES, page) && PRICED_PAGES[page as keyof typeof PRICED_PAGES].length > 0;
}

/**
 * A page's price as a buyer scans it, and where its order button goes: one offer → its figure and
 * its order form; several (Veo3) → "from" the cheapest, each offer's figure in the detail line,
 * and the cheapest offer's form (the pricing section below orders the others).
 */
export function pagePrice(
  page: OrderPage,
  lang: Language,
  t: (key: string, values?: Record<string, unknown>) => string,
): PriceFigure & { href: string; offer: OfferId } {
  const offers = PRICED_PAGES[page];
  const prices = offers.map((id) => OFFERS[id].price(lang));
  if (offers.length === 1)
    return { ...priceFigure(t, prices[0]!, lang), href: orderHref(offers[0]!, lang), offer: offers[0]! };
  // The cheapest offer, once: its amount is the "from" figure and its form the order button's target.
  const cheapest = offers.reduce((low, id) =>
    amountDueNow(OFFERS[id].price(lang)) < amountDueNow(OFFERS[low].price(lang)) ? id : low,
  );
  return {
    figure: fromFigure(t, OFFERS[cheapest].price(lang), lang),
    // Each offer named by its short label ("1 video: €49 · 5 videos: €197 · subscription: €490/month").
    detail: offers
      .map((id, index) =>
        t("price.each", { label: t(`offers:${id}.short`), figure: priceFigure(t, prices[index]!, lang).figure }),
      )
      .join(" · "),
    href: orderHref(cheapest, lang),
    offer: cheapest,
  };
}

/** In the hero, above its buttons: the figure in large type and its one line of detail. */
export function HeroPrice({ page, lang }: { page: OrderPage; lang: Language }) {
  const { t } = useTranslation("common");
  const price = pagePrice(page, lang, t);
  return (
    <p className="hero-price" data-price-figure={page}>
      <strong className="block font-display text-[clamp(1.5rem,7vw,2.25rem)] font-extrabold text-white">
        {price.figure}
      </strong>
      <span className="mt-1 block text-sm text-slate-300">{price.detail}</span>
    </p>
  );
}

/**
 * The catalogue's prices in a page's first screen (/offers, home): "from" the cheapest fixed price,
 * and the cheapest few pages with their figure, so a buyer sees what things cost before scrolling.
 */
export function CataloguePrice({ lang, shown = 3 }: { lang: Language; shown?: number }) {
  const { t } = useTranslation("common");
  // Every offer sold at a listed price, once, cheapest today first.
  const offers = [...new Set(Object.values(PRICED_PAGES).flat())]
    .map((id) => ({ id, price: OFFERS[id].price(lang) }))
    .sort((a, b) => amountDueNow(a.price) - amountDueNow(b.price));
  const cheapest = offers[0];
  if (!cheapest) return null;
  return (
    <p className="hero-price" data-price-figure="catalogue">
      <strong className="block font-display text-[clamp(1.5rem,7vw,2.25rem)] font-extrabold text-white">
        {fromFigure(t, cheapest.price, lang)}
      </strong>
      <span className="mt-1 block text-sm text-slate-300" data-catalogue-prices>
        {offers
          .slice(0, shown)
          .map(({ id, price }) =>
            t("price.each", { label: t(`offers:${id}.name`), figure: priceFigure(t, price, lang).figure }),
          )
          .join(" · ")}
      </span>
    </p>
  );
}

/**
 * On phones, the price and "Order" at the bottom of the screen while the page scrolls. Sticky, not
 * fixed, and the last thing in <main> (the root layout puts it there for every page isOrderPage()
 * names): it rides along until the page's end, then rests in place above the footer, so it never
 * covers the footer's links. No script.
 */
export function PhoneOrderBar({ page, lang }: { page: OrderPage; lang: Language }) {
  const { t } = useTranslation("common");
  const price = pagePrice(page, lang, t);
  return (
    <div className="phone-bar md:hidden" data-phone-bar={page} role="region" aria-label={t("price.bar")}>
      {/* Whole, on two lines if it must ("497 € + 100 €/month" at 320 px), never cut. */}
      <span className="min-w-0 font-display text-lg leading-tight font-bold text-balance" data-phone-bar-figure>
        {price.figure}
      </span>
      <a className="btn-primary shrink-0 px-5 py-2" href={price.href} data-order-bar>
        {t("price.order")}
      </a>
    </div>
  );
}

/**
 * The end of a priced page, after its FAQ (the root layout places it): the page's closing words,
 * the figure again and the order button, and for a buyer still unsure a request form on the site
 * rather than a mailto: link that needs a mail program: the form named by this page where the
 * catalogue says it `asks` (the owner sees which offer the question is about), else the general one.
 */
export function ClosingOrder({ page, lang }: { page: OrderPage; lang: Language }) {
  const { t: common } = useTranslation("common");
  const { t: own } = useTranslation(page);
  const price = pagePrice(page, lang, common);
  return (
    <section className="bg-surface pt-16 pb-20 sm:pt-24" data-block="cta" data-closing-order={page}>
      <div className="container-page">
        <div className="relative overflow-hidden rounded-3xl bg-night px-5 py-14 text-center text-white sm:px-16">
          <div className="hero-glow" aria-hidden="true" />
          <h2 className="relative text-[clamp(1.5rem,7.2vw,1.875rem)] font-bold sm:text-4xl">{own("cta.title")}</h2>
          <p className="relative mx-auto mt-4 max-w-2xl text-lg text-slate-300">{own("cta.text")}</p>
          <p className="relative mt-6">
            <strong className="block font-display text-3xl font-extrabold">{price.figure}</strong>
            <span className="mt-1 block text-sm text-slate-300">{price.detail}</span>
          </p>
          <div className="relative mt-8 flex flex-wrap items-center justify-center gap-3">
            <a href={price.href} className="btn-primary" data-order={price.offer}>
              {own("cta.label", { defaultValue: common("price.order") })}
            </a>
            <a
              href={`/quote?offer=${isRequestPage(page) ? page : "home"}&lang=${lang}`}
              className="btn-ghost-light"
              data-action="question"
            >
              {common("price.question")}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
