import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { Logo } from "../components/logo.tsx";
import { LANGUAGES, type Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import { typographyFindings } from "../i18n/typography.ts";
import { EMAIL_KINDS, type EmailKind, type StoredKindOf } from "./email-kinds.ts";
import { OFFER_IDS, type OfferId } from "../content/offers.ts";
import { brandedHtml } from "./email-layout.server.ts";
const EMAIL_LOGO_PATH = "/email-logo.png";
import { EMAILS, type EmailSubject } from "./email-registry.server.ts";
import { renderOutboxEmail } from "./outbox-emails.server.ts";
import { paidTestOrder, testCustomer, testQuoteRequest } from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import type { Order } from "../orders/types.ts";
import type { MorningDigest } from "./types.ts";

const root = path.resolve(import.meta.dirname, "../..");
const origin = "https://shop.example";
const config = {
  contactEmail: "hello@example.com",
  ownerEmail: "owner@example.com",
  ownerLang: "it" as const,
  publicOrigin: origin,
  unlockUrl: (id: string) => `${origin}/admin/unlock?token=${id}`,
  setupUrl: (id: string) => `${origin}/admin/setup?token=${id}`,
  resetUrl: (id: string) => `${origin}/admin/reset?token=${id}`,
  proposalUrl: (proposal: { id: string }) => `${origin}/proposal/${proposal.id}`,
};

describe("the site's mark in every email", () => {
  test("public/favicon.svg, which public/email-logo.png is made from, is the mark of app/components/logo.tsx", () => {
    const site = renderToStaticMarkup(createElement(Logo));
    const favicon = fs.readFileSync(path.join(root, "public/favicon.svg"), "utf8");
    const shape = (svg: string) => ({
      viewBox: /viewBox="([^"]+)"/.exec(svg)?.[1],
      rect: /<rect[^>]*\srx="([^"]+)"/.exec(svg)?.[1],
      path: /<path[^>]*\sd="([^"]+)"/.exec(svg)?.[1],
      stops: [...svg.matchAll(/stop-?color="([^"]+)"/gi)].map((match) => match[1]),
    });
    expect(shape(site).path).toBeTruthy();
    expect(shape(favicon)).toEqual(shape(site));
  });

  test("public/email-logo.png is a 72×72 PNG (shown at 36×36, sharp on dense screens)", () => {
    const png = fs.readFileSync(path.join(root, "public", EMAIL_LOGO_PATH));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([72, 72]);
  });
});

/**
 * A stored kind of every kind, and what its row is about. Typed by kind, so a new kind cannot be
 * added without a sample here, and so without being checked against the one layout below.
 */
let sampleQuestion = "";
let sampleProposal = "";
const SAMPLES: {
  [K in EmailKind]: { stored: StoredKindOf<K> | ((failedId: number) => StoredKindOf<K>); about: EmailSubject["about"] };
} = {
  confirmation: { stored: "confirmation", about: "order" },
  "brief-reminder": { stored: "brief-reminder", about: "order" },
  resend: { stored: "resend-1", about: "order" },
  "admin-resend": { stored: "admin-resend-1", about: "order" },
  "owner-paid": { stored: "owner-paid", about: "order" },
  "owner-unlock": { stored: "owner-unlock", about: "link" },
  "owner-setup": { stored: "owner-setup", about: "link" },
  "owner-reset": { stored: "owner-reset", about: "link" },
  delivered: { stored: "delivered", about: "order" },
  "owner-email-failed": { stored: (failedId) => `owner-email-failed-${failedId}`, about: "order" },
  "quote-ack": { stored: "quote-ack", about: "quote" },
  "quote-owner": { stored: "quote-owner", about: "quote" },
  proposal: { stored: (_failedId) => `proposal.${sampleProposal}`, about: "quote" },
  "owner-proposal-viewed": { stored: (_failedId) => `owner-proposal-viewed.${sampleProposal}`, about: "quote" },
  "owner-proposal-accepted": { stored: (_failedId) => `owner-proposal-accepted.${sampleProposal}`, about: "quote" },
  "owner-proposal-declined": { stored: (_failedId) => `owner-proposal-declined.${sampleProposal}`, about: "quote" },
  "owner-proposal-question": { stored: (_failedId) => `owner-proposal-question.${sampleQuestion}`, about: "quote" },
  "payment-failed": { stored: "payment-failed.in_1", about: "order" },
  renewal: { stored: "renewal.in_2", about: "order" },
  "subscription-ended": { stored: "subscription-ended", about: "order" },
  "manage-link": { stored: "manage-link.mfx1", about: "order" },
  "order-link": { stored: "order-link.mfx1", about: "order" },
  "cancellation-confirmed": { stored: "cancellation-confirmed.2026-12-24T00:00:00Z", about: "order" },
  "owner-cancellation": { stored: "owner-cancellation", about: "order" },
  "refund-issued": { stored: "refund-issued.re_1.4500", about: "order" },
  "owner-refund": { stored: "owner-refund.ch_1.4500", about: "order" },
  "owner-dispute": { stored: "owner-dispute.dp_1.9000", about: "order" },
  "owner-dispute-closed": { stored: "owner-dispute-closed.dp_1.won", about: "order" },
  "owner-paused": { stored: "owner-paused.evt_1", about: "order" },
  "owner-unhandled": { stored: "owner-unhandled.evt_2", about: "order" },
  "owner-webhook-paused": { stored: "owner-webhook-paused.env.1795838400000", about: "quote" },
  "work-delivered": { stored: "work-delivered.d1", about: "order" },
  "owner-revision": { stored: "owner-revision.r1", about: "order" },
  "owner-accepted": { stored: "owner-accepted.d1", about: "order" },
  "owner-morning": { stored: "owner-morning.2026-11-28", about: "system" },
};

