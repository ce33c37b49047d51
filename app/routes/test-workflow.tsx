import { CardGrid, Section, Steps } from "../components/blocks/blocks.tsx";
import { PageEvidence } from "../components/proof-blocks.tsx";
import { withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { PageHero, orderAction } from "../components/blocks/page-hero.tsx";
import { HeroPrice } from "../components/page-price.tsx";
import { PriceCard } from "../components/blocks/price-card.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { formatUnit } from "../i18n/format.ts";

/** Spec section 9: the test video is delivered within 24 hours. */
const DELIVERY_HOURS = 24;
const BENEFIT_ICONS: IconName[] = ["video", "layers", "flask", "clock"];

export default function TestWorkflowPage() {
  const { t, lang, list } = usePage("test-workflow");
  const delivery = formatUnit(DELIVERY_HOURS, "hour", lang);
  const benefits = t("benefits.items", { returnObjects: true, delivery }) as Array<{ title: string; text: string }>;

  return (
    <>
      <PageHero
        t={t}
        price={<HeroPrice page="test-workflow" lang={lang} />}
        primary={orderAction("test-workflow", lang, t("hero.cta"))}
        secondary={{ href: "#benefits", label: t("hero.secondary") }}
        aside={
          <div className="mx-auto max-w-md" data-block="pricing">
            <PriceCard
              offer="test-workflow"
              lang={lang}
              featured
              headingLevel={2}
              showZeroMonthly
              description={t("price.description")}
              badge={t("price.badge")}
              points={t("price.points", { returnObjects: true }) as string[]}
              labels={{ oneTime: t("price.oneTime"), monthly: t("price.monthly"), cta: t("price.cta") }}
              footnote={t("price.footnote", { delivery })}
            />
          </div>
        }
      />

      <PageEvidence />

      <Section id="benefits" t={t} copy="benefits" lead block="benefits">
        <CardGrid columns={4} items={withIcons(benefits, BENEFIT_ICONS)} />
      </Section>

      <Section id="steps" tone="tint" t={t} copy="steps" block="steps">
        <Steps items={list("steps.items")} />
      </Section>
    </>
  );
}
