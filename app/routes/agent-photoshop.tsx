import { CardGrid, CtaBand, DarkCardGrid, Section, Steps } from "../components/blocks/blocks.tsx";
import { withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { HeroVideo, PageHero, QUOTE_ANCHOR, quoteAction } from "../components/blocks/page-hero.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { usePageVideos } from "../components/blocks/use-page-videos.ts";

/** Spec: five features (editing, combination, cloud-drive hosting, image-model API, multi-file) and five audiences. */
const FEATURE_ICONS: IconName[] = ["wand", "layers", "cloud", "code", "files"];
const AUDIENCE_ICONS: IconName[] = ["pen", "cart", "star", "video", "images"];

export { videosLoader as loader } from "../config/videos-loader.server.ts";

export default function AgentPhotoshopPage() {
  const videos = usePageVideos();
  const { t, list } = usePage("agent-photoshop");

  return (
    <>
      <PageHero
        block="hero"
        t={t}
        primary={quoteAction(t("hero.contact"))}
        secondary={{ href: "#steps", label: t("hero.how") }}
        aside={
          <HeroVideo
            block="demo"
            video={videos["agent-photoshop-demo"]}
            title={t("demo.title")}
            playLabel={t("demo.play")}
            caption={t("demo.caption")}
          />
        }
      />

      <Section id="features" t={t} copy="features" lead>
        {/* Five features: two columns, the last one across both, so no row ends half empty. */}
        <div data-block="features" className="sm:[&>ul>li:last-child]:col-span-2">
          <CardGrid columns={2} items={withIcons(list("features.items"), FEATURE_ICONS, "spark")} />
        </div>
      </Section>

      <Section id="steps" tone="tint" t={t} copy="steps" lead block="steps" blockClassName="lg:[&>ol]:grid-cols-4">
        <Steps items={list("steps.items")} />
      </Section>

      <Section id="audiences" tone="dark" t={t} copy="audiences" lead>
        <DarkCardGrid
          block="audiences"
          columns={5}
          items={withIcons(list("audiences.items"), AUDIENCE_ICONS, "spark")}
        />
      </Section>

      <CtaBand t={t} href={QUOTE_ANCHOR} className="pt-16 sm:pt-24" />
    </>
  );
}
