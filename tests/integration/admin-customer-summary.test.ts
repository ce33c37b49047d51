// Beside the customer's JSON export, a page a person can read and print: their orders in words
// (readable reference, the offer's name, amounts, every answer, the brief, the files), in the
// owner's language, recorded as an export like the file. Over HTTP, as the owner uses it.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { formatFileSize, formatMoney } from "../../app/i18n/format.ts";
import { ownerReset, setUpOwner } from "../support/admin.ts";
import { decodeMail, emlFiles, ines, payInSandbox, readStore, waitFor } from "../support/orders.ts";
import { databaseUrlFor } from "../support/store.ts";
import { suiteServer } from "../support/suite.ts";

const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const server = suiteServer({ ORDER_RATE_LIMIT: "0", OWNER_LANG: "en", LOG_LEVEL: "silent", OUTBOX_POLL_MS: "100" });
// A real 1×1 PNG: the upload's type is read from its bytes.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const decode = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
/** What a reader sees: the page's text without tags or attributes. */
const visible = (html: string) =>
  decode(html.replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/g, " ").replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

test("the owner opens a customer's readable summary: orders in words, answers, brief and files, in the owner's language; recorded as an export", async () => {
  const owner = (
    await setUpOwner(
      server.url,
      ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)),
      "correct horse battery staple",
    )
  ).client;
  await payInSandbox(server.url, "veo3-pack", "fr", ines("Lisible"));
  const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.lastName === "Lisible")!;
  // The work after payment: the customer writes a brief and sends an image from their order page (its link in the confirmation).
  const confirmation = await waitFor(
    () => emlFiles(server.dataDir).find((f) => f === `${order.id}-confirmation.eml`),
    20_000,
    "confirmation",
  );
  const link = new RegExp(`${server.url}(/order/[\\w.-]+)\\?lang=\\w\\w`).exec(
    decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", confirmation), "utf8")),
  )!;
  const brief = new FormData();
  brief.append("files", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "affiche-marche.png");
  brief.set("brief", "Une vidéo pour le marché de Noël,\navec notre logo.");
  expect(
    (await fetch(`${server.url}${link[1]}?lang=fr`, { method: "POST", body: brief, redirect: "manual" })).status,
  ).toBe(303);

  // Offered beside the JSON export on the customer's page.
  const page = await (
    await owner.get(`/admin/customers?email=${encodeURIComponent(order.customer.email)}`, {
      headers: { "Accept-Language": "en" },
    })
  ).text();
  expect(page).toContain('action="/admin/customers/summary"');

  const en = locale("en", "back-office").summary;
  const res = await owner.post(
    "/admin/customers/summary",
    { email: order.customer.email },
    { headers: { "Accept-Language": "en" } },
  );
  expect(res.status).toBe(200);
  const html = await res.text();
  const text = visible(html);
  expect(html).toContain('class="printable');
  expect(text).toContain(en.title.replace("{{who}}", "Inès Lisible"));
  expect(text).toContain(`${order.reference} · ${locale("en", "offers")["veo3-pack"].name}`);
  expect(text).toContain(formatMoney(order.amountDueNow, "EUR", "en"));
  expect(text).toContain(locale("en", "admin").states.paid);
  // Every answer of the form, labelled in the owner's language.
  expect(text).toContain(`${locale("en", "order").form.videoTopic} Recettes de saison`);
  expect(text).toContain("Une vidéo pour le marché de Noël, avec notre logo.");
  expect(text).toContain(`affiche-marche.png · ${formatFileSize(PNG.length, "en")} · ${en.fileKind.brief}`);
  // Words, never the database's codes.
  for (const code of [order.id, "veo3-pack", "checkout_created"]) expect(text, code).not.toContain(code);

  // In French when the owner reads French.
  // (The back office speaks OWNER_LANG, en here, whatever the browser asks; another language is asked with ?lang=.)
  const fr = await owner.post("/admin/customers/summary?lang=fr", { email: order.customer.email });
  expect(visible(await fr.text())).toContain(
    locale("fr", "back-office").summary.title.replace("{{who}}", "Inès Lisible"),
  );

  // Recorded, as the file is: two exports now on the customer's record.
  const records = visible(
    await (
      await owner.get(`/admin/customers?email=${encodeURIComponent(order.customer.email)}`, {
        headers: { "Accept-Language": "en" },
      })
    ).text(),
  );
  expect(records.split(locale("en", "data-rights").kind.export).length - 1).toBe(2);

  // A GET shows no one's data (it would not be recorded), only the way to the customers; a wrong address is a 400.
  const get = await owner.get("/admin/customers/summary");
  expect(get.status).toBe(200);
  expect(await get.text()).not.toContain("Lisible");
  expect((await owner.post("/admin/customers/summary", { email: "not an address" })).status).toBe(400);
});
