import path from "node:path";
import { getEnv } from "../lib/env.server.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { SandboxProvider } from "../payments/sandbox-provider.server.ts";
import { StripeProvider } from "../payments/stripe-provider.server.ts";
import { renderConfirmationEmail } from "./confirmation-email.server.ts";
import { QUOTE_EMAIL_KINDS, renderQuoteAck, renderQuoteOwner } from "./quote-email.server.ts";
import { fulfil, type FulfilResult } from "./fulfil.server.ts";
import { createMailer, type Mailer } from "./mailer.server.ts";
import { OutboxWorker } from "./outbox-worker.server.ts";
import { RateLimiter } from "./rate-limit.server.ts";
import { SqliteOrderRepository } from "./sqlite-repository.server.ts";
import type { OrderRepository, OutboxMessage } from "./types.ts";

export interface OrderServices {
  repo: OrderRepository;
  provider: PaymentProvider;
  mailer: Mailer;
  worker: OutboxWorker;
  orderLimiter: RateLimiter;
  quoteLimiter: RateLimiter;
  resendLimiter: RateLimiter;
  contactEmail: string;
  publicOrigin: string;
  fulfil(sessionId: string): Promise<FulfilResult>;
}

const log = (line: Record<string, unknown>) => {
  if (getEnv().LOG_LEVEL !== "silent") process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), ...line })}\n`);
};

function createServices(): OrderServices {
  const env = getEnv();
  const repo = new SqliteOrderRepository(path.resolve(env.DATA_DIR, "orders.sqlite"));
  const provider: PaymentProvider = env.STRIPE_SECRET_KEY
    ? new StripeProvider({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE })
    : new SandboxProvider(repo);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: path.resolve(env.DATA_DIR) });
  const host = new URL(env.PUBLIC_ORIGIN).hostname || "localhost";

  const deliver = async (message: OutboxMessage) => {
    if (message.quoteId) return deliverQuoteEmail(message.quoteId, message.kind);
    const order = await repo.findById(message.orderId ?? "");
    if (!order) throw new Error(`order ${message.orderId} not found`);
    const email = renderConfirmationEmail(order, { contactEmail: env.CONTACT_EMAIL, resend: message.kind !== "confirmation", publicOrigin: env.PUBLIC_ORIGIN });
    return mailer.send({
      ...email,
      to: order.customer.email,
      messageId: `<${order.id}.${message.kind}@${host}>`,
      fileName: `${order.id}-${message.kind}`,
    });
  };
  const ownerEmail = env.OWNER_EMAIL ?? env.CONTACT_EMAIL;
  const deliverQuoteEmail = async (quoteId: string, kind: string) => {
    const quote = await repo.findQuoteRequest(quoteId);
    if (!quote) throw new Error(`quote request ${quoteId} not found`);
    const owner = kind === QUOTE_EMAIL_KINDS.owner;
    const email = owner
      ? renderQuoteOwner(quote, { ownerLang: env.OWNER_LANG, publicOrigin: env.PUBLIC_ORIGIN })
      : renderQuoteAck(quote, { contactEmail: env.CONTACT_EMAIL, publicOrigin: env.PUBLIC_ORIGIN });
    return mailer.send({ ...email, to: owner ? ownerEmail : quote.email, messageId: `<${quote.id}.${kind}@${host}>`, fileName: `${quote.id}-${kind}` });
  };
  const worker = new OutboxWorker({
    repo,
    deliver,
    backoffMs: env.OUTBOX_BACKOFF_MS,
    maxBackoffMs: env.OUTBOX_MAX_BACKOFF_MS,
    pollMs: env.OUTBOX_POLL_MS,
    log,
  });
  // One instance owns this database file: messages leased by a killed process are due again now.
  repo.releaseEmailLeases();
  worker.start();
  const tenMinutes = 10 * 60_000;
  return {
    repo,
    provider,
    mailer,
    worker,
    orderLimiter: new RateLimiter(env.ORDER_RATE_LIMIT, tenMinutes),
    // Quote requests share the order form's budget per IP (same honeypot, same same-origin check).
    quoteLimiter: new RateLimiter(env.ORDER_RATE_LIMIT, tenMinutes),
    resendLimiter: new RateLimiter(env.RESEND_RATE_LIMIT, tenMinutes),
    contactEmail: env.CONTACT_EMAIL,
    publicOrigin: env.PUBLIC_ORIGIN,
    fulfil: (sessionId) => fulfil(sessionId, { repo, provider, onEnqueued: () => worker.kick() }),
  };
}

// One instance per process; kept on globalThis so `react-router dev` reloads reuse it.
const holder = globalThis as typeof globalThis & { __orderServices?: OrderServices };

/** The database, payment provider, mailer and outbox worker, opened on first use. */
export function getOrderServices(): OrderServices {
  holder.__orderServices ??= createServices();
  return holder.__orderServices;
}

/** Stops the worker (letting a send in progress finish) and closes the database. */
export async function shutdownOrderServices(): Promise<void> {
  const services = holder.__orderServices;
  if (!services) return;
  holder.__orderServices = undefined;
  await services.worker.stop();
  services.mailer.close();
  services.repo.close();
}
