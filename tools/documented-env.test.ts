import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// An operator learns the configuration from docs/operating.md, so a variable the site reads but the
// page does not name is a setting nobody can find. The names are read from the schema's source
// (app/lib/env.server.ts: one `NAME: z…` line each), so a variable added there is checked here.
const root = path.resolve(import.meta.dirname, "..");

test("every environment variable of app/lib/env.server.ts is in docs/operating.md's tables", () => {
  const schema = fs.readFileSync(path.join(root, "app/lib/env.server.ts"), "utf8");
  const names = [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+): /gm)].map((match) => match[1]!);
  expect(names.length).toBeGreaterThan(20);
  const tableRows = fs
    .readFileSync(path.join(root, "docs/operating.md"), "utf8")
    .split("\n")
    .filter((line) => line.startsWith("| `"));
  const missing = names.filter((name) => !tableRows.some((row) => row.split("|")[1]!.includes(`\`${name}\``)));
  expect(missing).toEqual([]);
});
