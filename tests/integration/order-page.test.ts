import fs from "node:fs";
import path from "node:path";
import { openLiveDatabase } from "../support/live-db.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSignedLinks, NEVER } from "../../app/billing/signed-link.server.ts";
import { AdminClient, ownerReset, setUpOwner } from "../support/admin.ts";
import {
  decodeMail,
  emlFiles,
  orderForm,
  postForm,
  postOrder,
  readStore,
  waitFor,
  paidSandboxOrder as paidSandboxOrderOf,
} from "../support/orders.ts";
import { startExpectingExit, startServer, type RunningServer } from "../support/server.ts";
import { databaseUrlFor } from "../support/store.ts";

/**
 * The customer's order page over HTTP, without JavaScript: a sandbox order paid, the link taken
 * from the confirmation's .eml, the page's reference, amount, due date and headers; tampered and
 * foreign tokens; "send me my links again" and its limit; readable references unique under
 * concurrent orders; the owner's "to deliver" by due time with its marks.
 */
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const page = { de: locale("de", "order-page"), fr: locale("fr", "order-page"), en: locale("en", "order-page") };
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

const SECRET = "order-page-link-secret-0123456789abcdef";
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    LOG_LEVEL: "silent",
    ORDER_RATE_LIMIT: "0",
    OUTBOX_POLL_MS: "100",
    CONTACT_EMAIL: "support@example.com",
    OWNER_EMAIL: "owner@example.com",
    OWNER_LANG: "en",
    MANAGE_LINK_RATE_LIMIT: "4",
    LINK_SECRET: SECRET,
    OWNER_TIME_ZONE: "Asia/Tokyo",
  });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const mail = (file: string) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8"));
const orderLinkIn = (text: string) => new RegExp(`${server.url}/order/[\\w.-]+\\?lang=\\w\\w`).exec(text)?.[0];

const paidSandboxOrder = (offer: string, lang: string, email: string, extra: Record<string, string> = {}) =>
  paidSandboxOrderOf(server, offer, lang, email, extra);

/** Changes a stored order's payment time, as if it had been paid earlier (the database the server uses). */
async function setPaidAt(orderId: string, paidAt: string) {
  const url = await databaseUrlFor(server.dataDir);
  if (url) {
    const client = new pg.Client(url);
    await client.connect();
    await client.query("UPDATE orders SET paid_at = $1 WHERE id = $2", [paidAt, orderId]);
    await client.end();
    return;
  }
  const db = openLiveDatabase(path.join(server.dataDir, "orders.sqlite"));
  db.exec("PRAGMA busy_timeout = 5000");
  db.prepare("UPDATE orders SET paid_at = ? WHERE id = ?").run(paidAt, orderId);
  db.close();
}

