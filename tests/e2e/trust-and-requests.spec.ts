import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { FAQ_TOPICS, type ProofPage } from "../../app/config/site-schema.ts";
import { DATASET_FIGURES } from "../../app/content/datasets.ts";
import { OFFERS, QUOTE_PAGES, type OfferId } from "../../app/content/offers.ts";
import { PRICED_PAGES, amount } from "../../app/content/structured-data.ts";
import { formatAmount, formatMoney } from "../../app/i18n/format.ts";
import { LANGUAGES, type Language } from "../../app/i18n/languages.ts";
import { OFFER_GROUPS, pageById, pagePath, type PageId } from "../../app/i18n/site-map.ts";
import { DEMO_CONFIG, SITE } from "../support/site-config.ts";
import { startSite } from "../support/site-server.ts";
import { localeFile } from "../support/pages.ts";
import { fetchParsed, headOf } from "../support/parsed-html.ts";
import { HTML_ONLY } from "../support/projects.ts";

/**
 * A way to ask on every page, proof the owner fills in, the offers page and rich results. The suite's server runs the complete configuration
 * (tests/fixtures/site-complete.json: real-looking proof, a booking link, every video id); the
 * screenshots use the shipped demo configuration, whose proof is marked as samples.
 */

const lang = (index: number): Language => LANGUAGES[index % LANGUAGES.length]!;

/**
 * Every JSON-LD block of a served page, parsed (a parse error fails the test). Search engines read
 * the HTML as sent: parsed in one tab, not navigated to (tests/support/parsed-html.ts).
 */
async function jsonLd(page: Page, url: string): Promise<Array<Record<string, any>>> {
  const { status, doc } = await fetchParsed(page, url);
  expect(status, url).toBe(200);
  const blocks = await doc.evaluate((doc) =>
    [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => script.textContent ?? ""),
  );
  await doc.dispose();
  return blocks.map((text) => JSON.parse(text));
}

