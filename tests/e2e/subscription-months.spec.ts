import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { openLiveDatabase } from "../support/live-db.ts";
import { decodeMail, emlFiles, ines, payInSandbox } from "../support/orders.ts";
import { attachShots, startOwnerShop } from "../support/owner-shop.ts";

/**
 * A subscriber's order page on a phone, month by month: short videos paid in the sandbox, month
 * 1's brief sent, two videos delivered, then the month ends (the sandbox renews it itself): the
 * page leads with month 2's brief and its count, month 1 sits below, folded, and opens on a tap
 * with its brief and videos. Plain forms and a <details>: the same with scripts off and on.
 * Screenshots at 390 px and 320 px are attached (test-results/).
 */
const locale = (lang: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/${ns}.json`), "utf8"));
const fr = locale("fr", "delivery");

test("a subscriber's page: this month first, its brief and count; last month folded below", async ({ page }, info) => {
  test.setTimeout(120_000);
  const shop = await startOwnerShop("sqlite");
  try {
    const server = shop.server;
    await page.setViewportSize({ width: 390, height: 844 });
    await payInSandbox(server.url, "short-videos", "fr", ines("Mensuel", { videoTopic: "Recettes", comments: "" }));
    let link: string | undefined;
    await expect
      .poll(
        () => {
          const file = emlFiles(server.dataDir).find((name) => name.endsWith("-confirmation.eml"));
          const mail = file ? decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8")) : "";
          return (link = /https?:\/\/[^\s"]+\/order\/[\w.-]+\?lang=fr/.exec(mail)?.[0]);
        },
        { timeout: 30_000 },
      )
      .toBeTruthy();

    // Month 1: its brief, then two videos from the owner's delivery form.
    await page.goto(link!);
    await page.getByLabel(fr.brief.label).fill("Mois 1 : des recettes d'automne, une soupe au potiron.");
    await page.getByRole("button", { name: fr.brief.send }).click();
    await expect(page.getByTestId("work-done")).toHaveText(fr.done.saved);
    const db = openLiveDatabase(path.join(server.dataDir, "orders.sqlite"));
    const orderId = (db.prepare("SELECT id FROM orders WHERE email = ?").get("mensuel@example.com") as { id: string })
      .id;
    for (const n of [1, 2]) {
      const round = /name="round" value="(\d+)"/.exec(await (await shop.owner.get(`/admin/orders/${orderId}`)).text())!;
      const form = new FormData();
      form.set("round", round[1]!);
      form.set("link", `https://videos.example.com/automne-${n}`);
      form.set("linkLabel", `Vidéo ${n}`);
      expect(
        (await shop.owner.request(`/admin/orders/${orderId}/deliver`, { method: "POST", body: form })).status,
      ).toBe(303);
    }
    await page.goto(link!);
    await expect(page.getByTestId("allowance")).toHaveText(
      fr.deliveries.allowance.replace("{{done}}", "2").replace("{{total}}", "8"),
    );
    await expect(page.getByTestId("accept-piece")).toHaveCount(1);
    await attachShots(page, info, "subscriber-month-1", [390, 320]);

    // The month ends: the sandbox renews the subscription; month 2 opens with its own brief first.
    // As if a month had passed: the period (and what was delivered in it) ended a minute ago.
    const ended = new Date(Date.now() - 60_000).toISOString();
    const { period_end: before } = db.prepare("SELECT period_end FROM orders WHERE id = ?").get(orderId) as {
      period_end: string;
    };
    db.prepare("UPDATE orders SET period_end = ? WHERE id = ?").run(ended, orderId);
    for (const table of ["order_deliveries", "order_events"])
      db.prepare(`UPDATE ${table} SET period = ? WHERE order_id = ? AND period = ?`).run(ended, orderId, before);
    db.close();
    await expect
      .poll(
        async () => {
          await page.goto(link!);
          return page.getByTestId("brief-first").count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect(page.getByTestId("brief-first").getByRole("heading")).toHaveText(
      fr.period.briefFirstTitle.replace("{{number}}", "2"),
    );
    await expect(page.getByTestId("allowance")).toHaveText(
      fr.deliveries.allowance.replace("{{done}}", "0").replace("{{total}}", "8"),
    );
    // Month 1 below, folded: its videos hidden until it is opened.
    const past = page.getByTestId("past-period");
    await expect(past).toHaveCount(1);
    await expect(past.getByTestId("delivery-link").first()).toBeHidden();
    await past.locator("summary").click();
    await expect(past.getByTestId("delivery-link")).toHaveText(["Vidéo 1", "Vidéo 2"]);
    await expect(past.getByTestId("past-brief")).toContainText("soupe au potiron");
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `at ${width}px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: info.outputPath(`subscriber-month-2-${width}.png`), fullPage: true });
    }
    await attachShots(page, info, "subscriber-month-2", [390, 320]);
  } finally {
    await shop.stop();
  }
});
