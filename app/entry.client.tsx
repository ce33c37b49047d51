import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";

// Only the order and thank-you pages hydrate; root.tsx embeds their translations as a JSON block.
const lang = document.documentElement.lang || "en";
const resources = JSON.parse(document.getElementById("i18n-resources")?.textContent || "{}");

await i18next.use(initReactI18next).init({
  lng: lang,
  resources: { [lang]: resources },
  defaultNS: "common",
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  );
});
