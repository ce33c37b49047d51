import type { Env } from "../lib/env.server.ts";
import { goLiveProblems, isLiveMode } from "./go-live.ts";
import { loadSiteConfig } from "./site.server.ts";

/**
 * What start-up and `npm run check-live` print: configuration errors always; placeholders and
 * missing values when the site is live (or when asked to check as if it were).
 */
export function readiness(
  env: Env,
  options: { asIfLive?: boolean } = {},
): { live: boolean; file: string; errors: string[]; problems: string[] } {
  const site = loadSiteConfig(process.env);
  const live = isLiveMode(env);
  if (!site.ok) return { live, file: site.file, errors: site.errors, problems: [] };
  const problems = live || options.asIfLive ? goLiveProblems(site.config, env) : [];
  return { live, file: site.file, errors: [], problems };
}

export function formatReadiness(report: ReturnType<typeof readiness>): string {
  if (report.errors.length) return `Invalid site configuration (${report.file}):\n  ${report.errors.join("\n  ")}`;
  if (report.problems.length)
    return `Not ready to go live: ${report.problems.length} value(s) to set (${report.file}, environment):\n  ${report.problems.join("\n  ")}`;
  return `Ready to go live (${report.file}).`;
}
