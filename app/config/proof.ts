import type { Language } from "../i18n/languages.ts";
import { FAQ_TOPICS, PROOF_PAGES, type FaqTopic, type ProofPage, type SiteConfig } from "./site-schema.ts";

/**
 * The proof one page shows, in the visitor's language (config/site.json `proof`). Each block is
 * empty when the owner filled nothing in for it, and the page then shows no trace of it.
 */
export interface PageProof {
  testimonials: Array<{
    name: string;
    role: string;
    quote: string;
    photo: string | null;
    link: string | null;
    sample: boolean;
  }>;
  caseStudies: Array<{
    client: string;
    situation: string;
    built: string;
    figures: Array<{ value: string; label: string }>;
    sample: boolean;
  }>;
  clientLogos: Array<{ name: string; image: string; url: string | null; sample: boolean }>;
  faq: { topics: Array<{ topic: FaqTopic; answer: string }>; sample: boolean } | null;
}

export const NO_PROOF: PageProof = { testimonials: [], caseStudies: [], clientLogos: [], faq: null };

export function isProofPage(value: unknown): value is ProofPage {
  return typeof value === "string" && (PROOF_PAGES as readonly string[]).includes(value);
}

/**
 * The home page gathers every testimonial and the client logos; an offer page shows the
 * testimonials about it, its case studies and its FAQ. Other pages show none.
 */
export function proofFor(config: SiteConfig, page: string | undefined, lang: Language): PageProof {
  const home = page === "home";
  if (!home && !isProofPage(page)) return NO_PROOF;
  const { testimonials, caseStudies, clientLogos, faq } = config.proof;
  const answers = home ? undefined : faq[page as ProofPage];
  const topics = answers
    ? FAQ_TOPICS.flatMap((topic) => (answers[topic] ? [{ topic, answer: answers[topic][lang] }] : []))
    : [];
  return {
    testimonials: testimonials
      .filter((item) => (home ? true : item.offers?.includes(page as ProofPage)))
      .map((item) => ({
        name: item.name,
        role: item.role[lang],
        quote: item.quote[lang],
        photo: item.photo ?? null,
        link: item.link ?? null,
        sample: Boolean(item.sample),
      })),
    caseStudies: home
      ? []
      : caseStudies
          .filter((item) => item.offer === page)
          .map((item) => ({
            client: item.client,
            situation: item.situation[lang],
            built: item.built[lang],
            figures: item.figures.map((figure) => ({ value: figure.value, label: figure.label[lang] })),
            sample: Boolean(item.sample),
          })),
    clientLogos: home
      ? clientLogos.map((logo) => ({
          name: logo.name,
          image: logo.image,
          url: logo.url ?? null,
          sample: Boolean(logo.sample),
        }))
      : [],
    faq: topics.length ? { topics, sample: Boolean(answers?.sample) } : null,
  };
}
