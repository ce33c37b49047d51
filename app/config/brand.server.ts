import { TERMS_TEXTS } from "../content/terms.ts";
import { resources } from "../i18n/resources.ts";
import { getSiteConfig } from "./site.server.ts";

/** The brand the copy is written with; replaced by the configured brand once per process. */
export const COPY_BRAND = "Lumen Automation";

let applied = false;

function replaceIn(value: unknown, brand: string): unknown {
  if (typeof value === "string") return value.replaceAll(COPY_BRAND, brand);
  if (Array.isArray(value)) {
    value.forEach((item, index) => (value[index] = replaceIn(item, brand)));
    return value;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) (value as Record<string, unknown>)[key] = replaceIn(item, brand);
  }
  return value;
}

/**
 * Puts the configured brand into every translation and legal text, in place, before the first
 * render: the copy stays readable in locales/ and the header, titles, emails and hydrated pages
 * (which receive their bundles from the server) all say the same name.
 */
export function applyBrand(): void {
  if (applied) return;
  applied = true;
  const { brand } = getSiteConfig();
  if (brand === COPY_BRAND) return;
  replaceIn(resources, brand);
  for (const text of TERMS_TEXTS) replaceIn(text, brand);
}
