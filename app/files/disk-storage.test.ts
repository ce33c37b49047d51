import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { expect, test } from "vitest";
import { DiskFileStorage } from "./disk-storage.server.ts";

const text = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString();

test("the disk storage: put, get, list by prefix, delete; a body that fails leaves nothing, not even its temporary file", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "disk-storage-"));
  const storage = new DiskFileStorage(dir);
  expect(
    await storage.put("orders/o1/f1", Readable.from([Buffer.from("hello "), Buffer.from("world")]), "text/plain"),
  ).toEqual({ size: 11 });
  await storage.put("orders/o2/f2", Readable.from([Buffer.from("x")]), "text/plain");
  const got = await storage.get("orders/o1/f1");
  expect(got?.size).toBe(11);
  expect(await text(got!.body)).toBe("hello world");
  expect(await storage.list("orders/o1/")).toEqual(["orders/o1/f1"]);
  expect(await storage.list("orders/")).toEqual(["orders/o1/f1", "orders/o2/f2"]);

  async function* failing() {
    yield Buffer.from("partial");
    throw new Error("cap passed");
  }
  await expect(storage.put("orders/o1/f3", Readable.from(failing()), "text/plain")).rejects.toThrow("cap passed");
  expect(fs.readdirSync(path.join(dir, "files", "orders", "o1"))).toEqual(["f1"]);
  expect(await storage.get("orders/o1/f3")).toBeNull();

  await storage.delete("orders/o1/f1");
  await storage.delete("orders/o1/f1");
  expect(await storage.list("orders/o1/")).toEqual([]);
  await expect(storage.get("../etc/passwd")).rejects.toThrow("unsafe storage key");
});
