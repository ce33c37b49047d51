import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./languages.ts";
import { resolveRequestLanguage } from "./resolve.ts";
import { NAMESPACES, resources } from "./resources.ts";
import { applyBrand } from "../config/brand.server.ts";

applyBrand();

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    order: ["custom"],
    // One resolver for the whole site (app/i18n/resolve.ts).
    findLocale: async ({ request }) => resolveRequestLanguage(request).lang,
  },
  i18next: {
    resources,
    ns: NAMESPACES,
    defaultNS: "common",
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  },
  plugins: [initReactI18next],
});
