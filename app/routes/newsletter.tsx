import { CardGrid, CtaBand, DarkCardGrid, Section, Steps } from "../components/blocks/blocks.tsx";
import { LineIcon, withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { PageHero, playAction, QUOTE_ANCHOR, quoteAction } from "../components/blocks/page-hero.tsx";
import { IconPills } from "../components/blocks/icon-lists.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { usePageVideos } from "../components/blocks/use-page-videos.ts";
import { VideoFacade } from "../components/blocks/video-facade.tsx";
import type { Video, VideoSlotId } from "../content/media.ts";
import { NEWSLETTER as N } from "../content/workflow-figures.ts";
import type { Language } from "../i18n/languages.ts";
import { formatUnit, formatUnitRange } from "../i18n/format.ts";

const FEATURE_ICONS: readonly IconName[] = ["layers", "palette", "video"];
const AUDIENCE_ICONS: readonly IconName[] = ["mail", "target", "briefcase", "users"];
const INTEGRATION_ICONS: readonly IconName[] = ["mail", "send", "settings", "sparkles", "sheet", "calendar"];

type Platform = "tiktok" | "youtube" | "linkedin";
const GROUPS: readonly { platform: Platform; name: string }[] = [
  { platform: "tiktok", name: "TikTok" },
  { platform: "youtube", name: "YouTube" },
  { platform: "linkedin", name: "LinkedIn" },
];

/** The spec's Spanish-only variant shows its own set of examples; every other language shares one. */
function examples(videos: Record<VideoSlotId, Video>, lang: Language, platform: Platform): Video[] {
  const set = lang === "es" ? "es" : "default";
  return [videos[`newsletter-${set}-${platform}-1`], videos[`newsletter-${set}-${platform}-2`]];
}

export { videosLoader as loader } from "../config/videos-loader.server.ts";

export default function NewsletterPage() {
  const videos = usePageVideos();
  const { t, lang, list } = usePage("newsletter");
  // Example videos are numbered across the three groups ("Example 1" … "Example 6").
  const numbered = GROUPS.flatMap((group) => examples(videos, lang, group.platform).map((video) => video.poster));

  return (
    <>
      <PageHero
        block="hero"
        t={t}
        primary={quoteAction(t("hero.secondary"))}
        secondary={playAction("#examples", t("hero.primary"))}
        aside={
          <div
            className="rounded-3xl border border-white/15 bg-white/[0.06] p-7 backdrop-blur-sm sm:p-8"
            data-block="execution"
          >
            <h2 className="flex items-center gap-2 text-sm font-semibold tracking-widest text-accent-300 uppercase">
              <LineIcon name="clock" className="size-5" />
              {t("execution.title")}
            </h2>
            <dl className="mt-6 grid gap-6">
              {/* The figure reads first, its label below; dt stays first in the markup as <dl> requires. */}
              <div className="flex flex-col-reverse">
                <dt className="mt-1 text-slate-300">{t("execution.perIssue")}</dt>
                <dd className="font-display text-5xl font-extrabold tracking-tight text-white">
                  &lt; {formatUnit(N.maxMinutes, "minute", lang, "short")}
                </dd>
              </div>
              <div className="flex flex-col-reverse border-t border-white/10 pt-6">
                <dt className="mt-1 text-slate-300">{t("execution.perVideo")}</dt>
                <dd className="font-display text-5xl font-extrabold tracking-tight text-white">
                  {formatUnitRange(N.videoSeconds, "second", lang, "short")}
                </dd>
              </div>
            </dl>
          </div>
        }
      />

      <Section id="steps" t={t} copy="steps" block="steps" blockClassName="lg:[&>ol]:grid-cols-5">
        <Steps items={list("steps.items")} />
      </Section>

      <Section id="features" tone="tint" t={t} copy="features" block="features">
        <CardGrid items={withIcons(list("features.items"), FEATURE_ICONS)} />
      </Section>

      <Section id="integrations" t={t} copy="integrations" lead>
        <IconPills
          block="integrations"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          labels={list<string>("integrations.items")}
          icons={INTEGRATION_ICONS}
        />
      </Section>

      <Section id="audiences" tone="dark" t={t} copy="audiences">
        <DarkCardGrid block="audiences" columns={4} items={withIcons(list("audiences.items"), AUDIENCE_ICONS)} />
      </Section>

      <Section
        id="examples"
        t={t}
        copy="social"
        lead
        playable={GROUPS.some((group) => examples(videos, lang, group.platform).some((video) => video.ref))}
      >
        <div
          className="grid gap-10 lg:grid-cols-3 lg:items-start"
          data-block="social"
          data-variant={lang === "es" ? "es" : "default"}
        >
          {GROUPS.map((group) => (
            <section
              key={group.platform}
              className="rounded-3xl border border-line bg-white p-6 shadow-card"
              data-group={group.platform}
              aria-labelledby={`group-${group.platform}`}
            >
              <h3 id={`group-${group.platform}`} className="text-xl font-bold text-ink">
                {group.name}
              </h3>
              <p className="mt-1 text-muted">{t(`social.${group.platform}`)}</p>
              <ul className={`mt-5 grid gap-4 ${group.platform === "linkedin" ? "" : "grid-cols-2"}`}>
                {examples(videos, lang, group.platform).map((video) => {
                  const title = t("social.videoTitle", { n: numbered.indexOf(video.poster) + 1 });
                  return (
                    <li key={video.poster}>
                      <VideoFacade
                        video={video}
                        title={title}
                        playLabel={group.platform === "linkedin" ? t("social.linkedinOpen") : t("playLabel")}
                      />
                      {group.platform === "linkedin" && video.ref ? (
                        <p className="mt-2 flex items-center gap-1.5 text-sm font-semibold text-accent-700">
                          {t("social.linkedinOpen")}
                          <LineIcon name="external" className="size-4" />
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      </Section>

      <CtaBand t={t} href={QUOTE_ANCHOR} block="cta" />
    </>
  );
}
