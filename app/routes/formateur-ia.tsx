import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { CardGrid, CheckList, CtaBand, Hero, Section, Steps } from "../components/content/blocks.tsx";
import { LineIcon, type IconName } from "../components/content/line-icons.tsx";
import { PriceCard } from "../components/content/price-card.tsx";
import { IMAGES } from "../content/media.ts";
import { orderHref } from "../content/offers.ts";
import { formatUnit } from "../content/units.ts";
import type { Language } from "../i18n/languages.ts";
import type { RootData } from "../root.tsx";

/** Spec section 9: support and updates are included for the first 30 days. */
const SUPPORT_DAYS = 30;
const FEATURE_ICONS: IconName[] = ["chat", "brain", "settings", "send"];

export default function FormateurIaPage() {
  const { t } = useTranslation("formateur-ia");
  const root = useRouteLoaderData<RootData>("root");
  const lang = (root?.lang ?? "en") as Language;
  const order = orderHref("formateur-ia", lang);
  const features = t("features.items", { returnObjects: true }) as Array<{ title: string; text: string }>;
  const steps = t("steps.items", { returnObjects: true }) as Array<{ title: string; text: string }>;
  const chat = IMAGES["formateur-ia-chat"];
  const supportDays = formatUnit(SUPPORT_DAYS, "day", lang);

  return (
    <>
      <Hero
        eyebrow={t("hero.eyebrow")}
        title={t("hero.title")}
        subtitle={t("hero.subtitle")}
        actions={
          <>
            <a href={order} className="btn-primary" data-order="formateur-ia">
              {t("hero.cta")}
            </a>
            <a href="#features" className="btn-ghost-light">
              {t("hero.secondary")}
            </a>
          </>
        }
        aside={
          <img
            src={chat.src}
            width={chat.width}
            height={chat.height}
            alt={t("hero.imageAlt")}
            fetchPriority="high"
            className="mx-auto w-full max-w-md rounded-[2rem] shadow-2xl"
          />
        }
      />

      <Section id="features" eyebrow={t("features.eyebrow")} title={t("features.title")} lead={t("features.lead")}>
        <div data-block="features">
          <CardGrid columns={4} items={features.map((item, index) => ({ ...item, icon: <LineIcon name={FEATURE_ICONS[index] ?? "sparkles"} /> }))} />
        </div>
      </Section>

      <Section id="steps" tone="tint" eyebrow={t("steps.eyebrow")} title={t("steps.title")} lead={t("steps.lead")}>
        <div data-block="steps" className="lg:[&>ol]:grid-cols-4">
          <Steps items={steps} />
        </div>
      </Section>

      <Section id="pricing" eyebrow={t("pricing.eyebrow")} title={t("pricing.title")} lead={t("pricing.lead")}>
        <div className="grid gap-8 lg:grid-cols-[1fr_1.1fr] lg:items-stretch">
          <div className="flex flex-col gap-6">
            <div className="card flex-1 p-8" data-block="audience">
              <span className="grid size-11 place-items-center rounded-xl bg-accent-100 text-accent-700">
                <LineIcon name="users" />
              </span>
              <h3 className="mt-5 text-xl font-bold text-ink">{t("audience.title")}</h3>
              <div className="mt-5 sm:[&>ul]:grid-cols-1">
                <CheckList items={t("audience.items", { returnObjects: true }) as string[]} />
              </div>
            </div>
            <div className="flex gap-4 rounded-[var(--radius-card)] border border-emerald-200 bg-emerald-50 p-6" data-block="guarantee">
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-emerald-600 text-white">
                <LineIcon name="support" />
              </span>
              <div>
                <h3 className="font-bold text-emerald-950">{t("guarantee.title")}</h3>
                <p className="mt-1 leading-relaxed text-emerald-900">{t("guarantee.text", { days: supportDays })}</p>
              </div>
            </div>
          </div>
          <div data-block="pricing">
            <PriceCard
              offer="formateur-ia"
              lang={lang}
              featured
              name={t("pricing.name")}
              description={t("pricing.description")}
              badge={t("pricing.badge")}
              pointsTitle={t("pricing.coversTitle")}
              points={t("pricing.points", { returnObjects: true }) as string[]}
              labels={{ oneTime: t("pricing.oneTime"), monthly: t("pricing.monthly"), cta: t("pricing.cta") }}
              footnote={t("pricing.footnote", { days: supportDays })}
            />
          </div>
        </div>
      </Section>

      <CtaBand title={t("cta.title")} text={t("cta.text")} href={order} label={t("cta.label")} />
    </>
  );
}
