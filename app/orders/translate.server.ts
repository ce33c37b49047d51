import i18next, { type TFunction } from "i18next";
import { LANGUAGES, type Language } from "../i18n/languages.ts";
import { NAMESPACES, resources } from "../i18n/resources.ts";
import { applyBrand } from "../config/brand.server.ts";

applyBrand();

/** Translations outside a request (emails, Stripe product names): one fixed-language t per language. */
const instance = i18next.createInstance();
void instance.init({
  resources,
  ns: NAMESPACES,
  defaultNS: "order",
  lng: "en",
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export function translator(lang: Language, ns = "order"): TFunction {
  return instance.getFixedT(lang, ns);
}
