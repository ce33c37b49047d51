import { useTranslation } from "react-i18next";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { CardGrid, CtaBand, Section, Steps, mailtoHref, Hero } from "../components/content/blocks.tsx";
import { LineIcon, type IconName } from "../components/content/line-icons.tsx";
import { VideoFacade } from "../components/content/video-facade.tsx";
import type { RootData } from "../root.tsx";
import { siteVideos } from "../config/site.server.ts";

/** Spec: five features (editing, combination, cloud-drive hosting, image-model API, multi-file) and five audiences. */
const FEATURE_ICONS: IconName[] = ["wand", "layers", "cloud", "code", "files"];
const AUDIENCE_ICONS: IconName[] = ["pen", "cart", "star", "video", "images"];

type Item = { title: string; text: string };

/** Video ids come from the owner configuration (read once per process). */
export function loader() {
  return { videos: siteVideos() };
}

export default function AgentPhotoshopPage() {
  const { videos } = useLoaderData<typeof loader>();
  const { t } = useTranslation("agent-photoshop");
  const root = useRouteLoaderData<RootData>("root");
  const contact = mailtoHref(root?.contactEmail ?? "", t("cta.subject"));
  const features = t("features.items", { returnObjects: true }) as Item[];
  const steps = t("steps.items", { returnObjects: true }) as Item[];
  const audiences = t("audiences.items", { returnObjects: true }) as Item[];

  return (
    <>
      <div data-block="hero">
        <Hero
          eyebrow={t("hero.eyebrow")}
          title={t("hero.title")}
          subtitle={t("hero.subtitle")}
          actions={
            <>
              <a href={contact} className="btn-primary" data-action="contact">
                {t("hero.contact")}
              </a>
              <a href="#steps" className="btn-ghost-light">
                {t("hero.how")}
              </a>
            </>
          }
          aside={
            <div data-block="demo">
              <VideoFacade video={videos["agent-photoshop-demo"]} title={t("demo.title")} playLabel={t("demo.play")} />
              <p className="mt-3 text-sm text-slate-400">{t("demo.caption")}</p>
            </div>
          }
        />
      </div>

      <Section id="features" eyebrow={t("features.eyebrow")} title={t("features.title")} lead={t("features.lead")}>
        {/* Five features: two columns, the last one across both, so no row ends half empty. */}
        <div data-block="features" className="sm:[&>ul>li:last-child]:col-span-2">
          <CardGrid columns={2} items={features.map((item, index) => ({ ...item, icon: <LineIcon name={FEATURE_ICONS[index] ?? "spark"} /> }))} />
        </div>
      </Section>

      <Section id="steps" tone="tint" eyebrow={t("steps.eyebrow")} title={t("steps.title")} lead={t("steps.lead")}>
        <div data-block="steps" className="lg:[&>ol]:grid-cols-4">
          <Steps items={steps} />
        </div>
      </Section>

      <Section id="audiences" tone="dark" eyebrow={t("audiences.eyebrow")} title={t("audiences.title")} lead={t("audiences.lead")}>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" data-block="audiences">
          {audiences.map((item, index) => (
            <li key={item.title} className="rounded-2xl border border-white/10 bg-white/5 p-5">
              <span className="grid size-10 place-items-center rounded-xl bg-accent-500/20 text-accent-300">
                <LineIcon name={AUDIENCE_ICONS[index] ?? "spark"} className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold text-white">{item.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-300">{item.text}</p>
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
