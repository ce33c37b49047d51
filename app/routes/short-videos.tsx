import { CardGrid, Section, Steps } from "../components/blocks/blocks.tsx";
import { PageEvidence } from "../components/proof-blocks.tsx";
import { LineIcon, withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { HeroStats, PageHero, orderAction } from "../components/blocks/page-hero.tsx";
import { HeroPrice } from "../components/page-price.tsx";
import { PriceCard } from "../components/blocks/price-card.tsx";
import { SplitSection } from "../components/blocks/split-section.tsx";
import { IconPills } from "../components/blocks/icon-lists.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { usePageVideos } from "../components/blocks/use-page-videos.ts";
import { VideoFacade } from "../components/blocks/video-facade.tsx";
import { watchUrl } from "../content/media.ts";
import { SHORT_VIDEOS as S } from "../content/workflow-figures.ts";
import { formatNumber, formatUnit, formatUnitRange } from "../i18n/format.ts";

/** Where the scheduling tool publishes (spec section 1); brand names, the same in every language. */
const NETWORKS = ["LinkedIn", "Facebook", "Instagram", "X", "TikTok"] as const;
const FEATURE_ICONS: readonly IconName[] = ["hook", "mic", "captions", "video", "calendar", "palette"];
const BENEFIT_ICONS: readonly IconName[] = ["target", "clock", "wallet"];
const FLOW_ICONS: readonly IconName[] = ["sheet", "settings", "calendar"];
/** The three example shorts are the same in every language (spec). */
const SHORTS = [
  { video: "short-videos-short-1", linkedin: "short-videos-linkedin-1" },
  { video: "short-videos-short-2", linkedin: "short-videos-linkedin-2" },
  { video: "short-videos-short-3", linkedin: "short-videos-linkedin-3" },
] as const;

export { videosLoader as loader } from "../config/videos-loader.server.ts";

export default function ShortVideosPage() {
  const videos = usePageVideos();
  const { t, lang } = usePage("short-videos");
  const figures = {
    videos: formatNumber(S.videosPerMonth, lang),
    length: formatUnitRange(S.seconds, "second", lang, "long"),
    delivery: formatUnit(S.deliveryHours, "hour", lang, "long"),
    generation: formatUnit(S.generationMaxMinutes, "minute", lang, "long"),
  };
  const list = <T,>(key: string) => t(key, { returnObjects: true, ...figures }) as T[];
  const features = list<{ title: string; text: string }>("features.items");
  const benefits = list<{ title: string; text: string }>("benefits.items");
  const steps = list<{ title: string; text: string }>("steps.items");
  const shortTitles = list<string>("shorts.items");
  const explainer = videos[`short-videos-explainer-${lang}`];

  return (
    <>
      <PageHero
        block="hero"
        t={t}
        price={<HeroPrice page="short-videos" lang={lang} />}
        primary={orderAction("short-videos", lang, t("hero.primary"))}
        secondary={{ href: "#explainer", label: t("hero.secondary") }}
        aside={
          <HeroStats
            items={[
              { value: figures.videos, label: t("stats.videos") },
              { value: formatUnitRange(S.seconds, "second", lang, "short"), label: t("stats.length") },
              { value: formatUnit(S.deliveryHours, "hour", lang, "short"), label: t("stats.delivery") },
              {
                value: `< ${formatUnit(S.generationMaxMinutes, "minute", lang, "short")}`,
                label: t("stats.generation"),
              },
            ]}
          />
        }
      />

      <SplitSection
        id="explainer"
        block="explainer"
        t={t}
        copy="explainer"
        lead
        columns="lg:grid-cols-[1fr_1.2fr]"
        media={
          <div data-block="explainer-video" data-lang={lang}>
            <VideoFacade video={explainer} title={t("explainer.videoTitle")} playLabel={t("playLabel")} />
          </div>
        }
      >
        <IconPills
          block="flow"
          ordered
          className="mt-8 grid gap-3"
          labels={list<string>("explainer.flow")}
          icons={FLOW_ICONS}
        />
        <p className="mt-5 text-sm font-semibold tracking-widest text-muted uppercase">{t("explainer.networks")}</p>
        <ul className="mt-3 flex flex-wrap gap-2" data-block="networks">
          {NETWORKS.map((network) => (
            <li key={network} className="rounded-full bg-night px-3.5 py-1.5 text-sm font-semibold text-white">
              {network}
            </li>
          ))}
        </ul>
      </SplitSection>

      <Section
        id="shorts"
        tone="dark"
        t={t}
        copy="shorts"
        lead
        playable={SHORTS.some((slot) => videos[slot.video].ref || videos[slot.linkedin].ref)}
      >
        {/* Phones: a swipeable row instead of three screen-high videos stacked; a grid from sm up. "relative" keeps
            the absolutely positioned sr-only labels inside the scroll box (else they widen the page). */}
        <ul
          className="relative -mx-5 flex snap-x snap-mandatory gap-5 overflow-x-auto px-5 pb-4 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-8 sm:overflow-visible sm:px-0 sm:pb-0"
          data-block="shorts"
        >
          {SHORTS.map(({ video, linkedin }) => ({ video: videos[video], linkedin: videos[linkedin] })).map(
            (short, index) => (
              <li key={short.video.poster} className="w-[68%] max-w-[18rem] shrink-0 snap-center sm:mx-auto sm:w-full">
                <VideoFacade video={short.video} title={shortTitles[index] ?? ""} playLabel={t("playLabel")} />
                <p className="mt-3 text-sm leading-snug text-slate-300">{shortTitles[index]}</p>
                {short.linkedin.ref ? (
                  <a
                    href={watchUrl({ ...short.linkedin, ref: short.linkedin.ref })}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-2 inline-flex items-center gap-1.5 text-sm font-semibold text-accent-300 hover:text-white"
                    data-linkedin
                  >
                    {t("shorts.linkedin")}
                    <LineIcon name="external" className="size-4" />
                    <span className="sr-only"> ({t("newTab")})</span>
                  </a>
                ) : null}
              </li>
            ),
          )}
        </ul>
      </Section>

      <Section id="features" t={t} copy="features" block="features">
        <CardGrid items={withIcons(features, FEATURE_ICONS)} />
      </Section>

      <Section id="benefits" tone="tint" t={t} copy="benefits">
        <ul className="grid gap-5 md:grid-cols-3" data-block="benefits">
          {benefits.map((item, index) => (
            <li key={item.title} className="relative overflow-hidden rounded-3xl bg-night p-7 text-white shadow-lift">
              <div className="hero-glow" aria-hidden="true" />
              <span className="relative grid size-12 place-items-center rounded-2xl bg-accent-500/25 text-accent-300 ring-1 ring-accent-400/30">
                <LineIcon name={BENEFIT_ICONS[index] ?? "sparkles"} />
              </span>
              <h3 className="relative mt-5 text-xl font-semibold">{item.title}</h3>
              <p className="relative mt-2 leading-relaxed text-slate-300">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="steps" t={t} copy="steps" block="steps" blockClassName="lg:[&>ol]:grid-cols-4">
        <Steps items={steps} />
      </Section>

      <PageEvidence />

      <Section id="pricing" tone="tint" t={t} copy="pricing" lead>
        <div className="mx-auto max-w-xl" data-block="pricing">
          <PriceCard
            offer="short-videos"
            lang={lang}
            featured
            description={t("pricing.description", figures)}
            badge={t("pricing.badge")}
            points={list<string>("pricing.points")}
            labels={{ oneTime: t("pricing.oneTime"), monthly: t("pricing.monthly"), cta: t("pricing.cta") }}
            footnote={t("pricing.footnote")}
          />
        </div>
      </Section>
    </>
  );
}
