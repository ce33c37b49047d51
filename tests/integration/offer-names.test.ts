import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { OFFER_IDS } from "../../app/content/offers.ts";
import { PRICED_PAGES, soleOffer } from "../../app/content/structured-data.ts";
import { LANGUAGES, type Language } from "../../app/i18n/languages.ts";
import { isOfferPage, PAGES, pageById, pagePath, type PageId } from "../../app/i18n/site-map.ts";
import { OFFER_CARDS } from "../../app/routes/home.tsx";
import { orderForm, postOrder, waitFor } from "../support/orders.ts";
import { suiteStripeShop } from "../support/suite.ts";

/**
 * One name per offer per language, everywhere a buyer meets it: the home page's card, the /offers
 * card, the offer page's price card, the order form, the Stripe Checkout line item, the thank-you
 * page and the confirmation email all say `offers:{id}.name` — a buyer comparing page, form and
 * receipt sees the same thing. Taglines are other words and never stand in for the name.
 */
const { stripe, smtp, server } = suiteStripeShop({ OUTBOX_POLL_MS: "100", ORDER_RATE_LIMIT: "0" });

const nameOf = (offer: string, lang: Language) =>
  JSON.parse(fs.readFileSync(`locales/${lang}/offers.json`, "utf8"))[offer].name as string;
const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");
/** The text of every element matching the opening-tag pattern (first level of text only, tags stripped). */
function textsOf(html: string, tag: RegExp): string[] {
  return [...html.matchAll(new RegExp(`${tag.source}([\\s\\S]*?)</(?:h1|h2|h3|a|p|strong)>`, "g"))].map((m) =>
    decode(m[1]!.replace(/<[^>]+>/g, ""))
      .replace(/\s+/g, " ")
      .trim(),
  );
}
const pageOf = (offer: (typeof OFFER_IDS)[number]) =>
  (Object.keys(PRICED_PAGES) as Array<keyof typeof PRICED_PAGES>).find((page) =>
    (PRICED_PAGES[page] as readonly string[]).includes(offer),
  )! as PageId;

describe("one name per offer", () => {
  test("every offer in six languages: home, /offers, the offer page, form, checkout, thank-you page and email say the same name", async () => {
    let checked = 0;
    for (const lang of LANGUAGES) {
      const home = await (await fetch(`${server.url}/${lang}`)).text();
      const offers = await (await fetch(server.url + pagePath(pageById("offers"), lang))).text();
      for (const offer of OFFER_IDS) {
        const name = nameOf(offer, lang);
        const label = `${offer} ${lang} "${name}"`;
        const page = pageOf(offer);
        // Pages that sell this one offer are called by its name on the home and /offers cards.
        if (soleOffer(page) === offer) {
          if (OFFER_CARDS.some((card) => card.page === page))
            expect(textsOf(home, /<h3[^>]*>/), `${label}: home card`).toContain(name);
          expect(textsOf(offers, /<h3[^>]*>/), `${label}: /offers card`).toContain(name);
        }
        const offerPage = await (await fetch(server.url + pagePath(pageById(page), lang))).text();
        expect(textsOf(offerPage, /<h[23][^>]*data-offer-name[^>]*>/), `${label}: the page's price card`).toContain(
          name,
        );

        const form = await (await fetch(`${server.url}/commander?offre=${offer}&lang=${lang}`)).text();
        expect(decode(form), `${label}: order form`).toContain(name);
        const email = `names-${offer}-${lang}@example.com`;
        const res = await postOrder(server.url, offer, lang, orderForm({ email }));
        expect(res.status, label).toBe(303);
        const payUrl = res.headers.get("location")!;
        const session = stripe.sessions.get(new URL(payUrl).pathname.split("/").pop()!)!;
        expect(session.params["line_items[0][price_data][product_data][name]"], `${label}: Stripe line item`).toBe(
          name,
        );
        const back = (await fetch(`${payUrl}?action=pay`, { redirect: "manual" })).headers.get("location")!;
        expect(decode(await (await fetch(back)).text()), `${label}: thank-you page`).toContain(name);
        const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes(email)), 10_000, `email ${label}`);
        expect(mail.text, `${label}: confirmation email`).toContain(name);
        checked++;
      }
    }
    expect(checked).toBe(OFFER_IDS.length * LANGUAGES.length);
  });

  test("no offer page keeps a second name of its own in any language: menu, cards and request form read offers.json", () => {
    for (const lang of LANGUAGES) {
      const offers = JSON.parse(fs.readFileSync(`locales/${lang}/offers.json`, "utf8"));
      const home = JSON.parse(fs.readFileSync(`locales/${lang}/home.json`, "utf8"));
      const common = JSON.parse(fs.readFileSync(`locales/${lang}/common.json`, "utf8"));
      const quote = JSON.parse(fs.readFileSync(`locales/${lang}/quote.json`, "utf8"));
      expect(quote.offers, `${lang} quote.json offers`).toBeUndefined();
      for (const page of PAGES.filter(isOfferPage)) {
        expect(offers[page.id]?.name, `${lang} offers.json ${page.id}.name`).toBeTruthy();
        expect(offers.page.items[page.id]?.name, `${lang} offers.json page.items.${page.id}.name`).toBeUndefined();
        expect(home.offers.items[page.id]?.title, `${lang} home.json offers.items.${page.id}.title`).toBeUndefined();
        expect(common.nav[page.id], `${lang} common.json nav.${page.id}`).toBeUndefined();
        // The page's <title> is its name and a tagline: "{{name}}: …".
        const meta = JSON.parse(fs.readFileSync(`locales/${lang}/${page.id}.json`, "utf8")).meta;
        expect(meta.title, `${lang} ${page.id}.json meta.title`).toContain("{{name}}");
      }
    }
  });
});
