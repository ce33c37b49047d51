import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openStores, type Stores } from "../../app/stores.server.ts";
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
import { startS3Server, type S3TestServer } from "../support/s3-server.ts";
import { startServer, tempDataDir, type RunningServer } from "../support/server.ts";
import { testPostgres } from "../support/store.ts";

/**
 * The brief's upload allowance (10 files, 50 MB) holds across instances: two instances of the site
 * on one PostgreSQL, their files on one S3 bucket (s3rver), and 10 brief posts at once, split
 * between them, store at most the allowance, in the database and in the bucket alike, and the
 * allowance's counter says exactly what is stored (never more, never negative). Before the
 * allowance was reserved in the store as the bytes arrived, 10 parallel posts to one 1 € order
 * stored 491 MB and 50 files.
 */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const MB = 1024 * 1024;
/** A PNG of `size` bytes (its signature first: the upload reads the type from the bytes). */
const png = (size: number) => new Blob([new Uint8Array(Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]))]);

const servers: RunningServer[] = [];
let s3: S3TestServer;
let databaseUrl: string;
let repo: Stores;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  s3 = await startS3Server();
  databaseUrl = await (await testPostgres()).createDatabase();
  const env = {
    LOG_LEVEL: "silent",
    ORDER_RATE_LIMIT: "0",
    OUTBOX_POLL_MS: "100",
    DATABASE_URL: databaseUrl,
    ...s3.env,
  };
  [a, b] = await Promise.all([
    startServer({ ...env, DATA_DIR: tempDataDir() }),
    startServer({ ...env, DATA_DIR: tempDataDir() }),
  ]);
  servers.push(a, b);
  repo = await openStores({ DATA_DIR: a.dataDir, DATABASE_URL: databaseUrl });
});
afterAll(async () => {
  await repo?.close();
  for (const server of servers) await server.stop();
  await s3?.stop().catch(() => {});
});

/** A paid order (sandbox, on A) and its page's address, from the confirmation whichever instance sent it. */
async function paidOrder(email: string) {
  const created = await postOrder(a.url, "test-workflow", "en", orderForm({ email }));
  expect(created.status).toBe(303);
  expect((await postForm(a.url + created.headers.get("location")!, SANDBOX_PAY)).status).toBe(303);
  const order = (await readStore(a.dataDir, databaseUrl)).orders.find((o) => o.customer.email === email)!;
  const sent = await waitFor(
    () =>
      [a, b]
        .map((server) => ({ server, file: emlFiles(server.dataDir).find((f) => f === `${order.id}-confirmation.eml`) }))
        .find((found) => found.file),
    15_000,
    "confirmation",
  );
  const raw = decodeMail(fs.readFileSync(path.join(sent.server.dataDir, "outbox", sent.file!), "utf8"));
  const link = new RegExp(`(/order/[\\w.-]+)\\?lang=\\w\\w`).exec(raw)!;
  return { order, page: `${link[1]}?lang=en` };
}

/** Ten brief posts at once, every other one on B, each with `files` files of `size` bytes. */
async function tenPosts(page: string, files: number, size: number) {
  return Promise.all(
    Array.from({ length: 10 }, async (_, n) => {
      const form = new FormData();
      form.set("brief", `Post ${n}`);
      for (let f = 0; f < files; f++) form.append("files", png(size), `post-${n}-${f}.png`);
      const server = n % 2 ? b : a;
      const res = await fetch(server.url + page, { method: "POST", body: form, redirect: "manual" });
      await res.arrayBuffer();
      return res.status;
    }),
  );
}

/** What is stored of the order's brief: its file rows, their bytes, the keys in the bucket, the counter. */
async function stored(orderId: string) {
  const rows = await repo.db
    .selectFrom("order_files")
    .select(["size"])
    .where("order_id", "=", orderId)
    .where("kind", "=", "brief")
    .execute();
  const counter = await repo.db
    .selectFrom("upload_allowances")
    .select(["files", "bytes"])
    .where("order_id", "=", orderId)
    .where("scope", "=", "brief")
    .executeTakeFirst();
  return {
    files: rows.length,
    bytes: rows.reduce((sum, row) => sum + Number(row.size), 0),
    keys: (await s3.keys(`orders/${orderId}/`)).length,
    counter: counter ? { files: Number(counter.files), bytes: Number(counter.bytes) } : null,
  };
}

describe("the brief's allowance on two instances, one PostgreSQL, one S3 bucket", () => {
  test("10 posts at once of 3 files each: at most 10 files stored, the bucket and the counter agree", async () => {
    const { order, page } = await paidOrder("ten-posts-files@example.com");
    const statuses = await tenPosts(page, 3, 20_000);
    // Each post is either stored (303) or refused whole (413: too many files), never a 500.
    expect(
      statuses.every((status) => status === 303 || status === 413),
      statuses.join(","),
    ).toBe(true);
    expect(statuses.filter((status) => status === 303).length).toBeGreaterThan(0);
    const after = await stored(order.id);
    expect(after.files).toBeLessThanOrEqual(10);
    expect(after.files).toBe(3 * statuses.filter((status) => status === 303).length);
    expect(after.keys).toBe(after.files);
    expect(after.counter).toEqual({ files: after.files, bytes: after.bytes });
  });

  test("10 posts at once of a 9 MB file each: at most 50 MB stored, the bucket and the counter agree", async () => {
    const { order, page } = await paidOrder("ten-posts-bytes@example.com");
    const statuses = await tenPosts(page, 1, 9 * MB);
    expect(
      statuses.every((status) => status === 303 || status === 413),
      statuses.join(","),
    ).toBe(true);
    const after = await stored(order.id);
    expect(after.bytes).toBeLessThanOrEqual(50 * MB);
    expect(after.files).toBeLessThanOrEqual(5);
    expect(after.files).toBe(statuses.filter((status) => status === 303).length);
    expect(after.keys).toBe(after.files);
    expect(after.counter).toEqual({ files: after.files, bytes: after.bytes });
  });
});
