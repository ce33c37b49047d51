import path from "node:path";
import { getSiteConfig } from "./config/site.server.ts";
import { assertWritableDirWithin, reason, StartupError } from "./lib/data-dir.server.ts";
import { getEnv, isLiveEnv, type Env } from "./lib/env.server.ts";
import { WebhooksOutWorker } from "./automation/webhook-worker.server.ts";
import { ENV_ENDPOINT } from "./automation/endpoints.server.ts";
import { refusedHost } from "./lib/address-guard.server.ts";
import { emailKind } from "./mail/email-kinds.ts";
import { logger } from "./lib/logger.server.ts";
import type { PaymentProvider } from "./payments/provider.ts";
import { SandboxProvider } from "./payments/sandbox-provider.server.ts";
import { SandboxSessionStore } from "./payments/sandbox-store.server.ts";
import { StripeProvider } from "./payments/stripe-provider.server.ts";
import { startDailyBackups } from "./ops/backup.server.ts";
import { fulfil, type FulfilOptions, type FulfilResult } from "./orders/fulfil.server.ts";
import { createMailer, type Mailer } from "./mail/mailer.server.ts";
import { enqueueOwnerFailureNotice, renderOutboxEmail } from "./mail/outbox-emails.server.ts";
import { OutboxWorker } from "./mail/outbox-worker.server.ts";
import { invoicePath, managePath, orderPagePath, proposalPath, sandboxCheckoutPath } from "./i18n/site-map.ts";
import type { Language } from "./i18n/languages.ts";
import { receivePaymentWebhook, type WebhookAnswer } from "./billing/payment-events.server.ts";
import { createSignedLinks, loadLinkSecret, NEVER, type SignedLinks } from "./billing/signed-link.server.ts";
import { createLimits, type Limits } from "./http/limits.server.ts";
import { startReconciler } from "./orders/reconcile.server.ts";
import { orderPageToken } from "./orders/order-page.server.ts";
import { KyselyWebhookInbox } from "./billing/webhook-inbox.server.ts";
import { WebhookWorker } from "./billing/webhook-worker.server.ts";
import { SandboxRenewalWorker } from "./billing/sandbox-renewal-worker.server.ts";
import { openStores, type Stores } from "./stores.server.ts";
import { PageViewFlusher } from "./stats/page-view-flusher.server.ts";
import { pageViews } from "./stats/page-views.server.ts";
import { ownerLinkToken } from "./auth/owner-links.server.ts";
import { setupLink, setupToken } from "./auth/setup.server.ts";
import type { Order } from "./orders/types.ts";
import type { OutboxMessage } from "./mail/types.ts";
import { deleteEmailFiles } from "./mail/outbox-privacy-store.server.ts";
import { RetentionWorker } from "./privacy/retention.server.ts";
import { MorningWorker, morningDigest, morningMinutes } from "./admin/morning.server.ts";
import { BriefReminderWorker } from "./delivery/brief-reminder.server.ts";
import type { PrivacyDeps } from "./privacy/types.ts";
import type { FileStorage } from "./files/storage.ts";
import { DiskFileStorage } from "./files/disk-storage.server.ts";
import { S3FileStorage } from "./files/s3-storage.server.ts";
import { setOwnerTimeZone } from "./i18n/format.ts";

/**
 * The stores of the named rooms (`StoresOf<"orders" | "delivery">` is `OrderStore & DeliveryStore`):
 * what a room's function names as its `repo`, so it takes the stores it uses, not the whole database
 * API. Re-exported here because rooms may name this module's types (eslint.config.js), not the bundle's.
 */
export type { RoomName, StoresOf } from "./stores.server.ts";

/**
 * Everything the site opens at start-up, in one object, for the composition root and the server.
 * A route never holds it: it names what it uses (`servicesOf(context, needs)`, app/services-context.ts),
 * and a room's function takes the members it uses (`Pick<OrderServices, "links"> & { repo: StoresOf<"orders"> }`).
 */
