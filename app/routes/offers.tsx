import { PageHero, QUOTE_ANCHOR } from "../components/blocks/page-hero.tsx";
import { sectionClass } from "../components/blocks/blocks.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { PriceStoryLine } from "../components/price-story-line.tsx";
import { DATASET_FIGURES } from "../content/datasets.ts";
import { OFFERS, type OfferId } from "../content/offers.ts";
import { formatAmount, formatMoney } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { OFFER_GROUPS, pageById, pagePath, type PageId } from "../i18n/site-map.ts";
import type { TFunction } from "i18next";

/** Pages that sell one catalogue offer: their line is the offer's price story. */
const ONE_OFFER: Partial<Record<PageId, OfferId>> = { "test-workflow": "test-workflow", "short-videos": "short-videos", "formateur-ia": "formateur-ia" };

/** The price of an offer page in one line: from the catalogue, or "on quote". */
function PriceLine({ page, lang, t }: { page: PageId; lang: Language; t: TFunction }) {
  const offer = ONE_OFFER[page];
  if (offer) return <PriceStoryLine offer={offer} lang={lang} className="font-semibold text-ink" />;
  if (page === "veo3") {
    const single = OFFERS["veo3-single"].price(lang);
    return (
      <p className="font-semibold text-ink" data-price-line="veo3">
        {t("page.from", { amount: formatMoney(single.oneTime ?? 0, single.currency, lang) })}
      </p>
    );
  }
  if (page === "datasets") {
    return (
      <p className="font-semibold text-ink" data-price-line="datasets">
        {t("page.fromYear", { amount: formatAmount(DATASET_FIGURES.nonExclusive.yearly, "EUR", lang) })}
      </p>
    );
  }
  return (
    <p className="font-semibold text-ink" data-price-line="quote">
      {t("page.onQuote")}
    </p>
  );
}

/** Every offer on one page, grouped as the menu, each with its price and a one-line promise. */
export default function OffersPage() {
  const { t, lang } = usePage("offers");
  return (
    <>
      <PageHero block="hero" t={t} primary={{ href: "#videos", label: t("hero.primary") }} />
      {OFFER_GROUPS.map((group, index) => (
        <section key={group.id} id={group.id} className={sectionClass(index % 2 ? "tint" : "light")} aria-labelledby={`${group.id}-title`} data-block="offer-group">
          <div className="container-page">
            <h2 id={`${group.id}-title`} className="section-title">
              {t(`page.groups.${group.id}`)}
            </h2>
            <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {group.pages.map((page) => (
                <li key={page} className="card flex flex-col" data-offer-page={page}>
                  <h3 className="card-title text-xl font-bold text-ink">
                    <a href={pagePath(pageById(page), lang)} className="hover:text-accent-700">
                      {t(`page.items.${page}.name`)}
                    </a>
                  </h3>
                  <p className="mt-2 flex-1 leading-relaxed text-muted">{t(`page.items.${page}.promise`)}</p>
                  <div className="mt-5 border-t border-line pt-4">
                    <PriceLine page={page} lang={lang} t={t} />
                  </div>
                </li>
              ))}
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
