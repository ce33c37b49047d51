import { useTranslation } from "react-i18next";

/** Shown on every page while payments run through the built-in sandbox (no STRIPE_SECRET_KEY). */
export function DemoBanner() {
  const { t } = useTranslation();
  return (
    <div role="note" className="demo-banner">
      {t("common:demo.banner")}
    </div>
  );
}
