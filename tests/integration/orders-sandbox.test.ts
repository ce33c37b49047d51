import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { OFFER_IDS } from "../../app/content/offers.ts";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { startServer } from "../support/server.ts";
import {
  decodeMail,
  emlFiles,
  orderForm,
  postForm,
  postOrder,
  readStore,
  waitFor,
  SANDBOX_PAY,
} from "../support/orders.ts";
import { THANK_YOU_PATHS } from "../../app/i18n/site-map.ts";
import { suiteServer } from "../support/suite.ts";

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const order = Object.fromEntries(LANGUAGES.map((lang) => [lang, locale(lang, "order")]));
const offers = Object.fromEntries(LANGUAGES.map((lang) => [lang, locale(lang, "offers")]));
/** React escapes apostrophes and quotes in text. */
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

const server = suiteServer({
  LOG_LEVEL: "silent",
  ORDER_RATE_LIMIT: "0",
  RESEND_RATE_LIMIT: "0",
  OUTBOX_POLL_MS: "100",
  CONTACT_EMAIL: "support@example.com",
});

/** Order → sandbox checkout → pay → thank-you page; returns what each step answered. */
async function orderThroughSandbox(offer: string, lang: string, form = orderForm()) {
  const created = await postOrder(server.url, offer, lang, form);
  expect(
    created.status,
    await created
      .clone()
      .text()
      .then((t) => t.slice(0, 300)),
  ).toBe(303);
  const checkout = created.headers.get("location")!;
  expect(checkout).toMatch(/^\/checkout\/sandbox\/sbx_[\w-]+\?lang=/);
  const page = await fetch(server.url + checkout);
  expect(page.status).toBe(200);
  const checkoutHtml = await page.text();
  const paid = await postForm(server.url + checkout, SANDBOX_PAY);
  expect(paid.status).toBe(303);
  const thankYou = paid.headers.get("location")!;
  const sessionId = new URL(thankYou, server.url).searchParams.get("session_id")!;
  const result = await fetch(server.url + thankYou);
  return { checkout, checkoutHtml, thankYou, sessionId, status: result.status, body: await result.text() };
}

