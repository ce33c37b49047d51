import { CardGrid, CtaBand, Section, Steps } from "../components/blocks/blocks.tsx";
import { withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { HeroVideo, PageHero, QUOTE_ANCHOR, quoteAction } from "../components/blocks/page-hero.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { usePageVideos } from "../components/blocks/use-page-videos.ts";
import { VideoFacade } from "../components/blocks/video-facade.tsx";
import { getOffer } from "../content/offers.ts";
import { pageById, pagePath } from "../i18n/site-map.ts";
import { formatMoney, formatNumber } from "../i18n/format.ts";
import { SEEDANCE_COMPARISON } from "../content/workflow-figures.ts";

const PILLAR_ICONS: IconName[] = ["bolt", "coins", "rocket"];
const USE_CASE_ICONS: IconName[] = ["video", "heart", "film"];
const SHORTS = ["seedance-short-1", "seedance-short-2", "seedance-short-3"] as const;

export { videosLoader as loader } from "../config/videos-loader.server.ts";

export default function SeedancePage() {
  const videos = usePageVideos();
  const { t, lang, list } = usePage("seedance");
  const demos = list<string>("demos.items");
  const testPrice = getOffer("test-workflow").price(lang);
  const testAmount = formatMoney(testPrice.oneTime ?? 0, testPrice.currency, lang);
  // The spec's "25 times cheaper", always said with what it is compared with and how.
  const cheaper = { times: formatNumber(SEEDANCE_COMPARISON.times, lang), model: SEEDANCE_COMPARISON.against };

  return (
    <>
      <PageHero
        block="hero"
        t={t}
        primary={quoteAction(t("hero.contact"))}
        secondary={{ href: "#demos", label: t("hero.demos") }}
        aside={
          <HeroVideo
            block="main-demo"
            video={videos["seedance-demo"]}
            title={t("demos.main")}
            playLabel={t("demos.play")}
          />
        }
      />

      <Section id="pillars" t={t} copy="pillars" lead block="pillars">
        <CardGrid columns={3} items={withIcons(list("pillars.items"), PILLAR_ICONS, "spark")} />
      </Section>

      <section className="section bg-night text-white" aria-labelledby="compare-title" data-block="compare">
        <div className="container-page grid items-center gap-10 lg:grid-cols-[auto_1fr] lg:gap-16">
          <p className="font-display text-8xl leading-none font-extrabold tracking-tight sm:text-9xl">
            <span className="bg-gradient-to-br from-accent-300 to-cyan-glow bg-clip-text text-transparent">
              ×{cheaper.times}
            </span>
          </p>
          <div>
            <p className="eyebrow text-accent-300">{t("cheaper.eyebrow")}</p>
            <h2
              id="compare-title"
              className="section-title mt-2 text-white"
              data-comparison={SEEDANCE_COMPARISON.against}
            >
              {t("cheaper.title", cheaper)}
            </h2>
            <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-300">{t("cheaper.basis", cheaper)}</p>
          </div>
        </div>
      </section>

      <Section id="demos" t={t} copy="demos" lead playable={SHORTS.some((slot) => videos[slot].ref)}>
        <ul
          className="-mx-5 flex snap-x snap-mandatory gap-4 overflow-x-auto px-5 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-6 sm:overflow-visible sm:px-0"
          data-block="demos"
        >
          {SHORTS.map((slot) => videos[slot]).map((video, index) => (
            <li key={video.poster} className="w-[68%] shrink-0 snap-center sm:w-auto">
              <VideoFacade video={video} title={demos[index] ?? ""} playLabel={t("demos.play")} />
              <h3 className="mt-3 font-semibold text-ink">{demos[index]}</h3>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="use-cases" tone="tint" t={t} copy="useCases" block="use-cases">
        <CardGrid columns={3} items={withIcons(list("useCases.items"), USE_CASE_ICONS, "spark")} />
      </Section>

      <Section id="steps" t={t} copy="steps">
        <div data-block="steps">
          <Steps items={list("steps.items")} />
        </div>
        <div className="mx-auto mt-12 max-w-2xl text-center">
          <p className="eyebrow">{t("compare.eyebrow")}</p>
          <h3 className="mt-2 text-2xl font-bold text-ink">{t("compare.title", { price: testAmount })}</h3>
          <p className="mt-3 leading-relaxed text-muted">{t("compare.text")}</p>
        </div>
        <p className="mt-8 text-center">
          <a href={pagePath(pageById("test-workflow"), lang)} className="btn-secondary" data-action="test-workflow">
            {t("test.label", { price: testAmount })}
          </a>
        </p>
      </Section>

      <CtaBand t={t} href={QUOTE_ANCHOR} />
    </>
  );
}
