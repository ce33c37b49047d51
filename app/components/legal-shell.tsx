import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The one frame of every legal page (/privacy, /legal-notice, /cgv, /tos): a dark title band,
 * then the text in a readable measure with a table of contents beside it on wide screens, and a
 * way back home at the end. `textLang` marks a text kept in its own language (the French terms):
 * the title, contents and article carry it while the chrome follows the visitor.
 */
export function LegalFrame(props: {
  /** `data-legal` hook: which page this is. */
  legal: string;
  eyebrow: string;
  title: string;
  /** Under the title: an introduction, a date, a note. */
  header: ReactNode;
  contentsLabel: string;
  contents: ReadonlyArray<{ id: string; title: string }>;
  textLang?: string;
  /** The article's test hook (`data-block`). */
  articleBlock?: string;
  /** After the text, before nothing else: the page's closing links. */
  closing: ReactNode;
  children: ReactNode;
}) {
  return (
    <div data-block="legal" data-legal={props.legal}>
      <section className="hero-dark">
        <div className="hero-glow" aria-hidden="true" />
        <div className="container-page relative py-14 sm:py-20">
          <p className="eyebrow text-accent-300">{props.eyebrow}</p>
          <h1 lang={props.textLang} className="mt-3 max-w-3xl text-4xl font-extrabold text-balance sm:text-5xl">
            {props.title}
          </h1>
          {props.header}
        </div>
      </section>
      <div className="container-page grid gap-10 py-12 sm:py-20 lg:grid-cols-[15rem_1fr] lg:gap-16">
        <nav aria-labelledby="legal-contents" className="lg:sticky lg:top-28 lg:self-start">
          <h2 id="legal-contents" className="text-sm font-semibold tracking-widest text-muted uppercase">
            {props.contentsLabel}
          </h2>
          <ol lang={props.textLang} className="mt-4 grid gap-1 border-l border-line text-sm">
            {props.contents.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l-2 border-transparent py-1.5 pl-4 text-muted hover:border-accent-500 hover:text-ink"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article lang={props.textLang} className="legal-text max-w-[68ch] min-w-0" data-block={props.articleBlock}>
          {props.children}
          {props.closing}
        </article>
      </div>
    </div>
  );
}

/**
 * /privacy and /legal-notice: written in all six languages, their chrome read from the page's
 * namespace (`eyebrow`, `title`, `intro`, `contents`, `back`).
 */
export function LegalShell({
  ns,
  contents,
  values,
  children,
}: {
  ns: "privacy" | "legal-notice";
  /** The owner's identity for the texts' {{placeholders}}. */
  values?: Record<string, string>;
  contents: ReadonlyArray<{ id: string; title: string }>;
  children: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <LegalFrame
      legal={ns}
      eyebrow={t("eyebrow")}
      title={t("title")}
      header={<p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-300">{t("intro", values)}</p>}
      contentsLabel={t("contents")}
      contents={contents}
      closing={
        <p className="mt-14">
          <LegalHomeLink label={t("back")} />
        </p>
      }
    >
      {children}
    </LegalFrame>
  );
}

/** The link home that closes a legal page. */
export function LegalHomeLink({ label }: { label: string }) {
  return (
    <a href="/" className="btn-primary" data-block="home-link">
      <span aria-hidden="true">←</span> {label}
    </a>
  );
}

/** One numbered section of a legal page. */
export function LegalSection({
  id,
  index,
  title,
  clause,
  children,
}: {
  id: string;
  index: number;
  title: string;
  clause?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} data-clause={clause} aria-labelledby={`${id}-title`} className="mt-10 scroll-mt-28 first:mt-0">
      <h2 id={`${id}-title`} className="flex gap-3 text-xl font-bold text-ink sm:text-2xl">
        <span className="text-accent-600 tabular-nums">{index + 1}.</span>
        <span>{title}</span>
      </h2>
      {children}
    </section>
  );
}

export const legalParagraph = "mt-4 text-[1.0625rem] leading-[1.75] text-slate-700";
