// `node tools/record-file-times.js`: after a full `npm test`, writes the time of each Vitest file
// that took 5 s or more (test-results/vitest.json; the longer of its two runs when a file runs on
// both stores) to tests/support/file-times.json. tests/support/longest-first.ts starts the longest
// files first from it where Vitest's own cache has no time for a file: a fresh clone, as on CI.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const report = JSON.parse(fs.readFileSync(path.join(root, "test-results/vitest.json"), "utf8"));
const times = {};
for (const file of report.testResults) {
  const name = path.relative(root, file.name);
  const seconds = Math.round((file.endTime - file.startTime) / 1000);
  if (seconds >= 5) times[name] = Math.max(times[name] ?? 0, seconds);
}
const sorted = Object.fromEntries(Object.entries(times).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(path.join(root, "tests/support/file-times.json"), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files of 5 s or more recorded in tests/support/file-times.json`);