/**
 * Every kind rendered once, from its stored kind (SAMPLES): about a paid order in `orderLang`, a
 * quote request in `quoteLang` or an owner link, the owner's emails in `ownerLang`; with the
 * language each one's reader gets.
 */
async function renderEveryKind(
  repo: ReturnType<typeof storesPerTest>,
  langs: { orderLang: Language; quoteLang: Language; ownerLang: Language },
  offer: OfferId = "formateur-ia",
) {
  const order = await paidTestOrder(repo, {
    lang: langs.orderLang,
    offer,
    customer: { ...testCustomer, firstName: "Lucía" },
  });
  await repo.enqueueEmail(order.id, "resend-1");
  const failed = (await repo.listEmails(order.id)).find((row) => row.kind === "resend-1")!;
  const quote = await testQuoteRequest(repo, { lang: langs.quoteLang });
  // A proposal answering it, declined with a reason, and a question about it (the proposal emails).
  sampleProposal = `prp_sample_${quote.id}`;
  await repo.createProposal(
    {
      id: sampleProposal,
      quoteId: quote.id,
      page: quote.page,
      lang: quote.lang,
      title: "WhatsApp",
      included: "Set-up, hosting and a month of tuning.",
      priceKind: "setup-monthly",
      currency: "EUR",
      oneTime: 35_000,
      monthly: 4_900,
      deliveryDays: 10,
      revisionRounds: 2,
      validUntil: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      termsVersion: "cgv-2026-11-26",
    },
    null,
  );
  await repo.declineProposal(sampleProposal, "Too early for us.", new Date());
  sampleQuestion = await repo.askProposalQuestion(sampleProposal, "Can it answer in Catalan too?");
  // An owner link's row (app/auth's owner_unlocks), as the auth room would have stored it.
  const withLink = Object.assign(Object.create(repo) as typeof repo, {
    unlockExpiry: async () => Date.now() + 15 * 60_000,
  });
  const rendered = [];
  for (const kind of EMAIL_KINDS) {
    const sample = SAMPLES[kind];
    const stored = typeof sample.stored === "function" ? sample.stored(failed.id) : sample.stored;
    const about = {
      order: { orderId: order.id, quoteId: null },
      quote: { orderId: null, quoteId: quote.id },
      link: { orderId: null, quoteId: null, unlockId: "unl_1" },
      system: { orderId: null, quoteId: null, systemKey: "daily" },
    }[sample.about];
    const email = await renderOutboxEmail(
      withLink,
      { id: 0, ...about, kind: stored, attempts: 0 },
      { ...config, ownerLang: langs.ownerLang, morningDigest: async (day) => morningSample(order, day) },
    );
    const lang = EMAILS[kind].to === "owner" ? langs.ownerLang : sample.about === "quote" ? quote.lang : order.lang;
    rendered.push({ stored, email, lang, kind, order, quote });
  }
  return rendered;
}

