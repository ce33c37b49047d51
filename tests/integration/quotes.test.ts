import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { QUOTE_PAGES } from "../../app/content/offers.ts";
import { pageById, pagePath } from "../../app/i18n/site-map.ts";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { QUOTE_FIELDS, quoteSchema } from "../../app/quotes/quote-schema.ts";
import { openStores } from "../../app/stores.server.ts";
import { QUOTE_EMAIL_KINDS, ownerFailureKind } from "../../app/mail/email-kinds.ts";
import { subjectOf } from "../support/admin.ts";
import { formatDate } from "../../app/i18n/format.ts";
import { expectSchemaRules } from "../support/form-rules.ts";
import { decodeMail, emlFiles, waitFor } from "../support/orders.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { databaseUrlFor } from "../support/store.ts";
import { suiteServer, suiteSmtp } from "../support/suite.ts";

// "Request a quote or a demo" on the offers without a price: a plain form post, stored, answered.
const locale = (lang: string, ns = "quote") =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const quote = Object.fromEntries(LANGUAGES.map((lang) => [lang, locale(lang)]));
const offerNames = Object.fromEntries(LANGUAGES.map((lang) => [lang, locale(lang, "offers")]));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    LOG_LEVEL: "silent",
    OUTBOX_POLL_MS: "100",
    CONTACT_EMAIL: "hello@example.com",
    OWNER_EMAIL: "owner@example.com",
    OWNER_LANG: "en",
    ORDER_RATE_LIMIT: "4",
  });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const post = (form: Record<string, string>, lang = "en", target: RunningServer = server) =>
  fetch(`${target.url}/quote?offer=${form.offer ?? ""}&lang=${lang}`, {
    method: "POST",
    body: new URLSearchParams(form),
    redirect: "manual",
    headers: { Origin: target.url },
  });

async function quotes(target: RunningServer = server) {
  const repo = await openStores({ DATA_DIR: target.dataDir, DATABASE_URL: await databaseUrlFor(target.dataDir) });
  try {
    return await Promise.all(
      (await repo.listQuoteRequests(1000)).map(async (q) => ({ ...q, emails: await repo.listQuoteEmails(q.id) })),
    );
  } finally {
    await repo.close();
  }
}

