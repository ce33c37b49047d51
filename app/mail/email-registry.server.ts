import { renderBriefReminderEmail } from "./brief-reminder-email.server.ts";
import type { Language } from "../i18n/languages.ts";
import {
  billingCustomerEmail,
  billingOwnerEmail,
  manageLink,
  refundIssuedEmail,
  type BillingEmailContext,
} from "./billing-email.server.ts";
import { renderConfirmationEmail, type RenderedEmail } from "./confirmation-email.server.ts";
import { deliveredKind, parseEmailKind, type EmailKind, type EmailPayload } from "./email-kinds.ts";
import {
  renderDeliveredEmail,
  renderOwnerFailureEmail,
  renderOwnerOrderEmail,
  renderOwnerQuoteFailureEmail,
  renderOwnerResetEmail,
  renderOwnerSetupEmail,
  renderOwnerUnlockEmail,
  renderOwnerWebhookPausedEmail,
} from "./owner-emails.server.ts";
import { renderQuoteAck, renderQuoteOwner } from "./quote-email.server.ts";
import { renderOwnerProposalEmail, renderProposalEmail, type OwnerProposalEvent } from "./proposal-email.server.ts";
import { renderOwnerWorkEmail, renderWorkDeliveredEmail } from "./delivery-email.server.ts";
import { renderOwnerMorningEmail } from "./morning-email.server.ts";
import type { DeliveryStore } from "../delivery/types.ts";
import type { BackOfficeStore } from "../admin/types.ts";
import type { Order, OrderStore } from "../orders/types.ts";
import type { Proposal, ProposalStore, QuoteRequest, QuoteStore } from "../quotes/types.ts";
import type { MorningDigest, OutboxMessage, OutboxRow, OutboxStore } from "./types.ts";

export interface OutboxEmailConfig {
  contactEmail: string;
  ownerEmail: string;
  ownerLang: Language;
  publicOrigin: string;
  /** A fresh signed "manage my subscription" URL (subscription confirmations, failed renewals, fresh links). */
  manageUrl?(order: Order): string;
  /** The customer's order page (signed link), in the confirmation and its copies. */
  orderPageUrl?(order: Order): string;
  /** Sandbox only: the site's own HTML invoice (with Stripe, Stripe sends the invoice). */
  invoiceUrl?(order: Order): string;
  /** A signed unlock link (app/routes/admin-unlock.tsx) valid until `expiresAt`. */
  unlockUrl?(unlockId: string, expiresAt: number): string;
  /** The signed one-time set-up link (app/routes/admin-setup.tsx): the same one the start-up log shows. */
  setupUrl?(linkId: string, expiresAt: number): string;
  /** A signed password-reset link (app/routes/admin-reset.tsx) valid until `expiresAt`. */
  resetUrl?(linkId: string, expiresAt: number): string;
  /** A proposal's signed page (app/routes/proposal.tsx), in its language. */
  proposalUrl?(proposal: Pick<Proposal, "id" | "lang">): string;
  /** What the owner's morning email of a day (YYYY-MM-DD, the owner's time zone) says (app/admin/morning.server.ts). */
  morningDigest?(day: string): Promise<MorningDigest>;
}

/** The stores a renderer reads (the record an email is about, its sibling emails, a delivery's note). */
export type EmailRenderStores = Pick<OrderStore, "findById"> &
  Pick<QuoteStore, "findQuoteRequest"> &
  Pick<ProposalStore, "findProposal" | "findProposalQuestion"> &
  OutboxStore &
  Pick<BackOfficeStore, "listOrderEvents"> &
  Pick<DeliveryStore, "findDelivery" | "findRevision" | "orderWork">;

/** What an outbox row is about: an order, a quote request, an owner link (app/auth's owner_unlocks), or the site itself (the morning email). */
export type EmailSubject =
  | { about: "order"; order: Order }
  | { about: "quote"; quote: QuoteRequest }
  | { about: "link"; linkId: string; expiresAt: number }
  | { about: "system"; key: string };

