import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LanguageMenu } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { NAV_PAGES, pageById, pageForPath } from "../i18n/site-map.ts";
import type { Language } from "../i18n/languages.ts";

/**
 * Fixed top bar: brand, the 13 links of the spec (inline on wide screens, a <details> disclosure
 * on narrow ones, so it opens without JavaScript) and the language menu, which never covers content.
 */
export function SiteHeader({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = pageForPath(pathname)?.id;
  const links = NAV_PAGES.map((id) => {
    const page = pageById(id);
    return { id, href: page.path, label: t(`common:nav.${id}`), active: id === current };
  });
  const list = (className: string) => (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.id}>
          <a href={link.href} aria-current={link.active ? "page" : undefined} className="nav-link">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
  return (
    <header className="site-header">
      <div className="container-wide flex h-16 items-center gap-3">
        <a href="/" className="mr-auto flex min-w-0 items-center gap-2 font-display text-lg font-bold tracking-tight whitespace-nowrap text-white">
          <Logo className="size-8" />
          <span className="truncate">{t("common:brand")}</span>
        </a>
        <nav aria-label={t("common:nav.label")} className="hidden xl:block" data-hover-menu>
          {list("flex items-center gap-0.5")}
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
            {list("grid gap-1 sm:grid-cols-2")}
          </nav>
        </details>
      </div>
    </header>
  );
}
