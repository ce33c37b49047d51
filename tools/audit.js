// `npm run audit`: production dependencies must have no high or critical advisory.
// Separate from `npm test` because the registry mirror these machines use answers the audit endpoint
// with 405: when the endpoint cannot be reached this says so and exits 2 (not checked ≠ passed).
import "../scripts/require-node.js";
import { spawnSync } from "node:child_process";

const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = undefined;
}
const unreachable = !report || (report.error && !report.metadata) || (report.statusCode && !report.metadata);
if (unreachable) {
  const why =
    report?.message ?? report?.error?.summary ?? run.stderr.split("\n").find((l) => /error/i.test(l)) ?? "no answer";
  console.log(`npm audit: the registry audit endpoint is unreachable (${why}). Advisories were NOT checked.`);
  process.exit(2);
}
const counts = report.metadata.vulnerabilities;
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(`npm audit --omit=dev: ${JSON.stringify(counts)}`);
if (serious > 0) {
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    if (v.severity === "high" || v.severity === "critical") console.log(`  ${v.severity}: ${name} ${v.range ?? ""}`);
  }
  process.exit(1);
}
console.log("no high or critical advisories");
