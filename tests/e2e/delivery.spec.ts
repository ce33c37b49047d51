import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import pg from "pg";
import { createSignedLinks } from "../../app/billing/signed-link.server.ts";
import { DiskFileStorage } from "../../app/files/disk-storage.server.ts";
import { openLiveDatabase } from "../support/live-db.ts";
import { decodeMail, emlFiles, ines, payInSandbox } from "../support/orders.ts";
import { startOwnerShop, type OwnerShop } from "../support/owner-shop.ts";
import { startS3Server, type S3TestServer } from "../support/s3-server.ts";

/**
 * The work after payment in a browser, on a phone: a sandbox order → the order page from the
 * confirmation email's link → the brief and one image → the owner sees it in "To deliver",
 * delivers a link and a file → the customer's email and page show them (download links signed for
 * 15 minutes; an expired one gets a 410 in French) → a revision → the owner sees it → the customer
 * accepts. Twice: on SQLite with files on disk (the embedded default), and on a real PostgreSQL
 * with files in an S3-compatible bucket (s3rver), both started by this spec only when it runs and
 * stopped with it (tests/support/watchdog.ts). Plain forms: the same steps with scripts off
 * (js-off) and on (js-on). Screenshots of both pages at 390 px and 1280 px are attached.
 */
const SETUPS = [
  { store: "sqlite", files: "disk" },
  { store: "postgres", files: "s3" },
] as const;
// Known to the test so it can sign a link whose time is over, as the site would have 15 minutes earlier.
const LINK_SECRET = "delivery-spec-link-secret-0123456789abcdef";
const FILE_LINK_TTL_MS = 15 * 60_000;
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const fr = locale("fr", "delivery");
const en = locale("en", "delivery");
const download_fr = locale("fr", "download");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

