import { expect, test } from "@playwright/test";
import { OFFER_IDS, QUOTE_PAGES } from "../../app/content/offers.ts";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { orderForm, payInSandbox, readStore } from "../support/orders.ts";
import { startOwnerShop, type OwnerShop } from "../support/owner-shop.ts";
import { HTML_ONLY } from "../support/projects.ts";
import { DYNAMIC_PATHS, MARKETING_PATHS } from "../support/routes.ts";
import { typographyOf } from "../support/typography.ts";

// The locale files are checked string by string (app/i18n/typography.test.ts). A page is more:
// strings joined with figures, prices and dates, a name from the configuration, a word from
// another namespace. This reads what a visitor reads — the words, the title, the description and
// the words a screen reader says (alt, aria-label, placeholder) — on every page in every language,
// and holds each page to its own language's rules (app/i18n/typography.ts).
const PATHS = [
  ...MARKETING_PATHS,
  ...DYNAMIC_PATHS,
  ...LANGUAGES.flatMap((lang) => [
    ...OFFER_IDS.map((offer) => `/commander?offre=${offer}&lang=${lang}`),
    ...QUOTE_PAGES.map((page) => `/quote?offer=${page}&lang=${lang}`),
    `/quote?offer=newsletter&lang=${lang}&sent=1`,
    `${THANK_YOU_PATHS[lang]}?session_id=sbx_unknown`,
    `/order?lang=${lang}`,
    `/subscription?lang=${lang}`,
    `/does-not-exist?lang=${lang}`,
  ]),
];

test(
  "every page in every language follows its language's typography and glossary @html-only",
  HTML_ONLY,
  async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    const found: string[] = [];
    const languages = new Set<string>();
    for (const path of PATHS) {
      const response = await fetch(`${baseURL}${path}`, { headers: { "Accept-Language": "en-US,en;q=0.9" } });
      const { lang, found: here } = await typographyOf(page, await response.text(), path);
      expect(LANGUAGES, `${path}: <html lang>`).toContain(lang);
      languages.add(lang);
      found.push(...here);
    }
    console.log(`typography: ${PATHS.length} pages read, ${languages.size} languages`);
    expect(languages.size).toBe(LANGUAGES.length);
    expect(found).toEqual([]);
  },
);

// The back office in the owner's language, with an order to read (its page, the lists, the
// customer): what the owner reads each morning follows the same rules (the French « Autre » once
// broke from its word across lines).
test.describe("the back office", () => {
  let shop: OwnerShop;
  let orderId = "";
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    shop = await startOwnerShop("sqlite");
    await payInSandbox(shop.server.url, "formateur-ia", "fr", orderForm({ email: "ines@example.com" }));
    orderId = (await readStore(shop.server.dataDir)).orders[0]!.id;
    // The automation page with an API token and an endpoint of the owner's, so their words are read too.
    await shop.owner.post("/admin/automation", { intent: "createToken", name: "n8n" });
    await shop.owner.post("/admin/automation", { intent: "addEndpoint", url: "http://127.0.0.1:9/hook" });
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  const inLang = (path: string, lang: string) => `${path}${path.includes("?") ? "&" : "?"}lang=${lang}`;

  test(
    "every back-office page in every language follows its language's typography and glossary @html-only",
    HTML_ONLY,
    async ({ page }) => {
      test.setTimeout(240_000);
      const paths = [
        "/admin",
        "/admin/orders",
        "/admin/orders?state=to-deliver",
        `/admin/orders/${orderId}`,
        "/admin/quotes",
        "/admin/customers?email=ines%40example.com",
        "/admin/security",
        "/admin/automation",
      ];
      const found: string[] = [];
      for (const lang of LANGUAGES) {
        for (const path of paths) {
          // The back office speaks OWNER_LANG whatever the browser asks; another language is asked with ?lang=.
          const response = await shop.owner.get(inLang(path, lang));
          expect(response.status, `${path} (${lang})`).toBe(200);
          const result = await typographyOf(page, await response.text(), `${path} (${lang})`);
          expect(result.lang, `${path}: <html lang>`).toBe(lang);
          found.push(...result.found);
        }
        // Signed out: the sign-in and forgotten-password pages.
        for (const path of ["/admin/sign-in", "/admin/forgot"]) {
          const response = await fetch(shop.server.url + inLang(path, lang));
          const result = await typographyOf(page, await response.text(), `${path} (${lang})`);
          expect(result.lang, `${path}: <html lang>`).toBe(lang);
          found.push(...result.found);
        }
      }
      expect(found).toEqual([]);
    },
  );
});
