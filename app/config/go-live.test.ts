import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { goLiveProblems } from "./go-live.ts";
import { parseSiteConfig, type SiteConfig } from "./site-schema.ts";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));
const parse = (raw: unknown): SiteConfig => {
  const result = parseSiteConfig(raw);
  if (!result.ok) throw new Error(result.errors.join("\n"));
  return result.config;
};
const LIVE = {
  PUBLIC_ORIGIN: "https://shop.example.org",
  DEMO_MODE: false,
  STRIPE_SECRET_KEY: "sk_live_x",
  SMTP_URL: "smtp://mail",
  MAIL_FROM: "hello@ateliernova-ia.fr",
};
const proofProblems = (config: SiteConfig) =>
  goLiveProblems(config, LIVE).filter((line) => line.startsWith("proof.") || line.startsWith("bookingUrl"));

describe("proof in the owner configuration", () => {
  test("optional: a configuration without proof or booking link is valid and nothing is asked for", () => {
    const { proof: _proof, bookingUrl: _booking, ...without } = read("tests/fixtures/site-complete.json");
    const config = parse(without);
    expect(config.proof).toEqual({ testimonials: [], caseStudies: [], clientLogos: [], faq: {} });
    expect(proofProblems(config)).toEqual([]);
  });

  test('a complete configuration\'s real proof passes; free text may say "demo"', () => {
    const raw = read("tests/fixtures/site-complete.json") as {
      proof: { faq: Record<string, { delivery: Record<string, string> }> };
    };
    raw.proof.faq["whatsapp"]!.delivery.en = "A demo on your own questions within 3 business days.";
    expect(proofProblems(parse(raw))).toEqual([]);
  });

  test("the demo's samples are refused in live mode, one line each", () => {
    const config = parse(read("config/site.json"));
    const problems = proofProblems(config);
    expect(problems).toContain("proof.testimonials[0]: sample content (replace it with a real one or remove it)");
    expect(problems).toContain("proof.faq.short-videos: sample answers (write your own or remove them)");
    const items =
      config.proof.testimonials.length +
      config.proof.caseStudies.length +
      config.proof.clientLogos.length +
      Object.keys(config.proof.faq).length;
    expect(items).toBeGreaterThan(0);
    expect(problems).toHaveLength(items);
  });

  test("each block's content is checked: an FAQ answer per language, a known offer page, https links", () => {
    const raw = read("tests/fixtures/site-complete.json") as { proof: Record<string, any>; bookingUrl: unknown };
    raw.proof.caseStudies[0].offer = "nowhere";
    delete raw.proof.faq["short-videos"].refunds.de;
    raw.proof.testimonials[0].link = "http://insecure.test";
    raw.bookingUrl = "ftp://cal";
    const result = parseSiteConfig(raw);
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors.join("\n");
    expect(errors).toMatch(/proof\.caseStudies\.0\.offer/);
    expect(errors).toMatch(/proof\.faq\.short-videos\.refunds\.de/);
    expect(errors).toMatch(/proof\.testimonials\.0\.link/);
    expect(errors).toMatch(/bookingUrl/);
  });
});
