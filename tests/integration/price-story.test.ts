import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { OFFER_IDS, OFFERS } from "../../app/content/offers.ts";
import { pageById, pagePath } from "../../app/i18n/site-map.ts";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { orderForm, postOrder, waitFor } from "../support/orders.ts";
import { suiteStripeShop } from "../support/suite.ts";

/**
 * One price story everywhere: for every offer in every language, the money sentence (today, each
 * later month) is the same on the offer page, the order form, the Stripe Checkout line item, the
 * thank-you page and the confirmation email, and the four surfaces that know the date agree on it.
 */
const { stripe, smtp, server } = suiteStripeShop({ OUTBOX_POLL_MS: "100" });

const price = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/common.json`), "utf8")).price,
  ]),
);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");

function priceLineIn(body: string, offer?: string): string {
  const attribute = offer ? `data-price-line="${offer}"` : 'data-price-line(?:="[^"]*")?';
  const match = new RegExp(`${attribute}>([^<]*(?:<!-- -->[^<]*)*)<`).exec(body);
  expect(match, `price line ${offer ?? ""}`).toBeTruthy();
  return decode(match![1]!).trim();
}

function offerPagePath(offer: (typeof OFFER_IDS)[number], lang: (typeof LANGUAGES)[number]) {
  // The page that sells it, as the catalogue declares it (its price card carries the price story).
  return pagePath(pageById(OFFERS[offer].page), lang);
}

describe("the money sentence", () => {
  test("known sentences: the Telegram agent's breakdown, short videos' included month, Veo3 in pounds for English", async () => {
    const en = await (await fetch(`${server.url}/formateur-ia/en`)).text();
    expect(priceLineIn(en, "formateur-ia")).toBe(
      "Set-up €497 + first month €39 = €536 today, then €39 a month from one month after your order.",
    );
    const fr = await (await fetch(`${server.url}/short-videos/fr`)).text();
    expect(priceLineIn(fr, "short-videos")).toMatch(
      /^Mise en place 497\s€ aujourd’hui \(premier mois inclus\), puis 100\s€ par mois/,
    );
    const veo3 = await (await fetch(`${server.url}/veo3/en`)).text();
    expect(priceLineIn(veo3, "veo3-single")).toBe("£49 today, paid once.");
    expect(priceLineIn(veo3, "veo3-subscription")).toMatch(/^£490 today for the first month, then £490 a month/);
  });

  test("is the same on all five surfaces for every offer in all six languages", async () => {
    let checked = 0;
    for (const lang of LANGUAGES) {
      for (const offer of OFFER_IDS) {
        // 1. Offer page (cached: no date, the delay instead).
        const offerPage = priceLineIn(await (await fetch(server.url + offerPagePath(offer, lang))).text(), offer);
        const once = OFFERS[offer].price(lang).monthly === undefined;
        // The offer page says "<money> <from one month after your order>."; the dated surfaces "<money> <from DATE>."
        const delay = ` ${price[lang].fromAfterOrder}.`;
        if (!once) expect(offerPage.endsWith(delay), `${offerPage} ends with ${delay}`).toBe(true);
        const money = once ? offerPage : offerPage.slice(0, -delay.length);
        const [before, after] = price[lang].from.split("{{date}}");
        const dated = new RegExp(`^${escapeRegExp(`${money} ${before}`)}(.+)${escapeRegExp(`${after}.`)}$`);
        const form = priceLineIn(
          await (await fetch(`${server.url}/commander?offre=${offer}&lang=${lang}`)).text(),
          offer,
        );
        const email = `story-${offer}-${lang}@example.com`;
        const res = await postOrder(server.url, offer, lang, orderForm({ email }));
        expect(res.status).toBe(303);
        const payUrl = res.headers.get("location")!;
        const session = stripe.sessions.get(new URL(payUrl).pathname.split("/").pop()!)!;
        const checkout = session.params["line_items[0][price_data][product_data][description]"]!;
        const back = (await fetch(`${payUrl}?action=pay`, { redirect: "manual" })).headers.get("location")!;
        const thankYou = priceLineIn(await (await fetch(back)).text());
        const mail = await waitFor(
          () => smtp.messages.find((m) => m.to.includes(email)),
          10_000,
          `email ${offer} ${lang}`,
        );
        const mailLine = decode(/data-price-line>([^<]*)</.exec(mail.text)?.[1] ?? "");
        const textLine = mail.text.split("\n").find((line) => line.includes(thankYou)) ?? "";

        const surfaces = { form, checkout, thankYou, email: mailLine };
        const dates = new Set<string>();
        for (const [surface, line] of Object.entries(surfaces)) {
          if (once) {
            expect(line, `${offer} ${lang} ${surface}`).toBe(offerPage);
            continue;
          }
          const match = dated.exec(line);
          expect(match, `${offer} ${lang} ${surface}: "${line}" vs money "${money}"`).toBeTruthy();
          dates.add(match![1]!);
        }
        if (!once) expect([...dates], `${offer} ${lang}: one date on every surface`).toHaveLength(1);
        expect(textLine, `${offer} ${lang} plain-text email`).toContain(thankYou);
        checked++;
      }
    }
    expect(checked).toBe(36);
  });
});
