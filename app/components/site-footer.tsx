import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { pageById, pagePath } from "../i18n/site-map.ts";
import type { Language } from "../i18n/languages.ts";

/** `switcher`: repeat the header's language choices (hidden where the header is, on /datasets). */
export function SiteFooter({
  lang,
  contactEmail,
  publishedSince = null,
  switcher = true,
}: {
  lang: Language;
  contactEmail: string;
  publishedSince?: number | null;
  switcher?: boolean;
}) {
  const { t } = useTranslation();
  // Spec: English readers get the terms of service, everyone else the French terms of sale.
  const terms = lang === "en" ? "/tos" : "/cgv";
  return (
    <footer className="border-t border-white/10 bg-night text-slate-300">
      <div className="container-wide flex flex-col gap-6 py-10 md:flex-row md:items-center md:justify-between">
        <div
          className="flex shrink-0 items-center gap-2 font-display font-bold whitespace-nowrap text-white"
          data-brand
        >
          <Logo className="size-7" />
          {t("common:brand")}
        </div>
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <li>
            <a className="footer-link" href={terms}>
              {t("common:footer.terms")}
            </a>
          </li>
          <li>
            <a className="footer-link" href={pagePath(pageById("privacy"), lang)} data-legal-link="privacy">
              {t("common:footer.privacy")}
            </a>
          </li>
          <li>
            <a className="footer-link" href={pagePath(pageById("legal-notice"), lang)} data-legal-link="legal-notice">
              {t("common:footer.legalNotice")}
            </a>
          </li>
          <li>
            <a className="footer-link" href="/subscription">
              {t("common:footer.manageSubscription")}
            </a>
          </li>
          <li>
            <a className="footer-link" href={`mailto:${contactEmail}`}>
              {t("common:footer.contact")}
            </a>
          </li>
        </ul>
        {switcher ? <LanguageSwitcher lang={lang} /> : null}
        <p className="text-sm">
          {/* From the first year of publication to the year the page is rendered in (cached pages keep it until the next start). */}
          © {copyrightYears(publishedSince)} {t("common:brand")}. {t("common:footer.rights")}
        </p>
      </div>
    </footer>
  );
}

/** "2025–2026": the first year of publication, an en dash, the current year; one year when they are the same. */
export function copyrightYears(publishedSince: number | null, now = new Date()): string {
  const year = now.getFullYear();
  return publishedSince && publishedSince < year ? `${publishedSince}\u2013${year}` : String(year);
}