export interface OrderServices {
  repo: Stores;
  provider: PaymentProvider;
  /** The in-app checkout, when no Stripe key is configured (its page is routes/checkout-sandbox.tsx). */
  sandbox: SandboxProvider | undefined;
  /** Origin prefixed to the provider's return URLs ("" keeps them site-relative). */
  returnBase: string;
  mailer: Mailer;
  worker: OutboxWorker;
  /** Every limit of the site (app/http/limits.server.ts), counted where every instance sees it. */
  limits: Limits;
  /** Provider events stored by the webhook and handled from the queue; refunds per charge. */
  inbox: KyselyWebhookInbox;
  webhookWorker: WebhookWorker;
  /** Signed webhooks out to the owner's automation (app/automation/), sent from the webhook outbox. */
  webhooksOut: WebhooksOutWorker;
  links: SignedLinks;
  /** Briefs' and deliveries' files (app/files/storage.ts), under keys orders/<order id>/<file id>. */
  files: FileStorage;
  contactEmail: string;
  publicOrigin: string;
  fulfil(sessionId: string, options?: FulfilOptions): Promise<FulfilResult>;
  stopReconciler(): void;
  /** A provider webhook delivery (raw body + signature header), handled once per event. */
  receiveWebhook(raw: string, signature: string | null): Promise<WebhookAnswer>;
  /** Absolute signed links of an order (emails). */
  manageUrl(order: Order): string;
  invoiceUrl(order: Order): string;
  /** The customer's order page (signed, never expiring). */
  orderPageUrl(order: Pick<Order, "id" | "lang" | "linkVersion">): string;
  /** Stops the daily backup timer. */
  stopBackups(): void;
  /** Adds the funnel's page views counted in memory to the database (every minute, and at shutdown). */
  pageViewFlusher: PageViewFlusher;
  /** What the privacy room needs to export or erase a person (app/privacy/). */
  privacy: PrivacyDeps;
  /** Erases what is past the configured retention periods, at start-up and daily. */
  retentionWorker: RetentionWorker;
  morningWorker: MorningWorker;
  /** The customer's one brief reminder (BRIEF_REMINDER_HOURS). */
  briefReminders: BriefReminderWorker;
  /** The sandbox's monthly renewals (null with Stripe, which renews with its own events). */
  sandboxRenewals: SandboxRenewalWorker | null;
}

/** The one place the file storage is chosen: the disk under DATA_DIR (the embedded default) or an S3-compatible bucket. */
export function openFileStorage(
  env: Pick<
    Env,
    | "DATA_DIR"
    | "FILES_STORAGE"
    | "FILES_S3_ENDPOINT"
    | "FILES_S3_BUCKET"
    | "FILES_S3_REGION"
    | "FILES_S3_ACCESS_KEY_ID"
    | "FILES_S3_SECRET_ACCESS_KEY"
    | "FILES_S3_FORCE_PATH_STYLE"
  >,
): FileStorage {
  if (env.FILES_STORAGE !== "s3") return new DiskFileStorage(env.DATA_DIR);
  // parseEnv refuses s3 without these; the checks only narrow the types.
  if (!env.FILES_S3_BUCKET || !env.FILES_S3_ACCESS_KEY_ID || !env.FILES_S3_SECRET_ACCESS_KEY)
    throw new Error("FILES_STORAGE=s3 needs FILES_S3_BUCKET and keys");
  return new S3FileStorage({
    endpoint: env.FILES_S3_ENDPOINT,
    bucket: env.FILES_S3_BUCKET,
    region: env.FILES_S3_REGION,
    accessKeyId: env.FILES_S3_ACCESS_KEY_ID,
    secretAccessKey: env.FILES_S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.FILES_S3_FORCE_PATH_STYLE,
  });
}

