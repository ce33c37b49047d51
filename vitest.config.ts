import { defineConfig } from "vitest/config";
import { LongestFirst } from "./tests/support/longest-first.ts";

/** Files that run twice: on the embedded SQLite, and again on a PostgreSQL the tests start. */
const BOTH_STORES = [
  "app/http/limits.test.ts",
  "app/db/job-queue.test.ts",
  "app/delivery/delivery-store.test.ts",
  "app/admin/morning.test.ts",
  "app/orders/fulfil.test.ts",
  "app/billing/payment-events.test.ts",
  "app/billing/credit-notes.test.ts",
  "app/mail/owner-notices.test.ts",
  "app/ops/orders-csv.test.ts",
  "app/privacy/data-rights.test.ts",
  "app/billing/manage-link-request.test.ts",
  "app/auth/passkey.test.ts",
  "tests/integration/admin.test.ts",
  "tests/integration/data-rights.test.ts",
  "tests/integration/orders-sandbox.test.ts",
  "tests/integration/orders-stripe.test.ts",
  "tests/integration/reliability.test.ts",
  "tests/integration/quotes.test.ts",
  "tests/integration/mail-relay.test.ts",
  "tests/integration/subscriptions-stripe.test.ts",
  "app/stats/page-views.test.ts",
  "app/admin/dashboard.test.ts",
  "tests/integration/admin-dashboard.test.ts",
  "tests/integration/admin-money-stripe.test.ts",
  "tests/integration/admin-money-sandbox.test.ts",
  "tests/integration/way-in.test.ts",
  "tests/integration/webhooks-out.test.ts",
  "tests/integration/webhook-endpoints.test.ts",
  "app/automation/emitted-events.test.ts",
  "app/api/pagination.test.ts",
  "tests/integration/order-page.test.ts",
  "app/db/schema-in-step.test.ts",
  "tests/integration/order-page-holes.test.ts",
  "app/delivery/upload-allowance.test.ts",
  "app/orders/no-half-made.test.ts",
  "app/ops/orders-csv-brief.test.ts",
  "app/quotes/proposals.test.ts",
];

/** Tests beside their code that start the built server or a second Node: integration, not unit. */
const INTEGRATION_ELSEWHERE = ["server/index.test.ts", "scripts/build-state.test.ts", "tools/fix-lock.test.ts"];

export default defineConfig({
  test: {
    environment: "node",
    // A hang detector, not a speed test: a shared machine at load 15 runs the longest flows in over
    // 30 s, and a 300-request sign-in burst near 120 s at load 18.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Vitest's default is one worker per core minus one: a single file at a time on a 2-core
    // machine. Integration files spend most of their time waiting on child processes (the built
    // server, PostgreSQL, a second Node), so three at once finish far sooner (ADR 018).
    maxWorkers: 3,
    // Longest files first across all three projects, not project by project (tests/support/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      // `npm run test:unit`: the code on its own (in-memory SQLite, no server, no build): seconds.
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tools/**/*.test.ts", "server/**/*.test.ts"],
          exclude: [...INTEGRATION_ELSEWHERE, "**/node_modules/**"],
        },
      },
      // `npm run test:integration`: the built server over HTTP, real PostgreSQL, SMTP and Stripe
      // doubles. Integration tests drive the built server: build first when the sources are newer.
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", ...INTEGRATION_ELSEWHERE],
          globalSetup: ["tests/support/build-first.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: BOTH_STORES,
          env: { TEST_STORE: "postgres" },
          globalSetup: ["tests/support/build-first.ts"],
        },
      },
    ],
  },
});
