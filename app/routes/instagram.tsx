import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { CardGrid, CheckList, CtaBand, Hero, Section, mailtoHref } from "../components/content/blocks.tsx";
import { LineIcon, type IconName } from "../components/content/line-icons.tsx";
import { IMAGES } from "../content/media.ts";
import type { RootData } from "../root.tsx";

const CAPABILITY_ICONS: IconName[] = ["bolt", "chat", "shield", "sparkles", "globe", "users"];
const CARD_ICONS: IconName[] = ["filter", "calendar", "magnet"];

export default function InstagramPage() {
  const { t } = useTranslation("instagram");
  const root = useRouteLoaderData<RootData>("root");
  const contact = mailtoHref(root?.contactEmail ?? "", t("cta.subject"));
  const capabilities = t("capabilities.items", { returnObjects: true }) as Array<{ title: string; text: string }>;
  const cards = t("cards.items", { returnObjects: true }) as Array<{ title: string; text: string; points: string[] }>;
  const image = IMAGES["instagram-dm"];

  return (
    <>
      <Hero
        eyebrow={t("hero.eyebrow")}
        title={t("hero.title")}
        subtitle={t("hero.subtitle")}
        actions={
          <>
            <a href={contact} className="btn-primary" data-action="contact">
              {t("hero.cta")}
            </a>
            <a href="#capabilities" className="btn-ghost-light">
              {t("hero.secondary")}
            </a>
          </>
        }
        aside={
          <img
            src={image.src}
            width={image.width}
            height={image.height}
            alt={t("hero.imageAlt")}
            fetchPriority="high"
            className="mx-auto w-full max-w-md rounded-[2rem] shadow-2xl"
          />
        }
      />

      <Section id="capabilities" eyebrow={t("capabilities.eyebrow")} title={t("capabilities.title")} lead={t("capabilities.lead")}>
        <div data-block="capabilities">
          <CardGrid items={capabilities.map((item, index) => ({ ...item, icon: <LineIcon name={CAPABILITY_ICONS[index] ?? "sparkles"} /> }))} />
        </div>
      </Section>

      <Section id="missions" tone="tint" eyebrow={t("cards.eyebrow")} title={t("cards.title")} lead={t("cards.lead")}>
        <ol className="grid gap-6 lg:grid-cols-3" data-block="cards">
          {cards.map((card, index) => (
            <li key={card.title} className="card relative flex flex-col p-8">
              <div className="flex items-center gap-3">
                <span className="grid size-12 place-items-center rounded-2xl bg-gradient-to-br from-accent-600 to-fuchsia-600 text-white shadow-lift">
                  <LineIcon name={CARD_ICONS[index] ?? "sparkles"} />
                </span>
                <span className="font-display text-sm font-bold tracking-widest text-accent-700" aria-hidden="true">
                  0{index + 1}
                </span>
              </div>
              <h3 className="mt-6 text-2xl font-bold text-ink">{card.title}</h3>
              <p className="mt-3 leading-relaxed text-muted">{card.text}</p>
              <div className="mt-6 border-t border-line pt-6 sm:[&>ul]:grid-cols-1">
                <CheckList items={card.points} />
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <section className="bg-surface pt-16 sm:pt-24" aria-labelledby="ready-title">
        <div className="container-page">
          <div className="flex flex-col gap-5 rounded-3xl border border-emerald-200 bg-emerald-50 p-8 sm:flex-row sm:items-start sm:p-10" data-block="ready-note">
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

      <div className="pt-16 sm:pt-20">
        <CtaBand title={t("cta.title")} text={t("cta.text")} href={contact} label={t("cta.label")} />
      </div>
    </>
  );
}
