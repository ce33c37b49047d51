import fs from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { buildIfStale } from "./scripts/build-state.js";
import { chromiumLaunchOptions } from "./tests/support/chromium.ts";
import { checkoutPort } from "./tests/support/port.ts";

const port = Number(process.env.E2E_PORT ?? checkoutPort());
const dataDir = path.resolve("test-results/e2e-data");
// Workers load this file too (again after a failed test): only the runner itself starts clean,
// or a restarted worker would wipe the running server's database and outbox mid-run.
if (process.env.TEST_WORKER_INDEX === undefined) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  // The browser tests drive the built server (webServer below): after an edit they would test the
  // previous build. Build first when a source is newer (scripts/build-state.js).
  if (!buildIfStale(path.resolve(import.meta.dirname)))
    throw new Error("npm run build failed: the browser tests need the built server");
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/playwright",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Generous on purpose: CI machines are shared, and a journey that takes 8 s on a quiet machine took
  // over 30 s at load 14 (a sandbox subscription, a request form). A hang still fails, just later; how
  // fast the site is belongs to npm run bench, never to a test's clock.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunchOptions,
    trace: "retain-on-failure",
  },
  projects: [
    // The go-live sweep reads server-rendered HTML only: once, without JavaScript.
    // Tests tagged @html-only read server-rendered HTML that no script changes: once, js-off (tests/support/projects.ts).
    {
      name: "js-on",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: true },
      testIgnore: ["**/go-live-sweep.spec.ts", "**/admin-money.spec.ts"],
      grepInvert: /@html-only/,
    },
    // axe runs once (js-on): marketing pages ship no framework JS, so both projects see the same DOM.
    // Layout geometry does not depend on scripts (marketing pages ship none): measured once, js-on.
    // A CSP violation needs a script that runs: content-security runs js-on only.
    // The owner's refunds and cancellations are plain forms, shown working without scripts (admin-money: js-off only).
    {
      name: "js-off",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false },
      testIgnore: [
        "**/a11y.spec.ts",
        "**/layout-sweep.spec.ts",
        "**/price-up-front.spec.ts",
        "**/content-security.spec.ts",
      ],
    },
  ],
  webServer: {
    command: "node server/index.js",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // A hang detector: a start takes half a second on a quiet machine, over a minute at load 25.
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      CONTACT_EMAIL: "hello@example.com",
      // Every value set, as on a live site; tests/e2e/go-live-sweep.spec.ts also covers the demo configuration.
      SITE_CONFIG: "tests/fixtures/site-complete.json",
      // Every spec orders from 127.0.0.1: the per-IP order limit (tested over HTTP in
      // tests/integration/hardening-forms.test.ts and hardening-proxy.test.ts) would refuse the 21st order of the run.
      ORDER_RATE_LIMIT: "0",
      // The owner's morning email depends on the clock: off, so no spec's emails change with the hour it runs at.
      MORNING_EMAIL_AT: "off",
    },
  },
});