async function shots(page: Page, info: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
    // From the top: a page scrolled to a link would show its fixed header across the middle of the shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    const file = info.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await info.attach(`${name}-${width}px`, { path: file, contentType: "image/png" });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The files' rows (in the site's database) and the keys the storage holds, disk or bucket. */
async function storedFiles(shop: OwnerShop, s3: S3TestServer | undefined) {
  const query = "SELECT name, storage_key AS key FROM order_files ORDER BY created_at";
  let rows: Array<{ name: string; key: string }>;
  if (shop.databaseUrl) {
    const client = new pg.Client(shop.databaseUrl);
    await client.connect();
    rows = (await client.query(query).finally(() => client.end())).rows;
  } else {
    const db = openLiveDatabase(path.join(shop.server.dataDir, "orders.sqlite"), { readOnly: true });
    rows = db.prepare(query).all() as typeof rows;
    db.close();
  }
  const keys = s3 ? await s3.keys("orders/") : await new DiskFileStorage(shop.server.dataDir).list("orders/");
  return { rows, keys, onDisk: await new DiskFileStorage(shop.server.dataDir).list("") };
}

for (const setup of SETUPS) {
  test(`brief, delivery, revision and acceptance, on a phone (${setup.store}, files on ${setup.files})`, async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(240_000);
    const started = Date.now();
    let s3: S3TestServer | undefined;
    let shop: OwnerShop | undefined;
    try {
      s3 = setup.files === "s3" ? await startS3Server() : undefined;
      shop = await startOwnerShop(setup.store, { LINK_SECRET, ...s3?.env });
      const server = shop.server;
      // The server really runs on the store under test: no SQLite file beside a PostgreSQL one.
      expect(fs.existsSync(path.join(server.dataDir, "orders.sqlite"))).toBe(setup.store === "sqlite");
      const outbox = (prefix: string) => {
        const dir = path.join(server.dataDir, "outbox");
        // Finished emails only: the mailer writes a .tmp file and renames it, and a poll may see the .tmp just before it goes.
        const file = emlFiles(server.dataDir).find((name) => name.includes(prefix));
        return file ? decodeMail(fs.readFileSync(path.join(dir, file), "utf8")) : undefined;
      };
      await page.setViewportSize({ width: 390, height: 844 });
      await payInSandbox(
        server.url,
        "short-videos",
        "fr",
        ines("Livraison", { videoTopic: "Recettes", videoBrand: "studio-ines.example", comments: "" }),
      );

      // The customer: the link from the confirmation email.
      let link: string | undefined;
      await expect
        .poll(
          () => (link = /https?:\/\/[^\s"]+\/order\/[\w.-]+\?lang=fr/.exec(outbox("-confirmation.eml") ?? "")?.[0]),
          { timeout: 60_000 },
        )
        .toBeTruthy();
      await page.goto(link!);
      await page.getByLabel(fr.brief.label).fill("Mon logo, des couleurs chaudes, un ton simple.");
      await page.getByLabel(fr.brief.files).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
      await page.getByRole("button", { name: fr.brief.send }).click();
      await expect(page.getByTestId("work-done")).toHaveText(fr.done.saved);
      await expect(page.getByTestId("brief-files")).toContainText("logo.png");

      // The owner: the order in To deliver, its brief, then the delivery of a link and a file.
      const owner = await browser.newContext({
        viewport: { width: 390, height: 844 },
        javaScriptEnabled: info.project.name !== "js-off",
        locale: "en",
      });
      await shop.signIn(owner);
      const admin = await owner.newPage();
      await admin.setExtraHTTPHeaders({ "Accept-Language": "en" });
      await admin.goto(`${server.url}/admin/orders?state=to-deliver`);
      await admin
        .getByRole("link", { name: /Livraison/ })
        .first()
        .click();
      await expect(admin.getByTestId("owner-brief")).toContainText("Mon logo, des couleurs chaudes");
      await expect(admin.getByTestId("owner-brief-files")).toContainText("logo.png");
      const form = admin.getByTestId("deliver-form");
      await form.getByLabel(en.admin.link).fill("https://videos.example.com/ines");
      await form.getByLabel(en.admin.linkLabel).fill("Vos vidéos");
      await form
        .getByLabel(en.admin.files)
        .setInputFiles({ name: "montage final.pdf", mimeType: "application/pdf", buffer: PDF });
      await form.getByLabel(en.admin.note).fill("Voici la première version.");
      await form.getByRole("button", { name: en.admin.deliver }).click();
      await expect(admin.getByTestId("work-delivered")).toHaveText(en.admin.delivered);
      await expect(admin.getByTestId("deliveries")).toContainText("montage final.pdf");

      // The customer's email and page show them.
      await expect
        .poll(() => outbox("-work-delivered.") ?? "", { timeout: 60_000 })
        .toContain("https://videos.example.com/ines");
      expect(outbox("-work-delivered.")).toContain("montage final.pdf");
      await page.goto(link!);
      await expect(page.getByTestId("delivery-link")).toHaveAttribute("href", "https://videos.example.com/ines");
      await expect(page.getByTestId("delivery-files")).toContainText("montage final.pdf");
      // Short videos deliver 8 a month: this one counts.
      await expect(page.getByTestId("allowance")).toHaveText(
        fr.deliveries.allowance.replace("{{done}}", "1").replace("{{total}}", "8"),
      );
      const download = page.waitForEvent("download");
      await page.getByTestId("delivery-files").getByRole("link", { name: "montage final.pdf" }).click();
      expect((await download).suggestedFilename()).toBe("montage final.pdf");
      await shots(page, info, "customer-order-page");

      // Where the files went: a row each in the site's database, their bytes in the storage under
      // test (the bucket on S3, nothing in DATA_DIR/files then), the same keys.
      const stored = await storedFiles(shop, s3);
      expect(stored.rows.map((row) => row.name)).toEqual(["logo.png", "montage final.pdf"]);
      expect(stored.keys).toEqual(stored.rows.map((row) => row.key).sort());
      expect(stored.keys).toHaveLength(2);
      expect(stored.onDisk).toEqual(setup.files === "disk" ? stored.keys : []);

      // The download links: signed for this file and short-lived, answered as an attachment, never sniffed.
      const href = (await page
        .getByTestId("delivery-files")
        .getByRole("link", { name: "montage final.pdf" })
        .getAttribute("href"))!;
      const [, fileToken = ""] = /^\/files\/([^?/]+)\?lang=fr$/.exec(href) ?? [];
      const [fileId = "", purpose, expiry = ""] = fileToken.split(".");
      expect(purpose).toBe("file");
      const expiresAt = Number.parseInt(expiry, 36) * 1000;
      expect(expiresAt).toBeGreaterThan(Date.now());
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + FILE_LINK_TTL_MS);
      const answer = await page.request.get(server.url + href);
      expect(answer.status()).toBe(200);
      expect(answer.headers()["content-disposition"]).toMatch(/^attachment; filename="montage final\.pdf"/);
      expect(answer.headers()["x-content-type-options"]).toBe("nosniff");
      expect((await answer.body()).equals(PDF)).toBe(true);
      // Its time moved on in the link without the site's signature: not a link of the site at all.
      const later = fileToken.replace(`.${expiry}.`, `.${(Number.parseInt(expiry, 36) + 3600).toString(36)}.`);
      expect((await page.request.get(`${server.url}/files/${later}?lang=fr`)).status()).toBe(404);
      // A genuine link signed 16 minutes ago has expired: a 410 in the customer's language, saying where the page's link is.
      const old = createSignedLinks(LINK_SECRET).sign(fileId, "file", FILE_LINK_TTL_MS, Date.now() - 16 * 60_000);
      const gone = await page.goto(`${server.url}/files/${old}?lang=fr`);
      expect(gone?.status()).toBe(410);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(download_fr.expired.title);
      await shots(page, info, "download-expired");
      await expect(page.getByTestId("download-expired")).toContainText(download_fr.expired.where);
      await expect(page.getByRole("link")).toHaveCount(0);
      await page.goBack();
      await expect(page.getByTestId("delivery-files")).toContainText("montage final.pdf");

      // A revision; the owner sees it (and the order back in To deliver).
      await page.getByLabel(fr.revision.label).fill("Un début plus rythmé, s'il vous plaît.");
      await page
        .getByLabel(fr.revision.files)
        .setInputFiles({ name: "mes notes.pdf", mimeType: "application/pdf", buffer: PDF });
      await page.getByRole("button", { name: fr.revision.send }).click();
      await expect(page.getByTestId("work-done")).toHaveText(fr.done.revision);
      await expect(page.getByTestId("revision")).toContainText("Un début plus rythmé");
      await admin.goto(`${server.url}/admin/orders?state=to-deliver`);
      await admin
        .getByRole("link", { name: /Livraison/ })
        .first()
        .click();
      await expect(admin.getByTestId("revision-open")).toBeVisible();
      await expect(admin.getByTestId("revision")).toContainText("Un début plus rythmé");
      await expect(admin.getByTestId("revision-files")).toContainText("mes notes.pdf");
      // The revision's file went to the same storage.
      const withRevision = await storedFiles(shop, s3);
      expect(withRevision.rows.map((row) => row.name)).toEqual(["logo.png", "montage final.pdf", "mes notes.pdf"]);
      expect(withRevision.keys).toEqual(withRevision.rows.map((row) => row.key).sort());
      expect(withRevision.onDisk).toEqual(setup.files === "disk" ? withRevision.keys : []);
      await expect(admin.getByTestId("allowance")).toHaveText(
        en.deliveries.allowance.replace("{{done}}", "1").replace("{{total}}", "8"),
      );
      await shots(admin, info, "admin-order-page");
      await expect.poll(() => outbox("-owner-revision.") ?? "", { timeout: 60_000 }).toContain("Un début plus rythmé");

      // The second delivery, then the customer accepts.
      await admin.getByTestId("deliver-form").getByLabel(en.admin.link).fill("https://videos.example.com/ines-v2");
      await admin.getByTestId("deliver-form").getByRole("button", { name: en.admin.deliver }).click();
      await expect(admin.getByTestId("work-delivered")).toBeVisible();
      await page.goto(link!);
      await page.getByRole("button", { name: fr.accept.button }).click();
      await expect(page.getByTestId("work-done")).toHaveText(fr.done.accepted);
      await expect(page.getByTestId("work-accepted")).toBeVisible();
      await expect.poll(() => outbox("-owner-accepted.") ?? "", { timeout: 60_000 }).toContain("accepted");
      await admin.reload();
      await expect(admin.getByTestId("owner-accepted")).toBeVisible();
      await owner.close();
    } finally {
      await shop?.stop();
      await s3?.stop();
      console.log(
        `delivery spec (${setup.store}, ${setup.files}, ${info.project.name}): ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  });
}
