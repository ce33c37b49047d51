import { useTranslation } from "react-i18next";
import { OFFERS, type OfferId } from "../content/offers.ts";
import { priceLine } from "../content/price-story.ts";
import type { Language } from "../i18n/languages.ts";

/**
 * The offer's price story on a marketing page: the same money sentence as the order form,
 * checkout, thank-you page and emails; "from one month after your order" instead of a date, since
 * these pages are rendered once and cached.
 */
export function PriceStoryLine({ offer, lang, className }: { offer: OfferId; lang: Language; className?: string }) {
  const { t } = useTranslation("common");
  const line = priceLine(t, OFFERS[offer].price(lang), lang);
  return (
    <p className={className} data-price-line={offer}>
      {line.text}
    </p>
  );
}
