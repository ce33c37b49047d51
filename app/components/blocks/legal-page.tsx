import { useTranslation } from "react-i18next";
import { termsText, type TermsId } from "../../content/terms.ts";
import { formatDay } from "../../i18n/format.ts";
import { pageById, pagePath } from "../../i18n/site-map.ts";
import { useRootData } from "../../lib/root-data.ts";
import { LegalFrame, LegalHomeLink, LegalSection, legalParagraph } from "../legal-shell.tsx";

/**
 * A long-form terms page (/cgv, /tos). The legal text keeps its own language (`lang` on the
 * article): the original, or the CGV's translation for a reader in de/es/pt/it, which then names the
 * French original as the text that binds and links it (app/content/terms.ts says which text governs
 * which order). The chrome around it (notes, contents, links) speaks the visitor's language.
 */
export function LegalPage({ id: ns }: { id: TermsId }) {
  const { t } = useTranslation(ns);
  const { lang, contactEmail: email } = useRootData();
  const { doc, original, translated } = termsText(ns, lang);
  const updated = formatDay(doc.updated, lang);
  const link = "font-semibold text-accent-300 underline underline-offset-4";
  return (
    <LegalFrame
      legal={ns}
      eyebrow={t("chrome.eyebrow")}
      title={doc.title}
      textLang={doc.lang}
      articleBlock="terms"
      header={
        <>
          <p className="mt-4 text-slate-300">{t("chrome.updated", { date: updated })}</p>
          <p
            data-block="language-note"
            className="mt-6 inline-flex max-w-2xl items-start gap-3 rounded-2xl border border-white/15 bg-white/5 px-4 py-3 text-sm leading-relaxed text-slate-200"
          >
            <svg viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-accent-300" aria-hidden="true">
              <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M10 9v5M10 6.2v.1" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
            <span>
              {t(translated ? "chrome.translationNote" : "chrome.note")}{" "}
              {translated ? (
                <a
                  href={pagePath(pageById(original.id), original.lang)}
                  hrefLang={original.lang}
                  className={link}
                  data-block="original-link"
                >
                  {t("chrome.originalLink")}
                </a>
              ) : null}
            </span>
          </p>
          <p className="mt-3 text-sm">
            <a href={pagePath(pageById(ns === "cgv" ? "tos" : "cgv"), lang)} className={link} data-block="other-terms">
              {t("chrome.otherTerms")}
            </a>
          </p>
        </>
      }
      contentsLabel={t("chrome.contents")}
      contents={doc.sections}
      closing={
        <aside className="mt-14 rounded-2xl border border-line bg-card p-6 shadow-card" lang={lang}>
          <p className="font-semibold text-ink">{t("chrome.questions")}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <LegalHomeLink label={t("chrome.back")} />
            {email ? (
              <a href={`mailto:${email}`} className="btn-secondary">
                {t("chrome.contact")}
              </a>
            ) : null}
          </div>
        </aside>
      }
    >
      <p className="text-lg leading-relaxed text-ink">{doc.intro}</p>
      {doc.sections.map((section, index) => (
        <LegalSection key={section.id} id={section.id} clause={section.clause} index={index} title={section.title}>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className={legalParagraph}>
              {paragraph}
            </p>
          ))}
        </LegalSection>
      ))}
    </LegalFrame>
  );
}
