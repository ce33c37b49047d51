import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSignedLinks } from "../../app/billing/signed-link.server.ts";
import { AdminClient, ownerReset, setUpOwner } from "../support/admin.ts";
import { decodeMail, emlFiles, waitFor, paidSandboxOrder } from "../support/orders.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { databaseUrlFor } from "../support/store.ts";

/**
 * The links a customer holds, over HTTP: a file's download link names the order and the file only
 * (never the order page's token), and once expired leads nowhere; the owner issues a new order
 * link, after which the old one is the site's translated 404 and the emailed new one works.
 */
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const admin_en = locale("en", "admin");
const download_de = locale("de", "download");
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const LINK_SECRET = "order-links-test-secret-0123456789abcdef";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    LOG_LEVEL: "silent",
    ORDER_RATE_LIMIT: "0",
    OUTBOX_POLL_MS: "100",
    CONTACT_EMAIL: "support@example.com",
    OWNER_EMAIL: "owner@example.com",
    OWNER_LANG: "en",
    LINK_SECRET,
  });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const mail = (file: string) => decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8"));
const pageLinkIn = (text: string) => new RegExp(`${server.url}(/order/[\\w.~%-]+)\\?lang=\\w\\w`).exec(text)?.[1];

const paidOrder = (offer: string, lang: string, email: string) => paidSandboxOrder(server, offer, lang, email);

describe("a file's download link", () => {
  test("carries no order-page token, downloads the file, and once expired does not lead to the page", async () => {
    const { page, token } = await paidOrder("short-videos", "de", "datei-link@example.com");
    const brief = new FormData();
    brief.set("brief", "Unser Logo.");
    brief.append("files", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "logo.png");
    const sent = await fetch(server.url + page, { method: "POST", body: brief, redirect: "manual" });
    expect(sent.status).toBe(303);
    const shown = await (await fetch(server.url + page)).text();
    const href = /href="([^"]*\/files\/[^"]+)"[^>]*>logo\.png</.exec(shown)![1]!.replace(/&amp;/g, "&");
    // Nothing in the link opens the page: neither the page's token nor its path.
    expect(href).not.toContain(token);
    expect(href).not.toContain(encodeURIComponent(token));
    expect(href).not.toContain("/order/");
    expect(href).toMatch(/^\/files\/[^/?]+\?lang=de$/);
    const download = await fetch(server.url + href);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);

    // The same file's link, signed 16 minutes ago: a 410 in German that names no way to the page.
    const fileToken = href.slice("/files/".length).split("?")[0]!;
    const [named = ""] = fileToken.split(".");
    const old = createSignedLinks(LINK_SECRET).sign(named, "file", 15 * 60_000, Date.now() - 16 * 60_000);
    const expired = await fetch(`${server.url}/files/${old}?lang=de`);
    expect(expired.status).toBe(410);
    const text = await expired.text();
    expect(text).toContain(html(download_de.expired.title));
    expect(text).not.toContain(token);
    expect(text).not.toContain(encodeURIComponent(token));
    expect(text).not.toContain("/order/");
    expect(text).not.toContain("href=");
  });
});

describe("a new order link", () => {
  test("the owner issues one (confirmed): the old page link is a translated 404, the emailed new one works", async () => {
    const { order, page } = await paidOrder("veo3-single", "fr", "nouveau-lien@example.com");
    expect((await fetch(server.url + page)).status).toBe(200);
    const admin = (
      await setUpOwner(
        server.url,
        ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
        "correct horse battery staple",
      )
    ).client as AdminClient;
    const detail = await (await admin.get(`/admin/orders/${order.id}`)).text();
    expect(detail).toContain('data-testid="new-order-link"');
    expect(detail).toContain(html(admin_en.order.newLink.button));

    // Not confirmed: refused in the owner's language, and the link still works.
    const unconfirmed = await admin.request(`/admin/orders/${order.id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "newLink" }),
    });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain(html(admin_en.errors.confirmNewLink));
    expect((await fetch(server.url + page)).status).toBe(200);

    const issued = await admin.request(`/admin/orders/${order.id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "newLink", confirm: "yes" }),
    });
    expect(issued.status).toBe(303);
    expect(issued.headers.get("location")).toBe(`/admin/orders/${order.id}?done=newLink`);
    expect(await (await admin.get(issued.headers.get("location")!)).text()).toContain(
      html(admin_en.order.done.newLink),
    );

    // The old link: the site's 404, in the order's language.
    const old = await fetch(server.url + page, { redirect: "manual" });
    expect(old.status).toBe(404);
    expect(await old.text()).toContain("Oups\u202f! Page non trouvée");

    // The customer is emailed the new link, which opens the page.
    const file = await waitFor(
      () => emlFiles(server.dataDir).find((f) => f.startsWith(`${order.id}-order-link.`)),
      10_000,
      "new order link email",
    );
    const fresh = pageLinkIn(mail(file))!;
    expect(`${fresh}?lang=fr`).not.toBe(page);
    expect((await fetch(`${server.url}${fresh}?lang=fr`)).status).toBe(200);
    // The back office shows the customer's new link too.
    expect(await (await admin.get(`/admin/orders/${order.id}`)).text()).toContain(fresh);
  });
});
