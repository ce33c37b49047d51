import { PageHero, QUOTE_ANCHOR } from "../components/blocks/page-hero.tsx";
import { sectionClass } from "../components/blocks/blocks.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { CataloguePrice, isOrderPage, pagePrice } from "../components/page-price.tsx";
import { DATASET_FIGURES } from "../content/datasets.ts";
import { isQuotePage } from "../content/offers.ts";
import { soleOffer } from "../content/structured-data.ts";
import { formatAmount } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { OFFER_GROUPS, offerName, pageById, pagePath, type PageId } from "../i18n/site-map.ts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** Where a card's button leads and what it says: order, see the page, or ask for a quote. */
function cardAction(
  page: PageId,
  lang: Language,
  t: TFunction,
  order: ReturnType<typeof pagePrice> | null,
): { href: string; label: string; kind: string } {
  const path = pagePath(pageById(page), lang);
  if (order && soleOffer(page)) return { href: order.href, label: t("common:price.order"), kind: "order" };
  if (isQuotePage(page)) return { href: `${path}${QUOTE_ANCHOR}`, label: t("page.askQuote"), kind: "quote" };
  return { href: path, label: t("page.seeOffer"), kind: "page" };
}

/** A card's price as a figure and one small line: the catalogue's, the datasets' licence, or "on quote". */
function CardPrice({
  page,
  lang,
  t,
  order,
}: {
  page: PageId;
  lang: Language;
  t: TFunction;
  order: ReturnType<typeof pagePrice> | null;
}) {
  const [figure, detail] = order
    ? [order.figure, order.detail]
    : page === "datasets"
      ? [
          t("common:price.figure.fromAmount", {
            amount: formatAmount(DATASET_FIGURES.nonExclusive.yearly, "EUR", lang),
          }),
          t("page.fromYear", { amount: formatAmount(DATASET_FIGURES.nonExclusive.yearly, "EUR", lang) }),
        ]
      : [t("page.quoteFigure"), null];
  return (
    <p data-price-line={page}>
      <strong className="block font-display text-2xl font-extrabold text-ink" data-price-figure>
        {figure}
      </strong>
      {detail ? <span className="mt-1 block text-sm text-muted">{detail}</span> : null}
    </p>
  );
}

/** A group's cards, those with a fixed price first (in the catalogue's order), then the quoted ones. */
function fixedPricesFirst(pages: readonly PageId[]): PageId[] {
  return [...pages.filter((page) => isOrderPage(page)), ...pages.filter((page) => !isOrderPage(page))];
}

/** Every offer on one page, grouped as the menu, each with its price and a one-line promise. */
export default function OffersPage() {
  const { t, lang } = usePage("offers");
  const { t: tCommon } = useTranslation("common");
  return (
    <>
      <PageHero
        block="hero"
        t={t}
        price={<CataloguePrice lang={lang} />}
        primary={{ href: "#videos", label: t("hero.primary") }}
      />
      {OFFER_GROUPS.map((group, index) => (
        <section
          key={group.id}
          id={group.id}
          className={sectionClass(index % 2 ? "tint" : "light")}
          aria-labelledby={`${group.id}-title`}
          data-block="offer-group"
        >
          <div className="container-page">
            <h2 id={`${group.id}-title`} className="section-title">
              {t(`page.groups.${group.id}`)}
            </h2>
            {/* The quote promise once per section, not on every card. */}
            {group.pages.some((page) => isQuotePage(page)) ? (
              <p className="lead mt-3" data-quote-promise>
                {t("page.quotePromise")}
              </p>
            ) : null}
            <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {fixedPricesFirst(group.pages).map((page) => {
                const order = isOrderPage(page) ? pagePrice(page, lang, tCommon) : null;
                const action = cardAction(page, lang, t, order);
                return (
                  <li key={page} className="card flex flex-col" data-offer-page={page}>
                    <h3 className="card-title text-xl font-bold text-ink">
                      <a href={pagePath(pageById(page), lang)} className="hover:text-accent-700">
                        {offerName(t, page)}
                      </a>
                    </h3>
                    <p className="mt-2 flex-1 leading-relaxed text-muted">{t(`page.items.${page}.promise`)}</p>
                    <div className="mt-5 border-t border-line pt-4">
                      <CardPrice page={page} lang={lang} t={t} order={order} />
                    </div>
                    <a
                      className={`${action.kind === "order" ? "btn-primary" : "btn-secondary"} mt-5 self-start`}
                      href={action.href}
                      data-card-action={action.kind}
                    >
                      {action.label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      ))}
      <section className="bg-surface pt-4 pb-20 text-center">
        <a className="btn-secondary" href={`/${lang}${QUOTE_ANCHOR}`}>
          {t("page.notSure")}
        </a>
      </section>
    </>
  );
}