async function createServices(): Promise<OrderServices> {
  const env = getEnv();
  // One clock for every page and email the services write: the owner's (app/i18n/format.ts).
  setOwnerTimeZone(env.OWNER_TIME_ZONE);
  // The outbox's .eml files (and the SQLite database) live here: refuse to start on a directory
  // that cannot take a write, rather than look healthy and fail every order.
  const dataDir = path.resolve(env.DATA_DIR);
  await assertWritableDirWithin(dataDir, 10_000);
  let repo: Awaited<ReturnType<typeof openStores>>;
  try {
    repo = await openStores(env);
  } catch (error) {
    // PostgreSQL may come up later (retried at the next request); a SQLite file that does not open will not.
    if (env.DATABASE_URL) throw error;
    throw new StartupError(
      `DATA_DIR ${dataDir}: the database ${path.join(dataDir, "orders.sqlite")} does not open: ${reason(error)}`,
    );
  }
  const pool = repo.store.pool;
  const sandbox = env.STRIPE_SECRET_KEY
    ? undefined
    : new SandboxProvider({ store: new SandboxSessionStore(repo.db), pageUrl: sandboxCheckoutPath });
  const provider: PaymentProvider =
    sandbox ??
    new StripeProvider({
      secretKey: env.STRIPE_SECRET_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
      automaticTax: env.STRIPE_AUTOMATIC_TAX,
    });
  // Stripe sends the visitor back to the public origin; the in-app sandbox stays on whichever host served it.
  const returnBase = sandbox ? "" : env.PUBLIC_ORIGIN;
  const site = getSiteConfig();
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: senderAddress(env.MAIL_FROM, site.brand),
    dataDir: path.resolve(env.DATA_DIR),
  });
  const host = new URL(env.PUBLIC_ORIGIN).hostname || "localhost";

  const links = createSignedLinks(await loadLinkSecret(env.LINK_SECRET, repo));
  const manageUrl = (order: Order) => `${env.PUBLIC_ORIGIN}${managePath(links.sign(order.id, "manage"), order.lang)}`;
  const invoiceUrl = (order: Order) =>
    `${env.PUBLIC_ORIGIN}${invoicePath(links.sign(order.id, "invoice", 365 * 24 * 60 * 60_000), order.lang)}`;
  // The customer's order page: the link never expires (it is the order's address), only its signature counts.
  const orderPageUrl = (order: Pick<Order, "id" | "lang" | "linkVersion">) =>
    `${env.PUBLIC_ORIGIN}${orderPagePath(orderPageToken(order, links), order.lang)}`;
  const emailConfig = {
    orderPageUrl,
    proposalUrl: (proposal: { id: string; lang: Language }) =>
      `${env.PUBLIC_ORIGIN}${proposalPath(links.sign(proposal.id, "proposal", NEVER), proposal.lang)}`,
    contactEmail: site.contactEmail,
    ownerEmail: env.OWNER_EMAIL ?? site.contactEmail,
    ownerLang: env.OWNER_LANG,
    publicOrigin: env.PUBLIC_ORIGIN,
    // Rendered at delivery time, so a signed link is fresh when it leaves.
    manageUrl,
    ...(sandbox ? { invoiceUrl } : {}),
    unlockUrl: (unlockId: string, expiresAt: number) =>
      `${env.PUBLIC_ORIGIN}/admin/unlock?token=${links.sign(unlockId, "unlock", expiresAt - Date.now())}`,
    setupUrl: (linkId: string, expiresAt: number) => setupLink(env.PUBLIC_ORIGIN, setupToken(links, linkId, expiresAt)),
    resetUrl: (linkId: string, expiresAt: number) =>
      `${env.PUBLIC_ORIGIN}/admin/reset?token=${ownerLinkToken(links, linkId, "reset", expiresAt)}`,
    // Written when it leaves: late and due today as of that moment.
    morningDigest: (day: string) =>
      morningDigest(repo, day, {
        at: morningMinutes(env.MORNING_EMAIL_AT) ?? 0,
        timeZone: env.OWNER_TIME_ZONE,
        dataDir,
      }),
  };
  const deliver = async (message: OutboxMessage) => {
    const email = await renderOutboxEmail(repo, message, emailConfig);
    // An outbox message is about an order or a quote request; its id names the message and file.
    const about = message.orderId ?? message.quoteId ?? message.unlockId ?? message.systemKey;
    return mailer.send({
      ...email,
      messageId: `<${about}.${message.kind}@${host}>`,
      fileName: `${about}-${message.kind}`,
    });
  };
  // An order's or a quote request's email that finally failed is reported to the owner (unless it was one of the owner's own).
  const onGaveUp = async (message: OutboxMessage) => {
    if (await enqueueOwnerFailureNotice(repo, message)) worker.kick();
  };
  const worker = new OutboxWorker({
    repo,
    deliver,
    backoffMs: env.OUTBOX_BACKOFF_MS,
    maxBackoffMs: env.OUTBOX_MAX_BACKOFF_MS,
    pollMs: env.OUTBOX_POLL_MS,
    leaseMs: env.OUTBOX_LEASE_MS,
    onGaveUp,
    mailerKind: mailer.kind,
  });
  // Messages a killed instance had claimed come back when their lease runs out; nothing is
  // released at start-up, since other instances may be sending right now.
  worker.start();
  // The operator's endpoint (AUTOMATION_WEBHOOK_URL): recorded so events fan out to it; unset, it stops receiving new ones.
  await repo.syncWebhookEndpoint(ENV_ENDPOINT, env.AUTOMATION_WEBHOOK_URL ?? null);
  // Said at start-up too (every request checks again, with the addresses it connects to): a name
  // that resolves to a private address in live mode will never be called.
  if (env.AUTOMATION_WEBHOOK_URL && isLiveEnv(env)) {
    void refusedHost(env.AUTOMATION_WEBHOOK_URL).then((problem) => {
      if (problem) logger().error({ problem }, "AUTOMATION_WEBHOOK_URL will be refused on every request");
    });
  }
  const webhooksOut = new WebhooksOutWorker({
    repo,
    secretOf: (endpointId) => (endpointId === ENV_ENDPOINT ? env.AUTOMATION_WEBHOOK_SECRET : undefined),
    publicOrigin: env.PUBLIC_ORIGIN,
    // Live mode: public addresses only, checked on the connection itself; a demo or a test may call a local receiver.
    send: { publicOnly: isLiveEnv(env), timeoutMs: 10_000, maxResponseBytes: 4_096 },
    backoffMs: env.AUTOMATION_WEBHOOK_BACKOFF_MS,
    maxBackoffMs: env.AUTOMATION_WEBHOOK_MAX_BACKOFF_MS,
    pollMs: env.OUTBOX_POLL_MS,
    leaseMs: env.OUTBOX_LEASE_MS,
    pauseAfterMs: env.AUTOMATION_WEBHOOK_PAUSE_AFTER_MS,
    // The owner hears of the pause once (unique kind per pause), about the order or quote whose delivery paused it.
    onPaused: async (delivery, failingSince) => {
      const kind = emailKind("owner-webhook-paused", { endpointId: delivery.endpointId, pausedAt: Date.now() });
      logger().error(
        { endpoint: delivery.endpointId, failingSince },
        "automation webhooks paused: the owner is emailed",
      );
      const queued = delivery.orderId
        ? await repo.enqueueEmail(delivery.orderId, kind)
        : delivery.quoteId
          ? await repo.enqueueQuoteEmail(delivery.quoteId, kind)
          : false;
      if (queued) worker.kick();
    },
  });
  webhooksOut.start();
  const kickAll = () => {
    worker.kick();
    webhooksOut.kick();
  };
  // Orders a killed process left pending without a checkout: settled now and every few minutes.
  const stopReconciler = startReconciler({ repo, provider, returnBase });
  const inbox = new KyselyWebhookInbox(repo.db, repo.dialect);
  const eventDeps = { repo, provider, inbox, onEnqueued: kickAll, onQueued: () => webhookWorker.kick() };
  const webhookWorker = new WebhookWorker({ deps: eventDeps, pollMs: env.OUTBOX_POLL_MS });
  webhookWorker.start();
  // The sandbox renews its subscriptions month by month itself (Stripe's side does it with events).
  const sandboxRenewals =
    provider.name === "sandbox"
      ? new SandboxRenewalWorker(eventDeps, Math.min(60_000, Math.max(1_000, env.OUTBOX_POLL_MS * 10)))
      : null;
  sandboxRenewals?.start();
  const pageViewFlusher = new PageViewFlusher({ counter: pageViews, store: repo, pollMs: env.PAGE_VIEWS_FLUSH_MS });
  pageViewFlusher.start();
  const backups = startDailyBackups(repo.store, path.join(dataDir, "backups"), {
    budgetBytes: env.BACKUPS_MAX_MB * 1024 * 1024,
  });
  const files = openFileStorage(env);
  const privacy: PrivacyDeps = {
    repo,
    refundsOf: (orderId) => inbox.refundsOf(orderId),
    deleteEmailFiles: mailer.kind === "file" ? (ids) => deleteEmailFiles(dataDir, ids) : undefined,
    files,
  };
  // The same periods the privacy policy states (site configuration `retention`, ADR 016).
  const retentionWorker = new RetentionWorker(privacy, () => getSiteConfig().retention);
  retentionWorker.start();
  const morningWorker = new MorningWorker(
    repo,
    { at: morningMinutes(env.MORNING_EMAIL_AT), timeZone: env.OWNER_TIME_ZONE, dataDir },
    () => worker.kick(),
  );
  morningWorker.start();
  const briefReminders = new BriefReminderWorker(repo.db, env.BRIEF_REMINDER_HOURS, () => worker.kick());
  briefReminders.start();
  logger().info(
    { provider: provider.name, mailer: mailer.kind, database: repo.dialect, files: files.kind },
    "order services started",
  );
  return {
    repo,
    provider,
    sandbox,
    returnBase,
    mailer,
    worker,
    // PostgreSQL's pool when instances share a database: the counters they must share live there.
    limits: createLimits(env, pool),
    inbox,
    webhookWorker,
    webhooksOut,
    links,
    files,
    contactEmail: site.contactEmail,
    publicOrigin: env.PUBLIC_ORIGIN,
    fulfil: (sessionId, options) => fulfil(sessionId, { repo, provider, onEnqueued: kickAll, ...options }),
    stopReconciler,
    receiveWebhook: (raw, signature) => receivePaymentWebhook(raw, signature, eventDeps),
    manageUrl,
    invoiceUrl,
    orderPageUrl,
    stopBackups: backups.stop,
    pageViewFlusher,
    privacy,
    retentionWorker,
    morningWorker,
    briefReminders,
    sandboxRenewals,
  };
}

/** The customer sees the brand as the sender: a bare MAIL_FROM address gets the brand as its name. */
export function senderAddress(mailFrom: string | undefined, brand: string): string {
  const address = mailFrom?.trim() || "no-reply@localhost";
  if (address.includes("<")) return address;
  return `"${brand.replace(/["\\]/g, "")}" <${address}>`;
}

// One instance per process; kept on globalThis so development reloads (Vite re-running the edited
// modules, server/index.ts) reuse it.
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
  services.stopReconciler();
  services.stopBackups();
  await services.retentionWorker.stop();
  await services.morningWorker.stop();
  await services.briefReminders.stop();
  await services.sandboxRenewals?.stop();
  await services.webhookWorker.stop();
  await services.webhooksOut.stop();
  // The views counted since the last flush are stored before the database closes.
  await services.pageViewFlusher
    .flush()
    .catch((error: unknown) => logger().error({ err: error }, "page views not stored at shutdown"));
  await services.worker.stop();
  services.mailer.close();
  await services.repo.close();
}
