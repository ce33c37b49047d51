import { afterAll, beforeAll, expect } from "vitest";
import { startFakeStripe, type FakeStripe } from "./fake-stripe.ts";
import { startSmtp, type SmtpSink } from "./orders.ts";
import { freePort, startServer, type RunningServer } from "./server.ts";

// What a test file (or describe block) starts once for its tests and stops after them, declared
// in one line: `const server = suiteServer({...})`. Vitest only (Playwright and the bench start
// their servers with server.ts directly).

/**
 * Stands for what `start` returns once the suite's beforeAll has run; reading or setting it
 * earlier (at the top of the file) is a mistake, said as such.
 */
function startedInBeforeAll<T extends object>(
  what: string,
  start: () => Promise<T>,
  stop: (value: T) => Promise<void>,
): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
  });
  afterAll(async () => {
    if (value) await stop(value);
  });
  const target = () => {
    if (!value) throw new Error(`${what} is started in beforeAll: use it inside a test or a hook`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const started = target();
      const field = Reflect.get(started, key);
      return typeof field === "function" ? field.bind(started) : field;
    },
    set: (_, key, field) => Reflect.set(target(), key, field),
  });
}

/** The built server with this environment; it must exit cleanly (0) when stopped. */
export function suiteServer(env: Record<string, string> | (() => Record<string, string>) = {}): RunningServer {
  return startedInBeforeAll(
    "the server",
    () => startServer(typeof env === "function" ? env() : env),
    async (server) => {
      expect(await server.stop()).toBe(0);
    },
  );
}

/**
 * A fake Stripe as `npm run stripe-setup` leaves an account: a default Billing Portal configuration
 * (without one, Stripe refuses portal sessions). `{ portal: false }`: a fresh account.
 */
export function suiteFakeStripe({ portal = true }: { portal?: boolean } = {}): FakeStripe {
  return startedInBeforeAll(
    "the fake Stripe",
    async () => {
      const stripe = await startFakeStripe();
      if (portal) stripe.configurePortal();
      return stripe;
    },
    (stripe) => stripe.close(),
  );
}

export function suiteSmtp(options: Parameters<typeof startSmtp>[1] = {}): SmtpSink {
  return startedInBeforeAll(
    "the SMTP sink",
    async () => startSmtp(await freePort(), options),
    (smtp) => smtp.close(),
  );
}

/** A server's environment for paying with the fake Stripe (no rate limit on orders, no logs). */
export function stripeEnv(stripe: FakeStripe, extra: Record<string, string> = {}): Record<string, string> {
  return {
    LOG_LEVEL: "silent",
    ORDER_RATE_LIMIT: "0",
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    ...extra,
  };
}

/** A fake Stripe, an SMTP sink and the built server paying with the one and mailing through the other. */
export function suiteStripeShop(env: Record<string, string> = {}) {
  const stripe = suiteFakeStripe();
  const smtp = suiteSmtp();
  const server = suiteServer(() => stripeEnv(stripe, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...env }));
  return { stripe, smtp, server };
}
