import { useTranslation } from "react-i18next";

/**
 * Shown on every page while payments run through the built-in sandbox (no STRIPE_SECRET_KEY).
 * The banner is one fixed line high (the header sits under it): phones get the short sentence.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  return (
    <div role="note" className="demo-banner">
      <span className="sm:hidden">{t("common:demo.bannerShort")}</span>
      <span className="hidden sm:inline">{t("common:demo.banner")}</span>
    </div>
  );
}
