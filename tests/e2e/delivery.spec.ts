import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { decodeMail, ines, payInSandbox } from "../support/orders.ts";
import { startOwnerShop, type OwnerShop } from "../support/owner-shop.ts";

/**
 * The work after payment in a browser, on a phone, on SQLite with files on disk: a sandbox order →
 * the order page from the confirmation email's link → the brief and one image → the owner sees it
 * in "To deliver", delivers a link and a file → the customer's email and page show them → a
 * revision → the owner sees it → the customer accepts. Plain forms: the same steps with scripts
 * off (js-off) and on (js-on). Screenshots of both pages at 390 px and 1280 px are attached.
 */
const locale = (lang: string, ns: string) => JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const fr = locale("fr", "delivery");
const en = locale("en", "delivery");
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

let shop: OwnerShop;

async function shots(page: Page, info: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
    const file = info.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await info.attach(`${name}-${width}px`, { path: file, contentType: "image/png" });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("brief, delivery, revision and acceptance, on a phone", async ({ page, browser }, info) => {
  test.setTimeout(240_000);
  shop = await startOwnerShop("sqlite");
  try {
    const server = shop.server;
    const outbox = (prefix: string) => {
      const dir = path.join(server.dataDir, "outbox");
      const file = fs.existsSync(dir) ? fs.readdirSync(dir).find((name) => name.includes(prefix)) : undefined;
      return file ? decodeMail(fs.readFileSync(path.join(dir, file), "utf8")) : undefined;
    };
    await page.setViewportSize({ width: 390, height: 844 });
    await payInSandbox(server.url, "short-videos", "fr", ines("Livraison", { videoTopic: "Recettes", videoBrand: "studio-ines.example", comments: "" }));

    // The customer: the link from the confirmation email.
    let link: string | undefined;
    await expect.poll(() => (link = /https?:\/\/[^\s"]+\/order\/[\w.-]+\?lang=fr/.exec(outbox("-confirmation.eml") ?? "")?.[0]), { timeout: 30_000 }).toBeTruthy();
    await page.goto(link!);
    await page.getByLabel(fr.brief.label).fill("Mon logo, des couleurs chaudes, un ton simple.");
    await page.getByLabel(fr.brief.files).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: fr.brief.send }).click();
    await expect(page.getByTestId("work-done")).toHaveText(fr.done.saved);
    await expect(page.getByTestId("brief-files")).toContainText("logo.png");

    // The owner: the order in To deliver, its brief, then the delivery of a link and a file.
    const owner = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: info.project.name !== "js-off", locale: "en" });
    await shop.signIn(owner);
    const admin = await owner.newPage();
    await admin.setExtraHTTPHeaders({ "Accept-Language": "en" });
    await admin.goto(`${server.url}/admin/orders?state=to-deliver`);
    await admin.getByRole("link", { name: /Livraison/ }).first().click();
    await expect(admin.getByTestId("owner-brief")).toContainText("Mon logo, des couleurs chaudes");
    await expect(admin.getByTestId("owner-brief-files")).toContainText("logo.png");
    const form = admin.getByTestId("deliver-form");
    await form.getByLabel(en.admin.link).fill("https://videos.example.com/ines");
    await form.getByLabel(en.admin.linkLabel).fill("Vos vidéos");
    await form.getByLabel(en.admin.files).setInputFiles({ name: "montage final.pdf", mimeType: "application/pdf", buffer: PDF });
    await form.getByLabel(en.admin.note).fill("Voici la première version.");
    await form.getByRole("button", { name: en.admin.deliver }).click();
    await expect(admin.getByTestId("work-delivered")).toHaveText(en.admin.delivered);
    await expect(admin.getByTestId("deliveries")).toContainText("montage final.pdf");

    // The customer's email and page show them.
    await expect.poll(() => outbox("-work-delivered.") ?? "", { timeout: 30_000 }).toContain("https://videos.example.com/ines");
    expect(outbox("-work-delivered.")).toContain("montage final.pdf");
    await page.goto(link!);
    await expect(page.getByTestId("delivery-link")).toHaveAttribute("href", "https://videos.example.com/ines");
    await expect(page.getByTestId("delivery-files")).toContainText("montage final.pdf");
    // Short videos deliver 8 a month: this one counts.
    await expect(page.getByTestId("allowance")).toHaveText(fr.deliveries.allowance.replace("{{done}}", "1").replace("{{total}}", "8"));
    const download = page.waitForEvent("download");
    await page.getByTestId("delivery-files").getByRole("link", { name: "montage final.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("montage final.pdf");
    await shots(page, info, "customer-order-page");

    // A revision; the owner sees it (and the order back in To deliver).
    await page.getByLabel(fr.revision.label).fill("Un début plus rythmé, s'il vous plaît.");
    await page.getByLabel(fr.revision.files).setInputFiles({ name: "mes notes.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: fr.revision.send }).click();
    await expect(page.getByTestId("work-done")).toHaveText(fr.done.revision);
    await expect(page.getByTestId("revision")).toContainText("Un début plus rythmé");
    await admin.goto(`${server.url}/admin/orders?state=to-deliver`);
    await admin.getByRole("link", { name: /Livraison/ }).first().click();
    await expect(admin.getByTestId("revision-open")).toBeVisible();
    await expect(admin.getByTestId("revision")).toContainText("Un début plus rythmé");
    await expect(admin.getByTestId("revision-files")).toContainText("mes notes.pdf");
    await expect(admin.getByTestId("allowance")).toHaveText(en.deliveries.allowance.replace("{{done}}", "1").replace("{{total}}", "8"));
    await shots(admin, info, "admin-order-page");
    await expect.poll(() => outbox("-owner-revision.") ?? "", { timeout: 30_000 }).toContain("Un début plus rythmé");

    // The second delivery, then the customer accepts.
    await admin.getByTestId("deliver-form").getByLabel(en.admin.link).fill("https://videos.example.com/ines-v2");
    await admin.getByTestId("deliver-form").getByRole("button", { name: en.admin.deliver }).click();
    await expect(admin.getByTestId("work-delivered")).toBeVisible();
    await page.goto(link!);
    await page.getByRole("button", { name: fr.accept.button }).click();
    await expect(page.getByTestId("work-done")).toHaveText(fr.done.accepted);
    await expect(page.getByTestId("work-accepted")).toBeVisible();
    await expect.poll(() => outbox("-owner-accepted.") ?? "", { timeout: 30_000 }).toContain("accepted");
    await admin.reload();
    await expect(admin.getByTestId("owner-accepted")).toBeVisible();
    await owner.close();
  } finally {
    await shop.stop();
  }
});
