import { ERASED } from "../db/erased.ts";
import type { Language } from "../i18n/languages.ts";
import { renderBillingEmail } from "./billing-email.server.ts";
import { renderConfirmationEmail, type RenderedEmail } from "./confirmation-email.server.ts";
import { DELIVERED_EMAIL, deliveredKind, isWebhookPausedKind, OWNER_PAID_EMAIL, OWNER_RESET_EMAIL, OWNER_SETUP_EMAIL, QUOTE_EMAIL_KINDS, failedOutboxId, isOwnerKind, ownerFailureKind } from "./email-kinds.ts";
import { renderDeliveredEmail, renderOwnerFailureEmail, renderOwnerOrderEmail, renderOwnerQuoteFailureEmail, renderOwnerResetEmail, renderOwnerSetupEmail, renderOwnerUnlockEmail, renderOwnerWebhookPausedEmail } from "./owner-emails.server.ts";
import { renderQuoteAck, renderQuoteOwner } from "./quote-email.server.ts";
import type { Order, OrderStore } from "../orders/types.ts";
import type { QuoteStore } from "../quotes/types.ts";
import type { BackOfficeStore } from "../admin/types.ts";
import type { OutboxStore } from "./types.ts";
import type { OutboxMessage, OutboxRow } from "./types.ts";

export interface OutboxEmailConfig {
  contactEmail: string;
  ownerEmail: string;
  ownerLang: Language;
  publicOrigin: string;
  /** A fresh signed "manage my subscription" URL (subscription confirmations, failed renewals, fresh links). */
  manageUrl?(order: Order): string;
  /** Sandbox only: the site's own HTML invoice (with Stripe, Stripe sends the invoice). */
  invoiceUrl?(order: Order): string;
  /** A signed unlock link (app/routes/admin-unlock.tsx) valid until `expiresAt`. */
  unlockUrl?(unlockId: string, expiresAt: number): string;
  /** The signed one-time set-up link (app/routes/admin-setup.tsx): the same one the start-up log shows. */
  setupUrl?(linkId: string, expiresAt: number): string;
  /** A signed password-reset link (app/routes/admin-reset.tsx) valid until `expiresAt`. */
  resetUrl?(linkId: string, expiresAt: number): string;
}

