import { useTranslation } from "react-i18next";
import { useLocation, useMatches } from "react-router";
import { intlLocale, type Language } from "../i18n/languages.ts";
import { pageForPath, alternates, defaultHref, localizedHref, offerPageName } from "../i18n/site-map.ts";

export interface PageMeta {
  title: string;
  description: string;
  noindex?: boolean;
}

/**
 * Title, description, canonical URL, hreflang alternates and Open Graph tags of every page.
 * A route may return `meta` from its loader; marketing pages take `meta.*` of their namespace.
 */
export function PageHead({ lang, origin }: { lang: Language; origin: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const fromLoader = [...matches]
    .reverse()
    .map((match) => (match.loaderData as { meta?: PageMeta } | undefined)?.meta)
    .find(Boolean);
  const page = pageForPath(location.pathname);
  const meta: PageMeta = fromLoader ?? {
    // An offer page's title is "{{name}}: tagline": its one name (offers.json), never a second one.
    title: page ? t(`${page.id}:meta.title`, { name: offerPageName(t, page) }) : t("common:notFound.title"),
    description: page ? t(`${page.id}:meta.description`) : t("common:meta.description"),
    noindex: !page,
  };
  const url = new URL(location.pathname + location.search, origin);
  // The language-neutral URL (hreflang x-default) is its own canonical: pointing it at one of its
  // hreflang alternates contradicts the alternates (search engines and Lighthouse flag that).
  const neutral = defaultHref(url);
  const canonical = origin + (location.pathname + location.search === neutral ? neutral : localizedHref(url, lang));
  const title = `${meta.title} | ${t("common:brand")}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      {meta.noindex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={canonical} />
      {alternates(url).map((alt) => (
        <link key={alt.lang} rel="alternate" hrefLang={alt.lang} href={origin + alt.href} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + neutral} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t("common:brand")} />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={intlLocale(lang).replace("-", "_")} />
      <meta property="og:image" content={`${origin}/og-image.png`} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
