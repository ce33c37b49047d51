import fs from "node:fs";
import path from "node:path";
import { parseSiteConfig, type SiteConfig } from "../../app/config/site-schema.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** A complete owner configuration (every value set, nothing a placeholder): what a live site looks like. */
export const COMPLETE_CONFIG = path.join(root, "tests/fixtures/site-complete.json");
/** The demo configuration shipped with the project. */
export const DEMO_CONFIG = path.join(root, "config/site.json");

export function readSiteConfig(file: string): SiteConfig {
  const result = parseSiteConfig(JSON.parse(fs.readFileSync(file, "utf8")));
  if (!result.ok) throw new Error(`${file}: ${result.errors.join("; ")}`);
  return result.config;
}

/** The configuration the Playwright suite's server runs with (playwright.config.ts). */
export const SITE = readSiteConfig(COMPLETE_CONFIG);
