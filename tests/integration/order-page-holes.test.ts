import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { paidSandboxOrder } from "../support/orders.ts";
import { settledLogs } from "../support/logs.ts";
import { startServer, type RunningServer } from "../support/server.ts";

/**
 * The customer's order page tried as an attacker would: concurrent brief posts to one order
 * together keep within its allowance (10 files, 50 MB), which never goes negative; and a journey's
 * log (access lines at info, as in production) holds no order-page token nor file-link token.
 * Runs on SQLite and on PostgreSQL (BOTH_STORES).
 */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const MB = 1024 * 1024;
/** A PNG's signature and then `size` bytes in all: its type is read from the first bytes. */
const png = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    LOG_LEVEL: "info",
    ORDER_RATE_LIMIT: "0",
    OUTBOX_POLL_MS: "100",
    CONTACT_EMAIL: "support@example.com",
    OWNER_EMAIL: "owner@example.com",
  });
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

const storedSizes = (orderId: string) => {
  const dir = path.join(server.dataDir, "files", "orders", orderId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => fs.statSync(path.join(dir, name)).size) : [];
};

const paidOrder = (offer: string, lang: string, email: string) => paidSandboxOrder(server, offer, lang, email);

const brief = (list: Buffer[], text = "") => {
  const form = new FormData();
  if (text) form.set("brief", text);
  list.forEach((bytes, i) =>
    form.append("files", new Blob([new Uint8Array(bytes)], { type: "image/png" }), `p${i}.png`),
  );
  return form;
};
const post = (target: string, body: FormData) =>
  fetch(server.url + target, { method: "POST", body, redirect: "manual" });

describe("the upload allowance, under concurrent posts", () => {
  test("10 parallel brief posts of 3 files each store at most 10 files; the allowance then refuses one more", async () => {
    const { order, page } = await paidOrder("short-videos", "en", "parallel-files@example.com");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(page, brief([png(10_000), png(10_000), png(10_000)], `post ${i}`))),
    );
    const statuses = answers.map((res) => res.status);
    // Each post is kept whole or refused whole ("too many files"); which ones win is a race.
    expect(statuses.every((status) => status === 303 || status === 413)).toBe(true);
    const stored = storedSizes(order.id);
    expect(stored.length).toBeLessThanOrEqual(10);
    expect(stored.length).toBe(3 * statuses.filter((status) => status === 303).length);
    // The refused posts gave back what they reserved: the rest of the allowance is there to use…
    const rest = 10 - stored.length;
    if (rest) expect((await post(page, brief(Array.from({ length: rest }, () => png(1000))))).status).toBe(303);
    expect(storedSizes(order.id)).toHaveLength(10);
    // …and never more, nor negative: one more file is refused (past ten files the old check turned itself off).
    expect((await post(page, brief([png(1000)]))).status).toBe(413);
    expect((await post(page, brief([png(1000)]))).status).toBe(413);
    expect(storedSizes(order.id)).toHaveLength(10);
  });

  test("10 parallel brief posts of one 9.5 MB file each store at most 50 MB", async () => {
    const { order, page } = await paidOrder("short-videos", "fr", "parallel-bytes@example.com");
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(page, brief([png(9.5 * MB)]))));
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((status) => status === 303 || status === 413)).toBe(true);
    const stored = storedSizes(order.id);
    const total = stored.reduce((sum, size) => sum + size, 0);
    expect(total).toBeLessThanOrEqual(50 * MB);
    expect(stored.length).toBe(statuses.filter((status) => status === 303).length);
    // What the refused posts reserved was given back: files that fill what is left are taken, to the byte…
    for (let left = 50 * MB - total; left > 0; left -= Math.min(left, 9.5 * MB))
      expect((await post(page, brief([png(Math.min(left, 9.5 * MB))]))).status).toBe(303);
    expect(storedSizes(order.id).reduce((sum, size) => sum + size, 0)).toBe(50 * MB);
    // …and not one more.
    expect((await post(page, brief([png(1000)]))).status).toBe(413);
  });
});

describe("the log of a journey", () => {
  test("holds no order-page token and no file-link token", async () => {
    const { page, token } = await paidOrder("short-videos", "de", "log-journey@example.com");
    expect((await fetch(server.url + page)).status).toBe(200);
    expect((await post(page, brief([png(5000)], "Unser Logo, bitte."))).status).toBe(303);
    const html = await (await fetch(server.url + page)).text();
    const fileLink = /href="(\/files\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&");
    const download = await fetch(server.url + fileLink);
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    const fileToken = fileLink.split("/files/")[1]!.split("?")[0]!;
    const logs = await settledLogs(server);
    expect(logs).toContain("/order/[redacted]");
    expect(logs).toContain("/files/[redacted]");
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(encodeURIComponent(token));
    expect(logs).not.toContain(fileToken);
  });
});
