import { useTranslation } from "react-i18next";

/** Placeholder hero used by a page until its full content lands. */
export function PageIntro({ ns }: { ns: string }) {
  const { t } = useTranslation(ns);
  return (
    <section className="hero-dark">
      <div className="container-page py-24 sm:py-32">
        <h1 className="max-w-3xl text-4xl font-extrabold sm:text-6xl">{t("hero.title")}</h1>
        <p className="lead mt-6 max-w-2xl text-slate-300">{t("meta.description")}</p>
      </div>
    </section>
  );
}
