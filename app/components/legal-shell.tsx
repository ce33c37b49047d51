import { useTranslation } from "react-i18next";

/**
 * The frame of /privacy and /legal-notice: a dark title band, then the text in a readable measure
 * with a table of contents beside it on wide screens. Both pages are written in all six languages.
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
  children: React.ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <div data-block="legal" data-legal={ns}>
      <section className="hero-dark">
        <div className="hero-glow" aria-hidden="true" />
        <div className="container-page relative py-14 sm:py-20">
          <p className="eyebrow text-accent-300">{t("eyebrow")}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold text-balance sm:text-5xl">{t("title")}</h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-300">{t("intro", values)}</p>
        </div>
      </section>
      <div className="container-page grid gap-10 py-12 sm:py-20 lg:grid-cols-[15rem_1fr] lg:gap-16">
        <nav aria-labelledby="legal-contents" className="lg:sticky lg:top-28 lg:self-start">
          <h2 id="legal-contents" className="text-sm font-semibold tracking-widest text-muted uppercase">
            {t("contents")}
          </h2>
          <ol className="mt-4 grid gap-1 border-l border-line text-sm">
            {contents.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="-ml-px block border-l-2 border-transparent py-1.5 pl-4 text-muted hover:border-accent-500 hover:text-ink">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="legal-text max-w-[68ch] min-w-0">
          {children}
          <p className="mt-14">
            <a href="/" className="btn-primary">
              <span aria-hidden="true">←</span> {t("back")}
            </a>
          </p>
        </article>
      </div>
    </div>
  );
}

/** One numbered section of a legal page. */
export function LegalSection({ id, index, title, children }: { id: string; index: number; title: string; children: React.ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-10 scroll-mt-28 first:mt-0">
      <h2 id={`${id}-title`} className="flex gap-3 text-xl font-bold text-ink sm:text-2xl">
        <span className="text-accent-600 tabular-nums">{index + 1}.</span>
        <span>{title}</span>
      </h2>
      {children}
    </section>
  );
}

export const legalParagraph = "mt-4 text-[1.0625rem] leading-[1.75] text-slate-700";
