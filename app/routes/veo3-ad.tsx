import { useTranslation } from "react-i18next";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { CtaBand, Hero, Section, Stats, mailtoHref, DarkCardGrid } from "../components/content/blocks.tsx";
import { LineIcon, type IconName } from "../components/content/line-icons.tsx";
import { VideoFacade } from "../components/content/video-facade.tsx";
import { IMAGES } from "../content/media.ts";
import { AD_GENERATOR as A, formatNumber, formatUnit } from "../content/workflow-figures.ts";
import type { Language } from "../i18n/languages.ts";
import type { RootData } from "../root.tsx";
import { LazyImage } from "../components/content/lazy-image.tsx";
import { siteVideos } from "../config/site.server.ts";

const ADS = ["veo3-ad-video-1", "veo3-ad-video-2", "veo3-ad-video-3", "veo3-ad-video-4"] as const;
const BENEFIT_ICONS: readonly IconName[] = ["target", "video", "palette"];

/** schema.org WebPage of this page; "<" escaped so the text can never close the script element. */
function webPageJsonLd(page: { name: string; url: string; description: string; inLanguage: string }): string {
  return JSON.stringify({ "@context": "https://schema.org", "@type": "WebPage", ...page }).replace(/</g, "\\u003c");
}

/** Video ids come from the owner configuration (read once per process). */
export function loader() {
  return { videos: siteVideos() };
}

export default function Veo3AdPage() {
  const { videos } = useLoaderData<typeof loader>();
  const { t } = useTranslation("veo3-ad");
  const root = useRouteLoaderData<RootData>("root");
  const lang = (root?.lang ?? "en") as Language;
  const list = <T,>(key: string) => t(key, { returnObjects: true }) as T[];
  const titles = list<string>("videos.items");
  const scenes = list<{ title: string; text: string }>("workflow.scenes");
  const benefits = list<{ title: string; text: string }>("benefits.items");
  const workflow = IMAGES["veo3-ad-workflow"];
  const contact = mailtoHref(root?.contactEmail ?? "", t("cta.subject"));
  const jsonLd = webPageJsonLd({ name: t("meta.title"), url: `${root?.origin ?? ""}/veo3-ad`, description: t("meta.description"), inLanguage: lang });

  return (
    <>
      {/* Structured data: a data block, never executed, so the CSP allows it without a nonce. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <div data-block="hero">
        <Hero
          eyebrow={t("hero.eyebrow")}
          title={t("hero.title")}
          subtitle={t("hero.subtitle")}
          actions={
            <>
              <a href="#ads" className="btn-primary">
                <LineIcon name="play" className="size-5" />
                {t("hero.primary")}
              </a>
              <a href="/veo3" className="btn-ghost-light">
                {t("hero.secondary")}
              </a>
            </>
          }
          aside={
            <div className="lg:[&>dl]:grid-cols-2" data-block="stats">
              <Stats
                items={[
                  { value: formatNumber(A.scenes, lang), label: t("stats.scenes") },
                  { value: `< ${formatUnit(A.maxMinutes, "minute", lang, "short")}`, label: t("stats.time") },
                  { value: "9:16", label: t("stats.format") },
                  { value: formatNumber(1, lang), label: t("stats.input") },
                ]}
              />
            </div>
          }
        />
      </div>

      <Section id="ads" eyebrow={t("videos.eyebrow")} title={t("videos.title")} lead={t("videos.lead")}>
        <ul className="grid grid-cols-2 gap-5 lg:grid-cols-4" data-block="videos">
          {ADS.map((slot) => videos[slot]).map((video, index) => (
            <li key={video.poster}>
              <VideoFacade video={video} title={titles[index] ?? ""} playLabel={t("playLabel")} />
              <p className="mt-3 text-sm font-semibold text-ink">{titles[index]}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="workflow" tone="tint" eyebrow={t("workflow.eyebrow")} title={t("workflow.title")} lead={t("workflow.lead")}>
        <figure data-block="workflow">
          <LazyImage image={workflow} alt={t("workflow.imageAlt")} className="w-full rounded-3xl shadow-lift" />
        </figure>
        <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-5" data-block="scenes">
          {scenes.map((scene, index) => (
            <li key={scene.title} className="card">
              <span className="text-sm font-bold tracking-widest text-accent-700 uppercase" aria-hidden="true">
                {String(index + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-2 text-lg font-semibold text-ink">{scene.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{scene.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="benefits" tone="dark" eyebrow={t("benefits.eyebrow")} title={t("benefits.title")}>
        <DarkCardGrid
          block="benefits"
          items={benefits.map((item, index) => ({ ...item, icon: <LineIcon name={BENEFIT_ICONS[index] ?? "sparkles"} /> }))}
        />
      </Section>

      <div className="pt-20" data-block="cta">
        <CtaBand title={t("cta.title")} text={t("cta.text")} href={contact} label={t("cta.label")} />
      </div>
    </>
  );
}
