import { CtaBand, DarkCardGrid, Section, Steps } from "../components/blocks/blocks.tsx";
import { LazyImage } from "../components/blocks/lazy-image.tsx";
import { withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { HeroStats, PageHero, playAction, QUOTE_ANCHOR, quoteAction } from "../components/blocks/page-hero.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { usePageVideos } from "../components/blocks/use-page-videos.ts";
import { VideoFacade } from "../components/blocks/video-facade.tsx";
import { IMAGES } from "../content/media.ts";
import { AD_GENERATOR as A } from "../content/workflow-figures.ts";
import { formatNumber, formatUnit } from "../i18n/format.ts";

const ADS = ["veo3-ad-video-1", "veo3-ad-video-2", "veo3-ad-video-3", "veo3-ad-video-4"] as const;
const BENEFIT_ICONS: readonly IconName[] = ["target", "video", "palette"];

export { videosLoader as loader } from "../config/videos-loader.server.ts";

export default function Veo3AdPage() {
  const videos = usePageVideos();
  const { t, lang, list } = usePage("veo3-ad");
  const titles = list<string>("videos.items");

  return (
    <>
      <PageHero
        block="hero"
        t={t}
        primary={quoteAction(t("cta.label"))}
        secondary={playAction("#ads", t("hero.primary"))}
        aside={
          <HeroStats
            items={[
              { value: formatNumber(A.scenes, lang), label: t("stats.scenes") },
              { value: `< ${formatUnit(A.maxMinutes, "minute", lang, "short")}`, label: t("stats.time") },
              { value: "9:16", label: t("stats.format") },
              { value: formatNumber(1, lang), label: t("stats.input") },
            ]}
          />
        }
      />

      <Section id="ads" t={t} copy="videos" lead playable={ADS.some((slot) => videos[slot].ref)}>
        <ul className="grid grid-cols-2 gap-5 lg:grid-cols-4" data-block="videos">
          {ADS.map((slot) => videos[slot]).map((video, index) => (
            <li key={video.poster}>
              <VideoFacade video={video} title={titles[index] ?? ""} playLabel={t("playLabel")} />
              <p className="mt-3 text-sm font-semibold text-ink">{titles[index]}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="workflow" tone="tint" t={t} copy="workflow" lead>
        <figure data-block="workflow">
          <LazyImage
            image={IMAGES["veo3-ad-workflow"]}
            alt={t("workflow.imageAlt")}
            className="w-full rounded-3xl shadow-lift"
          />
        </figure>
        <div className="mt-10 lg:[&>ol]:grid-cols-5" data-block="scenes">
          <Steps items={list("workflow.scenes")} />
        </div>
      </Section>

      <Section id="benefits" tone="dark" t={t} copy="benefits">
        <DarkCardGrid block="benefits" items={withIcons(list("benefits.items"), BENEFIT_ICONS)} />
      </Section>

      <CtaBand t={t} href={QUOTE_ANCHOR} className="pt-20" block="cta" />
    </>
  );
}
