// `npm run stripe-setup`: prepares the Stripe account for this site, through the API. Creates or
// updates the webhook endpoint PUBLIC_ORIGIN/webhooks/stripe (exactly the events the site handles,
// the SDK's API version) and prints its signing secret once; creates or updates the Billing Portal
// configuration. Running it again changes nothing. Needs STRIPE_SECRET_KEY and PUBLIC_ORIGIN only
// (STRIPE_WEBHOOK_SECRET is what it gives you); honours STRIPE_API_BASE like the site (tests).
import { z } from "zod";
import { setUpStripe } from "../app/payments/stripe-setup.server.ts";
import { createStripeClient } from "../app/payments/stripe-provider.server.ts";

const parsed = z
  .object({
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "must look like sk_test_… or sk_live_…"),
    PUBLIC_ORIGIN: z
      .url({ protocol: /^https?$/ })
      .refine((value) => new URL(value).origin === value, "must be an origin only (https://shop.example)"),
    STRIPE_API_BASE: z.url().optional(),
  })
  .safeParse(process.env);
if (!parsed.success) {
  console.error(
    `stripe-setup: ${parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ")}`,
  );
  process.exit(1);
}
const { STRIPE_SECRET_KEY, PUBLIC_ORIGIN, STRIPE_API_BASE } = parsed.data;
if (!PUBLIC_ORIGIN.startsWith("https://") && !STRIPE_API_BASE) {
  console.error("stripe-setup: Stripe delivers webhooks to https URLs only: set PUBLIC_ORIGIN=https://your-domain");
  process.exit(1);
}
try {
  const report = await setUpStripe(
    createStripeClient({ secretKey: STRIPE_SECRET_KEY, apiBase: STRIPE_API_BASE }),
    PUBLIC_ORIGIN,
  );
  for (const line of report.lines) console.log(line);
  if (report.secret) {
    console.log("\nPut this signing secret in the site's environment (shown this once), then restart:");
    console.log(`STRIPE_WEBHOOK_SECRET=${report.secret}`);
  }
  if (!report.changed) console.log("Nothing to change.");
} catch (error) {
  console.error(`stripe-setup: ${(error as Error).message}`);
  process.exit(1);
}
