import { useLoaderData } from "react-router";
import { useTranslation } from "react-i18next";
import { CataloguePrice, isOrderPage, pagePrice } from "../components/page-price.tsx";
import { CardGrid, CtaBand, Section } from "../components/blocks/blocks.tsx";
import { LazyImage } from "../components/blocks/lazy-image.tsx";
import { LineIcon, type IconName } from "../components/blocks/line-icons.tsx";
import { PageHero, QUOTE_ANCHOR } from "../components/blocks/page-hero.tsx";
import { SplitSection } from "../components/blocks/split-section.tsx";
import { usePage } from "../components/blocks/use-page.ts";
import { getSiteConfig } from "../config/site.server.ts";
import { IMAGES } from "../content/media.ts";
import { initials, profilesOf } from "../config/profiles.ts";
import { formatFollowers } from "../i18n/format.ts";
import type { HomeCardIcon, HomeCardPage } from "../content/catalogue.ts";
import { offerName, PAGES, pageById } from "../i18n/site-map.ts";

/**
 * The offer cards, in catalogue order: the catalogue's pages with a `homeCard` icon. Each names the
 * page it opens, by its one name (offers.json `{page id}.name`); its text is `offers.items.<page id>.text` in locales/{lng}/home.json (matched by
 * id, never by position: home-cards.test.ts fails when a card and its text do not pair up in every
 * language).
 */
export const OFFER_CARDS: ReadonlyArray<{ page: HomeCardPage; icon: IconName }> = PAGES.flatMap((page) =>
  page.homeCard ? [{ page: page.id as HomeCardPage, icon: cardIcon(page.homeCard as HomeCardIcon) }] : [],
);

/** A catalogue icon that is not a line icon fails typecheck here. */
function cardIcon(icon: HomeCardIcon): IconName {
  return icon;
}

/** The person's own links under the bio, shown when configured. */
const BIO_LINKS = [
  { key: "webinars", icon: "calendar", className: "btn-primary" },
  { key: "website", icon: "globe", className: "btn-secondary" },
] as const satisfies ReadonlyArray<{ key: string; icon: IconName; className: string }>;

/** The person, profiles and links come from the owner configuration (read once per process). */
export function loader() {
  const { person, links } = getSiteConfig();
  return { person, links, profiles: profilesOf(getSiteConfig()) };
}

export default function HomePage() {
  const { person, links, profiles } = useLoaderData<typeof loader>();
  const { t, lang, list } = usePage("home");
  const { t: tCommon } = useTranslation("common");
  const newTab = t("about.newTab");
  const bioLinks = BIO_LINKS.filter((link) => links[link.key]);

  return (
    <>
      <PageHero
        block="hero"
        t={t}
        background={IMAGES["home-hero"].src}
        primary={{ href: "#offers", label: t("hero.primary") }}
        secondary={{ href: "#about", label: t("hero.secondary") }}
        price={<CataloguePrice lang={lang} />}
        aside={
          <div className="rounded-3xl border border-white/15 bg-white/[0.06] p-7 shadow-2xl backdrop-blur-sm sm:p-8">
            <ul className="grid gap-5">
              {list<string>("hero.points").map((point, index) => (
                <li key={point} className="flex items-center gap-4">
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent-500/20 text-accent-300 ring-1 ring-accent-400/30">
                    <LineIcon name={(["bolt", "sparkles", "chart"] as const)[index % 3]!} />
                  </span>
                  <span className="text-lg font-semibold text-white">{point}</span>
                </li>
              ))}
            </ul>
          </div>
        }
      />

      <Section id="offers" t={t} copy="offers" lead block="offers">
        <CardGrid
          items={OFFER_CARDS.map((card) => ({
            // Every offer page is called by its one name (offers.json), as in the menu and on /offers.
            title: offerName(t, card.page),
            text: t(`offers.items.${card.page}.text`),
            href: pageById(card.page).path,
            cta: t("offers.cta"),
            icon: <LineIcon name={card.icon} />,
            price: isOrderPage(card.page) ? pagePrice(card.page, lang, tCommon).figure : undefined,
          }))}
        />
      </Section>

      <SplitSection
        id="about"
        tone="tint"
        block="bio"
        t={t}
        copy="about"
        columns="lg:grid-cols-[0.8fr_1.2fr]"
        paragraphs={person.bio[lang]}
        mediaFirst
        media={
          person.photo ? (
            <LazyImage
              image={{ src: person.photo, width: 480, height: 560 }}
              alt={t("about.portraitAlt", { name: person.name })}
              className="mx-auto aspect-[6/7] w-full max-w-[15rem] rounded-[2rem] object-cover shadow-lift sm:max-w-sm"
            />
          ) : (
            // No photo configured: the person's initials, not a stranger's silhouette.
            <div
              className="relative mx-auto grid aspect-[6/7] w-full max-w-[15rem] place-items-center overflow-hidden rounded-[2rem] bg-gradient-to-br from-accent-600 via-accent-700 to-night shadow-lift sm:max-w-sm"
              role="img"
              aria-label={t("about.portraitAlt", { name: person.name })}
              data-block="monogram"
            >
              <span className="absolute -top-10 -right-10 size-40 rounded-full bg-white/10" aria-hidden="true" />
              <span
                className="absolute -bottom-16 -left-12 size-48 rounded-full border border-white/15"
                aria-hidden="true"
              />
              <span className="relative text-center">
                <span
                  className="block font-display text-7xl font-extrabold tracking-tight text-white sm:text-8xl"
                  aria-hidden="true"
                >
                  {initials(person.name)}
                </span>
                <span
                  className="mt-3 block text-sm font-semibold tracking-widest text-accent-100 uppercase"
                  aria-hidden="true"
                >
                  {person.name}
                </span>
              </span>
            </div>
          )
        }
      >
        <h3 className="mt-10 text-sm font-semibold tracking-widest text-ink uppercase">{t("about.audienceTitle")}</h3>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-block="audience">
          {profiles.map((profile) => {
            const tile = (
              <>
                <span className="text-sm font-medium text-muted">{profile.name}</span>
                <span className="mt-1 font-display text-2xl font-bold text-ink" data-followers={profile.followers}>
                  {formatFollowers(profile.followers, lang)}
                </span>
                <span className="text-xs text-muted">{t("about.followers")}</span>
              </>
            );
            const box = "flex h-full flex-col rounded-2xl border border-line bg-white px-4 py-3 shadow-card";
            return (
              <li key={profile.id}>
                {/* A profile not configured yet shows its figure without a link to the platform's home page. */}
                {profile.url ? (
                  <a
                    href={profile.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`${box} transition hover:-translate-y-0.5 hover:border-accent-300`}
                    data-profile={profile.id}
                  >
                    {tile}
                    <span className="sr-only"> ({newTab})</span>
                  </a>
                ) : (
                  <div className={box} data-profile={profile.id}>
                    {tile}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {bioLinks.length ? (
          <div className="mt-8 flex flex-wrap gap-3" data-block="bio-links">
            {bioLinks.map((link) => (
              <a
                key={link.key}
                href={links[link.key] || undefined}
                target="_blank"
                rel="noopener noreferrer"
                className={link.className}
                data-link={link.key}
              >
                <LineIcon name={link.icon} className="size-5" />
                {t(`about.${link.key}`)}
                <span className="sr-only"> ({newTab})</span>
              </a>
            ))}
          </div>
        ) : null}
      </SplitSection>

      <CtaBand t={t} href={QUOTE_ANCHOR} className="pt-20" block="cta" />
    </>
  );
}
