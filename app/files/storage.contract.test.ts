import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startS3Server, type S3TestServer } from "../../tests/support/s3-server.ts";
import { DiskFileStorage } from "./disk-storage.server.ts";
import { S3FileStorage } from "./s3-storage.server.ts";
import type { FileStorage } from "./storage.ts";

// The same promises, kept by both adapters: switching FILES_STORAGE must change nothing a page or
// the privacy pass relies on. The S3 side runs against a real S3-compatible server (s3rver).

const bytes = async (stream: Readable) => Buffer.concat(await stream.toArray());

/** `total` bytes in 64 KiB chunks, produced as they are read (a multi-MB body is never one buffer here either). */
function chunks(total: number, seed: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += 65_536) yield seed.subarray(0, Math.min(65_536, total - sent));
    })(),
  );
}

let s3: S3TestServer;
let diskDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  diskDir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-contract-"));
}, 300_000);

afterAll(async () => {
  await s3?.stop();
  if (diskDir) fs.rmSync(diskDir, { recursive: true, force: true });
});

const adapters: [string, () => FileStorage][] = [
  ["disk", () => new DiskFileStorage(diskDir)],
  [
    "s3",
    () =>
      new S3FileStorage({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
        listPageSize: 2,
      }),
  ],
];

describe.each(adapters)("the %s storage", (kind, open) => {
  test("a multi-MB stream round-trips byte for byte, and a second put replaces it", { timeout: 60_000 }, async () => {
    const storage = open();
    expect(storage.kind).toBe(kind);
    const seed = randomBytes(65_536);
    const total = 12 * 1024 * 1024 + 123;
    expect(await storage.put(`orders/${kind}-big/f1`, chunks(total, seed), "application/octet-stream")).toEqual({
      size: total,
    });
    const got = await storage.get(`orders/${kind}-big/f1`);
    expect(got?.size).toBe(total);
    const read = await bytes(got!.body);
    expect(read.length).toBe(total);
    expect(read.subarray(0, 65_536).equals(seed)).toBe(true);
    expect(read.subarray(total - 123).equals(seed.subarray(0, 123))).toBe(true);

    await storage.put(`orders/${kind}-big/f1`, Readable.from([Buffer.from("replaced")]), "text/plain");
    const again = await storage.get(`orders/${kind}-big/f1`);
    expect(again?.size).toBe(8);
    expect((await bytes(again!.body)).toString()).toBe("replaced");
  });

  test("get of a missing key is null; delete is idempotent", async () => {
    const storage = open();
    expect(await storage.get(`orders/${kind}-none/f1`)).toBeNull();
    await storage.put(`orders/${kind}-del/f1`, Readable.from([Buffer.from("x")]), "text/plain");
    await storage.delete(`orders/${kind}-del/f1`);
    await storage.delete(`orders/${kind}-del/f1`);
    expect(await storage.get(`orders/${kind}-del/f1`)).toBeNull();
    expect(await storage.list(`orders/${kind}-del/`)).toEqual([]);
  });

  test("list by prefix returns every key across several pages, and only under the prefix", async () => {
    const storage = open();
    const keys = ["a", "b", "c", "d", "e"].map((name) => `orders/${kind}-list/${name}`);
    for (const key of keys) await storage.put(key, Readable.from([Buffer.from(key)]), "text/plain");
    await storage.put(`orders/${kind}-list2/z`, Readable.from([Buffer.from("other order")]), "text/plain");
    expect(await storage.list(`orders/${kind}-list/`)).toEqual(keys);
  });

  test("a source stream that errors mid-way rejects and leaves nothing", { timeout: 60_000 }, async () => {
    const storage = open();
    const seed = randomBytes(65_536);
    async function* failing() {
      // Past one 5 MB part, so S3 has started a multipart upload that must be aborted.
      for (let sent = 0; sent < 6 * 1024 * 1024; sent += 65_536) yield seed;
      throw new Error("cap passed");
    }
    await expect(storage.put(`orders/${kind}-fail/f1`, Readable.from(failing()), "text/plain")).rejects.toThrow(
      "cap passed",
    );
    expect(await storage.get(`orders/${kind}-fail/f1`)).toBeNull();
    expect(await storage.list(`orders/${kind}-fail/`)).toEqual([]);
  });

  test("unsafe keys are refused before any I/O", async () => {
    const storage = open();
    for (const key of ["../etc/passwd", "orders//f", "orders/a/../b", "/orders/a", "orders/a b", "orders/é"]) {
      await expect(storage.put(key, Readable.from([Buffer.from("x")]), "text/plain")).rejects.toThrow(
        "unsafe storage key",
      );
      await expect(storage.get(key)).rejects.toThrow("unsafe storage key");
      await expect(storage.delete(key)).rejects.toThrow("unsafe storage key");
    }
  });
});
