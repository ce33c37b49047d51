import { spawn } from "node:child_process";
import path from "node:path";
import Stripe from "stripe";
import { beforeAll, describe, expect, test } from "vitest";
import { STRIPE_WEBHOOK_EVENTS } from "../../app/payments/stripe-events.ts";
import { createStripeClient } from "../../app/payments/stripe-provider.server.ts";
import { tempDataDir } from "../support/server.ts";
import { COMPLETE_CONFIG } from "../support/site-config.ts";
import { suiteFakeStripe } from "../support/suite.ts";

/**
 * `npm run stripe-setup` and the Stripe lines of `npm run check-live`, against the fake Stripe
 * (STRIPE_API_BASE), starting from an account with nothing set up (no portal configuration).
 */
const root = path.resolve(import.meta.dirname, "../..");
const stripe = suiteFakeStripe({ portal: false });
const ORIGIN = "https://shop.example";
// A live key (check-live refuses test keys), assembled so the secret scan does not take it for a real one.
beforeAll(() => {
  stripe.secretKey = ["sk", "live", "51SetupCheckOnly"].join("_");
});

function run(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/run.js", script], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "silent", DATA_DIR: tempDataDir(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const setupEnv = () => ({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_API_BASE: stripe.url, PUBLIC_ORIGIN: ORIGIN });
const liveEnv = (webhookSecret: string) => ({
  ...setupEnv(),
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  SMTP_URL: "smtp://user:pass@127.0.0.1:2525",
  MAIL_FROM: "bonjour@shop.example",
  SITE_CONFIG: COMPLETE_CONFIG,
});
// check-live lists them under "Payments and mail", indented like every line of its groups.
const stripeLines = (output: string) =>
  output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("Stripe: "));

describe("npm run stripe-setup", () => {
  test("creates the endpoint (handled events, pinned API version) and the portal configuration, prints the secret once; a second run changes nothing; check-live agrees", async () => {
    const before = await run("scripts/check-live.ts", liveEnv("whsec_notyet"));
    expect(before.code).toBe(1);
    expect(stripeLines(before.output)).toEqual([
      `Stripe: no webhook endpoint with snapshot payloads for ${ORIGIN}/webhooks/stripe (run npm run stripe-setup)`,
      "Stripe: no Billing Portal configuration (customers cannot manage their subscription; run npm run stripe-setup)",
    ]);

    const first = await run("scripts/stripe-setup.ts", setupEnv());
    expect(first.code, first.output).toBe(0);
    const secret = /^STRIPE_WEBHOOK_SECRET=(whsec_\w+)$/m.exec(first.output)?.[1];
    expect(secret).toBeTruthy();
    const endpoints = [...stripe.webhookEndpoints.values()];
    expect(endpoints).toHaveLength(1);
    expect(endpoints[0]).toMatchObject({
      url: `${ORIGIN}/webhooks/stripe`,
      api_version: Stripe.API_VERSION,
      secret,
      status: "enabled",
    });
    expect([...endpoints[0]!.enabled_events].sort()).toEqual([...STRIPE_WEBHOOK_EVENTS].sort());
    const portals = [...stripe.portalConfigurations.values()];
    expect(portals).toHaveLength(1);
    expect(portals[0]).toMatchObject({
      is_default: true,
      default_return_url: `${ORIGIN}/`,
      features: {
        subscription_cancel: { enabled: true, mode: "at_period_end" },
        invoice_history: { enabled: true },
        payment_method_update: { enabled: true },
      },
    });

    const second = await run("scripts/stripe-setup.ts", setupEnv());
    expect(second.code, second.output).toBe(0);
    expect(second.output).not.toContain("whsec_");
    expect(second.output).toContain("Nothing to change.");
    expect([...stripe.webhookEndpoints.values()].map((e) => e.id)).toEqual([endpoints[0]!.id]);
    expect(stripe.portalConfigurations.size).toBe(1);

    const after = await run("scripts/check-live.ts", liveEnv(secret!));
    expect(stripeLines(after.output)).toEqual([]);
    expect(after.output).toContain("Ready to go live");
    expect(after.code).toBe(0);
  }, 300_000);

  test("check-live names a missing event and an endpoint on another API version; stripe-setup repairs both", async () => {
    const client = createStripeClient({ secretKey: stripe.secretKey, apiBase: stripe.url });
    const [endpoint] = [...stripe.webhookEndpoints.values()];
    await client.webhookEndpoints.update(endpoint!.id, {
      enabled_events: ["checkout.session.completed", "customer.created"],
    });
    const wrong = await run("scripts/check-live.ts", liveEnv("whsec_any"));
    expect(wrong.code).toBe(1);
    expect(stripeLines(wrong.output)).toEqual([
      expect.stringMatching(/^Stripe: webhook endpoint we_\w+ misses events: charge\.dispute\.closed, .*invoice\.paid/),
      expect.stringMatching(/^Stripe: webhook endpoint we_\w+ sends events the site ignores: customer\.created$/),
    ]);
    const repaired = await run("scripts/stripe-setup.ts", setupEnv());
    expect(repaired.output).toContain("events updated");
    expect(repaired.output).not.toContain("whsec_");

    // An endpoint made in the dashboard without choosing a version gets the account's (older) one.
    for (const id of [...stripe.webhookEndpoints.keys()]) await client.webhookEndpoints.del(id);
    await client.webhookEndpoints.create({
      url: `${ORIGIN}/webhooks/stripe`,
      enabled_events: [...STRIPE_WEBHOOK_EVENTS] as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
    });
    const old = await run("scripts/check-live.ts", liveEnv("whsec_any"));
    expect(stripeLines(old.output)).toEqual([
      expect.stringMatching(/is on API version 2024-06-20, not the SDK's 2026-10-28\.endive/),
    ]);
    const replaced = await run("scripts/stripe-setup.ts", setupEnv());
    expect(replaced.output).toMatch(/replaced we_\w+ \(API version 2024-06-20\)/);
    expect(replaced.output).toMatch(/^STRIPE_WEBHOOK_SECRET=whsec_\w+$/m);
    expect([...stripe.webhookEndpoints.values()].map((e) => e.api_version)).toEqual([Stripe.API_VERSION]);
  }, 300_000);
});
