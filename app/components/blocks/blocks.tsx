import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { preload } from "react-dom";

/** Shared building blocks of the marketing pages; copy comes from the page's locale file. */

export function Hero(props: {
  eyebrow?: string;
  title: string;
  subtitle?: string;
  price?: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
  background?: string;
}) {
  // A CSS background is discovered only after the stylesheet; a preload hint in <head> lets the
  // browser fetch it alongside, so it does not become a late largest paint.
  if (props.background) preload(props.background, { as: "image", fetchPriority: "high" });
  return (
    <section className="hero-dark">
      {props.background ? (
        // Decorative background art; CSS image so it never competes with the heading for first paint.
        <div
          className="pointer-events-none absolute inset-0 bg-cover bg-center opacity-60"
          style={{ backgroundImage: `url(${props.background})` }}
          aria-hidden="true"
        />
      ) : (
        <div className="hero-glow" aria-hidden="true" />
      )}
      {/* A hero that sells at a price is tighter, so the figure and its button fit the first screen. */}
      <div
        className={`container-page relative grid gap-12 ${props.price ? "py-12 sm:py-16" : "py-20 sm:py-28"} ${props.aside ? "lg:grid-cols-[1.2fr_1fr] lg:items-center" : ""}`}
      >
        <div>
          {props.eyebrow ? <p className="eyebrow text-accent-300">{props.eyebrow}</p> : null}
          <h1
            className={`mt-3 max-w-3xl text-4xl leading-[1.08] font-extrabold sm:text-5xl ${props.price ? "" : "lg:text-6xl"}`}
          >
            {props.title}
          </h1>
          {props.subtitle ? (
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-300 sm:text-xl">{props.subtitle}</p>
          ) : null}
          {props.price}
          {props.actions ? (
            <div className={`${props.price ? "mt-5" : "mt-9"} flex flex-wrap gap-3`}>{props.actions}</div>
          ) : null}
        </div>
        {props.aside ? <div>{props.aside}</div> : null}
      </div>
    </section>
  );
}

/** A section's heading: given as text, or read from the page's `{copy}.eyebrow/.title/.lead` keys. */
export type SectionHeadingProps =
  | { eyebrow?: string; title: string; lead?: string; t?: never; copy?: never; playable?: never }
  | {
      t: TFunction;
      copy: string;
      lead?: boolean;
      /**
       * A section of videos: false when none of them is configured (artwork only), and the lead
       * then reads `{copy}.leadArtwork`, which says they are illustrations, not real outputs.
       */
      playable?: boolean;
      eyebrow?: never;
      title?: never;
    };

export type Tone = "light" | "tint" | "dark";

/** The background of a section in each tone. */
export function sectionClass(tone: Tone): string {
  return `section ${tone === "dark" ? "bg-night text-white" : tone === "tint" ? "bg-accent-50/60" : "bg-surface"}`;
}

/** The eyebrow, title and lead of a heading, read from the locale file when given as keys. */
export function headingText(props: SectionHeadingProps): { eyebrow?: string; title: string; lead?: string } {
  return props.t
    ? {
        eyebrow: props.t(`${props.copy}.eyebrow`),
        title: props.t(`${props.copy}.title`),
        lead: props.lead
          ? props.t(props.playable === false ? `${props.copy}.leadArtwork` : `${props.copy}.lead`)
          : undefined,
      }
    : { eyebrow: props.eyebrow, title: props.title, lead: props.lead };
}

/** A section's eyebrow, `<h2>` (id `{id}-title`, which the section is labelled by) and lead. */
export function SectionHeading({
  id,
  tone,
  eyebrow,
  title,
  lead,
}: {
  id?: string;
  tone: Tone;
  eyebrow?: string;
  title: string;
  lead?: string;
}) {
  const dark = tone === "dark";
  return (
    <>
      {eyebrow ? <p className={dark ? "eyebrow text-accent-300" : "eyebrow"}>{eyebrow}</p> : null}
      <h2 id={id ? `${id}-title` : undefined} className={dark ? "section-title mt-2 text-white" : "section-title mt-2"}>
        {title}
      </h2>
      {lead ? <p className={`mt-4 text-lg leading-relaxed ${dark ? "text-slate-300" : "text-muted"}`}>{lead}</p> : null}
    </>
  );
}

export function Section(
  props: SectionHeadingProps & {
    id?: string;
    tone?: Tone;
    /** Wraps the content in `<div data-block={block}>` (the hook tests and styles use). */
    block?: string;
    blockClassName?: string;
    children?: ReactNode;
  },
) {
  const tone = props.tone ?? "light";
  const content = props.block ? (
    <div data-block={props.block} className={props.blockClassName}>
      {props.children}
    </div>
  ) : (
    props.children
  );
  return (
    <section id={props.id} className={sectionClass(tone)} aria-labelledby={props.id ? `${props.id}-title` : undefined}>
      <div className="container-page">
        <div className="max-w-3xl">
          <SectionHeading id={props.id} tone={tone} {...headingText(props)} />
        </div>
        {props.children ? <div className="mt-12">{content}</div> : null}
      </div>
    </section>
  );
}

export interface CardItem {
  title: string;
  text: string;
  icon?: ReactNode;
  href?: string;
  cta?: string;
  /** A fixed-price offer's figure (components/page-price.tsx): every such card carries its price. */
  price?: string;
}

