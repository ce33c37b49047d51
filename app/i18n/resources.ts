import type { InitOptions, Resource } from "i18next";
import { LANGUAGES } from "./languages.ts";

// Every locales/{lng}/{namespace}.json, bundled at build time.
const files = import.meta.glob<{ default: Record<string, unknown> }>("../../locales/*/*.json", { eager: true });

export const resources: Resource = Object.fromEntries(LANGUAGES.map((lang) => [lang, {}]));
for (const [file, module] of Object.entries(files)) {
  const match = /locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(file);
  if (!match) continue;
  const [, lang = "", namespace = ""] = match;
  if (lang in resources) resources[lang]![namespace] = module.default;
}

export const NAMESPACES = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];

/** The i18next options shared by the per-request instances and the fixed-language translator. */
export const i18nextOptions = {
  resources,
  ns: NAMESPACES,
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
} satisfies InitOptions;
