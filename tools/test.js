// `npm test`: build once, then unit + integration tests (Vitest) and browser tests (Playwright), one after the other
// (side by side with `--side-by-side`).
// Prints each suite's time, then one closing line `N passed, N failed` summing both (CI reads it).
//
// With `--side-by-side` the two run at the same time (ADR 018): Vitest's files spend
// much of their time waiting on child processes, PostgreSQL, real-time limits (a 70-second upload,
// TOTP steps), which leaves a core idle that the browser tests fill. Playwright prints as it goes;
// Vitest's own report then goes to test-results/vitest.log and its summary is printed when it ends
// (its failures again at the end).
import "../scripts/require-node.js";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildIfStale } from "../scripts/build-state.js";

/** Runs a command, its output to the terminal or to `logFile`; resolves with its exit status. */
const run = (cmd, args, logFile) =>
  new Promise((resolve) => {
    const log = logFile ? fs.openSync(logFile, "w") : undefined;
    const child = spawn(cmd, args, {
      stdio: log === undefined ? "inherit" : ["ignore", log, log],
      env: { ...process.env, ...(log === undefined ? {} : { NO_COLOR: "1", FORCE_COLOR: "0" }) },
    });
    child.on("error", () => resolve(1));
    child.on("close", (code) => {
      if (log !== undefined) fs.closeSync(log);
      resolve(code ?? 1);
    });
  });

/** Runs `step` (sync or async), returning its result and how long it took. */
async function timed(step) {
  const started = performance.now();
  const result = await step();
  return { result, seconds: (performance.now() - started) / 1000 };
}
const duration = (seconds) =>
  seconds >= 60 ? `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s` : `${seconds.toFixed(1)} s`;
const times = [];
// The names of failing tests, repeated after the summary: CI keeps only the end of the output.
const failures = [];
// eslint-disable-next-line no-control-regex -- strips the terminal colours Vitest puts in its messages
const plain = (text) => String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "");
const firstLine = (text) =>
  plain(text)
    .split("\n")
    .find((line) => line.trim()) ?? "";

fs.mkdirSync("test-results", { recursive: true });
// As `npm start` builds: only when a source is newer than the build, in one line (the bundler's
// report of file sizes in full only when the build fails, since it then holds the reason).
const build = await timed(() => buildIfStale(path.resolve(import.meta.dirname, "..")));
times.push(`build: ${duration(build.seconds)}`);
if (!build.result) {
  console.log(times.join("\n"));
  console.log("0 passed, 1 failed");
  process.exit(1);
}

let passed = 0;
let failed = 0;
const onlyE2E = process.argv.includes("--e2e");
const onlyUnit = process.argv.includes("--unit");

async function vitest() {
  const log = "test-results/vitest.log";
  const { result: status, seconds } = await timed(() =>
    run(
      "npx",
      ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile=test-results/vitest.json"],
      sideBySide ? log : undefined,
    ),
  );
  if (sideBySide) {
    // Its summary (files, tests, duration) and any failure's report, without the line per file.
    const lines = plain(fs.readFileSync(log, "utf8")).split("\n");
    const summary = lines.findIndex((line) => /^\s*(⎯+ Failed|Test Files)/.test(line));
    console.log(`\nVitest (full report: ${log}):\n${lines.slice(summary < 0 ? -20 : summary).join("\n")}`);
  }
  let line = "unit and integration (Vitest): no report";
  try {
    const report = JSON.parse(fs.readFileSync("test-results/vitest.json", "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
    line = `unit and integration (Vitest): ${report.numPassedTests} passed, ${report.numFailedTests} failed`;
    // The slowest files, so a suite creeping toward the time limit is seen before it is hit.
    const slowest = (report.testResults ?? [])
      .map((file) => ({
        name: String(file.name).replace(`${process.cwd()}/`, ""),
        seconds: (file.endTime - file.startTime) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 5);
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === "failed")
          failures.push(
            `vitest ${String(file.name).replace(`${process.cwd()}/`, "")} › ${test.fullName}: ${firstLine(test.failureMessages?.[0]).slice(0, 300)}`,
          );
      }
      if (file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed")) {
        failures.push(
          `vitest ${String(file.name).replace(`${process.cwd()}/`, "")}: ${firstLine(file.message).slice(0, 300)}`,
        );
      }
    }
    if (slowest.length)
      line += ` (slowest: ${slowest.map((file) => `${file.name} ${duration(file.seconds)}`).join(", ")})`;
  } catch {
    failed += 1;
  }
  return `${line} in ${duration(seconds)}`;
}

async function playwright() {
  const { result: status, seconds } = await timed(() => run("npx", ["playwright", "test"]));
  let line = "browser (Playwright): no report";
  try {
    const report = JSON.parse(fs.readFileSync("test-results/playwright.json", "utf8"));
    passed += report.stats.expected;
    failed += report.stats.unexpected + report.stats.flaky + (status !== 0 && report.stats.unexpected === 0 ? 1 : 0);
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === "unexpected" || test.status === "flaky") {
            const error = test.results?.find((result) => result.error)?.error;
            failures.push(
              `playwright [${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}: ${firstLine(error?.message).slice(0, 300)}`,
            );
          }
        }
      }
      for (const child of suite.suites ?? [])
        visit(child, suite.title && !suite.title.endsWith(".ts") ? [...titles, suite.title] : titles);
    };
    for (const suite of report.suites ?? []) visit(suite, []);
    line = `browser (Playwright): ${report.stats.expected} passed, ${report.stats.unexpected + report.stats.flaky} failed`;
  } catch {
    failed += 1;
  }
  return `${line} in ${duration(seconds)}`;
}

// One suite after the other unless asked (`--side-by-side`): side by side, Vitest's waits leave a core
// the browser tests can fill, but no whole run has yet shown it faster or as steady on a 2-core
// machine (a run at load 14-15 was still a third done after 23 minutes; docs/testing.md), while one
// after the other is CI's proven path. The tests pass either way: their limits are hang detectors.
const sideBySide = !onlyE2E && !onlyUnit && process.argv.includes("--side-by-side");
const both = await timed(async () =>
  sideBySide
    ? Promise.all([vitest(), playwright()])
    : [onlyE2E ? undefined : await vitest(), onlyUnit ? undefined : await playwright()],
);
times.push(...both.result.filter(Boolean));
if (sideBySide) times.push(`unit, integration and browser side by side: ${duration(both.seconds)}`);

if (failures.length) console.log(`\nfailed:\n${failures.map((failure) => `  ${failure}`).join("\n")}`);
console.log(`\n${times.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