export interface EmailEnv {
  config: OutboxEmailConfig;
  repo: EmailRenderStores;
  message: OutboxMessage;
}

/** A rendered email; an owner's notice may name a Reply-To (the customer or visitor it is about). */
export type RenderedOutboxEmail = RenderedEmail & { replyTo?: string };

/**
 * One kind of email: who receives it (the customer or visitor the row is about, with Reply-To the
 * contact address; or the owner at OWNER_EMAIL, in OWNER_LANG), what its row may be about, and its
 * renderer, given the kind's key as typed data (`EmailPayload`).
 */
export interface EmailDefinition<P> {
  to: "customer" | "owner";
  about: ReadonlyArray<EmailSubject["about"]>;
  render(subject: EmailSubject, payload: P, env: EmailEnv): RenderedOutboxEmail | Promise<RenderedOutboxEmail>;
}

type Render<S, P> = (subject: S, payload: P, env: EmailEnv) => RenderedOutboxEmail | Promise<RenderedOutboxEmail>;

/** Unreachable through renderOutboxEmail, which checks `about` first; a direct caller gets a clear error. */
const wrongSubject = (subject: EmailSubject): never => {
  throw new Error(`this email is not written about a ${subject.about}`);
};

const aboutOrder = <P>(to: "customer" | "owner", render: Render<Order, P>): EmailDefinition<P> => ({
  to,
  about: ["order"],
  render: (subject, payload, env) =>
    subject.about === "order" ? render(subject.order, payload, env) : wrongSubject(subject),
});
const aboutQuote = <P>(to: "customer" | "owner", render: Render<QuoteRequest, P>): EmailDefinition<P> => ({
  to,
  about: ["quote"],
  render: (subject, payload, env) =>
    subject.about === "quote" ? render(subject.quote, payload, env) : wrongSubject(subject),
});
const aboutLink = <P>(
  render: Render<{ linkId: string; expiresAt: number; minutes: number }, P>,
): EmailDefinition<P> => ({
  to: "owner",
  about: ["link"],
  render: (subject, payload, env) =>
    subject.about === "link"
      ? render(
          { ...subject, minutes: Math.max(0, Math.round((subject.expiresAt - Date.now()) / 60_000)) },
          payload,
          env,
        )
      : wrongSubject(subject),
});

/** An owner link's URL maker, which the services always give (a missing one is a configuration error, retried). */
function linkUrl(
  make: ((id: string, expiresAt: number) => string) | undefined,
  link: { linkId: string; expiresAt: number },
): string {
  if (!make) throw new Error("owner links are not configured");
  return make(link.linkId, link.expiresAt);
}

const orderUrl = (order: Order, config: OutboxEmailConfig) =>
  `${config.publicOrigin}/admin/orders/${encodeURIComponent(order.id)}`;
const ownerOptions = (order: Order, { config }: EmailEnv) => ({
  lang: config.ownerLang,
  orderUrl: orderUrl(order, config),
  origin: config.publicOrigin,
});
const billingContext = (order: Order, { config }: EmailEnv): BillingEmailContext => ({
  contactEmail: config.contactEmail,
  manageUrl: config.manageUrl ?? ((o: Order) => `${config.publicOrigin}/subscription?lang=${o.lang}`),
  orderUrl: orderUrl(order, config),
  publicOrigin: config.publicOrigin,
});
/** The owner answers a notice about a customer's order by replying: it reaches the customer. */
const replyToCustomer = (order: Order, email: RenderedEmail): RenderedOutboxEmail => ({
  ...email,
  replyTo: order.customer.email,
});
const ownerBilling = (
  key: string,
  amount: (order: Order) => number,
  extra?: (order: Order) => Record<string, string>,
) =>
  aboutOrder("owner", (order, _payload, env) =>
    replyToCustomer(
      order,
      billingOwnerEmail(order, key, amount(order), env.config.ownerLang, billingContext(order, env), extra?.(order)),
    ),
  );

