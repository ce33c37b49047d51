import { useTranslation } from "react-i18next";
import type { TermsDocument } from "../../content/terms.ts";
import { formatDate } from "../../i18n/format.ts";
import { useRootData } from "../../lib/root-data.ts";

/**
 * A long-form legal page (/cgv, /tos). The legal text keeps its own language (`lang` on the
 * article); the chrome around it (notes, contents, links) speaks the visitor's language.
 */
export function LegalPage({ doc, ns }: { doc: TermsDocument; ns: "cgv" | "tos" }) {
  const { t } = useTranslation(ns);
  const { lang, contactEmail: email } = useRootData();
  const updated = formatDate(new Date(`${doc.updated}T00:00:00Z`), lang);
  return (
    <div data-block="legal">
      <section className="hero-dark">
        <div className="hero-glow" aria-hidden="true" />
        <div className="container-page relative py-16 sm:py-20">
          <p className="eyebrow text-accent-300">{t("chrome.eyebrow")}</p>
          <h1 lang={doc.lang} className="mt-3 max-w-3xl text-4xl font-extrabold sm:text-5xl">
            {doc.title}
          </h1>
          <p className="mt-4 text-slate-300">{t("chrome.updated", { date: updated })}</p>
          <p data-block="language-note" className="mt-6 inline-flex max-w-2xl items-start gap-3 rounded-2xl border border-white/15 bg-white/5 px-4 py-3 text-sm leading-relaxed text-slate-200">
            <svg viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-accent-300" aria-hidden="true">
              <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M10 9v5M10 6.2v.1" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
            <span>{t("chrome.note")}</span>
          </p>
        </div>
      </section>

      <div className="container-page grid gap-10 py-14 sm:py-20 lg:grid-cols-[15rem_1fr] lg:gap-16">
        <nav aria-labelledby="legal-contents" className="lg:sticky lg:top-28 lg:self-start">
          <h2 id="legal-contents" className="text-sm font-semibold tracking-widest text-muted uppercase">
            {t("chrome.contents")}
          </h2>
          <ol lang={doc.lang} className="mt-4 grid gap-1 border-l border-line text-sm">
            {doc.sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="-ml-px block border-l-2 border-transparent py-1.5 pl-4 text-muted hover:border-accent-500 hover:text-ink">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <article lang={doc.lang} className="legal-text max-w-[68ch]" data-block="terms">
          <p className="text-lg leading-relaxed text-ink">{doc.intro}</p>
          {doc.sections.map((section, index) => (
            <section key={section.id} id={section.id} data-clause={section.clause} aria-labelledby={`${section.id}-title`} className="mt-10 scroll-mt-28">
              <h2 id={`${section.id}-title`} className="flex gap-3 text-xl font-bold text-ink sm:text-2xl">
                <span className="text-accent-600 tabular-nums">{index + 1}.</span>
                <span>{section.title}</span>
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-4 text-[1.0625rem] leading-[1.75] text-slate-700">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}

          <aside className="mt-14 rounded-2xl border border-line bg-card p-6 shadow-card" lang={lang}>
            <p className="font-semibold text-ink">{t("chrome.questions")}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <a href="/" className="btn-primary" data-block="home-link">
                <span aria-hidden="true">←</span> {t("chrome.back")}
              </a>
              {email ? (
                <a href={`mailto:${email}`} className="btn-secondary">
                  {t("chrome.contact")}
                </a>
              ) : null}
            </div>
          </aside>
        </article>
      </div>
    </div>
  );
}
