import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, test } from "vitest";
import { FileRefused, readUpload, UPLOADS, type IncomingFile } from "./read-form.server.ts";

/** A multipart request as a browser sends it (undici writes the body as a stream). */
const upload = (files: Array<[string, Uint8Array]>, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [name, bytes] of files)
    form.append("files", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  return new Request("http://localhost/order/x", { method: "POST", body: form });
};

/** A handler that stores nothing: it counts the bytes it received. */
const counting = (sizes: number[]) => async (file: IncomingFile) => {
  let size = 0;
  await pipeline(
    file.stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        size += chunk.byteLength;
        done();
      },
    }),
  );
  sizes.push(size);
  return size;
};

/** An allowance kept in memory, checked and grown in one step as the database's conditional UPDATE does. */
const memoryAllowance = (maxFiles: number, maxBytes: number) => {
  const used = { files: 0, bytes: 0, lowest: 0 };
  return {
    used,
    async reserve(files: number, bytes: number) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (used.files + files > maxFiles || used.bytes + bytes > maxBytes) return false;
      used.files += files;
      used.bytes += bytes;
      return true;
    },
    async release(files: number, bytes: number) {
      used.files -= files;
      used.bytes -= bytes;
      used.lowest = Math.min(used.lowest, used.files, used.bytes);
    },
  };
};

describe("readUpload: multipart with files, streamed, capped", () => {
  test("concurrent uploads sharing one allowance: together they keep within it, and what stays reserved is what was kept", async () => {
    const allowance = memoryAllowance(10, 5 * 1024 * 1024);
    const reads = await Promise.all(
      Array.from({ length: 10 }, () =>
        readUpload(
          upload(Array.from({ length: 5 }, (_, i): [string, Uint8Array] => [`${i}.png`, new Uint8Array(300_000)])),
          "brief",
          [],
          counting([]),
          allowance,
        ),
      ),
    );
    const kept = reads.flatMap((read) => (read.ok ? read.files : []));
    // Each post is kept whole or refused whole (which ones win is a race; all may lose it).
    expect(kept.length).toBeLessThanOrEqual(10);
    expect(kept.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(5 * 1024 * 1024);
    expect(reads.filter((read) => !read.ok).length).toBeGreaterThanOrEqual(5);
    // What stays reserved is exactly what was kept: the refused posts gave theirs back, never below zero.
    expect(allowance.used).toEqual({ files: kept.length, bytes: kept.reduce((sum, size) => sum + size, 0), lowest: 0 });
    // So one more post that fits what is left is taken.
    const one = await readUpload(upload([["last.png", new Uint8Array(1000)]]), "brief", [], counting([]), allowance);
    expect(one.ok).toBe(kept.length < 10);
  });

  test("fields as readForm gives them and each file to its handler", async () => {
    const sizes: number[] = [];
    const read = await readUpload(
      upload(
        [
          ["a.png", new Uint8Array(1000)],
          ["b.png", new Uint8Array(3)],
        ],
        { brief: "hello", other: "x" },
      ),
      "brief",
      ["brief"],
      counting(sizes),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.form.get("brief")).toBe("hello");
    expect(read.form.has("other")).toBe(false);
    expect(read.files).toEqual([1000, 3]);
  });

  test("a file over the cap, too many files, a total over the allowance, a handler's refusal: refused, and the stored ones handed back", async () => {
    const big = await readUpload(
      upload([["big.png", new Uint8Array(UPLOADS.brief.maxFileBytes + 1)]]),
      "brief",
      [],
      counting([]),
    );
    expect(big).toMatchObject({ ok: false, status: 413, reason: "fileTooLarge" });
    const many = await readUpload(
      upload(Array.from({ length: 4 }, (_, i): [string, Uint8Array] => [`${i}.png`, new Uint8Array(10)])),
      "brief",
      [],
      counting([]),
      memoryAllowance(3, Infinity),
    );
    expect(many).toMatchObject({ ok: false, status: 413, reason: "tooManyFiles" });
    const total = await readUpload(
      upload([
        ["a.png", new Uint8Array(600)],
        ["b.png", new Uint8Array(600)],
      ]),
      "brief",
      [],
      counting([]),
      memoryAllowance(Infinity, 1000),
    );
    expect(total).toMatchObject({ ok: false, status: 413, reason: "tooLarge" });
    const handedBack: number[][] = [];
    let calls = 0;
    const refusing = async (file: IncomingFile) => {
      calls += 1;
      if (calls === 2) throw new FileRefused("fileType");
      return counting([])(file);
    };
    const typed = await readUpload(
      upload([
        ["a.png", new Uint8Array(5)],
        ["b.png", new Uint8Array(5)],
      ]),
      "brief",
      [],
      refusing,
      null,
      async (stored) => {
        handedBack.push(stored);
      },
    );
    expect(typed).toMatchObject({ ok: false, status: 415, reason: "fileType" });
    expect(handedBack).toEqual([[5]]);
  });

  test("not multipart, no boundary, truncated: refused", async () => {
    const plain = new Request("http://localhost/x", {
      method: "POST",
      body: "a=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await readUpload(plain, "brief", [], counting([]))).toMatchObject({ status: 415 });
    const noBoundary = new Request("http://localhost/x", {
      method: "POST",
      body: "--x\r\n",
      headers: { "Content-Type": "multipart/form-data" },
    });
    expect(await readUpload(noBoundary, "brief", [], counting([]))).toMatchObject({ status: 400, reason: "malformed" });
    const truncated = new Request("http://localhost/x", {
      method: "POST",
      body: '--x\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nabc',
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(await readUpload(truncated, "brief", [], counting([]))).toMatchObject({ status: 400, reason: "malformed" });
  });
});
