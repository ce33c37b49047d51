import type { Language } from "./languages.ts";

/**
 * Each language's typographic rules and glossary, as (pattern → replacement) pairs applied to the
 * words of locales/{lng}/*.json — the source of every page and email. The test
 * (typography.test.ts) finds no pattern anywhere; `node tools/typography.js --fix` applies the
 * replacements, so a new string is corrected in one command rather than by hand.
 */
export interface TypographyRule {
  /** What the rule enforces, for the test's message. */
  why: string;
  pattern: RegExp;
  replace: string;
}

const NBSP = "\u00a0";
/** French "espace fine insécable": before ; ! ? (Imprimerie nationale's rules). */
const NNBSP = "\u202f";

/** An amount and its euro sign stay on one line: a plain space between them may break there. */
const EURO_GLUED: TypographyRule = {
  why: "a no-break space between an amount and “€”",
  pattern: /(?<=\d) (?=€)/gu,
  replace: NBSP,
};

export const TYPOGRAPHY: Record<Language, TypographyRule[]> = {
  fr: [
    { why: "curly apostrophe (’), as in the rest of the French text", pattern: /(?<=\p{L})'(?=\p{L})/gu, replace: "’" },
    { why: "narrow no-break space before ; ! ?", pattern: /[ \u00a0](?=[;!?](?:\s|$|["»)]))/gu, replace: NNBSP },
    // A label glued to its colon ("Prix:", as code writes `${label}: ${value}`) gets its space too.
    { why: "no-break space before a colon", pattern: /(?<=[\p{L}\p{N})»])[ ]?(?=:(?:\s|$))/gu, replace: NBSP },
    { why: "no-break space inside « »", pattern: /« /gu, replace: `«${NBSP}` },
    { why: "no-break space inside « »", pattern: / »/gu, replace: `${NBSP}»` },
    {
      why: "glossary: « clés en main », not the English “done-for-you”",
      pattern: /Done-For-You/gu,
      replace: "clés en main",
    },
    EURO_GLUED,
  ],
  en: [
    // British spelling throughout (favour, organise): the noun is "set-up"; "set up" stays the verb.
    { why: "glossary: the noun is “set-up”", pattern: /(?<!\{\{)\bsetup\b(?!\}\})/gu, replace: "set-up" },
    { why: "glossary: the noun is “Set-up”", pattern: /(?<!\{\{)\bSetup\b(?!\}\})/gu, replace: "Set-up" },
    // "€1,000" in English, never the continental "1 000 €" (a legal notice once wrote it so).
    {
      why: "the euro sign before the amount in English (€1,000)",
      pattern: /(\d)[ \u00a0\u202f]?€/gu,
      replace: "$1 EUR",
    },
  ],
  es: [EURO_GLUED],
  de: [
    { why: "German quotation marks „…“, not English “…”", pattern: /“([^“”„]*)”/gu, replace: "„$1“" },
    {
      why: "glossary: Allgemeine Geschäftsbedingungen (the page's own title)",
      pattern: /Allgemeine Verkaufsbedingungen/gu,
      replace: "Allgemeine Geschäftsbedingungen",
    },
    EURO_GLUED,
  ],
  pt: [
    // One Portuguese: the site writes "assinatura" (as most of its pages already did), never the European "subscrição".
    { why: "glossary: assinatura, not subscrição", pattern: /subscrição/gu, replace: "assinatura" },
    { why: "glossary: assinaturas, not subscrições", pattern: /subscrições/gu, replace: "assinaturas" },
    { why: "glossary: Assinatura, not Subscrição", pattern: /Subscrição/gu, replace: "Assinatura" },
    EURO_GLUED,
  ],
  it: [
    { why: "“milioni” written out, not the abbreviation “Mln”", pattern: /(\d) Mln\b/gu, replace: "$1 milioni" },
    EURO_GLUED,
  ],
};

/** Every place a rule finds in one string: the rule and a little context. */
export function typographyFindings(lang: Language, text: string): Array<{ why: string; at: string }> {
  const found: Array<{ why: string; at: string }> = [];
  for (const rule of TYPOGRAPHY[lang]) {
    for (const match of text.matchAll(rule.pattern))
      found.push({ why: rule.why, at: text.slice(Math.max(0, match.index - 25), match.index + match[0].length + 10) });
  }
  return found;
}

export function applyTypography(lang: Language, text: string): string {
  return TYPOGRAPHY[lang].reduce((out, rule) => out.replace(rule.pattern, rule.replace), text);
}