/** The morning email about the sample order: a line in each of its sections (one due at a time of day, one by the end of a day), and a nearly full data volume. */
function morningSample(order: Order, day: string): MorningDigest {
  const line = {
    orderId: order.id,
    reference: order.reference,
    offer: order.offer,
    customer: `${order.customer.firstName} ${order.customer.lastName}`,
    amount: { minor: order.amountDueNow, monthly: order.monthly, currency: order.currency },
  };
  const byTime = { ...line, due: { at: `${day}T13:00:00.000Z`, withTime: true } };
  const byDay = { ...line, due: { at: `${day}T23:00:00.000Z`, withTime: false } };
  return {
    day,
    timeZone: "Europe/Paris",
    late: [byDay],
    dueToday: [byTime, byDay],
    paid: [byTime],
    briefs: [byTime],
    revisions: [byDay],
    disk: { free: 40 * 1024 * 1024, total: 10 * 1024 * 1024 * 1024 },
  };
}

describe("one layout for every email", () => {
  const repo = storesPerTest();

  test("a registry without an entry for every kind does not compile (npm run typecheck checks this line)", () => {
    const { "owner-paid": _ownerPaid, ...withoutOne } = EMAILS;
    // @ts-expect-error the owner's notice of a paid order has no entry
    const incomplete: typeof EMAILS = withoutOne;
    expect(Object.keys(incomplete)).toHaveLength(EMAIL_KINDS.length - 1);
    expect(Object.keys(EMAILS).sort()).toEqual([...EMAIL_KINDS].sort());
  });

  test("every kind, customer's and owner's, is in the same frame with the site's mark, in its reader's language", async () => {
    let withLogo = 0;
    for (const { stored, email, lang } of await renderEveryKind(repo, {
      orderLang: "es",
      quoteLang: "de",
      ownerLang: config.ownerLang,
    })) {
      // The frame around a long body (the logo's image) and around a short one (the brand's initial).
      const frame = (body: string) => {
        const [head, rest] = brandedHtml({
          lang,
          subject: "",
          brand: translator(lang, "common")("brand"),
          publicOrigin: origin,
          body: `\u0000${body}\u0001`,
        }).split("\u0000");
        return { head: head!, foot: rest!.split("\u0001")[1]! };
      };
      const long = frame(" ".repeat(IMAGE_ONLY_MAX));
      const short = frame("");
      const html = email.html.replace(/<title>[^<]*<\/title>/, "<title></title>");
      const logo = html.includes(`<img src="${origin}${EMAIL_LOGO_PATH}" width="36" height="36"`);
      if (logo) withLogo++;
      // The same frame; only the title (the subject, without a copy's mark) and the mark differ.
      expect(html.startsWith((logo ? long : short).head), stored).toBe(true);
      expect(email.html.endsWith(long.foot), stored).toBe(true);
      expect(email.html.match(/<!doctype html>/g), stored).toHaveLength(1);
    }
    // The long ones (a confirmation, the morning email) keep the logo's image.
    expect(withLogo).toBeGreaterThan(0);
  });
});

/** SpamAssassin's own figure (20_html_tests.cf: HTML_IMAGE_ONLY_32 is html_image_only('2800','3200')), not the site's. */
const IMAGE_ONLY_MAX = 3_200;

describe('no email is "image only"', () => {
  const repo = storesPerTest();

  // SpamAssassin's HTML_IMAGE_ONLY_04 … _32 (up to about 2.8 points) fire when an HTML part holding
  // an <img> is at most 3,200 characters long: Mail::SpamAssassin::HTML counts the whole part it
  // parses, tags included, and html_image_only tests that length when `inside{img}` is set. Bytes
  // are never fewer than characters, so a part over the limit in characters is over it either way.
  test("every kind, in each of the six languages: an email with the logo's image is longer than the rule's 3,200", async () => {
    const found: string[] = [];
    let images = 0;
    let short = 0;
    for (const lang of LANGUAGES) {
      for (const { stored, email } of await renderEveryKind(repo, {
        orderLang: lang,
        quoteLang: lang,
        ownerLang: lang,
      })) {
        const hasImage = /<img\b/i.test(email.html);
        if (hasImage) images++;
        else short++;
        if (hasImage && email.html.length <= IMAGE_ONLY_MAX)
          found.push(`${lang} ${stored}: an image in ${email.html.length} characters`);
      }
    }
    expect(found).toEqual([]);
    // Both kinds of email exist: the rule is met by dropping the image from short ones, not by never sending it.
    expect(images).toBeGreaterThan(0);
    expect(short).toBeGreaterThan(0);
  });
});

