import { useTranslation } from "react-i18next";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { CardGrid, CtaBand, Hero, Section, Stats, Steps, DarkCardGrid } from "../components/content/blocks.tsx";
import { LineIcon, type IconName } from "../components/content/line-icons.tsx";
import { VideoFacade } from "../components/content/video-facade.tsx";
import { IMAGES } from "../content/media.ts";
import { OFFERS, formatMoney, orderHref } from "../content/offers.ts";
import { FACELESS as F, formatNumber, formatUnit, formatUnitRange, formatUsd } from "../content/workflow-figures.ts";
import type { Language } from "../i18n/languages.ts";
import type { RootData } from "../root.tsx";
import { LazyImage } from "../components/content/lazy-image.tsx";
import { siteVideos } from "../config/site.server.ts";

const FEATURE_ICONS: readonly IconName[] = ["video", "layers", "mic", "captions", "sheet", "shield"];
const STRENGTH_ICONS: readonly IconName[] = ["wallet", "clock", "repeat"];

/** Video ids come from the owner configuration (read once per process). */
export function loader() {
  return { videos: siteVideos() };
}

export default function AiMachinePage() {
  const { videos } = useLoaderData<typeof loader>();
  const { t } = useTranslation("ai-machine");
  const root = useRouteLoaderData<RootData>("root");
  const lang = (root?.lang ?? "en") as Language;
  const test = OFFERS["test-workflow"].price(lang);
  const price = formatMoney(test.oneTime ?? 0, test.currency, lang);
  // Spec section 9 figures, formatted for the visitor's locale and passed into the copy.
  const figures = {
    scenes: formatNumber(F.scenes, lang),
    clip: formatUnit(F.clipSeconds, "second", lang, "long"),
    duration: formatUnit(F.videoMinutes, "minute", lang, "long"),
    ratio: F.ratio,
    cost: formatUsd(F.costUsd, lang),
    time: formatUnitRange(F.productionMinutes, "minute", lang, "long"),
  };
  const paragraphs = t("description.paragraphs", { returnObjects: true, ...figures }) as string[];
  const steps = t("steps.items", { returnObjects: true, ...figures }) as Array<{ title: string; text: string }>;
  const features = t("features.items", { returnObjects: true }) as Array<{ title: string; text: string }>;
  const strengths = t("strengths.items", { returnObjects: true, ...figures }) as Array<{ title: string; text: string }>;
  const workflow = IMAGES["ai-machine-workflow"];
  const order = orderHref("test-workflow", lang);

  return (
    <>
      <div data-block="hero">
        <Hero
          eyebrow={t("hero.eyebrow")}
          title={t("hero.title")}
          subtitle={t("hero.subtitle")}
          actions={
            <>
              <a href="#demo" className="btn-primary">
                <LineIcon name="play" className="size-5" />
                {t("hero.primary")}
              </a>
              <a href={order} className="btn-ghost-light" data-order="test-workflow">
                {t("hero.secondary", { price })}
              </a>
            </>
          }
          aside={
            <div className="lg:[&>dl]:grid-cols-2" data-block="stats">
              <Stats
                items={[
                  { value: figures.scenes, label: t("stats.scenes") },
                  { value: `${figures.scenes} × ${formatUnit(F.clipSeconds, "second", lang, "narrow")}`, label: t("stats.clips") },
                  { value: `≈ ${figures.cost}`, label: t("stats.cost") },
                  { value: formatUnitRange(F.productionMinutes, "minute", lang), label: t("stats.time") },
                ]}
              />
            </div>
          }
        />
      </div>

      <section id="demo" className="section bg-surface" aria-labelledby="demo-title" data-block="description">
        <div className="container-page grid items-center gap-12 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <p className="eyebrow">{t("description.eyebrow")}</p>
            <h2 id="demo-title" className="section-title mt-2">
              {t("description.title")}
            </h2>
            {paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-5 text-lg leading-relaxed text-muted">
                {paragraph}
              </p>
            ))}
          </div>
          <figure className="mx-auto w-full max-w-[18rem]" data-block="demo-video">
            <VideoFacade video={videos["ai-machine-demo"]} title={t("description.videoTitle")} playLabel={t("playLabel")} />
            <figcaption className="mt-3 text-center text-sm text-muted">{t("description.videoCaption", figures)}</figcaption>
          </figure>
        </div>
      </section>

      <Section id="workflow" tone="tint" eyebrow={t("workflow.eyebrow")} title={t("workflow.title")} lead={t("workflow.lead")}>
        <figure data-block="workflow">
          <LazyImage image={workflow} alt={t("workflow.imageAlt")} className="w-full rounded-3xl shadow-lift" />
        </figure>
      </Section>

      <Section id="steps" eyebrow={t("steps.eyebrow")} title={t("steps.title")}>
        <div data-block="steps">
          <Steps items={steps} />
        </div>
      </Section>

      <Section id="features" tone="tint" eyebrow={t("features.eyebrow")} title={t("features.title")}>
        <div data-block="features">
          <CardGrid items={features.map((item, index) => ({ ...item, icon: <LineIcon name={FEATURE_ICONS[index] ?? "sparkles"} /> }))} />
        </div>
      </Section>

      <Section id="strengths" tone="dark" eyebrow={t("strengths.eyebrow")} title={t("strengths.title")}>
        <DarkCardGrid
          block="strengths"
          items={strengths.map((item, index) => ({ ...item, icon: <LineIcon name={STRENGTH_ICONS[index] ?? "sparkles"} /> }))}
        />
      </Section>

      <div className="pt-20" data-block="cta">
        <CtaBand title={t("cta.title")} text={t("cta.text")} href={order} label={t("cta.label", { price })} />
      </div>
    </>
  );
}
