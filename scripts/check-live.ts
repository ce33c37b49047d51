// `npm run check-live`: what still stops the site from going live, one line each, without starting it.
// Reads the same environment and configuration file as the server; exit 1 while anything is left.
import { formatReadiness, readiness } from "../app/config/readiness.server.ts";
import { parseEnv } from "../app/lib/env.server.ts";
import { checkStripeAccount } from "../app/payments/stripe-setup.server.ts";
import { createStripeClient } from "../app/payments/stripe-provider.server.ts";
import { liveReport } from "./live-report.ts";

const parsed = parseEnv(process.env);
if (!parsed.ok) {
  console.error(`Invalid configuration:\n  ${parsed.errors.join("\n  ")}`);
  process.exit(1);
}
const report = readiness(parsed.env, { asIfLive: true });
const message = formatReadiness(report);
// The Stripe account, asked through the API: the webhook endpoint for this origin (snapshot
// payloads, the handled events, the SDK's API version) and a Billing Portal configuration.
let stripeLines: string[] = [];
if (parsed.env.STRIPE_SECRET_KEY) {
  try {
    stripeLines = await checkStripeAccount(
      createStripeClient({ secretKey: parsed.env.STRIPE_SECRET_KEY, apiBase: parsed.env.STRIPE_API_BASE }),
      parsed.env.PUBLIC_ORIGIN,
    );
  } catch (error) {
    stripeLines = [`Stripe: the API could not be asked (${(error as Error).message})`];
  }
}
if (report.errors.length) {
  console.error([message, ...stripeLines].join("\n"));
  process.exit(1);
}
if (report.problems.length || stripeLines.length) {
  // Grouped by importance, payments and mail first; the empty video slots in one line.
  console.error(liveReport(report.file, report.problems, stripeLines));
  process.exit(1);
}
console.log(message);
