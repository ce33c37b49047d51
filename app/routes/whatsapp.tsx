import { CardGrid, CtaBand, Section } from "../components/blocks/blocks.tsx";
import { LazyImage } from "../components/blocks/lazy-image.tsx";
import { LineIcon, withIcons, type IconName } from "../components/blocks/line-icons.tsx";
import { PageHero, QUOTE_ANCHOR, quoteAction } from "../components/blocks/page-hero.tsx";
import { IconRows } from "../components/blocks/icon-lists.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { IMAGES } from "../content/media.ts";

const FEATURE_ICONS: IconName[] = ["sparkles", "mic", "image", "brain", "repeat"];
const USE_CASE_ICONS: IconName[] = ["cart", "briefcase", "target", "users"];
const BOOKING_ICONS: IconName[] = ["bolt", "calendar", "save", "clock"];

interface FeatureRow {
  feature: string;
  what: string;
  benefit: string;
}

/** A table cell that, on phones where the header row is hidden, shows its column's name above it. */
function LabelledCell({ label, text, className }: { label: string; text: string; className: string }) {
  return (
    <td className={`px-6 py-5 leading-relaxed ${className} max-md:block max-md:p-0 max-md:pt-4`}>
      <span
        className="mb-1 hidden text-xs font-semibold tracking-wider text-accent-700 uppercase max-md:block"
        aria-hidden="true"
      >
        {label}
      </span>
      {text}
    </td>
  );
}

export default function WhatsappPage() {
  const { t, list } = usePage("whatsapp");
  const rows = list<FeatureRow>("features.rows");
  const headers = { what: t("features.headers.what"), benefit: t("features.headers.benefit") };

  return (
    <>
      <PageHero
        t={t}
        primary={quoteAction(t("hero.cta"))}
        secondary={{ href: "#features", label: t("hero.secondary") }}
        image={IMAGES["whatsapp-chat"]}
      />

      <Section id="features" t={t} copy="features" lead>
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
                <tr
                  key={row.feature}
                  className="border-t border-line align-top max-md:block max-md:rounded-[var(--radius-card)] max-md:border max-md:bg-card max-md:p-5 max-md:shadow-card"
                >
                  <th scope="row" className="px-6 py-5 font-semibold text-ink max-md:block max-md:p-0">
                    <span className="flex items-center gap-3">
                      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-emerald-100 text-emerald-800">
                        <LineIcon name={FEATURE_ICONS[index] ?? "sparkles"} className="size-5" />
                      </span>
                      {row.feature}
                    </span>
                  </th>
                  <LabelledCell label={headers.what} text={row.what} className="text-muted" />
                  <LabelledCell label={headers.benefit} text={row.benefit} className="text-ink" />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="use-cases" tone="tint" t={t} copy="useCases" lead block="use-cases">
        <CardGrid columns={4} items={withIcons(list("useCases.items"), USE_CASE_ICONS)} />
      </Section>

      <Section id="booking" tone="dark" t={t} copy="booking" lead>
        <div className="grid gap-10 lg:grid-cols-[1.1fr_1fr] lg:items-center">
          <LazyImage
            image={IMAGES["whatsapp-booking"]}
            alt={t("booking.imageAlt")}
            className="w-full rounded-3xl shadow-2xl"
          />
          <IconRows block="booking" iconTone="emerald" items={withIcons(list("booking.items"), BOOKING_ICONS)} />
        </div>
      </Section>

      <CtaBand t={t} href={QUOTE_ANCHOR} className="pt-16 sm:pt-24" />
    </>
  );
}
