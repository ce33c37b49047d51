import { CardGrid, CtaBand, Section } from "../components/blocks/blocks.tsx";
import { LineIcon, withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { PageHero, QUOTE_ANCHOR, quoteAction } from "../components/blocks/page-hero.tsx";
import { PointsCards } from "../components/blocks/points-cards.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { IMAGES } from "../content/media.ts";

const CAPABILITY_ICONS: IconName[] = ["bolt", "chat", "shield", "sparkles", "globe", "users"];
const CARD_ICONS: IconName[] = ["filter", "calendar", "magnet"];

export default function InstagramPage() {
  const { t, list } = usePage("instagram");
  const cards = list<{ title: string; text: string; points: string[] }>("cards.items");

  return (
    <>
      <PageHero
        t={t}
        primary={quoteAction(t("hero.cta"))}
        secondary={{ href: "#capabilities", label: t("hero.secondary") }}
        image={IMAGES["instagram-dm"]}
      />

      <Section id="capabilities" t={t} copy="capabilities" lead block="capabilities">
        <CardGrid items={withIcons(list("capabilities.items"), CAPABILITY_ICONS)} />
      </Section>

      <Section id="missions" tone="tint" t={t} copy="cards" lead>
        <PointsCards
          block="cards"
          columns={3}
          ordered
          items={cards.map((card, index) => ({
            ...card,
            top: (
              <div className="flex items-center gap-3">
                <span className="grid size-12 place-items-center rounded-2xl bg-gradient-to-br from-accent-600 to-fuchsia-600 text-white shadow-lift">
                  <LineIcon name={CARD_ICONS[index] ?? "sparkles"} />
                </span>
                <span className="font-display text-sm font-bold tracking-widest text-accent-700" aria-hidden="true">
                  0{index + 1}
                </span>
              </div>
            ),
          }))}
        />
      </Section>

      <section className="bg-surface pt-16 sm:pt-24" aria-labelledby="ready-title">
        <div className="container-page">
          <div
            className="flex flex-col gap-5 rounded-3xl border border-emerald-200 bg-emerald-50 p-8 sm:flex-row sm:items-start sm:p-10"
            data-block="ready-note"
          >
            <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-emerald-600 text-white">
              <LineIcon name="rocket" />
            </span>
            <div>
              <h2 id="ready-title" className="text-2xl font-bold text-emerald-950">
                {t("ready.title")}
              </h2>
              <p className="mt-2 max-w-3xl text-lg leading-relaxed text-emerald-900">{t("ready.text")}</p>
            </div>
          </div>
        </div>
      </section>

      <CtaBand t={t} href={QUOTE_ANCHOR} label={t("quote:form.title")} className="pt-16 sm:pt-20" />
    </>
  );
}
