import { useTranslation } from "react-i18next";
import { useLocation, useMatches } from "react-router";
import { FlagIcon } from "./flag-icon.tsx";
import { SWITCHER, type Language } from "../i18n/languages.ts";
import { localizedHref } from "../i18n/site-map.ts";

/** A route whose page holds a form can name it: the switcher then posts it, so typed values follow. */
export interface LanguageFormHandle {
  languageForm?: (loaderData: unknown) => string | undefined;
}

/**
 * The six languages, as plain links to the same page in each one (no JavaScript needed; the
 * server remembers the choice in a cookie). On a page with a form (the order form) each choice is
 * a submit button of that form instead, so switching language keeps what the visitor typed.
 */
function LanguageList({ lang, className }: { lang: Language; className: string }) {
  const location = useLocation();
  const url = new URL(location.pathname + location.search, "http://x");
  const formId = useLanguageFormId();
  return (
    <ul className={className}>
      {SWITCHER.map((entry) => {
        const current = entry.lang === lang;
        const content = (
          <>
            <FlagIcon lang={entry.lang} />
            <span>{entry.name}</span>
          </>
        );
        return (
          <li key={entry.lang}>
            {formId ? (
              <button
                type="submit"
                form={formId}
                formAction={localizedHref(url, entry.lang)}
                formMethod="post"
                formNoValidate
                name="intent"
                value="language"
                lang={entry.lang}
                aria-current={current ? "true" : undefined}
                className="lang-link"
              >
                {content}
              </button>
            ) : (
              <a
                href={localizedHref(url, entry.lang)}
                hrefLang={entry.lang}
                lang={entry.lang}
                aria-current={current ? "true" : undefined}
                className="lang-link"
              >
                {content}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The id of the form the page's route names for the switcher to post, if any. */
function useLanguageFormId(): string | undefined {
  const matches = useMatches();
  return matches
    .map((match) => (match.handle as LanguageFormHandle | undefined)?.languageForm?.(match.loaderData))
    .find(Boolean);
}

/**
 * Enter in a text field submits the form with its default button: the first submit button, in tree
 * order, that the form owns — `form="…"` buttons outside it count. The header's language buttons
 * come before the form's own button, so without this Enter would switch the language instead of
 * ordering. This hidden copy of the form's plain submit (no name, no formaction, validation on)
 * comes first and is the default button; it is out of the tab order and of the accessibility tree.
 */
function DefaultSubmit() {
  const formId = useLanguageFormId();
  return formId ? (
    <button type="submit" form={formId} hidden tabIndex={-1} aria-hidden="true" data-default-submit />
  ) : null;
}

/** In the fixed header: a globe and the current language opening the six choices (a <details>, no JS). */
export function LanguageMenu({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const current = SWITCHER.find((entry) => entry.lang === lang)!;
  return (
    <>
      <DefaultSubmit />
      <details className="lang-menu" data-hover>
        <summary className="lang-toggle">
          <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path
              d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
          </svg>
          <span aria-hidden="true">{current.label}</span>
          <span className="sr-only">{`${t("common:switcher.label")} (${current.name})`}</span>
        </summary>
        <nav aria-label={t("common:switcher.label")} className="lang-panel">
          <LanguageList lang={lang} className="grid gap-1" />
        </nav>
      </details>
    </>
  );
}

/** In the footer: the same six choices in a row. */
export function LanguageSwitcher({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("common:switcher.footer")} className="lang-footer">
      <LanguageList lang={lang} className="flex flex-wrap gap-1" />
    </nav>
  );
}
