import { expect, test } from "@playwright/test";
import { OFFER_IDS, QUOTE_PAGES } from "../../app/content/offers.ts";
import { LANGUAGES, type Language } from "../../app/i18n/languages.ts";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { typographyFindings } from "../../app/i18n/typography.ts";
import { parsedHtml } from "../support/parsed-html.ts";
import { HTML_ONLY } from "../support/projects.ts";
import { DYNAMIC_PATHS, MARKETING_PATHS } from "../support/routes.ts";

// The locale files are checked string by string (app/i18n/typography.test.ts). A page is more:
// strings joined with figures, prices and dates, a name from the configuration, a word from
// another namespace. This reads what a visitor reads — the words, the title, the description and
// the words a screen reader says (alt, aria-label, placeholder) — on every page in every language,
// and holds each page to its own language's rules (app/i18n/typography.ts).
const PATHS = [
  ...MARKETING_PATHS,
  ...DYNAMIC_PATHS,
  ...LANGUAGES.flatMap((lang) => [
    ...OFFER_IDS.map((offer) => `/commander?offre=${offer}&lang=${lang}`),
    ...QUOTE_PAGES.map((page) => `/quote?offer=${page}&lang=${lang}`),
    `/quote?offer=newsletter&lang=${lang}&sent=1`,
    `${THANK_YOU_PATHS[lang]}?session_id=sbx_unknown`,
    `/order?lang=${lang}`,
    `/subscription?lang=${lang}`,
    `/does-not-exist?lang=${lang}`,
  ]),
];

test("every page in every language follows its language's typography and glossary @html-only", HTML_ONLY, async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const found: string[] = [];
  const languages = new Set<string>();
  for (const path of PATHS) {
    const response = await fetch(`${baseURL}${path}`, { headers: { "Accept-Language": "en-US,en;q=0.9" } });
    const doc = await parsedHtml(page, await response.text());
    // Text is held to the rules of the language it is written in: the closest `lang` attribute
    // (the English terms keep lang="en" inside a French page). Each text node on its own line, so
    // two neighbouring blocks ("€1" then "€1") never read as one phrase.
    const { lang, parts } = await doc.evaluate((doc) => {
      for (const hidden of doc.querySelectorAll("script, style, template")) hidden.remove();
      const pageLang = doc.documentElement.lang;
      const parts: Record<string, string[]> = {};
      const add = (element: Element | null, text: string) => {
        const lang = element?.closest("[lang]")?.getAttribute("lang") ?? pageLang;
        (parts[lang] ??= []).push(text);
      };
      add(doc.documentElement, doc.title);
      add(doc.documentElement, doc.querySelector('meta[name="description"]')?.getAttribute("content") ?? "");
      const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) add(node.parentElement, node.nodeValue ?? "");
      for (const element of doc.querySelectorAll("[alt], [aria-label], [placeholder], [title]")) {
        for (const name of ["alt", "aria-label", "placeholder", "title"]) add(element, element.getAttribute(name) ?? "");
      }
      return { lang: pageLang, parts };
    });
    await doc.dispose();
    expect(LANGUAGES, `${path}: <html lang>`).toContain(lang);
    languages.add(lang);
    for (const [textLang, texts] of Object.entries(parts)) {
      expect(LANGUAGES, `${path}: lang="${textLang}"`).toContain(textLang);
      // Addresses are not words (/admin/setup is a path, not the noun "setup").
      const words = texts.join("\n").replace(/https?:\/\/\S+|mailto:\S+/g, " ");
      for (const finding of typographyFindings(textLang as Language, words)) found.push(`${path} (${textLang}): ${finding.why}: …${finding.at}…`);
    }
  }
  console.log(`typography: ${PATHS.length} pages read, ${languages.size} languages`);
  expect(languages.size).toBe(LANGUAGES.length);
  expect(found).toEqual([]);
});
