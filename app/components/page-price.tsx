import { useTranslation } from "react-i18next";
import { amountDueNow, OFFERS } from "../content/offers.ts";
import { fromFigure, priceFigure, type PriceFigure } from "../content/price-story.ts";
import { PRICED_PAGES } from "../content/structured-data.ts";
import type { Language } from "../i18n/languages.ts";
import { orderHref } from "../i18n/site-map.ts";

/** The pages that sell catalogue offers at a listed price (the datasets' licences are quoted). */
export type OrderPage = { [P in keyof typeof PRICED_PAGES]: (typeof PRICED_PAGES)[P] extends readonly [] ? never : P }[keyof typeof PRICED_PAGES];

export function isOrderPage(page: string): page is OrderPage {
  return Object.hasOwn(PRICED_PAGES, page) && PRICED_PAGES[page as keyof typeof PRICED_PAGES].length > 0;
}

/**
 * A page's price as a buyer scans it, and where its order button goes: one offer → its figure and
 * its order form; several (Veo3) → "from" the cheapest, each offer's figure in the detail line,
 * and the cheapest offer's form (the pricing section below orders the others).
 */
export function pagePrice(page: OrderPage, lang: Language, t: (key: string, values?: Record<string, unknown>) => string): PriceFigure & { href: string } {
  const offers = PRICED_PAGES[page];
  const prices = offers.map((id) => OFFERS[id].price(lang));
  if (offers.length === 1) return { ...priceFigure(t, prices[0]!, lang), href: orderHref(offers[0]!, lang) };
  // The cheapest offer, once: its amount is the "from" figure and its form the order button's target.
  const cheapest = offers.reduce((low, id) => (amountDueNow(OFFERS[id].price(lang)) < amountDueNow(OFFERS[low].price(lang)) ? id : low));
  return {
    figure: fromFigure(t, OFFERS[cheapest].price(lang), lang),
    detail: prices.map((price) => priceFigure(t, price, lang).figure).join(" · "),
    href: orderHref(cheapest, lang),
  };
}

/** In the hero, above its buttons: the figure in large type and its one line of detail. */
export function HeroPrice({ page, lang }: { page: OrderPage; lang: Language }) {
  const { t } = useTranslation("common");
  const price = pagePrice(page, lang, t);
  return (
    <p className="hero-price" data-price-figure={page}>
      <strong className="block font-display text-[clamp(1.5rem,7vw,2.25rem)] font-extrabold text-white">{price.figure}</strong>
      <span className="mt-1 block text-sm text-slate-300">{price.detail}</span>
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
      <span className="min-w-0 truncate font-display text-lg font-bold">{price.figure}</span>
      <a className="btn-primary shrink-0 px-5 py-2" href={price.href} data-order-bar>
        {t("price.order")}
      </a>
    </div>
  );
}
