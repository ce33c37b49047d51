// `npm run check-live`: what still stops the site from going live, one line each, without starting it.
// Reads the same environment and configuration file as the server; exit 1 while anything is left.
import { formatReadiness, readiness } from "../app/config/readiness.server.ts";
import { parseEnv } from "../app/lib/env.server.ts";

const parsed = parseEnv(process.env);
if (!parsed.ok) {
  console.error(`Invalid configuration:\n  ${parsed.errors.join("\n  ")}`);
  process.exit(1);
}
const report = readiness(parsed.env, { asIfLive: true });
const message = formatReadiness(report);
if (report.errors.length || report.problems.length) {
  console.error(message);
  process.exit(1);
}
console.log(message);
