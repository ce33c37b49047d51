import fs from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { openStores } from "../../app/stores.server.ts";
import { CATALOGUE_PAGES } from "../../app/content/catalogue.ts";
import { isRequestPage } from "../../app/content/offers.ts";
import { soleOffer } from "../../app/content/structured-data.ts";
import { LANGUAGES, type Language } from "../../app/i18n/languages.ts";
import { pageById, pagePath } from "../../app/i18n/site-map.ts";
import { ownerReset, setUpOwner, subjectOf, type AdminClient } from "../support/admin.ts";
import { orderForm, postOrder, waitFor } from "../support/orders.ts";
import { databaseUrlFor } from "../support/store.ts";
import { suiteServer, suiteSmtp } from "../support/suite.ts";

/**
 * One name per offer page and language, on every surface a visitor, a customer or the owner meets
 * it: the menu, the /offers card, the home card, the page's <title> and JSON-LD, the request form,
 * the request's confirmation email, the back office's request page, the proposal (its email and
 * page) and the checkout's line. Each is fetched from the built server and must carry the
 * catalogue's one name, locales/{lng}/offers.json `{page id}.name`; fixed-price and quote pages
 * alike.
 */
const smtp = suiteSmtp();
const server = suiteServer(() => ({
  LOG_LEVEL: "silent",
  ORDER_RATE_LIMIT: "0",
  OUTBOX_POLL_MS: "100",
  CONTACT_EMAIL: "hello@example.com",
  OWNER_EMAIL: "owner@example.com",
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
}));

let owner: AdminClient;
beforeAll(async () => {
  owner = (
    await setUpOwner(
      server.url,
      ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
      "correct horse battery staple",
    )
  ).client;
});

/** Every page that presents an offer: those on /offers (fixed-price and quote). */
const OFFER_PAGES = CATALOGUE_PAGES.filter((page) => page.listed);

const nameOf = (page: string, lang: Language): string | undefined =>
  JSON.parse(fs.readFileSync(`locales/${lang}/offers.json`, "utf8"))[page]?.name;
