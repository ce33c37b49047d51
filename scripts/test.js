// `npm test`: build once, then unit + integration tests (Vitest) and browser tests (Playwright).
// Prints one closing line `N passed, N failed` summing both.
import "./require-node.js";
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const run = (cmd, args, extraEnv = {}) =>
  spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } }).status ?? 1;

fs.mkdirSync("test-results", { recursive: true });
if (run("npm", ["run", "build"]) !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

let passed = 0;
let failed = 0;
const onlyE2E = process.argv.includes("--e2e");
const onlyUnit = process.argv.includes("--unit");

if (!onlyE2E) {
  const status = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile=test-results/vitest.json"]);
  try {
    const report = JSON.parse(fs.readFileSync("test-results/vitest.json", "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  } catch {
    failed += 1;
  }
}

if (!onlyUnit) {
  const status = run("npx", ["playwright", "test"]);
  try {
    const report = JSON.parse(fs.readFileSync("test-results/playwright.json", "utf8"));
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky + (status !== 0 && report.stats.unexpected === 0 ? 1 : 0);
  } catch {
    failed += 1;
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
