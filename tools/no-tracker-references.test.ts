import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// The repository has no issue tracker, so a comment that names a ticket number tells a reader
// nothing: comments say why, and a decision is pointed at by its ADR (docs/decisions/). The code,
// its tests, tools and bench, and the configuration files at the root are read; the README and
// docs/ may tell the project's history.
const root = path.resolve(import.meta.dirname, "..");
const FOLDERS = ["app", "server", "scripts", "tools", "tests", "bench"];
const SKIPPED = new Set(["node_modules", "build", "out", ".react-router", "test-results", "playwright-report"]);
const CODE = /\.(ts|tsx|js|mjs|cjs|css|sh)$/;
const TICKET = /\bissue #?\d+/i;

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : codeFiles(full);
    return CODE.test(entry.name) ? [full] : [];
  });
}

test("no code, test, tool or configuration file names a ticket number", () => {
  const atRoot = fs
    .readdirSync(root)
    .filter((name) => CODE.test(name))
    .map((name) => path.join(root, name));
  const files = [...FOLDERS.flatMap((folder) => codeFiles(path.join(root, folder))), ...atRoot];
  expect(files.length).toBeGreaterThan(100);
  const found = files.flatMap((file) =>
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, index) =>
        TICKET.test(line) ? [`${path.relative(root, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  expect(found).toEqual([]);
});
