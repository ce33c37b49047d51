import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { z } from "./zod.ts";
import * as zm from "./zod-mini.ts";

// Zod must never try `new Function` in the browser (the CSP refuses it): app/lib/zod.ts and
// zod-mini.ts set it jitless before any schema is built, so they are the app's only way to zod.

const appDir = path.resolve(import.meta.dirname, "..");
const WRAPPERS = new Set(["lib/zod.ts", "lib/zod-mini.ts"]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

test("app/ takes zod only from app/lib/zod.ts or zod-mini.ts", () => {
  const direct = sources(appDir)
    .map((file) => path.relative(appDir, file).split(path.sep).join("/"))
    .filter((file) => !WRAPPERS.has(file))
    .filter((file) =>
      /from\s+["']zod(\/[^"']*)?["']|import\(\s*["']zod/.test(fs.readFileSync(path.join(appDir, file), "utf8")),
    );
  expect(direct).toEqual([]);
});

test("both ways in leave zod jitless", () => {
  expect(z.config().jitless).toBe(true);
  expect(zm.config().jitless).toBe(true);
});
