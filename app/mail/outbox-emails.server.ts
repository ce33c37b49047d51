import { ERASED } from "../db/erased.ts";
import { ownerFailureKind, parseEmailKind } from "./email-kinds.ts";
import { typesetEmail } from "./email-layout.server.ts";
import {
  EMAILS,
  isOwnerKind,
  type EmailDefinition,
  type EmailRenderStores,
  type EmailSubject,
  type OutboxEmailConfig,
  type RenderedOutboxEmail,
} from "./email-registry.server.ts";
import type { OutboxStore } from "./types.ts";
import type { OutboxMessage } from "./types.ts";

export type { OutboxEmailConfig };

/**
 * What an outbox message says and to whom: its kind's entry in `EMAILS` (email-registry.server.ts),
 * given the record the row is about. A kind this version does not know, or a row about something
 * its kind is not written for, throws `UnknownEmailKindError`: nothing is sent, never another email.
 */
export async function renderOutboxEmail(
  repo: EmailRenderStores,
  message: OutboxMessage,
  config: OutboxEmailConfig,
): Promise<RenderedOutboxEmail & { to: string }> {
  const parsed = parseEmailKind(message.kind);
  if (!parsed) throw new UnknownEmailKindError(message.kind);
  // The entry and the payload were read from the same kind (parseEmailKind): they match.
  const definition = EMAILS[parsed.kind] as EmailDefinition<typeof parsed.payload>;
  const subject = await subjectOf(repo, message);
  if (!definition.about.includes(subject.about)) throw new UnknownEmailKindError(message.kind, subject.about);
  // Every email leaves set by its language's typography (French spaces before : ; ! ?), as the pages are.
  const email = typesetEmail(await definition.render(subject, parsed.payload, { config, repo, message }));
  if (definition.to === "owner") return { ...email, to: config.ownerEmail };
  if (subject.about === "link" || subject.about === "system")
    throw new UnknownEmailKindError(message.kind, subject.about);
  return {
    ...email,
    ...toCustomer(subject.about === "order" ? subject.order.customer.email : subject.quote.email, config),
  };
}

/** The record an outbox row is about (an owner link, a quote request or an order). */
async function subjectOf(repo: EmailRenderStores, message: OutboxMessage): Promise<EmailSubject> {
  if (message.systemKey) return { about: "system", key: message.systemKey };
  if (message.unlockId) {
    const expiresAt = await repo.unlockExpiry(message.unlockId);
    if (!expiresAt) throw new Error(`unlock link ${message.unlockId} not found`);
    return { about: "link", linkId: message.unlockId, expiresAt };
  }
  if (message.quoteId) {
    const quote = await repo.findQuoteRequest(message.quoteId);
    if (!quote) throw new Error(`quote request ${message.quoteId} not found`);
    return { about: "quote", quote };
  }
  const order = await repo.findById(message.orderId ?? "");
  if (!order) throw new Error(`order ${message.orderId} not found`);
  return { about: "order", order };
}

/**
 * A stored kind this version cannot write (an older or newer version's, a typo in a manual
 * insert), or one about the wrong record. The worker fails it at once, without retries, and the
 * owner is told (a failure notice naming it): sending anything else in its place would be worse.
 */
export class UnknownEmailKindError extends Error {
  override name = "UnknownEmailKindError";
  constructor(kind: string, about?: EmailSubject["about"]) {
    super(
      about
        ? `the email kind "${kind}" is not written about a ${about}: not sent`
        : `unknown email kind "${kind}": not sent`,
    );
  }
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

/**
 * When the outbox gives up a message to a customer or a visitor, the owner is told once (the
 * notice's kind names the failed message); never for the owner's own emails, so no loop.
 * Returns true when a notice was enqueued now.
 */
export async function enqueueOwnerFailureNotice(
  repo: Pick<OutboxStore, "enqueueEmail" | "enqueueQuoteEmail">,
  message: OutboxMessage,
): Promise<boolean> {
  if (isOwnerKind(message.kind)) return false;
  const kind = ownerFailureKind(message.id);
  if (message.orderId) return repo.enqueueEmail(message.orderId, kind);
  if (message.quoteId) return repo.enqueueQuoteEmail(message.quoteId, kind);
  return false;
}