for (const [index, id] of QUOTE_PAGES.entries()) {
  test(`${id}: the hero button and every call to action lead to the request form, mailto and booking second`, async ({
    page,
  }) => {
    const language = lang(index);
    const quote = localeFile("quote", language);
    await page.goto(pagePath(pageById(id), language));
    const form = page.locator("form#quote");
    await expect(form).toHaveCount(1);
    // The hero's primary button is the way to ask.
    const hero = page.locator("main .hero-dark .btn-primary").first();
    await expect(hero).toHaveAttribute("href", "#quote");
    // No call to action leaves for a mail program: mailto only beside the form, as the second choice.
    const mailtos = await page
      .locator('main a[href^="mailto:"]')
      .evaluateAll((links) => links.map((link) => Boolean(link.closest("form#quote"))));
    expect(mailtos, `${id}: mailto links outside the form`).toEqual([true]);
    const buttons = await page
      .locator("main a.btn-primary, main a.btn-ghost-light")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    expect(buttons.filter((href) => href === "#quote").length, `${id}: calls to action`).toBeGreaterThanOrEqual(2);
    expect(
      buttons.filter((href) => href.startsWith("mailto:")),
      `${id}: mailto buttons`,
    ).toEqual([]);
    await expect(form.locator('a[data-action="book-call"]')).toHaveAttribute("href", SITE.bookingUrl!);
    await expect(form.locator('a[data-action="book-call"]')).toHaveText(quote.form.bookCall);
    await hero.click();
    await expect(page).toHaveURL(/#quote$/);
    await expect(form.locator('[name="name"]')).toBeInViewport();
  });
}

test("after sending, the visitor sees what happens next and when, and can book a call", async ({ page }) => {
  const quote = localeFile("quote", "de");
  await page.goto("/whatsapp/de");
  await page.locator('main .hero-dark a[href="#quote"]').first().click();
  const form = page.locator("form#quote");
  await form.locator('[name="name"]').fill("Jonas Weber");
  await form.locator('[name="email"]').fill("jonas@weber-immobilien.de");
  await form.locator('[name="message"]').fill("Wir möchten einen WhatsApp-Agenten für Besichtigungstermine.");
  await form.getByRole("button", { name: quote.form.submit }).click();
  await expect(page).toHaveURL(/\/quote\?offer=whatsapp&lang=de&sent=1$/);
  await expect(page.locator("h1")).toHaveText(quote.sent.title);
  const steps = page.locator('[data-block="next-steps"] li');
  await expect(steps).toHaveCount(quote.sent.next.length);
  for (const [position, step] of (quote.sent.next as Array<{ when: string; what: string }>).entries()) {
    await expect(steps.nth(position)).toContainText(step.when);
    await expect(steps.nth(position)).toContainText(step.what);
  }
  await expect(page.locator('main a[data-action="book-call"]')).toHaveAttribute("href", SITE.bookingUrl!);
});

test('/datasets and the home page\'s "write to me" open a request form that sends', async ({ page }) => {
  for (const [path, offer] of [
    ["/datasets/it", "datasets"],
    ["/pt", "home"],
  ] as const) {
    const language = path.endsWith("it") ? "it" : "pt";
    const quote = localeFile("quote", language);
    await page.goto(path);
    const form = page.locator("form#quote");
    await expect(form.locator('[name="offer"]')).toHaveValue(offer);
    const cta =
      offer === "home" ? page.locator('[data-block="cta"] a') : page.locator('[data-action="request-access"]');
    await expect(cta).toHaveAttribute("href", "#quote");
    await cta.click();
    await expect(form.locator('[name="name"]')).toBeInViewport();
    await form.locator('[name="name"]').fill("Rita Almeida");
    await form.locator('[name="email"]').fill("rita@almeida-studio.pt");
    await form.locator('[name="message"]').fill("Gostaria de saber mais sobre as vossas automações.");
    await form.getByRole("button", { name: quote.form.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/quote\\?offer=${offer}&lang=${language}&sent=1$`));
    await expect(page.locator('[data-block="next-steps"] li')).toHaveCount(3);
  }
});

test(
  "the offers page lists every offer with its catalogue price and promise, in six languages, linked from the menu and the sitemap",
  HTML_ONLY,
  async ({ page, request, baseURL }) => {
    test.setTimeout(120_000);
    const listed = OFFER_GROUPS.flatMap((group) => group.pages);
    expect(new Set(listed).size).toBe(15);
    for (const must of ["veo3", "test-workflow", "datasets"] as const) expect(listed).toContain(must);
    for (const language of LANGUAGES) {
      const copy = localeFile("offers", language);
      const path = pagePath(pageById("offers"), language);
      // The page as sent, read in one round trip (tests/support/parsed-html.ts): 15 cards × 5 checks
      // were 450 browser round trips.
      const { status, doc } = await fetchParsed(page, baseURL + path);
      expect(status, path).toBe(200);
      expect((await headOf(doc)).lang, path).toBe(language);
      // Text as Playwright's toHaveText compares it: whitespace runs (no-break spaces too) made one space, on both sides.
      const norm = (text: string) => text.replace(/\s+/g, " ").trim();
      const seen = await doc.evaluate((doc) => {
        const text = (node: Element | null | undefined) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
        return {
          h1: text(doc.querySelector("h1")),
          cards: [...doc.querySelectorAll("[data-offer-page]")].map((card) => ({
            id: card.getAttribute("data-offer-page")!,
            href: card.querySelector("h3 a")?.getAttribute("href"),
            name: text(card.querySelector("h3")),
            text: text(card),
            price: text(card.querySelector("[data-price-line]")),
            figure: text(card.querySelector("[data-price-figure]")),
            action: card.querySelector("[data-card-action]:last-child")?.getAttribute("data-card-action") ?? null,
            actionHref: card.querySelector("[data-card-action]")?.getAttribute("href") ?? null,
          })),
          sections: [...doc.querySelectorAll("[data-block=offer-group]")].map((section) => ({
            quotes: section.querySelectorAll("[data-card-action=quote]").length,
            promises: [...section.querySelectorAll("[data-quote-promise]")].map(text),
          })),
        };
      });
      await doc.dispose();
      expect(seen.h1, path).toBe(norm(copy.hero.title));
      expect(seen.cards, path).toHaveLength(15);
      for (const id of listed) {
        const card = seen.cards.find((card) => card.id === id);
        expect(card, `${path}: ${id}`).toBeDefined();
        expect(card!.href, `${path}: ${id}`).toBe(pagePath(pageById(id), language));
        expect(card!.name, `${path}: ${id}`).toBe(norm(copy[id].name));
        expect(card!.text, `${path}: ${id}`).toContain(norm(copy.page.items[id].promise));
        const price = card!.price;
        const money = (offer: OfferId, which: "oneTime" | "monthly") => {
          const p = OFFERS[offer].price(language);
          return norm(formatMoney(p[which]!, p.currency, language));
        };
        if (id === "veo3") expect(price).toContain(money("veo3-single", "oneTime"));
        else if (id === "datasets")
          expect(price).toContain(norm(formatAmount(DATASET_FIGURES.nonExclusive.yearly, "EUR", language)));
        else if (id === "test-workflow") expect(price).toContain(money("test-workflow", "oneTime"));
        else if (id === "short-videos" || id === "formateur-ia") {
          expect(price).toContain(money(id, "oneTime"));
          expect(price).toContain(money(id, "monthly"));
        } else expect(price).toBe(norm(copy.page.quoteFigure));
        // A figure, not a sentence; every card ends with its button: order, see the offer, or ask for a quote.
        expect(card!.figure.length, `${path}: ${id} "${card!.figure}"`).toBeLessThanOrEqual(30);
        const kind =
          id === "veo3" || id === "datasets"
            ? "page"
            : ["test-workflow", "short-videos", "formateur-ia"].includes(id)
              ? "order"
              : "quote";
        expect(card!.action, `${path}: ${id}`).toBe(kind);
        if (kind === "order") expect(card!.actionHref, `${path}: ${id}`).toMatch(/^\/commander\?offre=/);
        if (kind === "quote")
          expect(card!.actionHref, `${path}: ${id}`).toBe(`${pagePath(pageById(id), language)}#quote`);
      }
      // The quote promise once in each section that has quote cards, never on the cards.
      for (const section of seen.sections)
        expect(section.promises, path).toEqual(section.quotes ? [norm(copy.page.quotePromise)] : []);
      for (const card of seen.cards) expect(card.text, path).not.toContain(norm(copy.page.onQuote));
    }
    // Reachable: the menu links it on every page, the sitemap lists it in every language.
    await page.goto("/short-videos/fr");
    await expect(page.locator('header a[data-nav="offers"]').first()).toHaveAttribute("href", "/offers");
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const language of LANGUAGES) expect(sitemap).toContain(`/offers/${language}<`);
  },
);

test(
  "the menu keeps the spec's 13 links, grouped and labelled, and marks the current page",
  HTML_ONLY,
  async ({ page }) => {
    const common = localeFile("common", "fr");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/seedance/fr");
    const nav = page.locator('header nav[aria-label="' + common.nav.label + '"]').first();
    const links = await nav
      .locator("a[data-nav]")
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
    expect(links.filter((href) => href !== "/offers")).toEqual([
      "/",
      "/ai-machine",
      "/short-videos",
      "/veo3-ad",
      "/seedance",
      "/logo-animator",
      "/nano-banana",
      "/agent-photoshop",
      "/whatsapp",
      "/instagram",
      "/formateur-ia",
      "/newsletter",
      "/blog",
    ]);
    await expect(nav.locator("summary")).toHaveText(Object.values(common.nav.groups) as string[]);
    // A group opens on click (a <details>: no script needed) and names its pages in words.
    await nav.locator('[data-nav-group="videos"] summary').click();
    await expect(nav.locator('[data-nav-group="videos"] a[data-nav="seedance"]')).toHaveText(
      localeFile("offers", "fr").seedance.name,
    );
    await expect(nav.locator('[data-nav-group="videos"] a[data-nav="seedance"]')).toHaveAttribute(
      "aria-current",
      "page",
    );
  },
);

test(
  "proof from the configuration: testimonials, case studies, logos and FAQ where filled, nothing where not",
  HTML_ONLY,
  async ({ page }) => {
    const common = localeFile("common", "es");
    await page.goto("/short-videos/es");
    const study = SITE.proof.caseStudies.find((item) => item.offer === "short-videos")!;
    await expect(page.locator('[data-block="case-studies"]')).toContainText(study.situation.es);
    await expect(page.locator('[data-block="case-studies"]')).toContainText(study.built.es);
    for (const figure of study.figures)
      await expect(page.locator('[data-block="case-studies"]')).toContainText(figure.value);
    const testimonial = SITE.proof.testimonials.find((item) => item.offers?.includes("short-videos"))!;
    await expect(page.locator('[data-block="testimonials"]')).toContainText(testimonial.quote.es);
    await expect(page.locator('[data-block="faq"] summary [data-question]')).toHaveText(
      FAQ_TOPICS.map((topic) => common.proof.faq.questions[topic]),
    );
    // The complete configuration has no samples: no badge.
    await expect(page.locator("[data-sample]")).toHaveCount(0);
    // Home: every testimonial and the client logos.
    await page.goto("/es");
    await expect(page.locator('[data-block="testimonials"] li')).toHaveCount(SITE.proof.testimonials.length);
    await expect(page.locator('[data-block="client-logos"] img')).toHaveCount(SITE.proof.clientLogos.length);
    // A page the owner wrote nothing for shows no empty shell.
    await page.goto("/logo-animator/es");
    for (const block of ["testimonials", "case-studies", "faq", "client-logos"])
      await expect(page.locator(`[data-block="${block}"]`)).toHaveCount(0);
  },
);

test(
  "rich results: Service and Offer JSON-LD with the catalogue's prices on every priced page, FAQPage with the FAQ",
  HTML_ONLY,
  async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    for (const language of LANGUAGES) {
      for (const [id, offers] of Object.entries(PRICED_PAGES) as Array<
        [keyof typeof PRICED_PAGES, readonly OfferId[]]
      >) {
        const path = pagePath(pageById(id), language);
        const blocks = await jsonLd(page, baseURL + path);
        const services = blocks.filter((block) => block["@type"] === "Service");
        expect(services, path).toHaveLength(1);
        const service = services[0]!;
        expect(service["@context"]).toBe("https://schema.org");
        expect(service.inLanguage).toBe(language);
        expect(service.url).toMatch(new RegExp(`${path.replace(/[/]/g, "\\/")}$`));
        expect(service.name).toBe(localeFile("offers", language)[id].name);
        if (id === "datasets") {
          expect(service.offers.map((offer: any) => offer.priceCurrency)).toEqual(["EUR", "EUR"]);
          expect(service.offers[0].price).toBe(amount(DATASET_FIGURES.nonExclusive.yearly * 100));
          expect(service.offers[1].priceSpecification.minPrice).toBe(amount(DATASET_FIGURES.exclusiveFromYearly * 100));
          continue;
        }
        expect(service.offers, path).toHaveLength(offers.length);
        for (const [position, offerId] of offers.entries()) {
          const offer = service.offers[position];
          const price = OFFERS[offerId].price(language);
          expect(offer["@type"]).toBe("Offer");
          expect(offer.priceCurrency, `${path} ${offerId}`).toBe(price.currency);
          expect(offer.price, `${path} ${offerId}`).toBe(amount(price.oneTime ?? price.monthly!));
          expect(offer.name).toBe(localeFile("offers", language)[offerId].name);
          const monthly = offer.priceSpecification.find((spec: any) => spec.unitCode === "MON");
          if (price.monthly) expect(monthly?.price, `${path} ${offerId} monthly`).toBe(amount(price.monthly));
          else expect(monthly).toBeUndefined();
        }
      }
    }
    // Pounds for the English Veo3 page, as the catalogue says.
    expect(
      (await jsonLd(page, `${baseURL}/veo3/en`))
        .find((block) => block["@type"] === "Service")!
        .offers.map((offer: any) => offer.priceCurrency),
    ).toEqual(["GBP", "GBP", "GBP"]);
    // FAQPage: on each page with an FAQ, the questions and the owner's answers in the page's language.
    for (const [position, id] of (Object.keys(SITE.proof.faq) as ProofPage[]).entries()) {
      const language = lang(position + 2);
      const faq = (await jsonLd(page, baseURL + pagePath(pageById(id as PageId), language))).filter(
        (block) => block["@type"] === "FAQPage",
      );
      expect(faq, id).toHaveLength(1);
      const questions = localeFile("common", language).proof.faq.questions;
      const answers = SITE.proof.faq[id]!;
      expect(faq[0]!.mainEntity).toEqual(
        FAQ_TOPICS.filter((topic) => answers[topic]).map((topic) => ({
          "@type": "Question",
          name: questions[topic],
          acceptedAnswer: { "@type": "Answer", text: answers[topic]![language] },
        })),
      );
    }
    // A quote page is a Service named by its one name, with no listed price (a proposal's is its own).
    const quoteLd = await jsonLd(page, `${baseURL}/logo-animator/en`);
    expect(quoteLd).toHaveLength(1);
    expect(quoteLd[0]).toMatchObject({ "@type": "Service", name: localeFile("offers", "en")["logo-animator"].name });
    expect(quoteLd[0]).not.toHaveProperty("offers");
    // No rich result where there is nothing to describe.
    expect(await jsonLd(page, `${baseURL}/legal-notice/en`)).toEqual([]);
  },
);

