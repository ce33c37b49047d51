import { useTranslation } from "react-i18next";
import { isPricedPage, serviceJsonLd } from "../content/structured-data.ts";
import type { Language } from "../i18n/languages.ts";
import { orderHref, pageById, pagePath, type PageId } from "../i18n/site-map.ts";
import { JsonLd } from "./json-ld.tsx";

/** The `Service` + `Offer`s of a priced offer page (content/structured-data.ts); nothing on other pages. */
export function ServiceJsonLd({ page, lang, origin }: { page: PageId; lang: Language; origin: string }) {
  const { t } = useTranslation();
  if (!isPricedPage(page)) return null;
  const data = serviceJsonLd({
    page,
    lang,
    url: origin + pagePath(pageById(page), lang),
    origin,
    brand: t("common:brand"),
    name: t(`${page}:meta.title`),
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
