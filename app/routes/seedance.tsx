import { useTranslation } from "react-i18next";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { CardGrid, CtaBand, Section, Steps, mailtoHref, Hero } from "../components/content/blocks.tsx";
import { LineIcon, type IconName } from "../components/content/line-icons.tsx";
import { VideoFacade } from "../components/content/video-facade.tsx";
import { formatMoney, getOffer } from "../content/offers.ts";
import { pageById, pagePath } from "../content/pages.ts";
import type { Language } from "../i18n/languages.ts";
import type { RootData } from "../root.tsx";
import { siteVideos } from "../config/site.server.ts";

const PILLAR_ICONS: IconName[] = ["bolt", "coins", "rocket"];
const USE_CASE_ICONS: IconName[] = ["video", "heart", "film"];
const SHORTS = ["seedance-short-1", "seedance-short-2", "seedance-short-3"] as const;

type Item = { title: string; text: string };

/** Video ids come from the owner configuration (read once per process). */
export function loader() {
  return { videos: siteVideos() };
}

export default function SeedancePage() {
  const { videos } = useLoaderData<typeof loader>();
  const { t } = useTranslation("seedance");
  const root = useRouteLoaderData<RootData>("root");
  const lang = (root?.lang ?? "en") as Language;
  const contact = mailtoHref(root?.contactEmail ?? "", t("cta.subject"));
  const pillars = t("pillars.items", { returnObjects: true }) as Item[];
  const demos = t("demos.items", { returnObjects: true }) as string[];
  const useCases = t("useCases.items", { returnObjects: true }) as Item[];
  const steps = t("steps.items", { returnObjects: true }) as Item[];
  const testPrice = getOffer("test-workflow").price(lang);
  // A fact with its basis (our own catalogue), instead of an unsourced "n times cheaper".
  const testAmount = formatMoney(testPrice.oneTime ?? 0, testPrice.currency, lang);

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
              <a href="#demos" className="btn-ghost-light">
                {t("hero.demos")}
              </a>
            </>
          }
          aside={
            <div data-block="main-demo">
              <VideoFacade video={videos["seedance-demo"]} title={t("demos.main")} playLabel={t("demos.play")} />
            </div>
          }
        />
      </div>

      <Section id="pillars" eyebrow={t("pillars.eyebrow")} title={t("pillars.title")} lead={t("pillars.lead")}>
        <div data-block="pillars">
          <CardGrid columns={3} items={pillars.map((item, index) => ({ ...item, icon: <LineIcon name={PILLAR_ICONS[index] ?? "spark"} /> }))} />
        </div>
      </Section>

      <section className="section bg-night text-white" aria-labelledby="compare-title" data-block="compare">
        <div className="container-page grid items-center gap-10 lg:grid-cols-[auto_1fr] lg:gap-16">
          <p className="font-display text-8xl leading-none font-extrabold tracking-tight sm:text-9xl">
            <span className="bg-gradient-to-br from-accent-300 to-cyan-glow bg-clip-text text-transparent">{testAmount}</span>
          </p>
          <div>
            <p className="eyebrow text-accent-300">{t("compare.eyebrow")}</p>
            <h2 id="compare-title" className="section-title mt-2 text-white">
              {t("compare.title", { price: testAmount })}
            </h2>
            <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-300">{t("compare.text")}</p>
          </div>
        </div>
      </section>

      <Section id="demos" eyebrow={t("demos.eyebrow")} title={t("demos.title")} lead={t("demos.lead")}>
        <ul className="-mx-5 flex snap-x snap-mandatory gap-4 overflow-x-auto px-5 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-6 sm:overflow-visible sm:px-0" data-block="demos">
          {SHORTS.map((slot) => videos[slot]).map((video, index) => (
            <li key={video.poster} className="w-[68%] shrink-0 snap-center sm:w-auto">
              <VideoFacade video={video} title={demos[index] ?? ""} playLabel={t("demos.play")} />
              <h3 className="mt-3 font-semibold text-ink">{demos[index]}</h3>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="use-cases" tone="tint" eyebrow={t("useCases.eyebrow")} title={t("useCases.title")}>
        <div data-block="use-cases">
          <CardGrid columns={3} items={useCases.map((item, index) => ({ ...item, icon: <LineIcon name={USE_CASE_ICONS[index] ?? "spark"} /> }))} />
        </div>
      </Section>

      <Section id="steps" eyebrow={t("steps.eyebrow")} title={t("steps.title")}>
        <div data-block="steps">
          <Steps items={steps} />
        </div>
        <p className="mt-10 text-center">
          <a href={pagePath(pageById("test-workflow"), lang)} className="btn-secondary" data-action="test-workflow">
            {t("test.label", { price: formatMoney(testPrice.oneTime ?? 0, testPrice.currency, lang) })}
          </a>
        </p>
      </Section>

      <CtaBand title={t("cta.title")} text={t("cta.text")} href={contact} label={t("cta.label")} />
    </>
  );
}
