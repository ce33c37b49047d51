import { expect, test } from "vitest";
import { readiness } from "../app/config/readiness.server.ts";
import { parseEnv } from "../app/lib/env.server.ts";
import { liveReport } from "./live-report.ts";

// `npm run check-live` on a fresh configuration: what is left, grouped, on one screen (30 lines at
// most), with every value it names still named.
test("a fresh configuration's report fits 30 lines and names every value left", () => {
  const parsed = parseEnv({});
  if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
  const report = readiness(parsed.env, { asIfLive: true });
  const out = liveReport(report.file, report.problems, []);
  const lines = out.split("\n");
  expect(lines.length).toBeLessThanOrEqual(30);
  for (const problem of report.problems) {
    if (problem.startsWith("videos.")) continue;
    const name = problem.slice(0, problem.indexOf(": "));
    const root = /^[^.[]+/.exec(name)![0];
    const rest = name.slice(root.length).replace(/^\./, "");
    expect(
      lines.some((line) => line.includes(name) || (line.trim().startsWith(`${root}.{`) && line.includes(rest))),
      name,
    ).toBe(true);
  }
  expect(out).toContain("profiles.{linkedin.url, youtube.url");
});
