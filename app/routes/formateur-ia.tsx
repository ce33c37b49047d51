import { OFFERS } from "../content/offers.ts";
import { CardGrid, CheckList, Section, Steps } from "../components/blocks/blocks.tsx";
import { PageEvidence } from "../components/proof-blocks.tsx";
import { LineIcon, withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { PageHero, orderAction } from "../components/blocks/page-hero.tsx";
import { HeroPrice } from "../components/page-price.tsx";
import { PriceCard } from "../components/blocks/price-card.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { IMAGES } from "../content/media.ts";
import { formatUnit } from "../i18n/format.ts";

/** Spec section 9: support and updates are included for the first 30 days. */
const SUPPORT_DAYS = 30;
const FEATURE_ICONS: IconName[] = ["chat", "brain", "settings", "send"];

export default function FormateurIaPage() {
  const { t, lang, list } = usePage("formateur-ia");
  const supportDays = formatUnit(SUPPORT_DAYS, "day", lang);

  return (
    <>
      <PageHero
        t={t}
        price={<HeroPrice page="formateur-ia" lang={lang} />}
        primary={orderAction("formateur-ia", lang, t("hero.cta"))}
        secondary={{ href: "#features", label: t("hero.secondary") }}
        image={IMAGES["formateur-ia-chat"]}
      />

      <Section id="features" t={t} copy="features" lead block="features">
        <CardGrid columns={4} items={withIcons(list("features.items"), FEATURE_ICONS)} />
      </Section>

      <Section id="steps" tone="tint" t={t} copy="steps" lead block="steps" blockClassName="lg:[&>ol]:grid-cols-4">
        <Steps items={list("steps.items")} />
      </Section>

      <PageEvidence />

      <Section id="pricing" t={t} copy="pricing" lead>
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
            <div
              className="flex gap-4 rounded-[var(--radius-card)] border border-emerald-200 bg-emerald-50 p-6"
              data-block="guarantee"
            >
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
              description={t("pricing.description")}
              badge={t("pricing.badge")}
              pointsTitle={t("pricing.coversTitle")}
              points={t("pricing.points", { returnObjects: true }) as string[]}
              labels={{ oneTime: t("pricing.oneTime"), monthly: t("pricing.monthly"), cta: t("pricing.cta") }}
              footnote={t("pricing.footnote", { days: supportDays })}
            />
            <p
              className="mt-4 text-center font-medium text-ink"
              data-delivery-hours={OFFERS["formateur-ia"].delivery.hours}
            >
              {t("order:nextSteps.delivery.agent", { hours: OFFERS["formateur-ia"].delivery.hours })}
            </p>
          </div>
        </div>
      </Section>
    </>
  );
}
