import { CardGrid, CtaBand, Section, Stats, Steps } from "../components/blocks/blocks.tsx";
import { LazyImage } from "../components/blocks/lazy-image.tsx";
import { withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { HeroImage, PageHero, QUOTE_ANCHOR, quoteAction } from "../components/blocks/page-hero.tsx";
import { IconRows } from "../components/blocks/icon-lists.tsx";
import { VideoCards } from "../components/blocks/video-cards.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { usePageVideos } from "../components/blocks/use-page-videos.ts";
import { IMAGES } from "../content/media.ts";
import { formatNumber, formatUnit, nowrap } from "../i18n/format.ts";

/** Spec section 9: the animation is ready in under 10 seconds, in 9:16, 16:9 and square. */
const READY_SECONDS = 10;
const FORMAT_COUNT = 3;
const OFFER_ICONS: IconName[] = ["sparkles", "video", "frame", "repeat"];
const REASON_ICONS: IconName[] = ["star", "shield", "layers", "wand"];
const GALLERY = [IMAGES["logo-animator-vertical"], IMAGES["logo-animator-landscape"], IMAGES["logo-animator-square"]];
const CLIPS = ["logo-animator-vertical", "logo-animator-landscape"] as const;

export { videosLoader as loader } from "../config/videos-loader.server.ts";

export default function LogoAnimatorPage() {
  const clips = usePageVideos();
  const { t, lang, list } = usePage("logo-animator");
  const seconds = formatUnit(READY_SECONDS, "second", lang);
  const steps = t("steps.items", { returnObjects: true, seconds }) as Array<{ title: string; text: string }>;
  const gallery = list<{ title: string; alt: string }>("gallery.items");

  return (
    <>
      <PageHero
        t={t}
        titleValues={{ seconds }}
        primary={quoteAction(t("hero.cta"))}
        secondary={{ href: "#videos", label: t("hero.secondary") }}
        aside={
          <div>
            <HeroImage
              image={IMAGES["logo-animator-hero"]}
              alt={t("hero.imageAlt")}
              className="w-full rounded-[2rem] shadow-2xl"
            />
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

      <Section id="offers" t={t} copy="offers" lead block="offers">
        <CardGrid columns={4} items={withIcons(list("offers.items"), OFFER_ICONS)} />
      </Section>

      <Section id="steps" tone="tint" t={t} copy="steps" block="steps" blockClassName="lg:[&>ol]:grid-cols-4">
        <Steps items={steps} />
      </Section>

      <Section id="reasons" tone="dark" t={t} copy="reasons">
        <IconRows block="reasons" columns={2} items={withIcons(list("reasons.items"), REASON_ICONS)} />
      </Section>

      <Section id="formats" t={t} copy="gallery" lead>
        <ul className="grid items-end gap-8 sm:grid-cols-[0.62fr_1.4fr_1fr]" data-block="images">
          {gallery.map((item, index) => {
            const image = GALLERY[index]!;
            return (
              <li key={item.title}>
                <figure>
                  <LazyImage
                    image={image}
                    alt={item.alt}
                    className="mx-auto w-full max-w-xs rounded-3xl shadow-lift sm:max-w-none"
                  />
                  <figcaption className="mt-4 text-center font-semibold text-ink">{item.title}</figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="videos" tone="tint" t={t} copy="videos" lead playable={CLIPS.some((slot) => clips[slot].ref)}>
        <VideoCards
          block="videos"
          className="grid items-center gap-8 md:grid-cols-[0.5fr_1.5fr]"
          playLabel={t("videos.play")}
          items={list("videos.items")}
          videos={CLIPS.map((slot) => clips[slot])}
        />
      </Section>

      <CtaBand t={t} href={QUOTE_ANCHOR} label={t("quote:form.title")} className="pt-16 sm:pt-24" />
    </>
  );
}