describe("the customer's order page", () => {
  test("the confirmation links to it; it shows the reference, the offer, the amount paid, the timeline and the due date in the owner's zone, with private headers and no script", async () => {
    const { order, confirmation, thankYou } = await paidSandboxOrder("test-workflow", "de", "seite@example.com");
    expect(order.reference).toMatch(/^LA-\d{4,}$/);
    // The readable reference where the customer and the owner read it.
    expect(confirmation).toContain(`: ${order.reference}`);
    expect(confirmation).not.toContain(`: ${order.id}`);
    expect(thankYou).toContain(order.reference);
    const notice = await waitFor(
      () => emlFiles(server.dataDir).find((f) => f === `${order.id}-owner-paid.eml`),
      10_000,
      "owner notice",
    );
    expect(mail(notice)).toContain(order.reference);
    expect(mail(notice)).toContain(`${server.url}/admin/orders/${order.id}`);

    const link = orderLinkIn(confirmation);
    expect(link, "order page link in the confirmation").toBeTruthy();
    expect(link!.endsWith("?lang=de")).toBe(true);
    expect(confirmation).toContain(page.de.briefFirst.emailButton);
    const res = await fetch(link!, { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // The route's stricter policy replaces the site-wide default: one value, not two.
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    const body = await res.text();
    expect(body).toContain('<html lang="de"');
    expect(body).toMatch(/<meta name="robots" content="noindex"/);
    expect(body).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(body).toContain(`data-testid="order-reference">${order.reference}<`);
    expect(body).toContain(html(locale("de", "offers")["test-workflow"].name));
    expect(body).toMatch(/data-testid="order-paid">1\s€</);
    // 24 hours after the payment, stated in the owner's zone.
    const due = new Date(Date.parse(order.paidAt!) + 24 * 3_600_000).toISOString();
    expect(body).toMatch(new RegExp(`<time datetime="${due}">`, "i"));
    expect(body).toContain(html(page.de.page.timeZone.replace("{{zone}}", "Asia/Tokyo")));
    expect(body).toMatch(/data-step="paid" data-state="done"/);
    expect(body).toMatch(/data-step="inProgress" data-state="current"/);
    expect(body).toMatch(/data-step="delivered" data-state="upcoming"/);

    // Without a language (or with an unknown one), the link goes back to the order's; another of the six is the reader's choice.
    for (const lang of ["", "xx"]) {
      const bare = await fetch(link!.replace("?lang=de", lang ? `?lang=${lang}` : ""), { redirect: "manual" });
      expect(bare.status).toBe(303);
      expect(bare.headers.get("location")).toMatch(/\?lang=de$/);
    }
    const french = await (await fetch(link!.replace("?lang=de", "?lang=fr"))).text();
    expect(french).toContain('<html lang="fr"');
    expect(french).toContain(html(page.fr.steps.inProgress));
  });

  test("a tampered token, another link's token, a token for a missing order: a translated 404, never a 500", async () => {
    const { order, confirmation } = await paidSandboxOrder("veo3-single", "fr", "falsifie@example.com");
    const token = decodeURIComponent(new URL(orderLinkIn(confirmation)!).pathname.split("/").pop()!);
    const [orderId, purpose, expiry, signature] = token.split(".");
    expect(orderId).toBe(order.id);
    const links = createSignedLinks(SECRET);
    const bad = [
      `${orderId}.${purpose}.${expiry}.${signature!.slice(0, -2)}AA`,
      `ord_other.${purpose}.${expiry}.${signature}`,
      links.sign(order.id, "manage"),
      links.sign("ord_20261128_000000000000", "order", NEVER),
      "nonsense",
      "a.b.c.d",
    ];
    for (const token of bad) {
      const res = await fetch(`${server.url}/order/${encodeURIComponent(token)}?lang=fr`, { redirect: "manual" });
      expect(res.status, token).toBe(404);
      expect(await res.text()).toContain("Oups\u202f! Page non trouvée");
    }
    expect((await fetch(`${server.url}/order/%ZZ?lang=fr`)).status).toBeLessThan(500);
  });

  test("'send me my links again': the same answer for a known and an unknown address, the links by email, then the limit", async () => {
    const { order } = await paidSandboxOrder("test-workflow", "en", "again@example.com");
    const form = await fetch(`${server.url}/order?lang=en`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain(html(page.en.request.submit));

    const known = await postForm(`${server.url}/order?lang=en`, { email: "Again@Example.com" });
    const unknown = await postForm(`${server.url}/order?lang=en`, { email: "nobody@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [knownBody, unknownBody] = [await known.text(), await unknown.text()];
    expect(knownBody).toContain(html(page.en.request.sent));
    expect(unknownBody.replace(/nonce="[^"]*"/g, "")).toBe(knownBody.replace(/nonce="[^"]*"/g, ""));

    const file = await waitFor(
      () => emlFiles(server.dataDir).find((f) => f.startsWith(`${order.id}-order-link.`)),
      10_000,
      "order link email",
    );
    const link = orderLinkIn(mail(file));
    expect(link).toBeTruthy();
    expect((await fetch(link!)).status).toBe(200);

    expect((await postForm(`${server.url}/order?lang=en`, { email: "not an address" })).status).toBe(400);
    // Four requests per 10 minutes from one IP (MANAGE_LINK_RATE_LIMIT): the next is refused, in the visitor's language.
    await postForm(`${server.url}/order?lang=en`, { email: "third@example.com" });
    await postForm(`${server.url}/order?lang=en`, { email: "fourth@example.com" });
    const limited = await postForm(`${server.url}/order?lang=en`, { email: "again@example.com" });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain(html(page.en.request.rateLimited));
  });

  test("readable references are unique and consecutive under concurrent orders", async () => {
    const before = new Set((await readStore(server.dataDir)).orders.map((o) => o.id));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postOrder(server.url, "test-workflow", "en", orderForm({ email: `burst${i}@example.com` })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(303));
    const created = (await readStore(server.dataDir)).orders.filter((o) => !before.has(o.id));
    expect(created).toHaveLength(12);
    const numbers = created.map((o) => Number(o.reference.replace(/^LA-/, ""))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(12);
    expect(numbers.at(-1)! - numbers[0]!).toBe(11);
  });
});

describe("the owner's side", () => {
  test("'To deliver' is sorted by due time with 'late' and 'due today' marks; the order page has mailto: and tel: links and the reference; search finds a reference", async () => {
    // Paid in this order, so the list's usual newest-first order is not the due order.
    const video = await paidSandboxOrder("test-workflow", "fr", "video@example.com");
    const agent = await paidSandboxOrder("formateur-ia", "fr", "agent@example.com");
    // The agent's phone is asked in the brief, after payment (its order page's form, multipart).
    const agentPage = new URL(orderLinkIn(agent.confirmation)!);
    const brief = new FormData();
    for (const [name, value] of Object.entries({
      agentName: "AgentBot",
      phoneNumber: "+33 6 12 34 56 78",
      connectZapier: "non",
      brief: "",
    }))
      brief.set(name, value);
    expect(
      (
        await fetch(server.url + agentPage.pathname + agentPage.search, {
          method: "POST",
          body: brief,
          redirect: "manual",
        })
      ).status,
    ).toBe(303);
    const late = await paidSandboxOrder("veo3-single", "fr", "late@example.com");
    // 24-hour promises paid 30 and 22 hours ago: late, and due in 2 hours; the agent (48 h) is due in 48 hours.
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    await setPaidAt(late.order.id, hoursAgo(30));
    await setPaidAt(video.order.id, hoursAgo(22));
    const tokyoDay = (at: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo", dateStyle: "short" }).format(at);
    const videoDueToday = tokyoDay(Date.now() + 2 * 3_600_000) === tokyoDay(Date.now());

    const owner = (
      await setUpOwner(
        server.url,
        ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
        "correct horse battery staple",
      )
    ).client as AdminClient;
    const list = await owner.get("/admin/orders?state=to-deliver");
    expect(list.status).toBe(200);
    const body = await list.text();
    const position = (id: string) => body.indexOf(`data-order-id="${id}"`);
    for (const o of [late, agent, video]) expect(position(o.order.id), o.order.offer).toBeGreaterThan(-1);
    // Due first comes first, whatever the order of payment: late (due 6 h ago), the test video (in 2 h), the agent (in 48 h).
    expect(position(late.order.id)).toBeLessThan(position(video.order.id));
    expect(position(video.order.id)).toBeLessThan(position(agent.order.id));
    const row = (id: string) => body.slice(position(id), body.indexOf("</li>", position(id)));
    expect(row(late.order.id)).toContain('data-mark="late"');
    expect(row(late.order.id)).toContain(html(page.en.admin.late));
    // "Due today" in the owner's zone (Asia/Tokyo here), unless its midnight falls within the 2 hours.
    if (videoDueToday) expect(row(video.order.id)).toContain(`data-mark="today"`);
    else expect(row(video.order.id)).not.toContain("data-mark=");
    expect(row(agent.order.id)).not.toContain("data-mark=");
    expect(row(video.order.id)).toContain(video.order.reference);

    const detail = await (await owner.get(`/admin/orders/${agent.order.id}`)).text();
    expect(detail).toContain(`href="mailto:agent@example.com?subject=${agent.order.reference}"`);
    expect(detail).toContain('href="tel:+33612345678"');
    expect(detail).toContain(`data-testid="order-reference">${agent.order.reference}<`);
    // The owner opens what the customer sees, through the same signed link.
    const customerPage = new RegExp(`href="(${server.url}/order/[\\w.-]+\\?lang=fr)" data-testid="customer-page"`).exec(
      detail,
    )?.[1];
    expect(customerPage).toBeTruthy();
    expect(await (await fetch(customerPage!)).text()).toContain(agent.order.reference);

    const found = await (
      await owner.get(`/admin/orders?q=${encodeURIComponent(video.order.reference.toLowerCase())}`)
    ).text();
    expect(found).toContain(`data-order-id="${video.order.id}"`);
    expect(found).not.toContain(`data-order-id="${agent.order.id}"`);
  });
});

test("an OWNER_TIME_ZONE that is no time zone stops the start with a clear message", async () => {
  const { code, output } = await startExpectingExit({ OWNER_TIME_ZONE: "Europe/Pariss" });
  expect(code).toBe(1);
  expect(output).toContain("OWNER_TIME_ZONE");
});