/** What an outbox message says and to whom, from its kind (see email-kinds.ts). */
export async function renderOutboxEmail(
  repo: Pick<OrderStore, "findById"> & Pick<QuoteStore, "findQuoteRequest"> & OutboxStore & Pick<BackOfficeStore, "listOrderEvents">,
  message: OutboxMessage,
  config: OutboxEmailConfig,
): Promise<RenderedEmail & { to: string; replyTo?: string }> {
  if (message.unlockId) {
    const expiresAt = await repo.unlockExpiry(message.unlockId);
    if (!expiresAt || !config.unlockUrl) throw new Error(`unlock link ${message.unlockId} not found`);
    const minutes = Math.max(0, Math.round((expiresAt - Date.now()) / 60_000));
    if (message.kind === OWNER_SETUP_EMAIL && config.setupUrl) {
      return { ...renderOwnerSetupEmail({ lang: config.ownerLang, url: config.setupUrl(message.unlockId, expiresAt), origin: config.publicOrigin }), to: config.ownerEmail };
    }
    if (message.kind === OWNER_RESET_EMAIL && config.resetUrl) {
      return { ...renderOwnerResetEmail({ lang: config.ownerLang, url: config.resetUrl(message.unlockId, expiresAt), minutes }), to: config.ownerEmail };
    }
    return { ...renderOwnerUnlockEmail({ lang: config.ownerLang, url: config.unlockUrl(message.unlockId, expiresAt), minutes }), to: config.ownerEmail };
  }
  if (message.quoteId) {
    // A quote request: the visitor's acknowledgement, or the owner's copy (Reply-To the visitor).
    const quote = await repo.findQuoteRequest(message.quoteId);
    if (!quote) throw new Error(`quote request ${message.quoteId} not found`);
    if (isWebhookPausedKind(message.kind)) return { ...renderOwnerWebhookPausedEmail({ lang: config.ownerLang, about: quote.id, url: `${config.publicOrigin}/admin/automation` }), to: config.ownerEmail };
    if (message.kind === QUOTE_EMAIL_KINDS.owner) return { ...renderQuoteOwner(quote, { ownerLang: config.ownerLang, publicOrigin: config.publicOrigin }), to: config.ownerEmail };
    const failed = await failedMessage(message, () => repo.listQuoteEmails(quote.id));
    if (failed) return { ...renderOwnerQuoteFailureEmail(quote, failed, { lang: config.ownerLang, quoteUrl: `${config.publicOrigin}/admin/quotes/${encodeURIComponent(quote.id)}` }), to: config.ownerEmail };
    return { ...renderQuoteAck(quote, { contactEmail: config.contactEmail, publicOrigin: config.publicOrigin }), ...toCustomer(quote.email, config) };
  }
  const order = await repo.findById(message.orderId ?? "");
  if (!order) throw new Error(`order ${message.orderId} not found`);
  const owner = { lang: config.ownerLang, orderUrl: `${config.publicOrigin}/admin/orders/${encodeURIComponent(order.id)}` };
  // The owner answers a notice about a customer's order by replying: it reaches the customer.
  if (message.kind === OWNER_PAID_EMAIL) return { ...renderOwnerOrderEmail(order, owner), to: config.ownerEmail, replyTo: order.customer.email };
  if (isWebhookPausedKind(message.kind)) return { ...renderOwnerWebhookPausedEmail({ lang: config.ownerLang, about: order.id, url: `${config.publicOrigin}/admin/automation` }), to: config.ownerEmail };
  const failed = await failedMessage(message, () => repo.listEmails(order.id));
  if (failed) return { ...renderOwnerFailureEmail(order, failed, owner), to: config.ownerEmail };
  if (message.kind === DELIVERED_EMAIL || message.kind.startsWith(`${DELIVERED_EMAIL}.`)) {
    // The note of this delivery (a subscription is delivered once per period, each with its note).
    const delivered = (await repo.listOrderEvents(order.id)).filter((event) => event.kind === "delivered");
    const note = (message.kind === DELIVERED_EMAIL ? delivered[0] : delivered.find((event) => deliveredKind(event.period, 1) === message.kind))?.detail ?? "";
    return { ...renderDeliveredEmail(order, note, { contactEmail: config.contactEmail }), ...toCustomer(order.customer.email, config) };
  }
  const manageUrl = config.manageUrl ?? ((o: Order) => `${config.publicOrigin}/subscription?lang=${o.lang}`);
  const billing = renderBillingEmail(order, message.kind, config.ownerLang, { contactEmail: config.contactEmail, manageUrl, orderUrl: owner.orderUrl });
  if (billing) return { ...billing.email, ...(billing.to === "owner" ? { to: config.ownerEmail, replyTo: order.customer.email } : toCustomer(order.customer.email, config)) };
  const email = renderConfirmationEmail(order, {
    contactEmail: config.contactEmail,
    resend: message.kind !== "confirmation",
    publicOrigin: config.publicOrigin,
    ...(order.monthly ? { manageUrl: manageUrl(order) } : {}),
    ...(config.invoiceUrl ? { invoiceUrl: config.invoiceUrl(order) } : {}),
  });
  return { ...email, ...toCustomer(order.customer.email, config) };
}

/**
 * Every email to a customer or a visitor answers to the contact address, not to the sending
 * address (often a no-reply mailbox of the SMTP provider), so a reply reaches a person.
 */
function toCustomer(address: string, config: Pick<OutboxEmailConfig, "contactEmail">) {
  if (address === ERASED) throw new RecipientErasedError();
  return { to: address, replyTo: config.contactEmail };
}

/**
 * The customer was erased (app/privacy/, ADR 016): there is no one to write to. The worker gives
 * the email up at once, without retries and without telling the owner that it "failed".
 */
export class RecipientErasedError extends Error {
  override name = "RecipientErasedError";
  constructor() {
    super("the recipient's personal details were erased");
  }
}

/** The given-up message an owner failure notice is about (undefined when `message` is no such notice). */
async function failedMessage(message: OutboxMessage, siblings: () => Promise<OutboxRow[]>): Promise<OutboxRow | undefined> {
  const failedId = failedOutboxId(message.kind);
  if (failedId === null) return undefined;
  const failed = (await siblings()).find((email) => email.id === failedId);
  if (!failed) throw new Error(`outbox message ${failedId} not found`);
  return failed;
}

/**
 * When the outbox gives up a message to a customer or a visitor, the owner is told once (the
 * notice's kind names the failed message); never for the owner's own emails, so no loop.
 * Returns true when a notice was enqueued now.
 */
export async function enqueueOwnerFailureNotice(repo: Pick<OutboxStore, "enqueueEmail" | "enqueueQuoteEmail">, message: OutboxMessage): Promise<boolean> {
  if (isOwnerKind(message.kind)) return false;
  const kind = ownerFailureKind(message.id);
  if (message.orderId) return repo.enqueueEmail(message.orderId, kind);
  if (message.quoteId) return repo.enqueueQuoteEmail(message.quoteId, kind);
  return false;
}