export function CardGrid({ items, columns = 3 }: { items: CardItem[]; columns?: 2 | 3 | 4 }) {
  const cols = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={`grid gap-5 ${cols}`}>
      {items.map((item) => (
        <li key={item.title} className="card flex flex-col transition hover:-translate-y-0.5 hover:shadow-lift">
          {item.icon ? (
            <div className="mb-4 grid size-11 place-items-center rounded-xl bg-accent-100 text-accent-700">
              {item.icon}
            </div>
          ) : null}
          <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
          <p className="mt-2 flex-1 leading-relaxed text-muted">{item.text}</p>
          {item.price ? (
            <p className="mt-4 font-display text-xl font-extrabold text-ink" data-price-figure>
              {item.price}
            </p>
          ) : null}
          {item.href ? (
            <a
              href={item.href}
              className="mt-5 inline-flex items-center gap-1 font-semibold text-accent-700 hover:text-accent-800"
            >
              {item.cta}
              <span aria-hidden="true">→</span>
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Numbered cards of a sequence; an item's icon, when given, stands in the card's top corner. */
export function Steps({ items }: { items: Array<{ title: string; text: string; icon?: ReactNode }> }) {
  return (
    <ol className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item, index) => (
        <li key={item.title} className="card relative pt-[4.25rem]">
          <span
            className="absolute top-5 left-6 grid size-9 place-items-center rounded-full bg-accent-600 text-sm font-bold text-white"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          {item.icon ? (
            <span className="absolute top-4 right-6 grid size-11 place-items-center rounded-xl bg-accent-100 text-accent-700">
              {item.icon}
            </span>
          ) : null}
          <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
          <p className="mt-2 leading-relaxed text-muted">{item.text}</p>
        </li>
      ))}
    </ol>
  );
}

export function CheckList({ items, tone = "light" }: { items: string[]; tone?: "light" | "dark" }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className={`flex gap-3 leading-relaxed ${tone === "dark" ? "text-slate-200" : "text-ink"}`}>
          <svg viewBox="0 0 20 20" className="mt-1 size-5 shrink-0 text-emerald-500" aria-hidden="true">
            <path
              d="m5 10.5 3 3 7-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function Stats({ items }: { items: Array<{ value: string; label: string }> }) {
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-2xl border border-white/10 bg-white/5 p-5">
          <dt className="text-sm text-slate-300">{item.label}</dt>
          <dd className="mt-1 font-display text-3xl font-bold text-white">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Closing call to action: a dark band with the page's `cta.title`, `cta.text` and a button (order
 * link or mailto) labelled `cta.label` unless told otherwise.
 */
export function CtaBand({
  t,
  href,
  label,
  className,
  block,
}: {
  t: TFunction;
  href: string;
  label?: string;
  className?: string;
  block?: string;
}) {
  const band = (
    <section className="bg-surface pb-20">
      <div className="container-page">
        <div className="relative overflow-hidden rounded-3xl bg-night px-5 py-14 text-center text-white sm:px-16">
          <div className="hero-glow" aria-hidden="true" />
          <h2 className="relative text-[clamp(1.5rem,7.2vw,1.875rem)] font-bold sm:text-4xl">{t("cta.title")}</h2>
          <p className="relative mx-auto mt-4 max-w-2xl text-lg text-slate-300">{t("cta.text")}</p>
          <a href={href} className="btn-primary relative mt-8">
            {label ?? t("cta.label")}
          </a>
        </div>
      </div>
    </section>
  );
  // Pages that end on a dark or tinted section put space (and a test hook) above the band.
  return className || block ? (
    <div className={className} data-block={block}>
      {band}
    </div>
  ) : (
    band
  );
}

/** mailto: link with a preset subject. */
export function mailtoHref(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

/** Icon cards on a dark section (strengths, benefits, audiences); the more a row holds, the smaller each. */
export function DarkCardGrid({
  items,
  block,
  columns = 3,
}: {
  items: Array<{ title: string; text: string; icon: ReactNode }>;
  block: string;
  columns?: 3 | 4 | 5;
}) {
  const look = DARK_CARD_LOOKS[columns];
  return (
    <ul className={`grid gap-5 ${look.grid}`} data-block={block}>
      {items.map((item) => (
        <li key={item.title} className={`${look.radius} border border-white/10 bg-white/5 ${look.padding}`}>
          <span
            className={`grid place-items-center ${look.iconRadius} bg-accent-500/20 text-accent-300 ring-1 ring-accent-400/30 ${look.iconSize}`}
          >
            {item.icon}
          </span>
          <h3 className={`font-semibold text-white ${look.title}`}>{item.title}</h3>
          <p className={`mt-2 leading-relaxed text-slate-300 ${look.text}`}>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

const DARK_CARD_LOOKS = {
  3: {
    grid: "md:grid-cols-3",
    radius: "rounded-3xl",
    padding: "p-7",
    iconRadius: "rounded-2xl",
    iconSize: "size-12",
    title: "mt-5 text-xl",
    text: "",
  },
  4: {
    grid: "sm:grid-cols-2 lg:grid-cols-4",
    radius: "rounded-3xl",
    padding: "p-6",
    iconRadius: "rounded-2xl",
    iconSize: "size-11",
    title: "mt-4 text-lg",
    text: "",
  },
  // Five a row leaves long (German) words little room: a compact card with smaller type.
  5: {
    grid: "sm:grid-cols-2 lg:grid-cols-5",
    radius: "rounded-2xl",
    padding: "p-5",
    iconRadius: "rounded-xl",
    iconSize: "size-10",
    title: "mt-4",
    text: "text-sm",
  },
};
