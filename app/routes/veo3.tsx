import { CheckList, Section, Steps } from "../components/blocks/blocks.tsx";
import { PageEvidence } from "../components/proof-blocks.tsx";
import { HeroStats, PageHero, orderAction } from "../components/blocks/page-hero.tsx";
import { HeroPrice } from "../components/page-price.tsx";
import { PriceCard } from "../components/blocks/price-card.tsx";
import { VideoCards } from "../components/blocks/video-cards.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { usePageVideos } from "../components/blocks/use-page-videos.ts";
import { VideoFacade } from "../components/blocks/video-facade.tsx";
import { OFFERS, type OfferId } from "../content/offers.ts";
import { formatMoney, formatNumber, formatUnit, nowrap } from "../i18n/format.ts";

/** Spec section 9: ~8 s videos, delivered within 24 h, packs of 5, up to 20 a month on subscription. */
const VEO3 = { seconds: 8, deliveryHours: 24, packSize: 5, subscriptionVideos: 20 } as const;
const EXAMPLES = ["veo3-example-product", "veo3-example-cinematic", "veo3-example-hook"] as const;
const PLANS: Array<{ key: "single" | "pack" | "subscription"; offer: OfferId; videos: number }> = [
  { key: "single", offer: "veo3-single", videos: 1 },
  { key: "pack", offer: "veo3-pack", videos: VEO3.packSize },
  { key: "subscription", offer: "veo3-subscription", videos: VEO3.subscriptionVideos },
];

export { videosLoader as loader } from "../config/videos-loader.server.ts";

export default function Veo3Page() {
  const videos = usePageVideos();
  const { t, lang, list } = usePage("veo3");
  const seconds = formatUnit(VEO3.seconds, "second", lang);
  const delivery = formatUnit(VEO3.deliveryHours, "hour", lang);

  /** Per-video price of a plan, computed from the catalogue (pack or monthly amount ÷ videos). */
  const perVideo = (offer: OfferId, videos: number) => {
    const price = OFFERS[offer].price(lang);
    return formatMoney(Math.round((price.oneTime ?? price.monthly ?? 0) / videos), price.currency, lang);
  };

  return (
    <>
      <PageHero
        t={t}
        price={<HeroPrice page="veo3" lang={lang} />}
        // The cheapest video ordered from the first screen; the plans (pack, monthly) are in #pricing.
        primary={orderAction("veo3-single", lang, t("common:price.order"))}
        secondary={{ href: "#pricing", label: t("hero.cta") }}
        aside={
          <HeroStats
            block="facts"
            items={[
              { value: nowrap(formatUnit(VEO3.deliveryHours, "hour", lang, "short")), label: t("facts.delivery") },
              { value: nowrap(`≈ ${formatUnit(VEO3.seconds, "second", lang, "short")}`), label: t("facts.duration") },
              { value: formatNumber(VEO3.packSize, lang), label: t("facts.pack") },
              { value: formatNumber(VEO3.subscriptionVideos, lang), label: t("facts.subscription") },
            ]}
          />
        }
      />

      <Section id="steps" t={t} copy="steps" lead block="steps">
        <Steps items={list("steps.items")} />
      </Section>

      <Section
        id="examples"
        tone="tint"
        t={t}
        copy="examples"
        lead
        playable={EXAMPLES.some((slot) => videos[slot].ref)}
      >
        <VideoCards
          block="examples"
          className="grid gap-6 md:grid-cols-3"
          playLabel={t("examples.play")}
          items={list("examples.items")}
          videos={EXAMPLES.map((slot) => videos[slot])}
        />
      </Section>

      <PageEvidence />

      <Section id="pricing" t={t} copy="pricing" lead>
        <ul className="grid gap-6 lg:grid-cols-3 lg:items-stretch" data-block="pricing">
          {PLANS.map((plan) => {
            const vars = {
              count: formatNumber(plan.videos, lang),
              seconds,
              delivery,
              perVideo: perVideo(plan.offer, plan.videos),
            };
            return (
              <li key={plan.key}>
                <PriceCard
                  offer={plan.offer}
                  lang={lang}
                  featured={plan.key === "pack"}
                  badge={plan.key === "pack" ? t("pricing.badge") : undefined}
                  description={t(`pricing.${plan.key}.description`)}
                  points={t(`pricing.${plan.key}.points`, { returnObjects: true, ...vars }) as unknown as string[]}
                  labels={{
                    oneTime: plan.key === "subscription" ? undefined : t(`pricing.${plan.key}.label`),
                    monthly: t("pricing.monthly"),
                    cta: t(`pricing.${plan.key}.cta`),
                  }}
                />
              </li>
            );
          })}
        </ul>
        <p className="mt-8 text-center text-sm text-muted">{t("pricing.note")}</p>
      </Section>

      <Section id="demo" tone="dark" t={t} copy="demo" lead>
        <div className="grid gap-10 lg:grid-cols-[1.5fr_1fr] lg:items-center" data-block="demo">
          <VideoFacade video={videos["veo3-demo"]} title={t("demo.videoTitle")} playLabel={t("examples.play")} />
          <div className="sm:[&>ul]:grid-cols-1">
            <CheckList tone="dark" items={t("demo.points", { returnObjects: true, seconds, delivery }) as string[]} />
          </div>
        </div>
      </Section>
    </>
  );
}