describe("order form", () => {
  test("every offer in every language: 200, title = order heading + offer name, no-store", async () => {
    for (const lang of LANGUAGES) {
      for (const offer of OFFER_IDS) {
        const res = await fetch(`${server.url}/commander?offre=${offer}&lang=${lang}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("cache-control")).toBe("no-store");
        const body = await res.text();
        expect(body).toContain(`<html lang="${lang}"`);
        expect(body).toContain(`<title>${html(`${order[lang].form.title} ${offers[lang][offer].name}`)} | `);
        expect(body).toMatch(/<form[^>]+method="post"/);
        expect(body).toContain('name="token"');
        expect(body).toContain('<meta name="robots" content="noindex"/>');
      }
    }
  });

  test("no offer: the translated message; unknown offer: 404 with the same message, never a 5xx", async () => {
    for (const lang of ["fr", "de", "it"]) {
      const missing = await fetch(`${server.url}/commander?lang=${lang}`);
      expect(missing.status).toBe(200);
      expect(await missing.text()).toContain(html(order[lang].form.noOffer));
      const unknown = await fetch(`${server.url}/commander?offre=nope%3Cscript%3E&lang=${lang}`);
      expect(unknown.status).toBe(404);
      const body = await unknown.text();
      expect(body).toContain(html(order[lang].form.unknownOfferTitle));
      expect(body).not.toContain("nope<script>");
    }
    const post = await postOrder(server.url, "nope", "en", orderForm());
    expect(post.status).toBe(404);
  });

  test("invalid posts: 400, values kept, translated errors next to their fields, nothing stored", async () => {
    const before = (await readStore(server.dataDir)).orders.length;
    for (const lang of LANGUAGES) {
      const res = await postOrder(
        server.url,
        "formateur-ia",
        lang,
        orderForm({ firstName: " A ", email: "not-an-email", telegramId: "x", lastName: "Durand" }),
      );
      expect(res.status).toBe(400);
      const body = await res.text();
      expect(body).toContain('value="Durand"');
      expect(body).toContain('value="not-an-email"');
      for (const [field, key] of [
        ["firstName", "firstName"],
        ["email", "email"],
        ["telegramId", "telegramId"],
      ] as const) {
        const errorId = `order-${field}-error`;
        expect(body, `${lang} ${field}`).toContain(`id="${errorId}"`);
        expect(body).toContain(html(order[lang].errors[key]));
      }
      expect(body).toMatch(/aria-invalid="true" aria-describedby="order-firstName-error"/);
      expect(body).toMatch(/aria-invalid="true" aria-describedby="order-email-error"/);
      expect(body).not.toMatch(/aria-invalid="true" aria-describedby="order-lastName-error"/);
      expect(body).toContain(html(order[lang].form.errorSummary));
    }
    // Every field missing at once, and over-long input.
    const empty = await postOrder(server.url, "test-workflow", "en", new URLSearchParams());
    expect(empty.status).toBe(400);
    const long = await postOrder(
      server.url,
      "formateur-ia",
      "en",
      orderForm({ companyName: "x".repeat(121), telegramId: "y".repeat(65) }),
    );
    expect(long.status).toBe(400);
    expect(await long.text()).toContain(order.en.errors.tooLong);
    expect((await readStore(server.dataDir)).orders.length).toBe(before);
  });

  test("abuse guards: honeypot 400, cross-site post 403, oversized body 413, nothing stored", async () => {
    const before = (await readStore(server.dataDir)).orders.length;
    const honeypot = await postOrder(server.url, "test-workflow", "es", orderForm({ website: "http://spam.example" }));
    expect(honeypot.status).toBe(400);
    expect(await honeypot.text()).toContain(html(order.es.errors.rejected));
    const crossSite = await postOrder(server.url, "test-workflow", "en", orderForm(), {
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const huge = await postOrder(server.url, "test-workflow", "en", orderForm({ comments: "x".repeat(70_000) }));
    expect(huge.status).toBe(413);
    const json = await fetch(`${server.url}/commander?offre=test-workflow&lang=en`, {
      method: "POST",
      body: '{"firstName":1}',
      headers: { "Content-Type": "application/json" },
    });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect((await fetch(`${server.url}/webhooks/stripe`)).status).toBe(405);
    expect((await readStore(server.dataDir)).orders.length).toBe(before);
  });
});

describe("sandbox flow", () => {
  test("every offer in every language, without JavaScript: paid, summary shown, exactly one email each", async () => {
    const sessions: string[] = [];
    for (const lang of LANGUAGES) {
      for (const offer of OFFER_IDS) {
        const flow = await orderThroughSandbox(
          offer,
          lang,
          orderForm({ firstName: `Ana-${lang}`, agentName: `Bot ${offer}`, comments: "Ligne 1\nLigne 2" }),
        );
        expect(flow.checkoutHtml).toContain(html(offers[lang][offer].name));
        expect(flow.thankYou.startsWith(`${THANK_YOU_PATHS[lang]}?session_id=`)).toBe(true);
        expect(flow.status).toBe(200);
        expect(flow.body).toContain(`<html lang="${lang}"`);
        expect(flow.body).toContain(html(order[lang].thankYou.title));
        // Each offer shows its own answers: the agent's Telegram handle, or the video brief.
        const own = offer === "formateur-ia" ? "@camille" : "Recettes de saison";
        for (const value of [`Ana-${lang} Martin`, "camille.martin@example.com", own, html(offers[lang][offer].name)]) {
          expect(flow.body, `${lang} ${offer}`).toContain(value);
        }
        sessions.push(flow.sessionId);
      }
    }
    const paid = await waitFor(
      async () => {
        const { orders, emails } = await readStore(server.dataDir);
        const mine = orders.filter((o) => o.sessionId && sessions.includes(o.sessionId));
        return (
          mine.length === sessions.length &&
          mine.every((o) => emails.get(o.id)?.[0]?.status === "sent") && { mine, emails }
        );
      },
      20_000,
      "all confirmation emails",
    );
    for (const o of paid.mine) {
      expect(o.state).toBe("paid");
      // One confirmation for the customer; the owner's notice is the outbox's other row.
      expect(paid.emails.get(o.id)!.map((e) => e.kind)).toEqual(["confirmation", "owner-paid"]);
      expect(emlFiles(server.dataDir).filter((file) => file.startsWith(o.id) && !file.includes("-owner-"))).toEqual([
        `${o.id}-confirmation.eml`,
      ]);
    }
    // The email is in the order's language, with the summary and the contact address.
    const german = paid.mine.find((o) => o.lang === "de" && o.offer === "short-videos")!;
    const mail = decodeMail(
      fs.readFileSync(path.join(server.dataDir, "outbox", `${german.id}-confirmation.eml`), "utf8"),
    );
    expect(mail).toContain("To: camille.martin@example.com");
    expect(mail).toContain("Hallo Ana-de,");
    expect(mail).toContain(offers.de["short-videos"].name);
    expect(mail).toContain("support@example.com");
    expect(mail).toContain(german.id);
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
  });

  test("double submit of the same form: one order, the same checkout", async () => {
    const form = orderForm({ token: "double-submit-token-0001" });
    const [a, b] = await Promise.all([
      postOrder(server.url, "veo3-pack", "pt", new URLSearchParams(form)),
      postOrder(server.url, "veo3-pack", "pt", new URLSearchParams(form)),
    ]);
    expect(a.status).toBe(303);
    expect(b.status).toBe(303);
    expect(a.headers.get("location")).toBe(b.headers.get("location"));
    const again = await postOrder(server.url, "veo3-pack", "pt", new URLSearchParams(form));
    expect(again.headers.get("location")).toBe(a.headers.get("location"));
    expect(
      (await readStore(server.dataDir)).orders.filter((o) => o.submissionToken === "double-submit-token-0001"),
    ).toHaveLength(1);
  });

  test("reloads and a replayed payment do not send a second email; resend sends exactly one copy", async () => {
    const flow = await orderThroughSandbox("test-workflow", "it");
    for (let i = 0; i < 3; i++) expect((await fetch(server.url + flow.thankYou)).status).toBe(200);
    const replay = await postForm(server.url + flow.checkout, SANDBOX_PAY);
    expect(replay.status).toBe(303);
    const orderId = (await readStore(server.dataDir)).orders.find((o) => o.sessionId === flow.sessionId)!.id;
    await waitFor(() => emlFiles(server.dataDir).includes(`${orderId}-confirmation.eml`), 5000, "confirmation");
    expect(
      (await readStore(server.dataDir)).emails.get(orderId)!.filter((e) => !e.kind.startsWith("owner-")),
    ).toHaveLength(1);

    const resend = await postForm(server.url + flow.thankYou, { intent: "resend", session_id: flow.sessionId });
    expect(resend.status).toBe(200);
    expect(await resend.text()).toContain(html(order.it.thankYou.resendSent));
    await waitFor(() => emlFiles(server.dataDir).includes(`${orderId}-resend-1.eml`), 5000, "resend");
    expect((await readStore(server.dataDir)).emails.get(orderId)!.map((e) => e.kind)).toEqual([
      "confirmation",
      "owner-paid",
      "resend-1",
    ]);

    const noSession = await postForm(server.url + THANK_YOU_PATHS.it, { intent: "resend", session_id: "" });
    expect(noSession.status).toBe(400);
    expect(await noSession.text()).toContain(html(order.it.thankYou.resendError));
  });

  test("cancel returns to the form with a notice; the order is expired and sends nothing", async () => {
    const created = await postOrder(server.url, "veo3-subscription", "de", orderForm());
    const checkout = created.headers.get("location")!;
    const cancelled = await postForm(server.url + checkout, { intent: "cancel" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("/commander?offre=veo3-subscription&lang=de&cancelled=1");
    expect(await (await fetch(server.url + cancelled.headers.get("location"))).text()).toContain(
      html(order.de.form.cancelled),
    );
    const sessionId = checkout.split("/").pop()!.split("?")[0]!;
    const stored = (await readStore(server.dataDir)).orders.find((o) => o.sessionId === sessionId)!;
    expect(stored.state).toBe("expired");
    expect((await readStore(server.dataDir)).emails.get(stored.id)).toHaveLength(0);
    // Paying after cancelling is refused by the sandbox (the session is final), like Stripe.
    const late = await postForm(server.url + checkout, SANDBOX_PAY);
    const page = await fetch(server.url + late.headers.get("location")!);
    expect(await page.text()).toContain(html(order.de.thankYou.expiredTitle));
  });

  test("thank-you page: missing session, ?lang= redirect keeping the query, unknown session notice", async () => {
    for (const lang of LANGUAGES) {
      const res = await fetch(server.url + THANK_YOU_PATHS[lang]);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain(html(order[lang].thankYou.missingTitle));
      expect(body.match(/<button[^>]*value="resend"[^>]*>/)?.[0]).toContain('disabled=""');
    }
    const redirect = await fetch(`${server.url}/merci?session_id=sbx_abc&lang=es`, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/gracias?session_id=sbx_abc&lang=es");
    const unknown = await fetch(`${server.url}/danke?session_id=sbx_doesnotexist`);
    expect(unknown.status).toBe(200);
    const body = await unknown.text();
    expect(body).toContain(html(order.de.thankYou.unavailableTitle));
    expect(body).toContain("sbx_doesnotexist");
    const junk = await fetch(`${server.url}/thank-you?session_id=${encodeURIComponent("<script>x</script>")}`);
    expect(junk.status).toBe(200);
    expect(await junk.text()).not.toContain("<script>x</script>");
  });

  test("the Stripe webhook does not exist in sandbox mode", async () => {
    const res = await fetch(`${server.url}/webhooks/stripe`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(404);
  });
});

describe("crash safety", () => {
  test("an order survives a SIGKILL between creation and payment; paying after the restart sends one email", async () => {
    const first = await startServer({ LOG_LEVEL: "silent" });
    const created = await postOrder(first.url, "veo3-single", "it", orderForm());
    expect(created.status).toBe(303);
    const checkout = created.headers.get("location")!;
    await first.kill();
    const second = await startServer({ LOG_LEVEL: "silent", DATA_DIR: first.dataDir });
    try {
      const paid = await postForm(second.url + checkout, SANDBOX_PAY);
      expect(paid.status).toBe(303);
      const page = await fetch(second.url + paid.headers.get("location")!);
      expect(await page.text()).toContain(html(order.it.thankYou.title));
      const [stored] = (await readStore(second.dataDir)).orders;
      expect(stored!.state).toBe("paid");
      await waitFor(
        () => emlFiles(second.dataDir).filter((file) => !file.includes("-owner-")).length === 1,
        5000,
        "email after restart",
      );
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});

describe("rate limits", () => {
  const limited = suiteServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "2", RESEND_RATE_LIMIT: "1" });

  test("orders per IP and resends are limited with a translated 429", async () => {
    expect((await postOrder(limited.url, "test-workflow", "fr", orderForm())).status).toBe(303);
    const second = await postOrder(limited.url, "test-workflow", "fr", orderForm());
    expect(second.status).toBe(303);
    const third = await postOrder(limited.url, "test-workflow", "fr", orderForm());
    expect(third.status).toBe(429);
    const body = await third.text();
    expect(body).toContain(html(order.fr.errors.rateLimited));
    expect(body).toContain('value="Camille"');
    expect((await readStore(limited.dataDir)).orders).toHaveLength(2);

    const paid = await postForm(limited.url + second.headers.get("location")!, SANDBOX_PAY);
    const thankYou = paid.headers.get("location")!;
    const sessionId = new URL(thankYou, limited.url).searchParams.get("session_id")!;
    expect((await postForm(limited.url + thankYou, { intent: "resend", session_id: sessionId })).status).toBe(200);
    const tooMany = await postForm(limited.url + thankYou, { intent: "resend", session_id: sessionId });
    expect(tooMany.status).toBe(429);
    expect(await tooMany.text()).toContain(html(order.fr.thankYou.resendRateLimited));
  });
});
