import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { CardGrid, CtaBand, Hero, Section, mailtoHref } from "../components/content/blocks.tsx";
import { LineIcon, type IconName } from "../components/content/line-icons.tsx";
import { IMAGES } from "../content/media.ts";
import type { RootData } from "../root.tsx";
import { LazyImage } from "../components/content/lazy-image.tsx";

const FEATURE_ICONS: IconName[] = ["sparkles", "mic", "image", "brain", "repeat"];
const USE_CASE_ICONS: IconName[] = ["cart", "briefcase", "target", "users"];
const BOOKING_ICONS: IconName[] = ["bolt", "calendar", "save", "clock"];

interface FeatureRow {
  feature: string;
  what: string;
  benefit: string;
}

export default function WhatsappPage() {
  const { t } = useTranslation("whatsapp");
  const root = useRouteLoaderData<RootData>("root");
  const contact = mailtoHref(root?.contactEmail ?? "", t("cta.subject"));
  const rows = t("features.rows", { returnObjects: true }) as FeatureRow[];
  const useCases = t("useCases.items", { returnObjects: true }) as Array<{ title: string; text: string }>;
  const booking = t("booking.items", { returnObjects: true }) as Array<{ title: string; text: string }>;
  const chat = IMAGES["whatsapp-chat"];
  const calendar = IMAGES["whatsapp-booking"];
  const headers = { what: t("features.headers.what"), benefit: t("features.headers.benefit") };

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
            <a href="#features" className="btn-ghost-light">
              {t("hero.secondary")}
            </a>
          </>
        }
        aside={
          <img src={chat.src} width={chat.width} height={chat.height} alt={t("hero.imageAlt")} fetchPriority="high" className="mx-auto w-full max-w-md rounded-[2rem] shadow-2xl" />
        }
      />

      <Section id="features" eyebrow={t("features.eyebrow")} title={t("features.title")} lead={t("features.lead")}>
        {/* A real table on wide screens; on phones each row becomes a card whose cells carry their column name. */}
        <div className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-card shadow-card max-md:border-0 max-md:bg-transparent max-md:shadow-none">
          <table className="w-full border-collapse text-left" data-block="features-table">
            <caption className="sr-only">{t("features.caption")}</caption>
            <thead className="bg-night text-white max-md:sr-only">
              <tr>
                <th scope="col" className="w-[30%] px-6 py-4 text-sm font-semibold tracking-wide">
                  {t("features.headers.feature")}
                </th>
                <th scope="col" className="px-6 py-4 text-sm font-semibold tracking-wide">
                  {headers.what}
                </th>
                <th scope="col" className="px-6 py-4 text-sm font-semibold tracking-wide">
                  {headers.benefit}
                </th>
              </tr>
            </thead>
            <tbody className="max-md:grid max-md:gap-4">
              {rows.map((row, index) => (
                <tr key={row.feature} className="border-t border-line align-top max-md:block max-md:rounded-[var(--radius-card)] max-md:border max-md:bg-card max-md:p-5 max-md:shadow-card">
                  <th scope="row" className="px-6 py-5 font-semibold text-ink max-md:block max-md:p-0">
                    <span className="flex items-center gap-3">
                      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-emerald-100 text-emerald-800">
                        <LineIcon name={FEATURE_ICONS[index] ?? "sparkles"} className="size-5" />
                      </span>
                      {row.feature}
                    </span>
                  </th>
                  <td className="px-6 py-5 leading-relaxed text-muted max-md:block max-md:p-0 max-md:pt-4">
                    <span className="mb-1 hidden text-xs font-semibold tracking-wider text-accent-700 uppercase max-md:block" aria-hidden="true">
                      {headers.what}
                    </span>
                    {row.what}
                  </td>
                  <td className="px-6 py-5 leading-relaxed text-ink max-md:block max-md:p-0 max-md:pt-4">
                    <span className="mb-1 hidden text-xs font-semibold tracking-wider text-accent-700 uppercase max-md:block" aria-hidden="true">
                      {headers.benefit}
                    </span>
                    {row.benefit}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="use-cases" tone="tint" eyebrow={t("useCases.eyebrow")} title={t("useCases.title")} lead={t("useCases.lead")}>
        <div data-block="use-cases">
          <CardGrid columns={4} items={useCases.map((item, index) => ({ ...item, icon: <LineIcon name={USE_CASE_ICONS[index] ?? "sparkles"} /> }))} />
        </div>
      </Section>

      <Section id="booking" tone="dark" eyebrow={t("booking.eyebrow")} title={t("booking.title")} lead={t("booking.lead")}>
        <div className="grid gap-10 lg:grid-cols-[1.1fr_1fr] lg:items-center">
          <LazyImage image={calendar} alt={t("booking.imageAlt")} className="w-full rounded-3xl shadow-2xl" />
          <ul className="grid gap-4" data-block="booking">
            {booking.map((item, index) => (
              <li key={item.title} className="flex gap-4 rounded-2xl border border-white/10 bg-white/5 p-5">
                <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-emerald-500/15 text-emerald-300">
                  <LineIcon name={BOOKING_ICONS[index] ?? "sparkles"} />
                </span>
                <div>
                  <h3 className="font-semibold text-white">{item.title}</h3>
                  <p className="mt-1 leading-relaxed text-slate-300">{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <div className="pt-16 sm:pt-24">
        <CtaBand title={t("cta.title")} text={t("cta.text")} href={contact} label={t("cta.label")} />
      </div>
    </>
  );
}
