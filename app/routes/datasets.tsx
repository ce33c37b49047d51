import { QUOTE_ANCHOR } from "../components/blocks/page-hero.tsx";
import { CheckList, CtaBand, Section, Stats, Steps } from "../components/blocks/blocks.tsx";
import { PointsCards } from "../components/blocks/points-cards.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { offerPageName } from "../i18n/site-map.ts";
import { Logo } from "../components/logo.tsx";
import { DATASET_FIGURES as F } from "../content/datasets.ts";
import { IMAGES } from "../content/media.ts";
import { formatAmount, formatAmountRange, formatUnit } from "../i18n/format.ts";

export default function DatasetsPage() {
  const { t, lang, list, mailto } = usePage("datasets");
  // "Request access" opens the page's request form (root layout); email stays one click away.
  const requestHref = QUOTE_ANCHOR;
  const contactHref = mailto("mail.contactSubject");
  const hours = (h: number) => formatUnit(h, "hour", lang);
  const eur = (amount: number) => formatAmount(amount, "EUR", lang);
  const tiers = list<{ name: string; text: string }>("packages.tiers");
  const nonExclusivePoints = list<string>("licensing.nonExclusive.points");
  const exclusivePoints = list<string>("licensing.exclusive.points");
  const steps = list("process.steps");
  const cover = IMAGES["datasets-cover"];

  return (
    <>
      {/* The page's own slim bar: brand back home and the one action, no site navigation. */}
      <header
        className="sticky top-0 z-40 [body:has(.demo-banner)_&]:top-8 border-b border-white/10 bg-night/95 text-white backdrop-blur"
        data-block="datasets-bar"
      >
        <div className="container-page flex h-16 items-center justify-between gap-4">
          <a href="/" className="brand-link" aria-label={t("bar.home")} data-brand>
            <Logo className="size-8" />
            <span>{t("common:brand")}</span>
          </a>
          <a
            href={requestHref}
            className="hidden rounded-full border border-white/25 px-4 py-2 text-sm font-semibold whitespace-nowrap hover:bg-white/10 sm:inline-flex"
          >
            {t("bar.request")}
          </a>
        </div>
      </header>

      <section className="hero-dark" data-block="hero">
        <div className="hero-glow" aria-hidden="true" />
        <div className="container-page relative grid gap-12 py-16 sm:py-24 lg:grid-cols-[1.15fr_1fr] lg:items-center">
          <div>
            <p className="eyebrow text-accent-300">{offerPageName(t, "datasets")}</p>
            <h1 className="mt-3 max-w-3xl text-4xl leading-[1.08] font-extrabold sm:text-5xl lg:text-6xl">
              {t("hero.title")}
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-300 sm:text-xl">{t("hero.subtitle")}</p>
            <div className="mt-9 flex flex-wrap gap-3">
              <a href={requestHref} className="btn-primary" data-action="request-access">
                {t("hero.request")}
              </a>
              <a href={contactHref} className="btn-ghost-light" data-action="contact">
                {t("hero.contact")}
              </a>
            </div>
          </div>
          <img
            src={cover.src}
            width={cover.width}
            height={cover.height}
            alt={t("hero.imageAlt")}
            fetchPriority="high"
            className="w-full rounded-3xl shadow-2xl ring-1 ring-white/10"
          />
        </div>
        <div className="container-page relative pb-16" data-block="stats">
          <Stats
            items={[
              { value: formatUnit(F.curatedHours, "hour", lang, "narrow"), label: t("stats.curated") },
              { value: `${formatUnit(F.producedHours, "hour", lang, "narrow")}+`, label: t("stats.produced") },
              { value: formatUnit(F.onRequestHours[1], "hour", lang, "narrow"), label: t("stats.onRequest") },
              {
                value: `+${formatUnit(F.packages[2].hoursPerMonth, "hour", lang, "narrow")}`,
                label: t("stats.monthly"),
              },
            ]}
          />
        </div>
      </section>

      <Section id="offers" t={t} copy="offers" lead>
        <PointsCards
          block="offers"
          columns={2}
          items={[
            { key: "curated", badge: hours(F.curatedHours) },
            {
              key: "live",
              badge: t("offers.live.badge", { hours: formatUnit(F.packages[0].hoursPerMonth, "hour", lang, "narrow") }),
            },
          ].map((offer) => ({
            title: t(`offers.${offer.key}.title`),
            text: t(`offers.${offer.key}.text`),
            points: list<string>(`offers.${offer.key}.points`),
            top: (
              <p className="inline-flex self-start rounded-full bg-accent-100 px-3 py-1 text-sm font-semibold text-accent-800">
                {offer.badge}
              </p>
            ),
          }))}
        />
      </Section>

      <Section id="licensing" tone="tint" t={t} copy="licensing" lead>
        <ul className="grid gap-6 lg:grid-cols-2" data-block="licences">
          <li className="card flex flex-col p-8">
            <h3 className="text-xl font-bold text-ink">{t("licensing.nonExclusive.name")}</h3>
            <p
              className="mt-4 font-display text-3xl font-extrabold tracking-tight sm:text-4xl text-ink"
              data-price="non-exclusive"
            >
              {t("licensing.nonExclusive.price", { amount: eur(F.nonExclusive.yearly) })}
            </p>
            <p className="mt-2 text-muted">
              {t("licensing.nonExclusive.detail", {
                upfront: eur(F.nonExclusive.upfront),
                monthly: eur(F.nonExclusive.monthly),
              })}
            </p>
            <div className="mt-6 border-t border-line pt-6 sm:[&>ul]:grid-cols-1">
              <CheckList items={nonExclusivePoints} />
            </div>
          </li>
          <li className="relative flex flex-col overflow-hidden rounded-[var(--radius-card)] bg-night p-8 text-white shadow-lift">
            <div className="hero-glow" aria-hidden="true" />
            <h3 className="relative text-xl font-bold">{t("licensing.exclusive.name")}</h3>
            <p
              className="relative mt-4 font-display text-3xl font-extrabold tracking-tight sm:text-4xl"
              data-price="exclusive"
            >
              {t("licensing.exclusive.price", { amount: eur(F.exclusiveFromYearly) })}
            </p>
            <p className="relative mt-2 text-slate-300">{t("licensing.exclusive.detail")}</p>
            <div className="relative mt-6 border-t border-white/15 pt-6 sm:[&>ul]:grid-cols-1">
              <CheckList items={exclusivePoints} tone="dark" />
            </div>
          </li>
        </ul>
        <p
          className="mt-8 rounded-2xl border border-accent-100 bg-white px-6 py-5 leading-relaxed text-ink"
          data-block="volumes"
        >
          {t("licensing.volumes", {
            curated: hours(F.curatedHours),
            first: hours(F.onRequestHours[0]),
            second: hours(F.onRequestHours[1]),
          })}
        </p>
      </Section>

      <Section id="packages" t={t} copy="packages" lead>
        <ul className="grid gap-5 md:grid-cols-3" data-block="packages">
          {F.packages.map((pack, index) => (
            <li key={pack.id} className={`card flex flex-col ${index === 1 ? "ring-2 ring-accent-500" : ""}`}>
              <p className="text-sm font-semibold tracking-widest text-accent-700 uppercase">{tiers[index]?.name}</p>
              <p className="mt-3 font-display text-3xl font-extrabold text-ink">
                {t("packages.volume", { hours: formatUnit(pack.hoursPerMonth, "hour", lang, "narrow") })}
              </p>
              <p className="mt-1 text-lg font-semibold text-ink" data-price={pack.id}>
                {t("packages.price", { amount: formatAmountRange(pack.monthly, "EUR", lang) })}
              </p>
              <p className="mt-4 flex-1 leading-relaxed text-muted">{tiers[index]?.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center text-muted" data-block="produced">
          {t("packages.produced", { hours: hours(F.producedHours) })}
        </p>
      </Section>

      <Section id="quality" tone="dark" t={t} copy="quality" lead block="quality">
        <CheckList items={t("quality.items", { returnObjects: true }) as string[]} tone="dark" />
      </Section>

      <Section id="process" t={t} copy="process" lead block="steps" blockClassName="lg:[&>ol]:grid-cols-4">
        <Steps items={steps} />
      </Section>

      <CtaBand t={t} href={requestHref} label={t("cta.request")} />
    </>
  );
}