test.describe("demo configuration", () => {
  let server: Awaited<ReturnType<typeof startSite>>;
  test.beforeAll(async () => {
    server = await startSite(DEMO_CONFIG);
  });
  test.afterAll(() => {
    server?.child.kill("SIGTERM");
  });

  test(
    "sample proof is marked, artwork is called artwork, and 390 px screenshots of home, a quote page and the order form",
    HTML_ONLY,
    async ({ page }) => {
      test.setTimeout(120_000);
      fs.mkdirSync("test-results/screenshots", { recursive: true });
      await page.setViewportSize({ width: 390, height: 844 });
      const shorts = localeFile("short-videos", "en");
      // No video configured: the section says its pictures are illustrations, never "real outputs".
      await page.goto(`${server.url}/short-videos/en`);
      await expect(page.locator("#shorts-title ~ p")).toHaveText(shorts.shorts.leadArtwork);
      await expect(page.locator("body")).not.toContainText(shorts.shorts.lead);
      const sample = localeFile("common", "en").proof.sample;
      for (const [name, path] of [
        ["home", "/en"],
        ["quote-page-whatsapp", "/whatsapp/en"],
        ["order-form", "/commander?offre=short-videos&lang=en"],
      ] as const) {
        await page.goto(server.url + path);
        await page.evaluate(() => document.fonts.ready);
        if (name !== "order-form") {
          // Every proof block of the demo is labelled as a sample.
          const badges = page.locator("[data-sample]");
          expect(await badges.count(), name).toBeGreaterThan(0);
          await expect(badges.first()).toHaveText(sample);
        }
        await page.screenshot({ path: `test-results/screenshots/${name}-390.png`, fullPage: true });
      }
    },
  );
});
