import fs from "node:fs";
import path from "node:path";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { PAGES, pagePath, THANK_YOU_PATHS, TEST_WORKFLOW_PATHS } from "../../app/i18n/site-map.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** Every marketing URL: each page unforced and in each language (test-workflow slugs included). */
export const MARKETING_PATHS: string[] = [
  ...new Set([
    ...PAGES.flatMap((page) => [page.path, ...LANGUAGES.map((lang) => pagePath(page, lang))]),
    ...Object.values(TEST_WORKFLOW_PATHS),
  ]),
];

/** Pages rendered per request (order form, thank-you), never from the page cache. */
export const DYNAMIC_PATHS: string[] = [
  "/commander",
  "/commander?offre=test-workflow",
  "/commander?offre=short-videos&lang=de",
  ...Object.values(THANK_YOU_PATHS),
  "/merci?session_id=cs_unknown",
  "/quote?offer=whatsapp&lang=it",
];

export const OTHER_PATHS: string[] = [
  "/sitemap.xml",
  "/robots.txt",
  "/healthz",
  "/does-not-exist",
  "/enhance.js",
  "/favicon.svg",
];

/** One built client asset (hashed, under /assets), for header checks on static files. */
export function someAssetPath(): string | undefined {
  const dir = path.join(root, "build/client/assets");
  const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((name) => name.endsWith(".js")) : undefined;
  return file ? `/assets/${file}` : undefined;
}

export const ALL_PATHS = (): string[] => [
  ...MARKETING_PATHS,
  ...DYNAMIC_PATHS,
  ...OTHER_PATHS,
  ...[someAssetPath()].filter((p): p is string => !!p),
];
