import { useTranslation } from "react-i18next";
import type { PageProof } from "../config/proof.ts";
import { faqJsonLd } from "../content/structured-data.ts";
import type { Language } from "../i18n/languages.ts";
import { quoted } from "../i18n/format.ts";
import { initials } from "../config/profiles.ts";
import { useRootData } from "../lib/root-data.ts";
import { JsonLd } from "./json-ld.tsx";
import { sectionClass, SectionHeading } from "./blocks/blocks.tsx";

/**
 * The owner's proof on a page (config/site.json `proof`): testimonials, case studies, client logos
 * and the offer's FAQ. A block without content renders nothing; the demo's invented samples carry
 * a visible "sample" badge (and the go-live check refuses them).
 */
export function ProofBlocks({
  proof,
  lang,
  part = "all",
}: {
  proof: PageProof;
  lang: Language;
  part?: "all" | "evidence" | "faq";
}) {
  const evidence = part !== "faq";
  const { t } = useTranslation("common");
  const badge = (sample: boolean) =>
    sample ? (
      <span className="sample-badge" data-sample>
        {t("proof.sample")}
      </span>
    ) : null;
  return (
    <>
      {evidence && proof.clientLogos.length ? (
        <section
          className="border-y border-line bg-white py-10"
          aria-labelledby="clients-title"
          data-block="client-logos"
        >
          <div className="container-page">
            <h2 id="clients-title" className="text-center text-sm font-semibold tracking-widest text-muted uppercase">
              {t("proof.logos.title")}
            </h2>
            <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-6">
              {proof.clientLogos.map((logo) => {
                const image = (
                  <img
                    src={logo.image}
                    alt={logo.name}
                    width={200}
                    height={48}
                    loading="lazy"
                    decoding="async"
                    className="h-10 w-auto opacity-80 grayscale"
                  />
                );
                return (
                  <li key={logo.name} className="flex flex-col items-center gap-1">
                    {logo.url ? <a href={logo.url}>{image}</a> : image}
                    {badge(logo.sample)}
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      ) : null}

      {evidence && proof.caseStudies.length ? (
        <section
          id="case-studies"
          className={sectionClass("light")}
          aria-labelledby="case-studies-title"
          data-block="case-studies"
        >
          <div className="container-page">
            <div className="max-w-3xl">
              <SectionHeading
                id="case-studies"
                tone="light"
                eyebrow={t("proof.cases.eyebrow")}
                title={t("proof.cases.title")}
              />
            </div>
            <ul className="mt-12 grid gap-6">
              {proof.caseStudies.map((study) => (
                <li key={study.client} className="card grid gap-6 lg:grid-cols-[1fr_1fr_auto]">
                  <div>
                    <h3 className="flex flex-wrap items-center gap-3 text-xl font-bold text-ink">
                      {study.client}
                      {badge(study.sample)}
                    </h3>
                    <p className="mt-4 text-sm font-semibold tracking-widest text-accent-700 uppercase">
                      {t("proof.cases.situation")}
                    </p>
                    <p className="mt-1 leading-relaxed text-muted">{study.situation}</p>
                  </div>
                  <div>
                    <p className="text-sm font-semibold tracking-widest text-accent-700 uppercase lg:mt-11">
                      {t("proof.cases.built")}
                    </p>
                    <p className="mt-1 leading-relaxed text-muted">{study.built}</p>
                  </div>
                  <dl className="grid grid-cols-2 gap-3 self-start lg:w-64 lg:grid-cols-1">
                    {study.figures.map((figure) => (
                      <div key={figure.label} className="flex flex-col-reverse rounded-2xl bg-accent-50 px-4 py-3">
                        <dt className="text-sm text-muted">{figure.label}</dt>
                        <dd className="font-display text-2xl font-bold text-ink">{figure.value}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {evidence && proof.testimonials.length ? (
        <section
          id="testimonials"
          className={sectionClass("tint")}
          aria-labelledby="testimonials-title"
          data-block="testimonials"
        >
          <div className="container-page">
            <div className="max-w-3xl">
              <SectionHeading
                id="testimonials"
                tone="tint"
                eyebrow={t("proof.testimonials.eyebrow")}
                title={t("proof.testimonials.title")}
              />
            </div>
            <ul className="mt-12 grid gap-5 md:grid-cols-2 lg:grid-cols-3">
              {proof.testimonials.map((item) => (
                <li key={item.name} className="card flex flex-col">
                  <figure className="flex flex-1 flex-col">
                    {badge(item.sample)}
                    <blockquote lang={lang} className="mt-2 flex-1 text-lg leading-relaxed text-ink">
                      <p>{quoted(item.quote, lang)}</p>
                    </blockquote>
                    <figcaption className="mt-6 flex items-center gap-3">
                      {item.photo ? (
                        <img
                          src={item.photo}
                          alt=""
                          width={48}
                          height={48}
                          loading="lazy"
                          decoding="async"
                          className="size-12 rounded-full object-cover"
                        />
                      ) : (
                        <span
                          className="grid size-12 shrink-0 place-items-center rounded-full bg-accent-100 font-bold text-accent-800"
                          aria-hidden="true"
                        >
                          {initials(item.name)}
                        </span>
                      )}
                      <span>
                        <span className="block font-semibold text-ink">
                          {item.link ? (
                            <a href={item.link} className="underline underline-offset-4">
                              {item.name}
                            </a>
                          ) : (
                            item.name
                          )}
                        </span>
                        <span className="block text-sm text-muted">{item.role}</span>
                      </span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      {part !== "evidence" && proof.faq ? (
        <Faq topics={proof.faq.topics} sample={proof.faq.sample} lang={lang} badge={badge(proof.faq.sample)} />
      ) : null}
    </>
  );
}

/**
 * A priced page's evidence (logos, case studies, testimonials), placed by the page itself just
 * before its pricing: a buyer reads what others got before reading what it costs. The root layout
 * then adds only the FAQ and the closing order band after the page (app/root.tsx).
 */
export function PageEvidence() {
  const { proof, lang } = useRootData();
  return <ProofBlocks proof={proof} lang={lang} part="evidence" />;
}

function Faq({
  topics,
  lang,
  badge,
}: {
  topics: NonNullable<PageProof["faq"]>["topics"];
  sample: boolean;
  lang: Language;
  badge: React.ReactNode;
}) {
  const { t } = useTranslation("common");
  const items = topics.map((item) => ({
    topic: item.topic,
    question: t(`proof.faq.questions.${item.topic}`),
    answer: item.answer,
  }));
  return (
    <section id="faq" className={sectionClass("light")} aria-labelledby="faq-title" data-block="faq">
      <div className="container-page max-w-3xl">
        <SectionHeading id="faq" tone="light" eyebrow={t("proof.faq.eyebrow")} title={t("proof.faq.title")} />
        {badge ? <p className="mt-4">{badge}</p> : null}
        <div className="mt-8 divide-y divide-line rounded-[var(--radius-card)] border border-line bg-card">
          {items.map((item, index) => (
            <details key={item.topic} open={index === 0} className="faq-item group px-6 py-4" data-faq={item.topic}>
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-1 text-lg font-semibold text-ink">
                <span data-question>{item.question}</span>
                <span className="text-accent-700 transition group-open:rotate-45" aria-hidden="true">
                  +
                </span>
              </summary>
              <p className="mt-2 leading-relaxed text-muted">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
      <JsonLd data={faqJsonLd(items, lang)} />
    </section>
  );
}
