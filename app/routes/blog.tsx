import { useTranslation } from "react-i18next";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { CheckList, CtaBand, Hero, Section, Stats, mailtoHref } from "../components/content/blocks.tsx";
import { LineIcon, type IconName } from "../components/content/line-icons.tsx";
import { VideoFacade } from "../components/content/video-facade.tsx";
import { BLOG, formatNumber, formatRange, formatUnit } from "../content/workflow-figures.ts";
import type { Language } from "../i18n/languages.ts";
import type { RootData } from "../root.tsx";
import { siteVideos } from "../config/site.server.ts";

/** Trigger, summary, hook, image, sheets, adaptation, download, automation (spec order). */
const STEP_ICONS: readonly IconName[] = ["send", "article", "hook", "image", "sheet", "layers", "download", "repeat"];

/** Video ids come from the owner configuration (read once per process). */
export function loader() {
  return { videos: siteVideos() };
}

export default function BlogPage() {
  const { videos } = useLoaderData<typeof loader>();
  const { t } = useTranslation("blog");
  const root = useRouteLoaderData<RootData>("root");
  const lang = (root?.lang ?? "en") as Language;
  const figures = { words: formatRange(BLOG.summaryWords, lang), time: formatUnit(BLOG.maxMinutes, "minute", lang, "long") };
  const steps = t("steps.items", { returnObjects: true, ...figures }) as Array<{ title: string; text: string }>;
  const facts = t("useCase.facts", { returnObjects: true, ...figures }) as Array<{ label: string; value: string }>;
  const contact = mailtoHref(root?.contactEmail ?? "", t("cta.subject"));

  return (
    <>
      <div data-block="hero">
        <Hero
          eyebrow={t("hero.eyebrow")}
          title={t("hero.title")}
          subtitle={t("hero.subtitle")}
          actions={
            <>
              <a href="#intro" className="btn-primary">
                <LineIcon name="play" className="size-5" />
                {t("hero.primary")}
              </a>
              <a href={contact} className="btn-ghost-light" data-action="contact">
                {t("hero.secondary")}
              </a>
            </>
          }
          aside={
            <div className="lg:[&>dl]:grid-cols-2" data-block="stats">
              <Stats
                items={[
                  { value: figures.words, label: t("stats.words") },
                  { value: `< ${formatUnit(BLOG.maxMinutes, "minute", lang, "short")}`, label: t("stats.time") },
                  { value: formatNumber(steps.length, lang), label: t("stats.steps") },
                  { value: formatNumber(1, lang), label: t("stats.link") },
                ]}
              />
            </div>
          }
        />
      </div>

      <section id="intro" className="section bg-surface" aria-labelledby="intro-title" data-block="intro">
        <div className="container-page grid items-center gap-12 lg:grid-cols-[1fr_1.25fr]">
          <div>
            <p className="eyebrow">{t("intro.eyebrow")}</p>
            <h2 id="intro-title" className="section-title mt-2">
              {t("intro.title")}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-muted">{t("intro.lead")}</p>
            <div className="mt-8 sm:[&>ul]:grid-cols-1">
              <CheckList items={t("intro.points", { returnObjects: true }) as string[]} />
            </div>
          </div>
          <div data-block="intro-video">
            <VideoFacade video={videos["blog-intro"]} title={t("intro.videoTitle")} playLabel={t("playLabel")} />
          </div>
        </div>
      </section>

      <Section id="workflow" tone="tint" eyebrow={t("steps.eyebrow")} title={t("steps.title")} lead={t("steps.lead")}>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-block="steps">
          {steps.map((step, index) => (
            <li key={step.title} className="card relative flex flex-col">
              <div className="flex items-center justify-between">
                <span className="grid size-11 place-items-center rounded-xl bg-accent-100 text-accent-700">
                  <LineIcon name={STEP_ICONS[index] ?? "sparkles"} />
                </span>
                <span className="font-display text-3xl font-extrabold text-accent-500" aria-hidden="true">
                  {String(index + 1).padStart(2, "0")}
                </span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="use-case" eyebrow={t("useCase.eyebrow")} title={t("useCase.title")}>
        <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr]" data-block="use-case">
          <blockquote className="card border-l-4 border-l-accent-500 p-8 text-lg leading-relaxed text-ink">{t("useCase.text", figures)}</blockquote>
          <dl className="grid gap-4">
            {facts.map((fact) => (
              <div key={fact.label} className="rounded-2xl bg-night px-6 py-5 text-white">
                <dt className="text-sm font-medium text-accent-300">{fact.label}</dt>
                <dd className="mt-1 text-lg font-semibold">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>

      <div data-block="cta">
        <CtaBand title={t("cta.title")} text={t("cta.text")} href={contact} label={t("cta.label")} />
      </div>
    </>
  );
}
