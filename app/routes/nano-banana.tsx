import { CardGrid, CtaBand, Section, Stats } from "../components/blocks/blocks.tsx";
import { LazyImage } from "../components/blocks/lazy-image.tsx";
import { LineIcon, type IconName } from "../components/blocks/line-icons.tsx";
import { HeroImage, QUOTE_ANCHOR } from "../components/blocks/page-hero.tsx";
import { SplitSection } from "../components/blocks/split-section.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { offerPageName } from "../i18n/site-map.ts";
import { IMAGES } from "../content/media.ts";
import { formatCompact, formatNumber } from "../i18n/format.ts";

/** Spec section 9: free quota, paid multiplier and base-model size quoted in the copy. */
const FIGURES = { dailyFreeEdits: 100, paidMultiplier: 10, parameters: 450_000_000 };

/** The description fields of spec section 3 (`content.description.{field}`) and each card's icon. */
const FIELD_ICONS = {
  capabilities: "wand",
  fusion: "layers",
  innovation: "chat",
  consistency: "target",
  availability: "globe",
  access: "key",
  performance: "bolt",
  limitations: "info",
  watermark: "shield",
  competition: "trophy",
} as const satisfies Record<string, IconName>;
type Field = keyof typeof FIELD_ICONS;

/** A card's heading is `labels.{field}`, but "access" also names a group, so its card has its own. */
const fieldLabel = (field: Field) => (field === "access" ? "accessTitle" : field);

/** The fields grouped for reading; each group renders as cards. */
const GROUPS: ReadonlyArray<{ id: string; label: string; tone: "light" | "tint" | "dark"; fields: readonly Field[] }> =
  [
    { id: "what", label: "whatItDoes", tone: "light", fields: ["capabilities", "fusion", "innovation", "consistency"] },
    { id: "access", label: "access", tone: "dark", fields: ["availability", "access", "performance"] },
    { id: "know", label: "goodToKnow", tone: "light", fields: ["limitations", "watermark", "competition"] },
  ];

export default function NanoBananaPage() {
  const { t, lang } = usePage("nano-banana");
  const vars = {
    quota: formatNumber(FIGURES.dailyFreeEdits, lang),
    params: formatCompact(FIGURES.parameters, lang, { display: "long" }),
  };
  const d = (field: string) => t(`content.description.${field}`, vars);
  const cards = (fields: readonly Field[]) =>
    fields.map((field) => ({
      title: t(`labels.${fieldLabel(field)}`),
      text: d(field),
      icon: <LineIcon name={FIELD_ICONS[field]} />,
    }));

  return (
    <>
      <section className="hero-dark" data-block="hero">
        <div className="hero-glow" aria-hidden="true" />
        <div className="container-page relative grid gap-12 py-16 sm:py-24 lg:grid-cols-[1.1fr_1fr] lg:items-center">
          <div>
            <p className="eyebrow text-accent-300">{offerPageName(t, "nano-banana")}</p>
            <h1 className="mt-3 text-5xl leading-[1.05] font-extrabold sm:text-6xl lg:text-7xl" data-field="title">
              {t("content.title")}
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300 sm:text-xl" data-field="subtitle">
              {t("content.subtitle")}
            </p>
            <div className="mt-9 flex flex-wrap gap-3">
              <a href={QUOTE_ANCHOR} className="btn-primary" data-action="quote">
                {t("quote:form.title")}
              </a>
              <a href="#prompt" className="btn-ghost-light">
                {t("hero.promptLink")}
              </a>
            </div>
          </div>
          <HeroImage
            image={IMAGES["nano-banana-hero"]}
            alt={t("hero.imageAlt")}
            className="w-full rounded-3xl shadow-2xl ring-1 ring-white/10"
          />
        </div>
        {/* What the buyer gets, how fast and at what price: the service first; the model's own facts come lower down. */}
        <div className="container-page relative pb-16" data-block="service">
          <h2 className="sr-only">{t("service.label")}</h2>
          <div className="max-sm:[&_dl]:grid-cols-1 lg:[&_dl]:grid-cols-3">
            <Stats
              items={(["deliverable", "turnaround", "price"] as const).map((key) => ({
                value: t(`service.${key}.value`),
                label: t(`service.${key}.label`),
              }))}
            />
          </div>
        </div>
      </section>

      <Section
        id="description"
        eyebrow={t("labels.whatItDoes")}
        title={t("content.description.title")}
        lead={d("intro")}
        block="nano-what"
      >
        <CardGrid columns={2} items={cards(GROUPS[0]!.fields)} />
      </Section>

      <SplitSection
        id="use-case"
        tone="tint"
        block="nano-use-case"
        eyebrow={t("labels.inPractice")}
        title={t("labels.useCase")}
        columns="lg:grid-cols-2"
        mediaFirst
        media={<LazyImage image={IMAGES["nano-banana-use-case"]} alt="" className="w-full rounded-3xl shadow-card" />}
      >
        <p className="mt-5 text-lg leading-relaxed text-ink">{d("useCase")}</p>
      </SplitSection>

      {GROUPS.slice(1).map((group) => (
        <Section key={group.id} id={group.id} tone={group.tone} title={t(`labels.${group.label}`)}>
          {group.id === "access" ? (
            <div className="mb-10" data-block="figures">
              <h3 className="sr-only">{t("figures.label")}</h3>
              <div className="max-sm:[&_dl]:grid-cols-1 lg:[&_dl]:grid-cols-3">
                <Stats
                  items={[
                    { value: vars.quota, label: t("figures.quota") },
                    { value: `×${formatNumber(FIGURES.paidMultiplier, lang)}`, label: t("figures.paid") },
                    { value: formatCompact(FIGURES.parameters, lang), label: t("figures.params") },
                  ]}
                />
              </div>
            </div>
          ) : null}
          <div data-block={`nano-${group.id}`}>
            <CardGrid columns={3} items={cards(group.fields)} />
          </div>
        </Section>
      ))}

      <Section id="prompt" tone="tint" title={t("labels.prompt")} lead={t("labels.promptNote")}>
        {/* A <div>, not a <figure>: the glow comes first, and a figcaption must be first or last. */}
        <div
          className="relative overflow-hidden rounded-3xl bg-night p-6 text-white shadow-lift sm:p-10"
          data-block="prompt"
        >
          <div className="hero-glow" aria-hidden="true" />
          <p className="relative flex items-center gap-2 text-sm font-semibold tracking-widest text-accent-300 uppercase">
            <LineIcon name="spark" className="size-4" />
            {t("labels.prompt")}
          </p>
          <pre
            className="relative mt-5 font-mono text-base leading-relaxed whitespace-pre-wrap text-slate-100 sm:text-lg"
            data-field="prompt"
          >
            <code>{t("content.prompt")}</code>
          </pre>
        </div>
      </Section>

      <CtaBand t={t} href={QUOTE_ANCHOR} label={t("quote:form.title")} />
    </>
  );
}
