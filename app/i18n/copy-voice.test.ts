import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { LANGUAGES } from "./languages.ts";

/**
 * The sales copy speaks with one voice (the consultant, "I"), addresses German readers as "Sie",
 * and makes no hedged claims. Legal texts (terms, privacy, legal notice) speak for the business.
 */
const localesDir = path.resolve(import.meta.dirname, "../../locales");
const LEGAL = new Set(["cgv.json", "tos.json", "privacy.json", "legal-notice.json"]);

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

function copy(lang: string): Array<{ file: string; text: string }> {
  return fs
    .readdirSync(path.join(localesDir, lang))
    .filter((file) => file.endsWith(".json") && !LEGAL.has(file))
    .flatMap((file) =>
      strings(JSON.parse(fs.readFileSync(path.join(localesDir, lang, file), "utf8"))).map((text) => ({ file, text })),
    );
}

/** Every string of a language's files but the legal texts, admin included (emails live in several files). */
function legalFree(lang: string): Array<{ file: string; text: string }> {
  return ["admin.json"].flatMap((file) =>
    strings(JSON.parse(fs.readFileSync(path.join(localesDir, lang, file), "utf8"))).map((text) => ({ file, text })),
  );
}

/** The `signature` strings of every email (email.json, quote.json, admin.json's notices). */
function signatureLines(lang: string): Array<{ file: string; text: string }> {
  const found: Array<{ file: string; text: string }> = [];
  const visit = (file: string, value: unknown) => {
    if (!value || typeof value !== "object") return;
    for (const [key, item] of Object.entries(value)) {
      if (key === "signature" && typeof item === "string") found.push({ file, text: item });
      else visit(file, item);
    }
  };
  for (const file of ["email.json", "quote.json", "admin.json"])
    visit(file, JSON.parse(fs.readFileSync(path.join(localesDir, lang, file), "utf8")));
  return found;
}

describe("copy", () => {
  test('English sales copy says "I", not "we" (a shared "together we" is fine)', () => {
    const plural = copy("en").filter(({ text }) =>
      /\b(we|our|us|we'll|we’ll|we're|we’re)\b/i.test(text.replace(/\btogether we\b/gi, "")),
    );
    expect(plural).toEqual([]);
  });

  test('German addresses the reader as "Sie" throughout', () => {
    // Quoted: "Du oder Sie" (the agent's tone is the customer's choice) and TikTok's "Für dich" feed.
    const informal = copy("de").filter(({ text }) =>
      /\b(du|dein\w*|dich|dir|euch|euer\w*)\b/i.test(text.replace(/Du oder Sie|Für-dich-Feed/g, "")),
    );
    expect(informal).toEqual([]);
  });

  test("Spanish speaks to the reader as tú everywhere, emails included (one register)", () => {
    // Usted forms that have a tú twin in the copy: the possessive with the visitor's own things, and imperatives.
    const usted =
      /\b(usted(es)?|introduzca|revise|inténtelo|pida|gestione|cancele|actualice|escríbanos|contáctenos|su (suscripción|factura|pago|pedido|correo|bandeja|confianza)|le (enviaré|llega)|se le cobrará|puede volver)\b/i;
    const spanish = [...copy("es"), ...legalFree("es")];
    // Quoted: "De tú o de usted" (the agent's tone is the customer's choice).
    expect(spanish.filter(({ text }) => usted.test(text.replace(/De tú o de usted/g, "")))).toEqual([]);
  });

  test('emails are signed by the person who says "I" on the site, not by a team', () => {
    for (const lang of LANGUAGES) {
      const signatures = signatureLines(lang);
      expect(signatures.length, lang).toBeGreaterThanOrEqual(3);
      for (const { file, text } of signatures) {
        expect(text, `${lang}/${file}`).toContain("{{name}}");
        expect(text, `${lang}/${file}`).not.toMatch(/team|équipe|equipo|equipa/i);
      }
    }
  });

  test("no hedged claim on a sales page", () => {
    const hedges =
      /said to be|reportedly|allegedly|réputé|paraît-il|angeblich|sollen angeblich|según dicen|supuestamente|alegadamente|a quanto si dice|presumibilmente/i;
    for (const lang of LANGUAGES)
      expect(
        copy(lang).filter(({ text }) => hedges.test(text)),
        lang,
      ).toEqual([]);
  });
});
