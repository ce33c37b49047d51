import { defineConfig } from "vitest/config";

/** Files that run twice: on the embedded SQLite, and again on a PostgreSQL the tests start. */
const BOTH_STORES = [
  "app/http/limits.test.ts",
  "app/orders/fulfil.test.ts",
  "app/billing/payment-events.test.ts",
  "app/mail/owner-notices.test.ts",
  "app/ops/orders-csv.test.ts",
  "app/billing/manage-link-request.test.ts",
  "tests/integration/admin.test.ts",
  "tests/integration/orders-sandbox.test.ts",
  "tests/integration/orders-stripe.test.ts",
  "tests/integration/reliability.test.ts",
  "tests/integration/quotes.test.ts",
  "tests/integration/mail-relay.test.ts",
  "tests/integration/subscriptions-stripe.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Integration tests drive the built server: build first when the sources are newer.
    globalSetup: ["tests/support/build-first.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "default",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tools/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
        },
      },
      { extends: true, test: { name: "postgres", include: BOTH_STORES, env: { TEST_STORE: "postgres" } } },
    ],
  },
});
