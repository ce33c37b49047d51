import type { Page } from "@playwright/test";
import { LANGUAGES, type Language } from "../../app/i18n/languages.ts";
import { typographyFindings } from "../../app/i18n/typography.ts";
import { parsedHtml } from "./parsed-html.ts";

/**
 * What a reader reads in a page's HTML — the words, the title, the description and what a screen
 * reader says (alt, aria-label, placeholder, title) — held to the rules of the language each text
 * is written in (the closest `lang` attribute: the English terms keep lang="en" inside a French
 * page; app/i18n/typography.ts). Each text node on its own line, so two neighbouring blocks ("€1"
 * then "€1") never read as one phrase. Returns the page's language and what breaks a rule.
 */
export async function typographyOf(
  page: Page,
  html: string,
  label: string,
): Promise<{ lang: string; found: string[] }> {
  const doc = await parsedHtml(page, html);
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
  const found: string[] = [];
  for (const [textLang, texts] of Object.entries(parts)) {
    if (!(LANGUAGES as readonly string[]).includes(textLang)) {
      found.push(`${label}: lang="${textLang}" is not one of the site's languages`);
      continue;
    }
    // Addresses are not words (/admin/setup is a path, not the noun "setup").
    const words = texts.join("\n").replace(/https?:\/\/\S+|mailto:\S+/g, " ");
    for (const finding of typographyFindings(textLang as Language, words))
      found.push(`${label} (${textLang}): ${finding.why}: …${finding.at}…`);
  }
  return { lang, found };
}
