import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSignedLinks } from "../../app/billing/signed-link.server.ts";
import { AdminClient, ownerReset, setUpOwner } from "../support/admin.ts";
import { decodeMail, emlFiles, readStore, waitFor, paidSandboxOrder } from "../support/orders.ts";
import { rawRequest } from "../support/raw-http.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { databaseUrlFor } from "../support/store.ts";

/**
 * The work after payment over HTTP, without JavaScript: the customer's brief with a file on their
 * order page (multipart, streamed), the owner's delivery (a link and a file), the emails, a
 * revision within the offer's rounds, acceptance; and every bad input (oversized file, too many
 * files, a type disguised by its name, no or a wrong token, a revision over the limit, a replayed
 * delivery) gets a translated 4xx and stores nothing.
 */
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const delivery = { de: locale("de", "delivery"), en: locale("en", "delivery"), fr: locale("fr", "delivery") };
const downloadWords = { de: locale("de", "download"), fr: locale("fr", "download") };
// Known to the test so it can sign a download link whose time is over.
const LINK_SECRET = "delivery-test-link-secret-0123456789abcdef";
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

// A real 1×1 PNG, and a PDF's first bytes: their types are read from these bytes.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
// A Windows executable's header, sent as "photo.png" with the type image/png.
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(2000, 0x90)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

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
const storedFiles = (orderId: string) => {
  const dir = path.join(server.dataDir, "files", "orders", orderId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

const paidOrder = (offer: string, lang: string, email: string) => paidSandboxOrder(server, offer, lang, email);

function files(form: FormData, list: Array<[name: string, bytes: Buffer, type: string]>) {
  for (const [name, bytes, type] of list) form.append("files", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}
const post = (target: string, body: FormData | URLSearchParams, init: RequestInit = {}) =>
  fetch(server.url + target, { method: "POST", body, redirect: "manual", ...init });

let owner: AdminClient;
async function signedInOwner() {
  owner ??= (
    await setUpOwner(
      server.url,
      ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
      "correct horse battery staple",
    )
  ).client;
  return owner;
}

describe("the work after payment, without JavaScript", () => {
  test("brief and an image → the owner sees it in To deliver and delivers a link and a file → emails and pages show them → a revision → back to deliver → accepted", async () => {
    const { order, page, token } = await paidOrder("short-videos", "fr", "travail@example.com");
    const before = await (await fetch(server.url + page)).text();
    expect(before).toContain('data-testid="brief-form"');
    expect(before).toContain('encType="multipart/form-data"');

    // The brief: a few words and one image, under a name with a path in it.
    const brief = files(new FormData(), [["../../etc/logo café.png", PNG, "image/png"]]);
    brief.set("brief", "Mon logo et des couleurs chaudes.");
    const sent = await post(page, brief);
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toContain("done=saved");
    const after = await (await fetch(server.url + sent.headers.get("location")!)).text();
    expect(after).toContain(html(delivery.fr.done.saved));
    expect(after).toContain("Mon logo et des couleurs chaudes.");
    // The name is cleaned (no path), the file kept under orders/<order id>/ only.
    expect(after).toContain(">logo café.png<");
    // The timeline: paid, then the brief received.
    expect(after).toMatch(
      /data-step="paid"[\s\S]*data-step="briefReceived" data-state="done"[\s\S]*data-step="inProgress"/,
    );
    expect(after).toContain(html(delivery.fr.steps.briefReceived));
    expect(storedFiles(order.id)).toHaveLength(1);
    const fileUrl = /href="(\/files\/[^"]+)"/.exec(after)![1]!;
    // The download link names the order and the file only: nothing in it opens the order page.
    expect(fileUrl).not.toContain(token);
    expect(fileUrl).not.toContain("/order/");

    // Served only as a download, to the link's holder.
    const download = await fetch(server.url + fileUrl);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="logo caf_.png"; filename\*=UTF-8''logo%20caf%C3%A9.png$/,
    );
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-security-policy")).toContain("sandbox");
    const [filePath = "", fileQuery] = fileUrl.split("?");
    expect((await fetch(`${server.url}${filePath.slice(0, -2)}xx?${fileQuery}`)).status).toBe(404);
    // Short-lived: signed for this file for 15 minutes. One signed 16 minutes ago answers 410 in the
    // language asked, without a way to the order page (whoever holds an old link is not led to it);
    // one whose time was moved, 404.
    const [fileId = "", , expiry = ""] = fileUrl.split("/files/")[1]!.split("?")[0]!.split(".");
    expect(Number.parseInt(expiry, 36) * 1000).toBeGreaterThan(Date.now());
    expect(Number.parseInt(expiry, 36) * 1000).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    const old = createSignedLinks(LINK_SECRET).sign(fileId, "file", 15 * 60_000, Date.now() - 16 * 60_000);
    for (const [lang, query] of [
      ["fr", "?lang=fr"],
      ["de", "?lang=de"],
    ] as const) {
      const expired = await fetch(`${server.url}/files/${old}${query}`);
      expect(expired.status).toBe(410);
      expect(expired.headers.get("content-type")).toMatch(/^text\/html/);
      const text = await expired.text();
      expect(text).toContain(`<html lang="${lang}">`);
      expect(text).toContain(html(downloadWords[lang].expired.title));
      expect(text).toContain(html(downloadWords[lang].expired.where));
      expect(text).not.toContain("/order/");
      expect(text).not.toContain(token);
      expect(text).not.toContain("href=");
    }
    expect(
      (
        await fetch(
          server.url + fileUrl.replace(`.${expiry}.`, `.${(Number.parseInt(expiry, 36) + 3600).toString(36)}.`),
        )
      ).status,
    ).toBe(404);

    // The owner: the order in To deliver, its brief and file on the order page.
    const admin = await signedInOwner();
    expect(await (await admin.get("/admin/orders?state=to-deliver")).text()).toContain(`data-order-id="${order.id}"`);
    const detail = await (await admin.get(`/admin/orders/${order.id}`)).text();
    expect(detail).toContain("Mon logo et des couleurs chaudes.");
    const ownerFile = new RegExp(`href="(/admin/orders/${order.id}/files/[a-f0-9]{32})"`).exec(detail)![1]!;
    expect((await admin.get(ownerFile)).status).toBe(200);
    // Not without signing in.
    expect((await fetch(server.url + ownerFile, { redirect: "manual" })).status).toBe(303);

    // The delivery: a link and a file, with a note, and the round the form was shown for (its hidden field).
    const shownRound = /name="round" value="(\d+)"/.exec(detail)![1]!;
    const deliver = () => {
      const form = files(new FormData(), [["final cut.pdf", PDF, "application/pdf"]]);
      form.set("round", shownRound);
      form.set("link", "https://videos.example.com/final");
      form.set("linkLabel", "Vos vidéos");
      form.set("note", "Voici la première version.");
      return admin.request(`/admin/orders/${order.id}/deliver`, { method: "POST", body: form });
    };
    const delivered = await deliver();
    expect(delivered.status).toBe(303);
    expect(delivered.headers.get("location")).toBe(`/admin/orders/${order.id}?done=workDelivered`);
    expect(storedFiles(order.id)).toHaveLength(2);
    // A replayed post (a reload, a double click): refused, and its file not kept.
    const replay = await deliver();
    expect(replay.status).toBe(409);
    expect(await replay.text()).toContain(delivery.en.errors.alreadyDelivered);
    expect(storedFiles(order.id)).toHaveLength(2);
    // Short videos are 8 a month: one delivered, the order stays to deliver (as the delivery page says "1 of 8").
    expect(await (await admin.get("/admin/orders?state=to-deliver")).text()).toContain(`data-order-id="${order.id}"`);

    // The customer's email and page show the link and the file.
    const email = await waitFor(
      () => emlFiles(server.dataDir).find((f) => f.startsWith(`${order.id}-work-delivered.`)),
      10_000,
      "delivery email",
    );
    const text = mail(email);
    expect(text).toContain("https://videos.example.com/final");
    expect(text).toContain("final cut.pdf");
    expect(text).toContain("Voici la première version.");
    expect(text).toContain(`/order/${token}`);
    const shown = await (await fetch(server.url + page)).text();
    expect(shown).toContain('href="https://videos.example.com/final"');
    expect(shown).toContain(">final cut.pdf<");
    expect(shown).toContain('data-testid="revision-form"');
    // Short videos deliver 8 a month: after the first, the month's brief stays open for more topics
    // (a one-piece order's closes at its delivery: work-life.test.ts).
    expect(shown).toContain('data-testid="brief-form"');

    // A revision (short videos: 2 rounds): the owner is emailed, Reply-To the customer; the order is back to deliver.
    const asked = await post(page, new URLSearchParams({ intent: "revision", text: "Plus de rythme au début." }));
    expect(asked.status).toBe(303);
    const notice = await waitFor(
      () => emlFiles(server.dataDir).find((f) => f.startsWith(`${order.id}-owner-revision.`)),
      10_000,
      "revision email",
    );
    expect(mail(notice)).toContain("Plus de rythme au début.");
    expect(fs.readFileSync(path.join(server.dataDir, "outbox", notice), "utf8")).toMatch(
      /^Reply-To: .*travail@example\.com/im,
    );
    expect(await (await admin.get("/admin/orders?state=to-deliver")).text()).toContain(`data-order-id="${order.id}"`);
    expect(await (await admin.get(`/admin/orders/${order.id}`)).text()).toContain('data-testid="revision-open"');
    expect(await (await fetch(server.url + page)).text()).toContain('data-step="revisionAsked" data-state="current"');

    // The second delivery answers it; the customer accepts; the owner is told.
    const again = new FormData();
    again.set("link", "https://videos.example.com/v2");
    expect((await admin.request(`/admin/orders/${order.id}/deliver`, { method: "POST", body: again })).status).toBe(
      303,
    );
    const accepted = await post(page, new URLSearchParams({ intent: "accept" }));
    expect(accepted.status).toBe(303);
    await waitFor(
      () => emlFiles(server.dataDir).find((f) => f.startsWith(`${order.id}-owner-accepted.`)),
      10_000,
      "accepted email",
    );
    const closed = await (await fetch(server.url + page)).text();
    expect(closed).toContain('data-testid="work-accepted"');
    // A subscription's pieces are accepted one by one: the piece says so; no step says the order was accepted.
    expect(closed).toContain(`✓ ${locale("fr", "delivery").deliveries.accepted}`);
    expect(closed).not.toContain('data-step="accepted"');
    expect(closed).not.toContain('data-testid="revision-form"');
    // Answered once: a second acceptance or a revision after it is refused.
    expect((await post(page, new URLSearchParams({ intent: "accept" }))).status).toBe(409);
  });

  test("a revision over the offer's rounds is refused in the customer's language", async () => {
    // The test workflow offers one revision round.
    const { order, page } = await paidOrder("test-workflow", "de", "runden@example.com");
    const admin = await signedInOwner();
    const deliverLink = (url: string) => {
      const form = new FormData();
      form.set("link", url);
      return admin.request(`/admin/orders/${order.id}/deliver`, { method: "POST", body: form });
    };
    // Before anything is delivered there is nothing to revise.
    const early = await post(page, new URLSearchParams({ intent: "revision", text: "Schneller" }));
    expect(early.status).toBe(409);
    expect(await early.text()).toContain(html(delivery.de.errors.notDelivered));
    expect((await deliverLink("https://example.com/1")).status).toBe(303);
    expect((await post(page, new URLSearchParams({ intent: "revision", text: "Bitte kürzer." }))).status).toBe(303);
    expect((await deliverLink("https://example.com/2")).status).toBe(303);
    const over = await post(page, new URLSearchParams({ intent: "revision", text: "Noch einmal." }));
    expect(over.status).toBe(409);
    expect(await over.text()).toContain(html(delivery.de.errors.revisionLimit));
    expect((await readStore(server.dataDir)).orders.find((o) => o.id === order.id)).toBeTruthy();
    expect(await (await fetch(server.url + page)).text()).toContain('data-testid="revisions-used"');
    // A link that is not a web address is refused too.
    const other = await paidOrder("test-workflow", "en", "links@example.com");
    const bad = new FormData();
    bad.set("link", "javascript:alert(1)");
    const refused = await admin.request(`/admin/orders/${other.order.id}/deliver`, { method: "POST", body: bad });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(delivery.en.errors.badLink);
  });

  test("a revision with files: a disguised type is refused in the customer's language; the owner downloads the rest; they are in the export and erased with the order", async () => {
    // A one-time order: a running subscription would have to be cancelled before its customer is erased.
    const { order, page } = await paidOrder("veo3-single", "fr", "retouche@example.com");
    const admin = await signedInOwner();
    const link = new FormData();
    link.set("link", "https://videos.example.com/v1");
    expect((await admin.request(`/admin/orders/${order.id}/deliver`, { method: "POST", body: link })).status).toBe(303);

    // The form as the page has it: multipart, naming itself in its address.
    const shown = await (await fetch(server.url + page)).text();
    const form = /<form[^>]*data-testid="revision-form"[^>]*>/.exec(shown)![0];
    expect(form).toContain('encType="multipart/form-data"');
    expect(form).toContain('action="?lang=fr&amp;intent=revision"');
    const target = `${page.split("?")[0]}?lang=fr&intent=revision`;
    const revision = (list: Array<[string, Buffer, string]>) => {
      const body = files(new FormData(), list);
      body.set("text", "Le ton doit être plus chaleureux, voir mes notes.");
      return post(target, body);
    };

    // An executable named like a PDF: refused by its bytes, in French; nothing stored, no revision asked.
    const refused = await revision([["notes.pdf", EXE, "application/pdf"]]);
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain(html(delivery.fr.errors.fileType));
    expect(storedFiles(order.id)).toEqual([]);
    expect(await (await fetch(server.url + page)).text()).toContain('data-testid="revision-form"');

    // The text and two files: asked, the owner emailed.
    const asked = await revision([
      ["mes notes.pdf", PDF, "application/pdf"],
      ["exemple.png", PNG, "image/png"],
    ]);
    expect(asked.status).toBe(303);
    expect(asked.headers.get("location")).toBe(`${page.split("?")[0]}?lang=fr&done=revision`);
    expect(storedFiles(order.id)).toHaveLength(2);
    const notice = await waitFor(
      () => emlFiles(server.dataDir).find((f) => f.startsWith(`${order.id}-owner-revision.`)),
      10_000,
      "revision email",
    );
    // The owner's email names the files (in the owner's language); they download from the order's page.
    const named = new RegExp(
      `${delivery.en.email.owner.filesLine.replace("{{names}}", "").replace(/[()]/g, "\\$&")}(.*)`,
    ).exec(mail(notice))?.[1];
    expect(named?.split(", ").sort()).toEqual(["exemple.png", "mes notes.pdf"]);

    // The owner sees the request and its files on the order page, and downloads each as an attachment.
    const detail = await (await admin.get(`/admin/orders/${order.id}`)).text();
    expect(detail).toContain("Le ton doit être plus chaleureux");
    const listed = /data-testid="revision-files"[\s\S]*?<\/ul>/.exec(detail)![0];
    expect(listed).toContain(">mes notes.pdf<");
    expect(listed).toContain(">exemple.png<");
    const pdfUrl = new RegExp(`href="(/admin/orders/${order.id}/files/[a-f0-9]{32})"[^>]*>mes notes.pdf<`).exec(
      listed,
    )![1]!;
    const download = await admin.get(pdfUrl);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="mes notes.pdf"/);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect((await fetch(server.url + pdfUrl, { redirect: "manual" })).status).toBe(303);

    // The customer's export lists them; erasing the customer removes their bytes with the order's.
    const exported = await admin.post(
      "/admin/customers/export",
      { email: "retouche@example.com" },
      { headers: { Origin: server.url } },
    );
    expect(exported.status).toBe(200);
    const data = JSON.parse(await exported.text()) as {
      orders: Array<{ files: Array<{ name: string; kind: string }> }>;
    };
    expect(
      data.orders
        .flatMap((entry) => entry.files)
        .filter((file) => file.kind === "revision")
        .map((file) => file.name)
        .sort(),
    ).toEqual(["exemple.png", "mes notes.pdf"]);
    const erased = await admin.post(
      `/admin/customers/erase?email=${encodeURIComponent("retouche@example.com")}`,
      { email: "retouche@example.com" },
      { headers: { Origin: server.url } },
    );
    expect(erased.status).toBe(303);
    expect(storedFiles(order.id)).toEqual([]);
    expect((await admin.get(pdfUrl)).status).toBe(404);
  });

  test("bad uploads: oversized, too many, disguised types, truncated, no or a wrong token: a translated 4xx, nothing stored", async () => {
    const { order, page, token } = await paidOrder("formateur-ia", "de", "schlecht@example.com");
    const refusedWith = async (body: FormData, status: number, key: string) => {
      const res = await post(page, body);
      expect(res.status, key).toBe(status);
      expect(await res.text(), key).toContain(html(delivery.de.errors[key]));
      expect(storedFiles(order.id), key).toEqual([]);
    };
    // 10 MB + 1 byte (a PNG's signature first, so only its size is wrong).
    await refusedWith(
      files(new FormData(), [
        ["big.png", Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG.length)]), "image/png"],
      ]),
      413,
      "fileTooLarge",
    );
    // Eleven small images: the order's allowance is ten files.
    await refusedWith(
      files(
        new FormData(),
        Array.from({ length: 11 }, (_, i): [string, Buffer, string] => [`p${i}.png`, PNG, "image/png"]),
      ),
      413,
      "tooManyFiles",
    );
    // An executable named like an image, an SVG with a script: refused by their bytes.
    await refusedWith(files(new FormData(), [["photo.png", EXE, "image/png"]]), 415, "fileType");
    await refusedWith(files(new FormData(), [["logo.svg", SVG, "image/svg+xml"]]), 415, "fileType");
    // A good image, then a disguised one in the same post: the good one is not kept either.
    await refusedWith(
      files(new FormData(), [
        ["ok.png", PNG, "image/png"],
        ["photo.png", EXE, "image/png"],
      ]),
      415,
      "fileType",
    );
    // A truncated body.
    const truncated = await rawRequest(server.port, {
      method: "POST",
      target: page,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: Buffer.concat([
        Buffer.from(
          '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        PNG,
      ]),
    });
    expect(truncated.status).toBe(400);
    expect(storedFiles(order.id)).toEqual([]);
    expect(
      fs
        .readdirSync(path.join(server.dataDir, "files"), { recursive: true })
        .filter((name) => String(name).endsWith(".part")),
    ).toEqual([]);

    // No token, a tampered one, another order's file through this order's link.
    const ok = files(new FormData(), [["ok.png", PNG, "image/png"]]);
    expect((await post(page.replace(token, "nothing"), ok)).status).toBe(404);
    expect(
      (
        await post(
          page.replace(token, `${token.slice(0, -3)}abc`),
          files(new FormData(), [["ok.png", PNG, "image/png"]]),
        )
      ).status,
    ).toBe(404);
    expect(storedFiles(order.id)).toEqual([]);
    const other = await paidOrder("short-videos", "en", "andere@example.com");
    expect((await post(other.page, files(new FormData(), [["theirs.png", PNG, "image/png"]]))).status).toBe(303);
    const theirs = /href="\/files\/([^"?]+)/.exec(await (await fetch(server.url + other.page)).text())![1]!;
    expect((await fetch(`${server.url}/files/${theirs}`)).status).toBe(200);
    // A link signed for this order naming the other order's file: not found.
    const theirFileId = theirs.split(".")[0]!.split("~")[1]!;
    const crossed = createSignedLinks(LINK_SECRET).sign(`${order.id}~${theirFileId}`, "file", 60_000);
    expect((await fetch(`${server.url}/files/${crossed}`)).status).toBe(404);
    // The owner's delivery route: a signed-out post gets a 403, not a redirect that drops the files.
    const signedOut = await post(
      `/admin/orders/${order.id}/deliver`,
      files(new FormData(), [["x.pdf", PDF, "application/pdf"]]),
    );
    expect(signedOut.status).toBe(403);
    expect(storedFiles(order.id)).toEqual([]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
