import i18next, { type TFunction } from "i18next";
import type { Language } from "./languages.ts";
import { applyBrand } from "../config/brand.server.ts";
import { i18nextOptions } from "./resources.ts";
import { offerName } from "./site-map.ts";

applyBrand();

/** Translations outside a request (emails, Stripe product names): one fixed-language t per language. */
const instance = i18next.createInstance();
void instance.init({ ...i18nextOptions, defaultNS: "order", lng: "en" });

export function translator(lang: Language, ns = "order"): TFunction {
  return instance.getFixedT(lang, ns);
}

/** The one name of what a page offers (site-map.ts `offerName`) in a language: emails, the back office, proposals. */
export function offerNameIn(lang: Language, page: string): string {
  return offerName(translator(lang), page);
}
