import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import type { Image } from "../../content/media.ts";
import { Hero, Stats } from "./blocks.tsx";

/** A hero button: an order link, a mailto or an anchor further down the page. */
export interface HeroAction {
  href: string;
  label: string;
  icon?: ReactNode;
  /** `data-*` attributes the tests and enhance.js look for (`data-order`, `data-action`). */
  data?: Record<`data-${string}`, string>;
}

function HeroLink({ action, className }: { action: HeroAction; className: string }) {
  return (
    <a href={action.href} className={className} {...action.data}>
      {action.icon}
      {action.label}
    </a>
  );
}

/**
 * The hero every marketing page opens with: eyebrow, title and subtitle from the page's `hero.*`
 * keys, a primary and an optional secondary button, and an aside (image, video, figures).
 */
export function PageHero(props: {
  t: TFunction;
  /** Interpolation values of the title (`hero.title`). */
  titleValues?: Record<string, unknown>;
  primary: HeroAction;
  secondary?: HeroAction;
  aside?: ReactNode;
  background?: string;
  /** Wraps the hero in `<div data-block={block}>` (the hook tests look for). */
  block?: string;
}) {
  const { t } = props;
  const hero = (
    <Hero
      background={props.background}
      eyebrow={t("hero.eyebrow")}
      title={t("hero.title", props.titleValues)}
      subtitle={t("hero.subtitle")}
      actions={
        <>
          <HeroLink action={props.primary} className="btn-primary" />
          {props.secondary ? <HeroLink action={props.secondary} className="btn-ghost-light" /> : null}
        </>
      }
      aside={props.aside}
    />
  );
  return props.block ? <div data-block={props.block}>{hero}</div> : hero;
}

/** The hero's artwork: sized, fetched first (it is the largest paint), never lazy. */
export function HeroImage({ image, alt, className = "mx-auto w-full max-w-md rounded-[2rem] shadow-2xl" }: { image: Image; alt: string; className?: string }) {
  return <img src={image.src} width={image.width} height={image.height} alt={alt} fetchPriority="high" className={className} />;
}

/** Key figures beside the hero title, two per row on wide screens. */
export function HeroStats({ items, block = "stats" }: { items: Array<{ value: string; label: string }>; block?: string }) {
  return (
    <div className="lg:[&>dl]:grid-cols-2" data-block={block}>
      <Stats items={items} />
    </div>
  );
}