describe("one voice in every email", () => {
  const repo = storesPerTest();

  // The locale files are checked string by string (app/i18n/typography.test.ts); what a reader gets
  // is assembled from them, the order's figures and dates: checked here as sent, every kind in
  // every language, subject, plain text and the HTML's words.
  test("every kind, in each of the six languages, follows that language's typography and glossary", async () => {
    const found: string[] = [];
    for (const lang of LANGUAGES) {
      for (const { stored, email } of await renderEveryKind(repo, {
        orderLang: lang,
        quoteLang: lang,
        ownerLang: lang,
      })) {
        // Addresses are not words: /admin/setup is a path, not the noun "setup".
        const withoutUrls = (text: string) => text.replace(/https?:\/\/\S+/g, " ");
        const words = email.html
          .replace(/<(style|head)[^>]*>[\s\S]*?<\/\1>/g, " ")
          .replace(/<[^>]+>/g, " ")
          .replace(/&nbsp;/g, "\u00a0")
          .replace(/&#39;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
          .replace(/&amp;/g, "&");
        for (const [part, text] of [
          ["subject", email.subject],
          ["text", email.text],
          ["html", words],
        ] as const) {
          for (const finding of typographyFindings(lang, withoutUrls(text)))
            found.push(`${lang} ${stored} (${part}): ${finding.why}: …${finding.at}…`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

describe("addresses and references stay whole", () => {
  const repo = storesPerTest();

  test("in an email's HTML, a hyphenated address and the order's reference are in pieces no mail app breaks at a hyphen", async () => {
    const address = "marie-claire.dupont-lefebvre@exemple-entreprise.fr";
    const order = await paidTestOrder(repo, {
      lang: "fr",
      offer: "test-workflow",
      customer: { ...testCustomer, email: address },
    });
    const email = await renderOutboxEmail(
      repo,
      { id: 0, orderId: order.id, quoteId: null, kind: "confirmation", attempts: 0 },
      { ...config, contactEmail: "contact@atelier-nova.example" },
    );
    const body = email.html.slice(email.html.indexOf("<body"));
    expect(body).toContain(
      address
        .split(/(?=[@.])/)
        .map((piece) => `<span style="white-space:nowrap">${piece}</span>`)
        .join("<wbr>"),
    );
    // What is left outside the unbreakable pieces holds no part of an address or reference with a hyphen.
    const outside = body.replace(/<span style="white-space:nowrap">[^<]*<\/span>/g, "").replace(/<[^>]+>/g, " ");
    expect(outside).not.toMatch(/[\w.]+-[\w.-]*@|@[\w.-]*-|\b[A-Z0-9]{1,3}-\d+/);
    expect(outside).not.toContain("atelier-nova");
    // The plain-text part is the address as typed.
    expect(email.text).toContain(address);
  });
});

describe("the owner's emails in words", () => {
  const repo = storesPerTest();

  // The owner reads a name, a readable reference and words in their own language, never what the
  // database keeps: an order's or a quote's id, an offer's id, a state's code, a language's code.
  test("every owner email kind, in each language, names no internal code", async () => {
    const found: string[] = [];
    for (const lang of LANGUAGES) {
      for (const offer of ["veo3-pack", "formateur-ia"] as const) {
        // The customer and the visitor wrote in another language than the owner reads.
        const other = lang === "de" ? "fr" : "de";
        for (const { kind, stored, email, order, quote } of await renderEveryKind(
          repo,
          { orderLang: other, quoteLang: other, ownerLang: lang },
          offer,
        )) {
          if (EMAILS[kind].to !== "owner") continue;
          const codes = [order.id, quote.id, ...OFFER_IDS, "checkout_created", "past_due", `(${other})`];
          for (const [part, text] of [
            ["subject", email.subject],
            ["text", email.text.replace(/https?:\/\/\S+/g, " ")],
            ["html", email.html.replace(/(href|src)="[^"]*"/g, "")],
          ] as const) {
            for (const code of codes) if (text.includes(code)) found.push(`${lang} ${stored} (${part}) says ${code}`);
          }
          // The readable reference instead, wherever an order is named.
          if (SAMPLES[kind].about === "order") {
            if (!email.text.includes(order.reference))
              found.push(`${lang} ${stored} (text) lacks the reference ${order.reference}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});
