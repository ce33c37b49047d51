import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { formatZonedDue } from "../../app/i18n/format.ts";
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
import { suiteServer } from "../support/suite.ts";

/**
 * The customer's own clock on their order page, over HTTP: the order form sent with JavaScript on
 * carries the browser's zone (public/forms.js fills its hidden `tz`), and the order page then tells
 * every time in that zone, named once; without it, the owner's zone (OWNER_TIME_ZONE, Tokyo here);
 * a zone Intl does not know, an offset or markup is ignored, the order placed as any other.
 */
const server = suiteServer({
  LOG_LEVEL: "silent",
  ORDER_RATE_LIMIT: "0",
  OUTBOX_POLL_MS: "100",
  OWNER_LANG: "en",
  OWNER_TIME_ZONE: "Asia/Tokyo",
});
const en = JSON.parse(fs.readFileSync(path.resolve("locales/en/order-page.json"), "utf8"));
const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** An order of the test workflow (due 24 hours after payment) with `tz` as posted, paid; its page as the customer opens it. */
async function orderPageWith(tz: string | null, email: string) {
  const created = await postOrder(
    server.url,
    "test-workflow",
    "en",
    orderForm({ email, ...(tz === null ? {} : { tz }) }),
  );
  expect(created.status, `the order form with tz=${tz}`).toBe(303);
  const paid = await postForm(server.url + created.headers.get("location")!, SANDBOX_PAY);
  expect((await fetch(server.url + paid.headers.get("location")!)).status).toBe(200);
  const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.email === email && o.state === "paid")!;
  const file = await waitFor(
    () => emlFiles(server.dataDir).find((f) => f === `${order.id}-confirmation.eml`),
    10_000,
    "confirmation",
  );
  const link = new RegExp(`${server.url}/order/[\\w.-]+\\?lang=en`).exec(
    decodeMail(fs.readFileSync(path.join(server.dataDir, "outbox", file), "utf8")),
  )![0];
  const res = await fetch(link);
  expect(res.status).toBe(200);
  return { order, page: decode(await res.text()) };
}

/** Every `<time>` of the page: its instant and what it says. */
const timesOf = (page: string) =>
  [...page.matchAll(/<time datetime="([^"]+)">([^<]+)<\/time>/gi)].map(([, at, label]) => ({ at: at!, label: label! }));
/** The page's visible text (no tags, no attributes). */
const textOf = (page: string) =>
  page.replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/g, " ").replace(/<[^>]+>/g, " ");

describe("the customer's order page tells times on the customer's clock", () => {
  test("sent from a browser in Montreal: every time in Montreal's zone, the zone named once", async () => {
    const { order, page } = await orderPageWith("America/Montreal", "montreal@example.com");
    expect(order.timeZone).toBe("America/Montreal");
    const times = timesOf(page);
    // The payment and the due time (24 hours later), at least.
    expect(times.length).toBeGreaterThanOrEqual(2);
    const due = new Date(Date.parse(order.paidAt!) + 24 * 3_600_000).toISOString();
    expect(times.map((time) => time.at)).toContain(due);
    for (const time of times)
      expect(time.label, time.at).toBe(formatZonedDue(new Date(time.at), "en", "America/Montreal", true, false));
    // Named once, on the page's one line; the owner's zone nowhere.
    const text = textOf(page);
    expect(text.split("America/Montreal")).toHaveLength(2);
    expect(page).toContain(
      `data-testid="order-time-zone">${en.page.timeZone.replace("{{zone}}", "America/Montreal")}<`,
    );
    expect(text).not.toContain("Tokyo");
    expect(text).not.toMatch(/\b(GMT|UTC|EST|EDT|JST)\b/);
  });

  test("without a zone (no JavaScript), or with one Intl does not know: the owner's zone, named once; never an error", async () => {
    let n = 0;
    for (const tz of [null, "", "Mars/Olympus", "+05:00", "<script>alert(1)</script>", "Europe/" + "x".repeat(80)]) {
      const { order, page } = await orderPageWith(tz, `owner-clock-${n++}@example.com`);
      expect(order.timeZone ?? null, String(tz)).toBeNull();
      const times = timesOf(page);
      expect(times.length).toBeGreaterThanOrEqual(2);
      for (const time of times)
        expect(time.label, `${tz} ${time.at}`).toBe(formatZonedDue(new Date(time.at), "en", "Asia/Tokyo", true, false));
      expect(textOf(page).split("Asia/Tokyo"), String(tz)).toHaveLength(2);
      expect(page).not.toContain("Mars/Olympus");
    }
  });
});
