import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// The funnel's page views are counted in one place: server/visits.ts's countVisit(), which pages kept
// in memory (marketing pages, order forms) and live renders both call. Four hand-kept counts
// (each with its own rule for 200, 304 and robots) had drifted apart once; a fifth would again.
test("one function adds page views: countVisit in server/visits.ts", () => {
  const root = path.resolve(import.meta.dirname, "..");
  const adds: string[] = [];
  for (const dir of ["app", "server"]) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const lines = fs.readFileSync(file, "utf8").split("\n");
      lines.forEach((line, i) => {
        if (/\bpageViews\.add\(/.test(line)) adds.push(`${path.relative(root, file)}:${i + 1}`);
      });
    }
  }
  expect(adds).toHaveLength(1);
  const [file, line] = adds[0]!.split(":");
  const source = fs.readFileSync(path.join(root, file!), "utf8").split("\n");
  const enclosing = source
    .slice(0, Number(line))
    .reverse()
    .find((text) => /^(export )?function \w+/.test(text));
  expect(file).toBe("server/visits.ts");
  expect(enclosing).toMatch(/^export function countVisit\(/);
});
