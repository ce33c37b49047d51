import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { CardGrid, CtaBand, Hero, Section, Steps } from "../components/content/blocks.tsx";
import { LineIcon, type IconName } from "../components/content/line-icons.tsx";
import { PriceCard } from "../components/content/price-card.tsx";
import { orderHref } from "../content/offers.ts";
import { formatUnit } from "../content/units.ts";
import type { Language } from "../i18n/languages.ts";
import type { RootData } from "../root.tsx";

/** Spec section 9: the test video is delivered within 24 hours. */
const DELIVERY_HOURS = 24;
const BENEFIT_ICONS: IconName[] = ["video", "layers", "flask", "clock"];

export default function TestWorkflowPage() {
  const { t } = useTranslation("test-workflow");
  const root = useRouteLoaderData<RootData>("root");
  const lang = (root?.lang ?? "en") as Language;
  const delivery = formatUnit(DELIVERY_HOURS, "hour", lang);
  const order = orderHref("test-workflow", lang);
  const benefits = t("benefits.items", { returnObjects: true, delivery }) as Array<{ title: string; text: string }>;
  const steps = t("steps.items", { returnObjects: true }) as Array<{ title: string; text: string }>;

  return (
    <>
      <Hero
        eyebrow={t("hero.eyebrow")}
        title={t("hero.title")}
        subtitle={t("hero.subtitle")}
        actions={
          <>
            <a href={order} className="btn-primary" data-order="test-workflow">
              {t("hero.cta")}
            </a>
            <a href="#benefits" className="btn-ghost-light">
              {t("hero.secondary")}
            </a>
          </>
        }
        aside={
          <div className="mx-auto max-w-md" data-block="pricing">
            <PriceCard
              offer="test-workflow"
              lang={lang}
              featured
              headingLevel={2}
              showZeroMonthly
              name={t("price.name")}
              description={t("price.description")}
              badge={t("price.badge")}
              points={t("price.points", { returnObjects: true }) as string[]}
              labels={{ oneTime: t("price.oneTime"), monthly: t("price.monthly"), cta: t("price.cta") }}
              footnote={t("price.footnote", { delivery })}
            />
          </div>
        }
      />

      <Section id="benefits" eyebrow={t("benefits.eyebrow")} title={t("benefits.title")} lead={t("benefits.lead")}>
        <div data-block="benefits">
          <CardGrid columns={4} items={benefits.map((item, index) => ({ ...item, icon: <LineIcon name={BENEFIT_ICONS[index] ?? "sparkles"} /> }))} />
        </div>
      </Section>

      <Section id="steps" tone="tint" eyebrow={t("steps.eyebrow")} title={t("steps.title")}>
        <div data-block="steps">
          <Steps items={steps} />
        </div>
      </Section>

      <div className="pt-16 sm:pt-24">
        <CtaBand title={t("cta.title")} text={t("cta.text")} href={order} label={t("cta.label")} />
      </div>
    </>
  );
}
