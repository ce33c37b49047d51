import { CheckList, CtaBand, Section, Steps } from "../components/blocks/blocks.tsx";
import { withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { HeroStats, PageHero, playAction, QUOTE_ANCHOR, quoteAction } from "../components/blocks/page-hero.tsx";
import { SplitSection } from "../components/blocks/split-section.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { usePageVideos } from "../components/blocks/use-page-videos.ts";
import { VideoFacade } from "../components/blocks/video-facade.tsx";
import { BLOG } from "../content/workflow-figures.ts";
import { formatNumber, formatRange, formatUnit } from "../i18n/format.ts";

/** Trigger, summary, hook, image, sheets, adaptation, download, automation (spec order). */
const STEP_ICONS: readonly IconName[] = ["send", "article", "hook", "image", "sheet", "layers", "download", "repeat"];

export { videosLoader as loader } from "../config/videos-loader.server.ts";

export default function BlogPage() {
  const videos = usePageVideos();
  const { t, lang, list } = usePage("blog");
  const figures = {
    words: formatRange(BLOG.summaryWords, lang),
    time: formatUnit(BLOG.maxMinutes, "minute", lang, "long"),
  };
  const steps = list("steps.items", figures);
  const facts = list<{ label: string; value: string }>("useCase.facts", figures);

  return (
    <>
      <PageHero
        block="hero"
        t={t}
        primary={quoteAction(t("hero.secondary"))}
        secondary={playAction("#intro", t("hero.primary"))}
        aside={
          <HeroStats
            items={[
              { value: figures.words, label: t("stats.words") },
              { value: `< ${formatUnit(BLOG.maxMinutes, "minute", lang, "short")}`, label: t("stats.time") },
              { value: formatNumber(steps.length, lang), label: t("stats.steps") },
              { value: formatNumber(1, lang), label: t("stats.link") },
            ]}
          />
        }
      />

      <SplitSection
        id="intro"
        block="intro"
        t={t}
        copy="intro"
        lead
        columns="lg:grid-cols-[1fr_1.25fr]"
        media={
          <div data-block="intro-video">
            <VideoFacade video={videos["blog-intro"]} title={t("intro.videoTitle")} playLabel={t("playLabel")} />
          </div>
        }
      >
        <div className="mt-8 sm:[&>ul]:grid-cols-1">
          <CheckList items={list<string>("intro.points")} />
        </div>
      </SplitSection>

      <Section id="workflow" tone="tint" t={t} copy="steps" lead>
        <div className="lg:[&>ol]:grid-cols-4" data-block="steps">
          <Steps items={withIcons(steps, STEP_ICONS)} />
        </div>
      </Section>

      <Section id="use-case" t={t} copy="useCase">
        <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr]" data-block="use-case">
          <blockquote className="card border-l-4 border-l-accent-500 p-8 text-lg leading-relaxed text-ink">
            {t("useCase.text", figures)}
          </blockquote>
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

      <CtaBand t={t} href={QUOTE_ANCHOR} block="cta" />
    </>
  );
}
