import { useTranslation } from "react-i18next";
import { serviceJsonLd } from "../content/structured-data.ts";
import type { Language } from "../i18n/languages.ts";
import { offerPageName, orderHref, pageById, pagePath, type PageId } from "../i18n/site-map.ts";
import { JsonLd } from "./json-ld.tsx";

/** The `Service` of an offer page, with its `Offer`s where priced (content/structured-data.ts); nothing on other pages. */
export function ServiceJsonLd({ page, lang, origin }: { page: PageId; lang: Language; origin: string }) {
  const { t } = useTranslation();
  const name = offerPageName(t, page);
  if (name === undefined) return null;
  const data = serviceJsonLd({
    page,
    lang,
    url: origin + pagePath(pageById(page), lang),
    origin,
    brand: t("common:brand"),
    name,
    description: t(`${page}:meta.description`),
    offerName: (id) =>
      id === "datasets-non-exclusive"
        ? t("datasets:licensing.nonExclusive.name")
        : id === "datasets-exclusive"
          ? t("datasets:licensing.exclusive.name")
          : t(`offers:${id}.name`),
    orderUrl: (id) => origin + orderHref(id, lang),
  });
  return <JsonLd data={data} />;
}