/** The confirmation, or one of its copies (its subject says "copy"). */
const confirmation = (copy: boolean) =>
  aboutOrder("customer", (order, _payload, { config }) =>
    renderConfirmationEmail(order, {
      contactEmail: config.contactEmail,
      resend: copy,
      publicOrigin: config.publicOrigin,
      ...(order.monthly
        ? {
            manageUrl: (config.manageUrl ?? ((o: Order) => `${config.publicOrigin}/subscription?lang=${o.lang}`))(
              order,
            ),
          }
        : {}),
      ...(config.invoiceUrl ? { invoiceUrl: config.invoiceUrl(order) } : {}),
      ...(config.orderPageUrl ? { orderPageUrl: config.orderPageUrl(order) } : {}),
    }),
  );

/** The proposal an email names (it belongs to the quote request the row is about). */
async function proposalOf(quote: QuoteRequest, proposalId: string, env: EmailEnv): Promise<Proposal> {
  const proposal = await env.repo.findProposal(proposalId);
  if (!proposal || proposal.quoteId !== quote.id) throw new Error(`proposal ${proposalId} not found`);
  return proposal;
}

const ownerProposal = (event: Exclude<OwnerProposalEvent, "question">) =>
  aboutQuote("owner", async (quote, payload: { proposalId: string }, env) =>
    renderOwnerProposalEmail(event, quote, await proposalOf(quote, payload.proposalId, env), {
      ownerLang: env.config.ownerLang,
      publicOrigin: env.config.publicOrigin,
    }),
  );

/** The given-up message an owner failure notice is about. */
function failedSibling(rows: OutboxRow[], outboxId: number): OutboxRow {
  const failed = rows.find((email) => email.id === outboxId);
  if (!failed) throw new Error(`outbox message ${outboxId} not found`);
  return failed;
}

/**
 * Every email the site sends, by kind (email-kinds.ts). The type makes a kind without an entry a
 * compile error; at run time a stored kind this version does not know is never sent
 * (`UnknownEmailKindError` in outbox-emails.server.ts: failed at once, the owner told).
 */
