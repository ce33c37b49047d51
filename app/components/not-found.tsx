import { useTranslation } from "react-i18next";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center py-32 text-center">
      <p className="font-display text-7xl font-extrabold text-accent-600">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t("common:notFound.title")}</h1>
      <a className="btn-primary mt-8" href="/">
        {t("common:notFound.home")}
      </a>
    </section>
  );
}
