import { useTranslation } from "react-i18next";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { CardGrid, CtaBand, Hero, Section, Stats, Steps, mailtoHref } from "../components/content/blocks.tsx";
import { LineIcon, type IconName } from "../components/content/line-icons.tsx";
import { VideoFacade } from "../components/content/video-facade.tsx";
import { IMAGES } from "../content/media.ts";
import { formatNumber, formatUnit, nowrap } from "../content/units.ts";
import type { Language } from "../i18n/languages.ts";
import type { RootData } from "../root.tsx";
import { LazyImage } from "../components/content/lazy-image.tsx";
import { siteVideos } from "../config/site.server.ts";

/** Spec section 9: the animation is ready in under 10 seconds, in 9:16, 16:9 and square. */
const READY_SECONDS = 10;
const FORMAT_COUNT = 3;
const OFFER_ICONS: IconName[] = ["sparkles", "video", "frame", "repeat"];
const REASON_ICONS: IconName[] = ["star", "shield", "layers", "wand"];
const GALLERY = [IMAGES["logo-animator-vertical"], IMAGES["logo-animator-landscape"], IMAGES["logo-animator-square"]];
const CLIPS = ["logo-animator-vertical", "logo-animator-landscape"] as const;

/** Video ids come from the owner configuration (read once per process). */
export function loader() {
  return { videos: siteVideos() };
}

export default function LogoAnimatorPage() {
  const { videos: clips } = useLoaderData<typeof loader>();
  const { t } = useTranslation("logo-animator");
  const root = useRouteLoaderData<RootData>("root");
  const lang = (root?.lang ?? "en") as Language;
  const contact = mailtoHref(root?.contactEmail ?? "", t("cta.subject"));
  const seconds = formatUnit(READY_SECONDS, "second", lang);
  const offers = t("offers.items", { returnObjects: true }) as Array<{ title: string; text: string }>;
  const steps = t("steps.items", { returnObjects: true, seconds }) as Array<{ title: string; text: string }>;
  const reasons = t("reasons.items", { returnObjects: true }) as Array<{ title: string; text: string }>;
  const gallery = t("gallery.items", { returnObjects: true }) as Array<{ title: string; alt: string }>;
  const videos = t("videos.items", { returnObjects: true }) as Array<{ title: string; text: string }>;
  const hero = IMAGES["logo-animator-hero"];

  return (
    <>
      <Hero
        eyebrow={t("hero.eyebrow")}
        title={t("hero.title", { seconds })}
        subtitle={t("hero.subtitle")}
        actions={
          <>
            <a href={contact} className="btn-primary" data-action="contact">
              {t("hero.cta")}
            </a>
            <a href="#videos" className="btn-ghost-light">
              {t("hero.secondary")}
            </a>
          </>
        }
        aside={
          <div>
            <img src={hero.src} width={hero.width} height={hero.height} alt={t("hero.imageAlt")} fetchPriority="high" className="w-full rounded-[2rem] shadow-2xl" />
            <div className="mt-5 [&>dl]:grid-cols-2 lg:[&>dl]:grid-cols-2" data-block="facts">
              <Stats
                items={[
                  { value: nowrap(`< ${formatUnit(READY_SECONDS, "second", lang, "short")}`), label: t("facts.speed") },
                  { value: formatNumber(FORMAT_COUNT, lang), label: t("facts.formats") },
                ]}
              />
            </div>
          </div>
        }
      />

      <Section id="offers" eyebrow={t("offers.eyebrow")} title={t("offers.title")} lead={t("offers.lead")}>
        <div data-block="offers">
          <CardGrid columns={4} items={offers.map((item, index) => ({ ...item, icon: <LineIcon name={OFFER_ICONS[index] ?? "sparkles"} /> }))} />
        </div>
      </Section>

      <Section id="steps" tone="tint" eyebrow={t("steps.eyebrow")} title={t("steps.title")}>
        <div data-block="steps" className="lg:[&>ol]:grid-cols-4">
          <Steps items={steps} />
        </div>
      </Section>

      <Section id="reasons" tone="dark" eyebrow={t("reasons.eyebrow")} title={t("reasons.title")}>
        <ul className="grid gap-5 sm:grid-cols-2" data-block="reasons">
          {reasons.map((item, index) => (
            <li key={item.title} className="flex gap-4 rounded-2xl border border-white/10 bg-white/5 p-6">
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent-500/20 text-accent-300">
                <LineIcon name={REASON_ICONS[index] ?? "sparkles"} />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-white">{item.title}</h3>
                <p className="mt-1 leading-relaxed text-slate-300">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="formats" eyebrow={t("gallery.eyebrow")} title={t("gallery.title")} lead={t("gallery.lead")}>
        <ul className="grid items-end gap-8 sm:grid-cols-[0.62fr_1.4fr_1fr]" data-block="images">
          {gallery.map((item, index) => {
            const image = GALLERY[index]!;
            return (
              <li key={item.title}>
                <figure>
                  <LazyImage image={image} alt={item.alt} className="mx-auto w-full max-w-xs rounded-3xl shadow-lift sm:max-w-none" />
                  <figcaption className="mt-4 text-center font-semibold text-ink">{item.title}</figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="videos" tone="tint" eyebrow={t("videos.eyebrow")} title={t("videos.title")} lead={t("videos.lead")}>
        <ul className="grid items-center gap-8 md:grid-cols-[0.5fr_1.5fr]" data-block="videos">
          {videos.map((item, index) => (
            <li key={item.title} className={index === 0 ? "mx-auto w-full max-w-[18rem]" : ""}>
              <VideoFacade video={clips[CLIPS[index]!]} title={item.title} playLabel={t("videos.play")} />
              <h3 className="mt-4 font-semibold text-ink">{item.title}</h3>
              <p className="mt-1 text-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <div className="pt-16 sm:pt-24">
        <CtaBand title={t("cta.title")} text={t("cta.text")} href={contact} label={t("cta.label")} />
      </div>
    </>
  );
}