export const EMAILS: { readonly [K in EmailKind]: EmailDefinition<EmailPayload<K>> } = {
  confirmation: confirmation(false),
  resend: confirmation(true),
  "admin-resend": confirmation(true),
  "order-link": confirmation(true),
  "owner-paid": aboutOrder("owner", (order, _payload, env) =>
    replyToCustomer(order, renderOwnerOrderEmail(order, ownerOptions(order, env))),
  ),
  "owner-unlock": aboutLink((link, _payload, { config }) =>
    renderOwnerUnlockEmail({
      lang: config.ownerLang,
      url: linkUrl(config.unlockUrl, link),
      minutes: link.minutes,
      origin: config.publicOrigin,
    }),
  ),
  "owner-setup": aboutLink((link, _payload, { config }) =>
    renderOwnerSetupEmail({ lang: config.ownerLang, url: linkUrl(config.setupUrl, link), origin: config.publicOrigin }),
  ),
  "owner-reset": aboutLink((link, _payload, { config }) =>
    renderOwnerResetEmail({
      lang: config.ownerLang,
      url: linkUrl(config.resetUrl, link),
      minutes: link.minutes,
      origin: config.publicOrigin,
    }),
  ),
  delivered: aboutOrder("customer", async (order, { period }, { repo, config, message }) => {
    // The note of this delivery (a subscription is delivered once per period, each with its note).
    const delivered = (await repo.listOrderEvents(order.id)).filter((event) => event.kind === "delivered");
    const note =
      (period === null ? delivered[0] : delivered.find((event) => deliveredKind(event.period, 1) === message.kind))
        ?.detail ?? "";
    return renderDeliveredEmail(order, note, { contactEmail: config.contactEmail, origin: config.publicOrigin });
  }),
  "work-delivered": aboutOrder("customer", async (order, { deliveryId }, { repo, config }) => {
    const delivery = await repo.findDelivery(deliveryId);
    const work = delivery ? await repo.orderWork(order.id) : null;
    const files = work ? work.files.filter((file) => file.deliveryId === delivery!.id) : [];
    // A delivery answering a revision says so; a new piece of a subscription's month does not.
    const answersRevision = Boolean(
      work?.revisions.some((revision) => revision.period === delivery!.period && revision.round === delivery!.round),
    );
    return renderWorkDeliveredEmail(order, delivery, files, {
      contactEmail: config.contactEmail,
      origin: config.publicOrigin,
      pageUrl: config.orderPageUrl ? config.orderPageUrl(order) : null,
      answersRevision,
    });
  }),
  "brief-reminder": aboutOrder("customer", (order, _payload, { config }) =>
    renderBriefReminderEmail(order, {
      contactEmail: config.contactEmail,
      origin: config.publicOrigin,
      pageUrl: config.orderPageUrl ? config.orderPageUrl(order) : null,
    }),
  ),
  "owner-revision": aboutOrder("owner", async (order, { revisionId }, env) => {
    const files = (await env.repo.orderWork(order.id)).files
      .filter((file) => file.revisionId === revisionId)
      .map((file) => file.name);
    return replyToCustomer(
      order,
      renderOwnerWorkEmail(
        order,
        { kind: "revision", revision: await env.repo.findRevision(revisionId), files },
        ownerOptions(order, env),
      ),
    );
  }),
  "owner-accepted": aboutOrder("owner", (order, _payload, env) =>
    replyToCustomer(order, renderOwnerWorkEmail(order, { kind: "accepted" }, ownerOptions(order, env))),
  ),
  "owner-morning": {
    to: "owner",
    about: ["system"],
    async render(subject, { day }, { config }) {
      if (subject.about !== "system") return wrongSubject(subject);
      if (!config.morningDigest) throw new Error("the morning email is not configured");
      return renderOwnerMorningEmail(await config.morningDigest(day), {
        lang: config.ownerLang,
        origin: config.publicOrigin,
      });
    },
  },
  "owner-email-failed": {
    to: "owner",
    about: ["order", "quote"],
    async render(subject, { outboxId }, { repo, config }) {
      if (subject.about === "order") {
        const failed = failedSibling(await repo.listEmails(subject.order.id), outboxId);
        return renderOwnerFailureEmail(subject.order, failed, {
          lang: config.ownerLang,
          orderUrl: orderUrl(subject.order, config),
          origin: config.publicOrigin,
          unknownKind: parseEmailKind(failed.kind) === null,
        });
      }
      if (subject.about === "quote") {
        const failed = failedSibling(await repo.listQuoteEmails(subject.quote.id), outboxId);
        const quoteUrl = `${config.publicOrigin}/admin/quotes/${encodeURIComponent(subject.quote.id)}`;
        return renderOwnerQuoteFailureEmail(subject.quote, failed, {
          lang: config.ownerLang,
          quoteUrl,
          origin: config.publicOrigin,
          unknownKind: parseEmailKind(failed.kind) === null,
        });
      }
      return wrongSubject(subject);
    },
  },
  "quote-ack": aboutQuote("customer", (quote, _payload, { config }) =>
    renderQuoteAck(quote, { contactEmail: config.contactEmail, publicOrigin: config.publicOrigin }),
  ),
  "quote-owner": aboutQuote("owner", (quote, _payload, { config }) =>
    renderQuoteOwner(quote, { ownerLang: config.ownerLang, publicOrigin: config.publicOrigin }),
  ),
  proposal: aboutQuote("customer", async (quote, payload, env) => {
    const proposal = await proposalOf(quote, payload.proposalId, env);
    if (!env.config.proposalUrl) throw new Error("proposal links are not configured");
    return renderProposalEmail(quote, proposal, {
      url: env.config.proposalUrl(proposal),
      contactEmail: env.config.contactEmail,
      publicOrigin: env.config.publicOrigin,
    });
  }),
  "owner-proposal-viewed": ownerProposal("viewed"),
  "owner-proposal-accepted": ownerProposal("accepted"),
  "owner-proposal-declined": ownerProposal("declined"),
  "owner-proposal-question": aboutQuote("owner", async (quote, payload, env) => {
    const question = await env.repo.findProposalQuestion(payload.questionId);
    if (!question) throw new Error(`question ${payload.questionId} not found`);
    return renderOwnerProposalEmail("question", quote, await proposalOf(quote, question.proposalId, env), {
      ownerLang: env.config.ownerLang,
      publicOrigin: env.config.publicOrigin,
      message: question.message,
    });
  }),
  "payment-failed": aboutOrder("customer", (order, _payload, env) =>
    billingCustomerEmail(order, "paymentFailed", billingContext(order, env), {
      link: manageLink(order, billingContext(order, env)),
    }),
  ),
  renewal: aboutOrder("customer", (order, _payload, env) =>
    billingCustomerEmail(order, "renewal", billingContext(order, env)),
  ),
  "subscription-ended": aboutOrder("customer", (order, _payload, env) =>
    billingCustomerEmail(order, "ended", billingContext(order, env)),
  ),
  // The end date the kind was written with: what was true when the customer cancelled.
  "cancellation-confirmed": aboutOrder("customer", (order, { periodEnd }, env) =>
    billingCustomerEmail(order, "cancellationConfirmed", billingContext(order, env), { on: periodEnd }),
  ),
  "manage-link": aboutOrder("customer", (order, _payload, env) =>
    billingCustomerEmail(order, "manageLink", billingContext(order, env), {
      link: manageLink(order, billingContext(order, env)),
    }),
  ),
  "refund-issued": aboutOrder("customer", (order, { amount }, env) =>
    refundIssuedEmail(order, amount, billingContext(order, env)),
  ),
  "owner-cancellation": ownerBilling("cancellation", (order) => order.monthly),
  "owner-refund": aboutOrder("owner", (order, { amount }, env) =>
    replyToCustomer(
      order,
      billingOwnerEmail(order, "refund", amount, env.config.ownerLang, billingContext(order, env)),
    ),
  ),
  "owner-dispute": aboutOrder("owner", (order, { amount }, env) =>
    replyToCustomer(
      order,
      billingOwnerEmail(order, "dispute", amount, env.config.ownerLang, billingContext(order, env)),
    ),
  ),
  "owner-dispute-closed": aboutOrder("owner", (order, { status }, env) =>
    replyToCustomer(
      order,
      billingOwnerEmail(
        order,
        status === "won" || status === "warning_closed" ? "disputeWon" : "disputeLost",
        order.amountDueNow,
        env.config.ownerLang,
        billingContext(order, env),
      ),
    ),
  ),
  "owner-paused": ownerBilling("paused", (order) => order.monthly),
  "owner-unhandled": aboutOrder("owner", (order, { eventId }, env) =>
    replyToCustomer(
      order,
      billingOwnerEmail(order, "unhandled", 0, env.config.ownerLang, billingContext(order, env), { event: eventId }),
    ),
  ),
  // About the order or quote request whose delivery paused the endpoint: the back office's automation page resumes it.
  "owner-webhook-paused": {
    to: "owner",
    about: ["order", "quote"],
    render(subject, _payload, { config }) {
      if (subject.about === "link" || subject.about === "system") return wrongSubject(subject);
      const about = subject.about === "order" ? { order: subject.order } : { quote: subject.quote };
      return renderOwnerWebhookPausedEmail({
        lang: config.ownerLang,
        about,
        url: `${config.publicOrigin}/admin/automation`,
        origin: config.publicOrigin,
      });
    },
  },
};

/** Messages to the owner (a failure of one of these is not reported by another email, so no loop). */
export function isOwnerKind(kind: string): boolean {
  const parsed = parseEmailKind(kind);
  return parsed !== null && EMAILS[parsed.kind].to === "owner";
}