const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;|\u00a0|\u202f/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "");
const plain = (html: string) =>
  decode(html.replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
/** The text of each element whose opening tag matches `open`, up to its closing `tag`. */
const textsOf = (html: string, open: string, tag: string) =>
  [...html.matchAll(new RegExp(`${open}([\\s\\S]*?)</${tag}>`, "g"))].map((m) => plain(m[1]!));
/** Names compared as a reader sees them: spaces of any width, French typography's no-break spaces. */
const same = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");
const form = (body: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(body),
  redirect: "manual" as const,
  headers: { Origin: server.url },
});
/** The offer a request form names: "Offer: <strong>…</strong>" (quote.json `form.offer`). */
function requestOffer(html: string, lang: Language): string {
  const label = JSON.parse(fs.readFileSync(`locales/${lang}/quote.json`, "utf8")).form.offer as string;
  const at = decode(html).search(new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*:`));
  if (at < 0) return "(no form)";
  return textsOf(decode(html).slice(at), "<strong[^>]*>", "strong")[0] ?? "(no form)";
}
async function withStore<T>(read: (repo: Awaited<ReturnType<typeof openStores>>) => Promise<T>): Promise<T> {
  const repo = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
  try {
    return await read(repo);
  } finally {
    await repo.close();
  }
}
/** The sandbox checkout's line (its heading): the name, or for a set-up fee "Set-up fee: name" around it. */
function checkoutLine(html: string, name: string): string | undefined {
  const line = textsOf(html, "<h1[^>]*>", "h1")[0];
  return line !== undefined && same(line).includes(same(name)) ? name : line;
}
const mailTo = (address: string, match: (text: string) => boolean, label: string) =>
  waitFor(() => smtp.messages.find((m) => m.to.includes(address) && match(m.text)), undefined, label);

describe("one name per offer page, on every surface", () => {
  test(
    "every offer page in six languages: menu, /offers, home, title, JSON-LD, request, emails, back office, proposal and checkout",
    { timeout: 900_000 },
    async () => {
      const differ: string[] = [];
      let checked = 0;
      for (const lang of LANGUAGES) {
        const home = await (await fetch(`${server.url}/${lang}`)).text();
        const offers = await (await fetch(server.url + pagePath(pageById("offers"), lang))).text();
        for (const entry of OFFER_PAGES) {
          const page = entry.id;
          const name = nameOf(page, lang);
          const at = `${page} ${lang}`;
          if (!name) {
            differ.push(`${at}: no offers.json ${page}.name`);
            continue;
          }
          const seen: Array<[string, string | undefined]> = [];
          const expectName = (surface: string, text: string | undefined) => seen.push([surface, text]);

          if (entry.menu)
            for (const link of textsOf(home, `<a[^>]*data-nav="${page}"[^>]*>`, "a")) expectName("menu", link);
          expectName(
            "/offers card",
            textsOf(offers, `<li[^>]*data-offer-page="${page}"[^>]*>\\s*<h3[^>]*>`, "h3")[0] ?? "(no card)",
          );
          if (entry.homeCard)
            expectName(
              "home card",
              home
                .slice(home.indexOf('data-block="offers"'))
                .split("<li")
                .filter((card) => card.includes(`href="${entry.path}"`) && card.includes("<h3"))
                .map((card) => textsOf(card, "<h3[^>]*>", "h3")[0])[0] ?? "(no card)",
            );

          const offerHtml = await (await fetch(server.url + pagePath(entry, lang))).text();
          const title = plain(/<title>([\s\S]*?)<\/title>/.exec(offerHtml)?.[1] ?? "");
          if (!same(title).includes(same(name))) expectName("<title>", title);
          const ld = [...offerHtml.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
            .map((m) => JSON.parse(m[1]!) as { "@type": string; name?: string })
            .find((data) => data["@type"] === "Service");
          expectName("JSON-LD Service name", ld?.name ?? "(no Service)");

          if (isRequestPage(page)) {
            // A page that ends with the request form (a priced page that `asks` keeps it on /quote).
            if (entry.request) expectName("the page's request form", requestOffer(offerHtml, lang));
            const quotePage = await (await fetch(`${server.url}/quote?offer=${page}&lang=${lang}`)).text();
            expectName("/quote's form", requestOffer(quotePage, lang));

            const email = `names-${page}-${lang}@example.com`;
            const sent = await fetch(
              `${server.url}/quote?offer=${page}&lang=${lang}`,
              form({ offer: page, name: "Ana Lima", email, company: "", message: "A few words about the project." }),
            );
            expect(sent.status, at).toBeLessThan(400);
            const ack = await mailTo(email, (text) => !text.includes("/proposal/"), `${at}: the request's email`);
            expectName(
              "the request email's subject",
              same(subjectOf(ack.raw)).includes(same(name)) ? name : subjectOf(ack.raw),
            );
            const body = ack.text
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join("\n");
            expectName("the request email's text", same(body).includes(same(name)) ? name : "(not in the text)");

            const quoteId = await withStore(
              async (repo) => (await repo.listQuoteRequests(500)).find((quote) => quote.email === email)!.id,
            );
            const adminHtml = await (await owner.get(`/admin/quotes/${quoteId}?lang=${lang}`)).text();
            expectName(
              "the back office's request page",
              same(plain(adminHtml)).includes(same(name)) ? name : "(not shown)",
            );
            const proposed = await owner.post(
              `/admin/quotes/${quoteId}?lang=${lang}`,
              {
                intent: "propose",
                title: "",
                included: "The work as we discussed it.",
                priceKind: "one-off",
                oneTime: "120000",
                monthly: "",
                deliveryDays: "10",
                revisionRounds: "2",
                validUntil: "",
              },
              { headers: { Origin: server.url } },
            );
            expect(proposed.status, `${at}: proposal sent`).toBe(303);
            const proposalMail = await mailTo(email, (text) => text.includes("/proposal/"), `${at}: proposal email`);
            expectName(
              "the proposal email's subject",
              same(subjectOf(proposalMail.raw)).includes(same(name)) ? name : subjectOf(proposalMail.raw),
            );
            const link = new URL(
              /https?:\/\/[^\s"<>]+\/proposal\/[^\s"<>]+/.exec(proposalMail.text)![0].replace(/&amp;/g, "&"),
            ).pathname;
            const proposalHtml = await (await fetch(`${server.url}${link}?lang=${lang}`)).text();
            expectName("the proposal page", textsOf(proposalHtml, "<h1[^>]*>", "h1")[0]);
            const accepted = await fetch(
              `${server.url}${link}?lang=${lang}`,
              form({ intent: "accept", acceptTerms: "on", immediateStart: "on" }),
            );
            expect(accepted.status, `${at}: accepted`).toBe(303);
            const checkout = await (await fetch(server.url + accepted.headers.get("location")!)).text();
            expectName("the proposal's checkout line", checkoutLine(checkout, name));
          }

          const offer = soleOffer(page);
          if (offer) {
            const res = await postOrder(
              server.url,
              offer,
              lang,
              orderForm({ email: `order-${page}-${lang}@example.com` }),
            );
            expect(res.status, at).toBe(303);
            const checkout = await (await fetch(server.url + res.headers.get("location")!)).text();
            expectName("the order's checkout line", checkoutLine(checkout, name));
          }

          const wrong = seen.filter(([, text]) => text === undefined || same(text) !== same(name));
          differ.push(...wrong.map(([surface, text]) => `${at}: ${surface} says "${text}", not "${name}"`));
          checked++;
        }
      }
      expect(differ).toEqual([]);
      expect(checked).toBe(OFFER_PAGES.length * LANGUAGES.length);
    },
  );
});
