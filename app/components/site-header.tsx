import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LanguageMenu } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { NAV_GROUPS, offerName, pageById, pageForPath, type PageId } from "../i18n/site-map.ts";
import type { Language } from "../i18n/languages.ts";

/**
 * Fixed top bar: the brand (always whole), the spec's 13 links grouped by what a visitor looks for
 * (videos, images, chat agents, workflows) with descriptive labels, the offers page, and the
 * language menu. Wide screens show each group as a disclosure; narrow ones one menu holding every
 * group. All are <details>, so they open without JavaScript; nothing covers the content.
 */
export function SiteHeader({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = pageForPath(pathname)?.id;
  const link = (id: PageId, className = "nav-link") => (
    <a href={pageById(id).path} aria-current={id === current ? "page" : undefined} className={className} data-nav={id}>
      {/* An offer page is called by its one name (offers.json), the same on its card, page and checkout. */}
      {id === "home" ? t("common:nav.home") : offerName(t, id)}
    </a>
  );
  const group = (pages: readonly PageId[], labelledBy?: string) => (
    <ul className="grid gap-0.5" aria-labelledby={labelledBy}>
      {pages.map((id) => (
        <li key={id}>{link(id)}</li>
      ))}
    </ul>
  );
  return (
    <header className="site-header">
      <div className="container-wide flex h-16 items-center gap-2 sm:gap-3">
        <a href="/" className="brand-link mr-auto" data-brand>
          <Logo className="size-8 shrink-0" />
          <span>{t("common:brand")}</span>
        </a>
        <nav aria-label={t("common:nav.label")} className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            <li>{link("home")}</li>
            {NAV_GROUPS.map((entry) => (
              <li key={entry.id}>
                <details className="nav-group" data-hover data-nav-group={entry.id}>
                  <summary
                    className={`nav-link nav-group-toggle ${entry.pages.some((id) => id === current) ? "nav-link-current" : ""}`}
                  >
                    {t(`common:nav.groups.${entry.id}`)}
                    <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" focusable="false">
                      <path
                        d="m5 8 5 5 5-5"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  </summary>
                  <div className="nav-group-panel">{group(entry.pages)}</div>
                </details>
              </li>
            ))}
            <li>
              <a
                href="/offers"
                aria-current={current === "offers" ? "page" : undefined}
                className="nav-link nav-link-offers"
                data-nav="offers"
              >
                {t("common:nav.offers")}
              </a>
            </li>
          </ul>
        </nav>
        <LanguageMenu lang={lang} />
        <details className="nav-disclosure xl:hidden" data-hover>
          <summary className="nav-toggle">
            <span className="sr-only">{t("common:nav.open")}</span>
            <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <nav aria-label={t("common:nav.label")} className="nav-panel">
            <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
              <div className="grid gap-1 sm:col-span-2 sm:grid-cols-2">
                {link("home")}
                <a
                  href="/offers"
                  aria-current={current === "offers" ? "page" : undefined}
                  className="nav-link nav-link-offers"
                  data-nav="offers"
                >
                  {t("common:nav.offers")}
                </a>
              </div>
              {NAV_GROUPS.map((entry) => (
                <div key={entry.id}>
                  <p id={`nav-group-${entry.id}`} className="nav-group-title">
                    {t(`common:nav.groups.${entry.id}`)}
                  </p>
                  {group(entry.pages, `nav-group-${entry.id}`)}
                </div>
              ))}
            </div>
          </nav>
        </details>
      </div>
    </header>
  );
}
