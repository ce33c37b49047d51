import { CardGrid, CtaBand, DarkCardGrid, Section, Steps } from "../components/blocks/blocks.tsx";
import { LazyImage } from "../components/blocks/lazy-image.tsx";
import { withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { HeroStats, PageHero, QUOTE_ANCHOR, orderAction, quoteAction } from "../components/blocks/page-hero.tsx";
import { SplitSection } from "../components/blocks/split-section.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { usePageVideos } from "../components/blocks/use-page-videos.ts";
import { VideoFacade } from "../components/blocks/video-facade.tsx";
import { IMAGES } from "../content/media.ts";
import { OFFERS } from "../content/offers.ts";
import { FACELESS as F } from "../content/workflow-figures.ts";
import { formatAmount, formatMoney, formatNumber, formatUnit, formatUnitRange } from "../i18n/format.ts";

const FEATURE_ICONS: readonly IconName[] = ["video", "layers", "mic", "captions", "sheet", "shield"];
const STRENGTH_ICONS: readonly IconName[] = ["wallet", "clock", "repeat"];

export { videosLoader as loader } from "../config/videos-loader.server.ts";

export default function AiMachinePage() {
  const videos = usePageVideos();
  const { t, lang, list } = usePage("ai-machine");
  const test = OFFERS["test-workflow"].price(lang);
  const price = formatMoney(test.oneTime ?? 0, test.currency, lang);
  // Spec section 9 figures, formatted for the visitor's locale and passed into the copy.
  const figures = {
    scenes: formatNumber(F.scenes, lang),
    clip: formatUnit(F.clipSeconds, "second", lang, "long"),
    duration: formatUnit(F.videoMinutes, "minute", lang, "long"),
    ratio: F.ratio,
    cost: formatAmount(F.costUsd, "USD", lang),
    time: formatUnitRange(F.productionMinutes, "minute", lang, "long"),
  };

  return (
    <>
      <PageHero
        block="hero"
        t={t}
        primary={quoteAction(t("quote:form.title"))}
        secondary={orderAction("test-workflow", lang, t("hero.secondary", { price }))}
        aside={
          <HeroStats
            items={[
              { value: figures.scenes, label: t("stats.scenes") },
              {
                value: `${figures.scenes} × ${formatUnit(F.clipSeconds, "second", lang, "narrow")}`,
                label: t("stats.clips"),
              },
              { value: `≈ ${figures.cost}`, label: t("stats.cost") },
              { value: formatUnitRange(F.productionMinutes, "minute", lang), label: t("stats.time") },
            ]}
          />
        }
      />

      <SplitSection
        id="demo"
        block="description"
        t={t}
        copy="description"
        columns="lg:grid-cols-[1.3fr_1fr]"
        paragraphs={list<string>("description.paragraphs", figures)}
        media={
          <figure className="mx-auto w-full max-w-[18rem]" data-block="demo-video">
            <VideoFacade
              video={videos["ai-machine-demo"]}
              title={t("description.videoTitle")}
              playLabel={t("playLabel")}
            />
            <figcaption className="mt-3 text-center text-sm text-muted">
              {t(
                videos["ai-machine-demo"].ref ? "description.videoCaption" : "description.videoCaptionArtwork",
                figures,
              )}
            </figcaption>
          </figure>
        }
      />

      <Section id="workflow" tone="tint" t={t} copy="workflow" lead>
        <figure data-block="workflow">
          <LazyImage
            image={IMAGES["ai-machine-workflow"]}
            alt={t("workflow.imageAlt")}
            className="w-full rounded-3xl shadow-lift"
          />
        </figure>
      </Section>

      <Section id="steps" t={t} copy="steps" block="steps">
        <Steps items={list("steps.items", figures)} />
      </Section>

      <Section id="features" tone="tint" t={t} copy="features" block="features">
        <CardGrid items={withIcons(list("features.items"), FEATURE_ICONS)} />
      </Section>

      <Section id="strengths" tone="dark" t={t} copy="strengths">
        <DarkCardGrid block="strengths" items={withIcons(list("strengths.items", figures), STRENGTH_ICONS)} />
      </Section>

      <CtaBand t={t} href={QUOTE_ANCHOR} label={t("quote:form.title")} className="pt-20" block="cta" />
    </>
  );
}
