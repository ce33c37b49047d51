import { LANGUAGES } from "../i18n/languages.ts";
import { getEnv } from "../lib/env.server.ts";
import { PAGES, pagePath } from "../i18n/site-map.ts";

/** Every marketing page in every language, each with its hreflang alternates. */
export function loader() {
  const origin = getEnv().PUBLIC_ORIGIN;
  const urls = PAGES.flatMap((page) => {
    const links = [
      ...LANGUAGES.map(
        (lang) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${origin}${pagePath(page, lang)}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${origin}${page.path}"/>`,
    ].join("\n");
    return LANGUAGES.map((lang) => `  <url>\n    <loc>${origin}${pagePath(page, lang)}</loc>\n${links}\n  </url>`);
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
