import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import type { Image, Video } from "../../content/media.ts";
import type { OfferId } from "../../content/offers.ts";
import type { Language } from "../../i18n/languages.ts";
import { useLocation } from "react-router";
import { offerPageName, orderHref, pageForPath } from "../../i18n/site-map.ts";
import { Hero, Stats } from "./blocks.tsx";
import { LineIcon } from "./line-icons.tsx";
import { VideoFacade } from "./video-facade.tsx";

/** A hero button: an order link, a mailto or an anchor further down the page. */
export interface HeroAction {
  href: string;
  label: string;
  icon?: ReactNode;
  /** `data-*` attributes the tests and enhance.js look for (`data-order`, `data-action`). */
  data?: Record<`data-${string}`, string>;
}

/** A mailto button (enhance.js and the tests know it by `data-action="contact"`). */
export function contactAction(href: string, label: string): HeroAction {
  return { href, label, data: { "data-action": "contact" } };
}

/**
 * The page's own request form (`#quote`, rendered at the end of the quote pages, /datasets and the
 * home page by the root layout): every call to action of those pages leads there, mailto second.
 */
export const QUOTE_ANCHOR = "#quote";
export function quoteAction(label: string): HeroAction {
  return { href: QUOTE_ANCHOR, label, data: { "data-action": "quote" } };
}

/** The order form of an offer (`data-order`). */
export function orderAction(offer: OfferId, lang: Language, label: string): HeroAction {
  return { href: orderHref(offer, lang), label, data: { "data-order": offer } };
}

/** A jump to the page's demo video, with a play icon. */
export function playAction(href: string, label: string): HeroAction {
  return { href, label, icon: <LineIcon name="play" className="size-5" /> };
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
 * keys, a primary and an optional secondary button, and an aside (image, video, figures). On an
 * offer page the eyebrow is the offer's one name (the menu's, the cards', the checkout's), so the
 * page names what it sells in those words and its headline stays a tagline.
 */
export function PageHero(props: {
  t: TFunction;
  /** Interpolation values of the title (`hero.title`). */
  titleValues?: Record<string, unknown>;
  primary: HeroAction;
  secondary?: HeroAction;
  /** Above the buttons: the offer's price figure (components/page-price.tsx), in the first screen. */
  price?: ReactNode;
  /** Beside the title: anything, or the hero artwork (`image`, described by `hero.imageAlt`). */
  aside?: ReactNode;
  image?: Image;
  background?: string;
  /** Wraps the hero in `<div data-block={block}>` (the hook tests look for). */
  block?: string;
}) {
  const { t } = props;
  const page = pageForPath(useLocation().pathname);
  const hero = (
    <Hero
      background={props.background}
      eyebrow={(page && offerPageName(t, page)) ?? t("hero.eyebrow")}
      title={t("hero.title", props.titleValues)}
      subtitle={t("hero.subtitle")}
      price={props.price}
      actions={
        <>
          <HeroLink action={props.primary} className="btn-primary" />
          {props.secondary ? <HeroLink action={props.secondary} className="btn-ghost-light" /> : null}
        </>
      }
      aside={props.image ? <HeroImage image={props.image} alt={t("hero.imageAlt")} /> : props.aside}
    />
  );
  return props.block ? <div data-block={props.block}>{hero}</div> : hero;
}

/** The hero's artwork: sized, fetched first (it is the largest paint), never lazy. */
export function HeroImage({
  image,
  alt,
  className = "mx-auto w-full max-w-md rounded-[2rem] shadow-2xl",
}: {
  image: Image;
  alt: string;
  className?: string;
}) {
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt}
      fetchPriority="high"
      className={className}
    />
  );
}

/** Key figures beside the hero title, two per row on wide screens. */
export function HeroStats({
  items,
  block = "stats",
}: {
  items: Array<{ value: string; label: string }>;
  block?: string;
}) {
  return (
    <div className="lg:[&>dl]:grid-cols-2" data-block={block}>
      <Stats items={items} />
    </div>
  );
}

/** A demo video beside the hero title, with an optional caption under it. */
export function HeroVideo({
  block,
  video,
  title,
  playLabel,
  caption,
}: {
  block: string;
  video: Video;
  title: string;
  playLabel: string;
  caption?: string;
}) {
  return (
    <div data-block={block}>
      <VideoFacade video={video} title={title} playLabel={playLabel} />
      {caption ? <p className="mt-3 text-sm text-slate-400">{caption}</p> : null}
    </div>
  );
}
