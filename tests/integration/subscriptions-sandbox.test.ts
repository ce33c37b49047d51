import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LANGUAGES } from "../../app/i18n/languages.ts";
import { createSignedLinks } from "../../app/billing/signed-link.server.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import {
  decodeMail,
  emlFiles,
  postForm,
  readStore,
  waitFor,
  paidSandboxOrder as paidSandboxOrderOf,
} from "../support/orders.ts";

/**
 * Self-service in sandbox mode, over plain HTTP (no JavaScript): the confirmation email's signed
 * link opens the built-in portal, a form post cancels at the end of the period, the owner is told
 * once; a footer page sends a fresh link without revealing whether an address is known; the
 * confirmation links to an HTML invoice.
 */
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const sub = Object.fromEntries(LANGUAGES.map((lang) => [lang, locale(lang, "subscription")]));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

const SECRET = "test-link-secret-0123456789abcdef0123";
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    LOG_LEVEL: "silent",
    ORDER_RATE_LIMIT: "0",
    OUTBOX_POLL_MS: "100",
    CONTACT_EMAIL: "support@example.com",
    OWNER_EMAIL: "owner@example.com",
    MANAGE_LINK_RATE_LIMIT: "3",
    LINK_SECRET: SECRET,
  });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const mail = (file: string) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8"));

const paidSandboxOrder = (offer: string, lang: string, email: string) => paidSandboxOrderOf(server, offer, lang, email);

const linkIn = (text: string, lang: string) =>
  new RegExp(`${server.url}/subscription/[\\w.-]+\\?lang=${lang}`).exec(text)?.[0];