describe("quote requests", () => {
  test("each of the ten pages without a price carries the form, in each language, the mailto kept", async () => {
    for (const page of QUOTE_PAGES) {
      for (const lang of LANGUAGES) {
        const body = await (await fetch(server.url + pagePath(pageById(page), lang))).text();
        expect(body, `${page}/${lang}`).toContain(`action="/quote?offer=${page}&amp;lang=${lang}"`);
        expect(body).toContain(`name="offer" value="${page}"`);
        expect(body).toContain(html(quote[lang].form.title));
        expect(body).toContain(html(offerNames[lang][page].name));
        expect(body).toContain('href="mailto:hello@example.com');
      }
    }
  });

  test("checked as the visitor types: the schema's constraint attributes and translated messages, forms.js, no hydration, the same bytes for all", async () => {
    for (const [url, lang] of [
      [pagePath(pageById("instagram"), "es"), "es"],
      ["/quote?offer=seedance&lang=de", "de"],
    ] as const) {
      const res = await fetch(server.url + url, { headers: { cookie: "lang=it", "accept-language": "pt" } });
      const body = await res.text();
      expect(body, url).toContain(`<html lang="${lang}"`);
      expectSchemaRules({
        html: body,
        schema: quoteSchema,
        fields: QUOTE_FIELDS,
        form: "quote",
        translations: quote[lang],
      });
      expect(body).toContain(`data-pending-label="${html(quote[lang].form.submitting)}"`);
      expect(body).toContain('<script src="/forms.js" defer="">');
      expect(body).not.toMatch(/type="module"|rel="modulepreload"|__reactRouter|i18n-resources/);
    }
    // The offer page comes from the page cache: one set of bytes, whoever asks.
    const offerPage = server.url + pagePath(pageById("instagram"), "es");
    const [a, b] = await Promise.all(
      [fetch(offerPage), fetch(offerPage, { headers: { cookie: "lang=de", "accept-language": "it" } })].map(async (r) =>
        (await r).text(),
      ),
    );
    expect(a).toBe(b);
  });

  test("invalid: 400 in the visitor's language, values kept, what to enter, nothing stored", async () => {
    for (const lang of LANGUAGES) {
      const res = await post({ offer: "seedance", name: "", email: "nope", company: "ACME", message: "short" }, lang);
      expect(res.status).toBe(400);
      const body = await res.text();
      expect(body).toContain(`<html lang="${lang}"`);
      expect(body).toContain(html(quote[lang].errors.required.name));
      expect(body).toContain(html(quote[lang].errors.email));
      expect(body).toContain(html(quote[lang].errors.message));
      expect(body).toContain('value="ACME"');
      expect(body).toContain('value="nope"');
      expect(body).toMatch(/id="quote-error-summary"[^>]*autofocus=""/i);
    }
    expect((await post({ offer: "veo3", name: "Ana", email: "a@example.com", message: "x".repeat(20) })).status).toBe(
      404,
    );
    expect(await quotes()).toEqual([]);
  });

  test("valid: 303 to a confirmation, stored once, acknowledged in German, forwarded to the owner", async () => {
    const res = await post(
      {
        offer: "whatsapp",
        name: "Anna Schmidt",
        email: "Anna@Example.com",
        company: "",
        message: "Wir möchten einen WhatsApp-Agenten\nfür Termine.",
      },
      "de",
    );
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toBe("/quote?offer=whatsapp&lang=de&sent=1");
    const sent = await (await fetch(server.url + location)).text();
    expect(sent).toContain(html(quote.de.sent.title));
    const [stored] = await quotes();
    expect(stored).toMatchObject({
      page: "whatsapp",
      lang: "de",
      name: "Anna Schmidt",
      email: "anna@example.com",
      message: "Wir möchten einen WhatsApp-Agenten\nfür Termine.",
    });
    await waitFor(async () => (await quotes())[0]!.emails.every((e) => e.status === "sent"), 10_000, "quote emails");
    expect(emlFiles(server.dataDir).filter((f) => f.startsWith(stored!.id))).toEqual([
      `${stored!.id}-quote-ack.eml`,
      `${stored!.id}-quote-owner.eml`,
    ]);
    const ack = decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", `${stored!.id}-quote-ack.eml`), "utf8"));
    expect(ack).toContain("To: anna@example.com");
    // The typed address proved nothing: the acknowledgement repeats none of the visitor's words.
    expect(ack).toContain(quote.de.email.ackGreeting);
    expect(ack).toContain(offerNames.de.whatsapp.name);
    expect(ack).not.toContain("Anna Schmidt");
    expect(ack).not.toContain("Termine");
    const owner = decodeMail(
      fs.readFileSync(path.join(server.dataDir, "outbox", `${stored!.id}-quote-owner.eml`), "utf8"),
    );
    expect(owner).toContain("To: owner@example.com");
    expect(owner).toContain("Reply-To: anna@example.com");
    expect(owner).toContain(`Quote request: ${offerNames.en.whatsapp.name}`);
  });

  test("the short-videos page's question opens the form named by its offer, and the request says where it came from", async () => {
    for (const lang of LANGUAGES) {
      const body = await (await fetch(server.url + pagePath(pageById("short-videos"), lang))).text();
      const href = /<a href="([^"]+)"[^>]*data-action="question"/.exec(body)?.[1]?.replace(/&amp;/g, "&");
      expect(href, lang).toBe(`/quote?offer=short-videos&lang=${lang}`);
      // The priced page keeps its own ending: no request form of its own.
      expect(body, lang).not.toContain('id="request-quote"');
      const form = await fetch(server.url + href!);
      expect(form.status, lang).toBe(200);
      const page = await form.text();
      expect(page).toContain(`name="offer" value="short-videos"`);
      expect(page).toContain(html(offerNames[lang]["short-videos"].name));
    }
    const res = await post({
      offer: "short-videos",
      name: "Quentin Shorts",
      email: "quentin@example.com",
      company: "",
      message: "Can the videos be in Breton as well as French?",
    });
    expect(res.status).toBe(303);
    const stored = (await quotes()).filter((q) => q.email === "quentin@example.com");
    expect(stored.map((q) => q.page)).toEqual(["short-videos"]);
  });

  test("guards: honeypot 400 and cross-site 403 store nothing; the rate limit answers 429 in the visitor's language", async () => {
    const before = (await quotes()).length;
    const valid = {
      offer: "blog",
      name: "Léa",
      email: "lea@example.com",
      message: "Un devis pour le workflow blog, svp.",
    };
    expect((await post({ ...valid, website: "http://spam.example" }, "fr")).status).toBe(400);
    const cross = await fetch(`${server.url}/quote?offer=blog&lang=fr`, {
      method: "POST",
      body: new URLSearchParams(valid),
      redirect: "manual",
      headers: { Origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
    expect((await quotes()).length).toBe(before);
    const statuses: number[] = [];
    let last = "";
    for (let i = 0; i < 6; i++) {
      const res = await post(valid, "fr");
      statuses.push(res.status);
      last = await res.text();
    }
    // Four requests per 10 minutes from this (loopback) address, the German one above included.
    expect(statuses).toEqual([...Array(4 - before).fill(303), ...Array(2 + before).fill(429)]);
    expect(last).toContain(html(quote.fr.errors.rateLimited));
    expect(last).toContain('value="Léa"');
  });
});

describe("a quote request whose acknowledgement finally fails", () => {
  // An SMTP server where these mailboxes do not exist (550, a permanent refusal, tried 3 times).
  const refused = new Set(["gone@example.com"]);
  const smtp = suiteSmtp({ refuse: (address) => refused.has(address) });
  const bouncing = suiteServer(() => ({
    LOG_LEVEL: "silent",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    OWNER_EMAIL: "owner@example.com",
    OWNER_LANG: "en",
    ORDER_RATE_LIMIT: "0",
    OUTBOX_BACKOFF_MS: "20",
    OUTBOX_MAX_BACKOFF_MS: "50",
    OUTBOX_POLL_MS: "50",
  }));
  const notify = locale("en", "admin").notify;
  const settled = async (id: string, count: number) =>
    waitFor(
      async () => {
        const emails = (await quotes(bouncing)).find((q) => q.id === id)!.emails;
        return emails.length === count && emails.every((e) => e.status !== "pending") && emails;
      },
      20_000,
      "quote emails settled",
    );

  test("the owner hears of it once, in OWNER_LANG: the visitor, their address, the offer, the error, a link to the back office", async () => {
    expect(
      (
        await post(
          {
            offer: "seedance",
            name: "Gino Rossi",
            email: "gone@example.com",
            message: "Vorrei una demo di Seedance, grazie.",
          },
          "it",
          bouncing,
        )
      ).status,
    ).toBe(303);
    const stored = (await quotes(bouncing))[0]!;
    const emails = await settled(stored.id, 3);
    const ack = emails.find((e) => e.kind === QUOTE_EMAIL_KINDS.ack)!;
    expect(ack).toMatchObject({ status: "failed", attempts: 3 });
    expect(emails.map((e) => [e.kind, e.status])).toEqual([
      [QUOTE_EMAIL_KINDS.ack, "failed"],
      [QUOTE_EMAIL_KINDS.owner, "sent"],
      [ownerFailureKind(ack.id), "sent"],
    ]);
    const notices = smtp.messages.filter(
      (m) => subjectOf(m.raw) === notify.failedSubject.replace("{{email}}", "gone@example.com"),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to).toEqual(["owner@example.com"]);
    const text = notices[0]!.text;
    expect(text).toContain(notify.quoteFailedIntro);
    // A quote request has no reference: the owner reads when it came in, and the language in words, not codes.
    for (const line of [
      `Received: ${formatDate(new Date(stored.createdAt), "en", true)}`,
      "Visitor: Gino Rossi <gone@example.com>",
      `Offer: ${offerNames.en.seedance.name}`,
      "Language: Italian",
      `Email: ${locale("en", "admin").emailKinds.quoteAck}`,
      "Attempts: 3",
      "Last error: ",
      "mailbox unavailable",
      `${notify.openQuote}: ${bouncing.url}/admin/quotes/${stored.id}`,
    ]) {
      expect(text).toContain(line);
    }
    // Still once a few polls later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await quotes(bouncing)).find((q) => q.id === stored.id)!.emails).toHaveLength(3);
  });

  test("when the owner's own mailbox refuses too, its failures are not reported again (no loop)", async () => {
    refused.add("owner@example.com");
    try {
      expect(
        (
          await post(
            { offer: "blog", name: "Léa", email: "gone@example.com", message: "Un devis pour le workflow blog, svp." },
            "fr",
            bouncing,
          )
        ).status,
      ).toBe(303);
      const stored = (await quotes(bouncing))[0]!;
      const emails = await settled(stored.id, 3);
      const ack = emails.find((e) => e.kind === QUOTE_EMAIL_KINDS.ack)!;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await quotes(bouncing)).find((q) => q.id === stored.id)!.emails.map((e) => [e.kind, e.status])).toEqual([
        [QUOTE_EMAIL_KINDS.ack, "failed"],
        [QUOTE_EMAIL_KINDS.owner, "failed"],
        [ownerFailureKind(ack.id), "failed"],
      ]);
    } finally {
      refused.delete("owner@example.com");
    }
  });
});
