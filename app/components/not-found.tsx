import { useTranslation } from "react-i18next";
import { pageById, pagePath } from "../i18n/site-map.ts";
import { isLanguage } from "../i18n/languages.ts";

/** The 404 page, in the visitor's language, with a way on: the offers, and the home page. */
export function NotFound() {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : "en";
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-32 text-center">
      <p className="font-display text-7xl font-extrabold text-accent-600">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t("common:notFound.title")}</h1>
      <p className="lead mt-4">{t("common:notFound.lead")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a className="btn-primary" href={pagePath(pageById("offers"), lang)} data-not-found="offers">
          {t("common:notFound.offers")}
        </a>
        <a className="btn-secondary" href={pagePath(pageById("home"), lang)} data-not-found="home">
          {t("common:notFound.home")}
        </a>
      </div>
    </section>
  );
}