describe("sandbox portal, without JavaScript", () => {
  test("the confirmation's link shows the subscription; a form post cancels it at the period end; the customer gets a confirmation with the end date, the owner is told, each once", async () => {
    const email = "portal@example.com";
    const { order, confirmation } = await paidSandboxOrder("formateur-ia", "es", email);
    const link = linkIn(confirmation, "es");
    expect(link, "manage link in the confirmation").toBeTruthy();
    const page = await fetch(link!);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const body = await page.text();
    expect(body).toContain('<html lang="es"');
    expect(body).toContain('data-state="active"');
    expect(body).toContain(html(sub.es.manage.cancel));
    expect(body).not.toMatch(/<script[^>]+src="\/assets\//);
    const periodEnd = (await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!.periodEnd!;
    expect(new Date(periodEnd).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    for (let i = 0; i < 2; i++) {
      const cancelled = await postForm(link!, { intent: "cancel" });
      expect(cancelled.status).toBe(303);
      expect(server.url + cancelled.headers.get("location")).toBe(link);
    }
    const after = await (await fetch(link!)).text();
    expect(after).toContain('data-state="cancelling"');
    expect(after).not.toContain(html(sub.es.manage.cancel));
    const stored = await readStore(server.dataDir);
    expect(stored.orders.find((o) => o.id === order.id)!.billingState).toBe("cancelling");
    const confirmed = `cancellation-confirmed.${periodEnd.replace(/\.\d+Z$/, "Z")}`;
    expect(
      stored.emails
        .get(order.id)!
        .map((e) => e.kind)
        .filter((kind) => kind !== "owner-paid"),
    ).toEqual(["confirmation", "owner-cancellation", confirmed]);
    const notice = await waitFor(
      () => emlFiles(server.dataDir).find((f) => f === `${order.id}-owner-cancellation.eml`),
      10_000,
      "owner notice",
    );
    expect(mail(notice)).toContain("To: owner@example.com");
    // L215-1-1: the customer's confirmation, in Spanish, names the day the subscription ends.
    const cancelMail = await waitFor(
      () => emlFiles(server.dataDir).find((f) => f === `${order.id}-${confirmed}.eml`),
      10_000,
      "cancellation confirmation",
    );
    const text = mail(cancelMail);
    expect(text).toContain(`To: ${email}`);
    expect(text).toContain("tu cancelación está confirmada");
    expect(text).toContain(
      `Finaliza el ${new Intl.DateTimeFormat("es-ES", { dateStyle: "long", timeZone: "Europe/Paris" }).format(new Date(periodEnd))}`,
    );
  });

  test("a tampered, foreign or expired link gets a translated 4xx page with a way to a fresh link, never a 500", async () => {
    const { confirmation } = await paidSandboxOrder("veo3-subscription", "it", "tamper@example.com");
    const link = linkIn(confirmation, "it")!;
    const token = decodeURIComponent(new URL(link).pathname.split("/").pop()!);
    const [orderId, purpose, expiry, signature] = token.split(".");
    const forged = `${orderId}.${purpose}.${(Number.parseInt(expiry!, 36) + 1000).toString(36)}.${signature}`;
    const invoiceToken = `${orderId}.invoice.${expiry}.${signature}`;
    for (const bad of [forged, invoiceToken, "nonsense", "a.b.c.d"]) {
      const res = await fetch(`${server.url}/subscription/${bad}?lang=it`);
      expect(res.status, bad).toBe(404);
      const body = await res.text();
      expect(body).toContain(html(sub.it.manage.invalidTitle));
      expect(body).toContain('href="/subscription"');
    }
    expect((await postForm(`${server.url}/subscription/${forged}?lang=it`, { intent: "cancel" })).status).toBe(404);
    expect((await fetch(`${server.url}/subscription/%ZZ?lang=it`)).status).toBe(400);
    // Genuine but expired (signed with the instance's secret, 15 days ago, for 14 days).
    const links = createSignedLinks(SECRET);
    const expired = links.sign(orderId!, "manage", 14 * 86_400_000, Date.now() - 15 * 86_400_000);
    const res = await fetch(`${server.url}/subscription/${expired}?lang=it`);
    expect(res.status).toBe(410);
    expect(await res.text()).toContain(html(sub.it.manage.expiredTitle));
    expect((await fetch(`${server.url}/subscription/${links.sign(orderId!, "manage")}?lang=it`)).status).toBe(200);
  });

  test("the confirmation links to an HTML invoice with the amount paid today", async () => {
    const { order, confirmation } = await paidSandboxOrder("formateur-ia", "en", "invoice@example.com");
    const link = new RegExp(`${server.url}/invoice/[\\w.-]+\\?lang=en`).exec(confirmation)?.[0];
    expect(link).toBeTruthy();
    const body = await (await fetch(link!)).text();
    expect(body).toContain(order.id);
    expect(body).toMatch(/data-testid="invoice-total"[^>]*>€536</);
    expect(body).toContain("€497");
    expect(body).toContain("€39");
    expect((await fetch(link!.replace("/invoice/", "/invoice/x"))).status).toBe(404);
  });
});

describe("a fresh link by email", () => {
  test("the footer links to it; known and unknown addresses get the same answer; only a known one gets mail", async () => {
    const home = await (await fetch(`${server.url}/en`)).text();
    expect(home).toContain('href="/subscription"');
    const { order } = await paidSandboxOrder("short-videos", "pt", "known@example.com");
    const form = await fetch(`${server.url}/subscription?lang=pt`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain(html(sub.pt.request.title));
    const known = await postForm(`${server.url}/subscription?lang=pt`, { email: "KNOWN@example.com" });
    const unknown = await postForm(`${server.url}/subscription?lang=pt`, { email: "stranger@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const strip = (text: string) => text.replace(/nonce="[^"]*"/g, "");
    expect(strip(await known.text())).toBe(strip(await unknown.text()));
    const file = await waitFor(
      () => emlFiles(server.dataDir).find((f) => f.startsWith(`${order.id}-manage-link`)),
      10_000,
      "manage-link email",
    );
    const text = mail(file);
    expect(text).toContain("To: known@example.com");
    const link = linkIn(text, "pt");
    expect((await fetch(link!)).status).toBe(200);
    expect(emlFiles(server.dataDir).filter((f) => f.includes("manage-link"))).toHaveLength(1);
  });

  test("a bad address gets a translated 400 with the value kept; too many requests a translated 429", async () => {
    const bad = await postForm(`${server.url}/subscription?lang=de`, { email: "not-an-email" });
    expect(bad.status).toBe(400);
    const body = await bad.text();
    expect(body).toContain(html(sub.de.request.invalid));
    expect(body).toContain('value="not-an-email"');
    let last: Response | undefined;
    for (let i = 0; i < 3; i++)
      last = await postForm(`${server.url}/subscription?lang=de`, { email: "flood@example.com" });
    expect(last!.status).toBe(429);
    expect(await last!.text()).toContain(html(sub.de.request.rateLimited));
  });
});
