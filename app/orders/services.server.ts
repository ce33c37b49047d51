import path from "node:path";
import { createSignInLimits, type SignInLimits } from "../auth/sign-in-limits.server.ts";
import { getEnv } from "../lib/env.server.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { SandboxProvider } from "../payments/sandbox-provider.server.ts";
import { SandboxSessionStore } from "../payments/sandbox-store.server.ts";
import { StripeProvider } from "../payments/stripe-provider.server.ts";
import { startDailyBackups } from "./backup.server.ts";
import { isOwnerKind, ownerFailureKind } from "./email-kinds.ts";
import { fulfil, type FulfilResult } from "./fulfil.server.ts";
import { createMailer, type Mailer } from "./mailer.server.ts";
import { renderOutboxEmail } from "./outbox-emails.server.ts";
import { OutboxWorker } from "./outbox-worker.server.ts";
import { createRateLimiter, type RateLimiter } from "./rate-limit.server.ts";
import { openOrderRepository } from "./repository.server.ts";
import type { OrderRepository, OutboxMessage } from "./types.ts";

export interface OrderServices {
  repo: OrderRepository;
  provider: PaymentProvider;
  /** The in-app checkout, when no Stripe key is configured (its page is routes/checkout-sandbox.tsx). */
  sandbox: SandboxProvider | undefined;
  /** Origin prefixed to the provider's return URLs ("" keeps them site-relative). */
  returnBase: string;
  mailer: Mailer;
  worker: OutboxWorker;
  orderLimiter: RateLimiter;
  resendLimiter: RateLimiter;
  /** Failed back-office sign-ins per IP and per account (app/auth). */
  signInLimits: SignInLimits;
  /** Stops the daily backup timer. */
  stopBackups(): void;
  contactEmail: string;
  fulfil(sessionId: string): Promise<FulfilResult>;
}

const log = (line: Record<string, unknown>) => {
  if (getEnv().LOG_LEVEL !== "silent") process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), ...line })}\n`);
};

async function createServices(): Promise<OrderServices> {
  const env = getEnv();
  const repo = await openOrderRepository(env);
  const pool = repo.store.pool;
  const sandbox = env.STRIPE_SECRET_KEY
    ? undefined
    : new SandboxProvider({ store: new SandboxSessionStore(repo.db), pageUrl: (id, locale) => `/checkout/sandbox/${encodeURIComponent(id)}?lang=${locale}` });
  const provider: PaymentProvider = sandbox ?? new StripeProvider({ secretKey: env.STRIPE_SECRET_KEY!, apiBase: env.STRIPE_API_BASE });
  // Stripe sends the visitor back to the public origin; the in-app sandbox stays on whichever host served it.
  const returnBase = sandbox ? "" : env.PUBLIC_ORIGIN;
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: path.resolve(env.DATA_DIR) });
  const host = new URL(env.PUBLIC_ORIGIN).hostname || "localhost";

  const emailConfig = {
    contactEmail: env.CONTACT_EMAIL,
    ownerEmail: env.OWNER_EMAIL ?? env.CONTACT_EMAIL,
    ownerLang: env.OWNER_LANG,
    publicOrigin: env.PUBLIC_ORIGIN,
  };
  const deliver = async (message: OutboxMessage) => {
    const email = await renderOutboxEmail(repo, message, emailConfig);
    return mailer.send({
      ...email,
      messageId: `<${message.orderId}.${message.kind}@${host}>`,
      fileName: `${message.orderId}-${message.kind}`,
    });
  };
  // An email that finally failed is reported to the owner (unless it was one of the owner's own).
  const onGaveUp = async (message: OutboxMessage) => {
    if (isOwnerKind(message.kind)) return;
    if (await repo.enqueueEmail(message.orderId, ownerFailureKind(message.id))) worker.kick();
  };
  const worker = new OutboxWorker({
    repo,
    deliver,
    backoffMs: env.OUTBOX_BACKOFF_MS,
    maxBackoffMs: env.OUTBOX_MAX_BACKOFF_MS,
    pollMs: env.OUTBOX_POLL_MS,
    leaseMs: env.OUTBOX_LEASE_MS,
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    onGaveUp,
    log,
  });
  // Messages a killed instance had claimed come back when their lease runs out; nothing is
  // released at start-up, since other instances may be sending right now.
  worker.start();
  const backups = startDailyBackups(repo.store, path.resolve(env.DATA_DIR, "backups"), log);
  const tenMinutes = 10 * 60_000;
  return {
    repo,
    provider,
    sandbox,
    returnBase,
    mailer,
    worker,
    orderLimiter: createRateLimiter({ name: "order", limit: env.ORDER_RATE_LIMIT, windowMs: tenMinutes, pool }),
    resendLimiter: createRateLimiter({ name: "resend", limit: env.RESEND_RATE_LIMIT, windowMs: tenMinutes, pool }),
    signInLimits: createSignInLimits(pool),
    stopBackups: backups.stop,
    contactEmail: env.CONTACT_EMAIL,
    fulfil: (sessionId) => fulfil(sessionId, { repo, provider, onEnqueued: () => worker.kick() }),
  };
}

// One instance per process; kept on globalThis so `react-router dev` reloads reuse it.
const holder = globalThis as typeof globalThis & { __orderServices?: Promise<OrderServices> };

/** The database, payment provider, mailer and outbox worker, opened (and migrated) on first use. */
export function getOrderServices(): Promise<OrderServices> {
  holder.__orderServices ??= createServices().catch((error) => {
    // A database that was down at the first request is tried again at the next one.
    holder.__orderServices = undefined;
    throw error;
  });
  return holder.__orderServices;
}

/** Stops the worker (letting a send in progress finish) and closes the database. */
export async function shutdownOrderServices(): Promise<void> {
  const pending = holder.__orderServices;
  if (!pending) return;
  holder.__orderServices = undefined;
  const services = await pending.catch(() => undefined);
  if (!services) return;
  services.stopBackups();
  await services.worker.stop();
  services.mailer.close();
  await services.repo.close();
}
