import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { FlagIcon } from "./flag-icon.tsx";
import { SWITCHER, type Language } from "../i18n/languages.ts";
import { localizedHref } from "../i18n/site-map.ts";

/**
 * Plain links to the same page in each language: works without JavaScript, and the server
 * remembers the choice in a cookie when the link is followed.
 */
export function LanguageSwitcher({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  const url = new URL(location.pathname + location.search, "http://x");
  return (
    <nav aria-label={t("common:switcher.label")} className="lang-switcher">
      <ul className="flex items-center gap-0.5">
        {SWITCHER.map((entry) => (
          <li key={entry.lang}>
            <a
              href={localizedHref(url, entry.lang)}
              hrefLang={entry.lang}
              lang={entry.lang}
              aria-current={entry.lang === lang ? "true" : undefined}
              title={entry.name}
              className="lang-link"
            >
              <FlagIcon lang={entry.lang} />
              <span aria-hidden="true">{entry.label}</span>
              <span className="sr-only">{entry.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
