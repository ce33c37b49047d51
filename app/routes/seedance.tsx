import { CardGrid, CtaBand, Section, Steps } from "../components/blocks/blocks.tsx";
import { withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { PageHero } from "../components/blocks/page-hero.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { VideoFacade } from "../components/blocks/video-facade.tsx";
import { VIDEOS } from "../content/media.ts";
import { getOffer } from "../content/offers.ts";
import { pageById, pagePath } from "../i18n/site-map.ts";
import { formatMoney, formatNumber } from "../i18n/format.ts";

/** Spec section 1: Seedance is said to be 25 times cheaper than another video model. */
const CHEAPER_FACTOR = 25;
const PILLAR_ICONS: IconName[] = ["bolt", "coins", "rocket"];
const USE_CASE_ICONS: IconName[] = ["video", "heart", "film"];
const SHORTS = [VIDEOS["seedance-short-1"], VIDEOS["seedance-short-2"], VIDEOS["seedance-short-3"]];

export default function SeedancePage() {
  const { t, lang, list, mailto } = usePage("seedance");
  const contact = mailto();
  const demos = list<string>("demos.items");
  const factor = formatNumber(CHEAPER_FACTOR, lang);
  const testPrice = getOffer("test-workflow").price(lang);

  return (
    <>
      <PageHero
        block="hero"
        t={t}
        primary={{ href: contact, label: t("hero.contact"), data: { "data-action": "contact" } }}
        secondary={{ href: "#demos", label: t("hero.demos") }}
        aside={
          <div data-block="main-demo">
            <VideoFacade video={VIDEOS["seedance-demo"]} title={t("demos.main")} playLabel={t("demos.play")} />
          </div>
        }
      />

      <Section id="pillars" t={t} copy="pillars" lead block="pillars">
        <CardGrid columns={3} items={withIcons(list("pillars.items"), PILLAR_ICONS, "spark")} />
      </Section>

      <section className="section bg-night text-white" aria-labelledby="compare-title" data-block="compare">
        <div className="container-page grid items-center gap-10 lg:grid-cols-[auto_1fr] lg:gap-16">
          <p className="font-display text-8xl leading-none font-extrabold tracking-tight sm:text-9xl">
            <span className="bg-gradient-to-br from-accent-300 to-cyan-glow bg-clip-text text-transparent">{factor}×</span>
          </p>
          <div>
            <p className="eyebrow text-accent-300">{t("compare.eyebrow")}</p>
            <h2 id="compare-title" className="section-title mt-2 text-white">
              {t("compare.title", { factor })}
            </h2>
            <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-300">{t("compare.text")}</p>
          </div>
        </div>
      </section>

      <Section id="demos" t={t} copy="demos" lead>
        <ul className="-mx-5 flex snap-x snap-mandatory gap-4 overflow-x-auto px-5 pb-2 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-6 sm:overflow-visible sm:px-0" data-block="demos">
          {SHORTS.map((video, index) => (
            <li key={video.ref} className="w-[68%] shrink-0 snap-center sm:w-auto">
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
        <p className="mt-10 text-center">
          <a href={pagePath(pageById("test-workflow"), lang)} className="btn-secondary" data-action="test-workflow">
            {t("test.label", { price: formatMoney(testPrice.oneTime ?? 0, testPrice.currency, lang) })}
          </a>
        </p>
      </Section>

      <CtaBand t={t} href={contact} />
    </>
  );
}
