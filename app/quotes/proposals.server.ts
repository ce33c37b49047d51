import { randomBytes } from "node:crypto";
import { PROPOSAL_IMMEDIATE_START, proposalPrice } from "../content/offers.ts";
import { termsForOrder, termsVersion } from "../content/terms.ts";
import { offerNameIn, translator } from "../i18n/translator.server.ts";
import { placeOrder, type PlaceOrderResult } from "../orders/place-order.server.ts";
import type { Order, OrderProposal } from "../orders/types.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";
import { priceLine } from "../content/price-story.ts";
import { formatDate, formatMoney } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { proposalPath } from "../i18n/site-map.ts";
import {
  licenceFloor,
  PROPOSAL_VALID_DAYS,
  proposalCurrency,
  readProposal,
  type ProposalCheck,
  type ProposalField,
} from "./proposal-schema.ts";
import type { Proposal, QuoteRequest } from "./types.ts";

export function newProposalId(): string {
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, "");
  return `prp_${date}_${randomBytes(6).toString("hex")}`;
}

/** The one name of a request's offer in a language (site-map.ts `offerName`): a proposal's default title. */
export function offerName(page: string, lang: QuoteRequest["lang"]): string {
  return offerNameIn(lang, page);
}

/** A proposal's link never expires by itself: the proposal's own valid-until time decides. */
const FOREVER = Number.POSITIVE_INFINITY;

export function proposalToken(proposalId: string, services: Pick<OrderServices, "links">): string {
  return services.links.sign(proposalId, "proposal", FOREVER);
}

type Services = Pick<OrderServices, "worker" | "links"> &
  Partial<Pick<OrderServices, "webhooksOut">> & { repo: StoresOf<"proposals" | "quotes"> };

/**
 * Sends a priced proposal for a quote request (the back office's form and the API's POST call
 * this, with the same check): stored with its email and `quote.proposed` in one transaction.
 * `replaces` names the version it replaces, whose link then shows this one.
 */
export async function proposeForQuote(
  quoteId: string,
  values: Partial<Record<ProposalField, string | undefined>>,
  services: Services,
  replaces: string | null = null,
): Promise<
  { ok: true; proposal: Proposal } | { ok: false; reason: "notFound" } | Extract<ProposalCheck, { ok: false }>
> {
  const quote = await services.repo.findQuoteRequest(quoteId);
  if (!quote) return { ok: false, reason: "notFound" };
  const checked = readProposal({ ...values, title: values.title?.trim() || offerName(quote.page, quote.lang) }, quote);
  if (!checked.ok) return checked;
  const old = replaces ? await services.repo.findProposal(replaces) : undefined;
  const proposal = await services.repo.createProposal(
    {
      id: newProposalId(),
      quoteId: quote.id,
      page: quote.page,
      lang: quote.lang,
      currency: proposalCurrency(quote.page, quote.lang),
      termsVersion: termsVersion(quote.lang),
      ...checked.value,
    },
    old && old.quoteId === quote.id ? old.id : null,
  );
  services.worker.kick();
  services.webhooksOut?.kick();
  return { ok: true, proposal };
}

/**
 * The proposal a link names, followed to its latest version (a replaced one leads to the one
 * that replaced it), with its request. Undefined when the token is not genuine or names nothing.
 */
export async function proposalOfToken(
  token: string,
  services: Pick<OrderServices, "links"> & { repo: StoresOf<"proposals" | "quotes"> },
): Promise<{ proposal: Proposal; quote: QuoteRequest; replaced: boolean } | undefined> {
  const checked = services.links.verify(token, "proposal");
  if (!checked.ok) return undefined;
  let proposal = await services.repo.findProposal(checked.orderId);
  let replaced = false;
  for (let hops = 0; proposal?.replacedBy && hops < 20; hops++) {
    proposal = await services.repo.findProposal(proposal.replacedBy);
    replaced = true;
  }
  if (!proposal) return undefined;
  const quote = await services.repo.findQuoteRequest(proposal.quoteId);
  return quote ? { proposal, quote, replaced } : undefined;
}

/** The first time the customer opens it: the owner hears of it (once). */
export async function noteViewed(
  proposal: Proposal,
  services: Pick<OrderServices, "worker"> & { repo: StoresOf<"proposals"> },
): Promise<void> {
  if (proposal.state !== "sent") return;
  if (await services.repo.markProposalViewed(proposal.id)) services.worker.kick();
}

/** The terms an order keeps of the proposal it pays. */
export function orderProposal(proposal: Proposal): OrderProposal {
  return {
    id: proposal.id,
    title: proposal.title,
    price: proposalPrice(proposal),
    deliveryDays: proposal.deliveryDays,
    revisionRounds: proposal.revisionRounds,
  };
}

/** "Ada Lovelace" → first name "Ada", last name "Lovelace" (the order's customer fields). */
function splitName(name: string): { firstName: string; lastName: string } {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(" ") };
}

export type AcceptOutcome =
  | PlaceOrderResult
  | { ok: false; reason: "closed"; proposal: Proposal }
  | { ok: false; reason: "paid"; proposal: Proposal };

/** The submission token of a proposal's checkout attempt: the first is the proposal's own. */
const attemptToken = (proposalId: string, attempt: number) =>
  attempt === 1 ? `proposal:${proposalId}` : `proposal:${proposalId}:${attempt}`;
const attemptOf = (token: string) => Number(/^proposal:[^:]+:(\d+)$/.exec(token)?.[1] ?? 1);

/**
 * Which checkout attempt an accept goes on with, from the proposal's current order: the same
 * while its checkout can still be paid (or retried, after a provider failure), the next one once
 * it expired. Whether it expired is asked of the provider through the order's one fulfilment step
 * (`fulfil`, as the thank-you page asks; it marks the order expired, or paid when the payment
 * arrived before its webhook).
 */
async function checkoutAttempt(order: Order, services: Pick<OrderServices, "fulfil">): Promise<number | "paid"> {
  const attempt = attemptOf(order.submissionToken);
  let state = order.state;
  if (state === "checkout_created" && order.sessionId) {
    const seen = await services.fulfil(order.sessionId);
    state = seen.status === "paid" ? "paid" : seen.status === "expired" ? "expired" : state;
  }
  if (state === "paid") return "paid";
  return state === "expired" ? attempt + 1 : attempt;
}

/**
 * "Accept and pay": one conditional write accepts an open, unexpired proposal (two accepts at
 * once: one wins, the owner is told once, `quote.accepted` once), then the order is placed with
 * the proposal's price through the same placement as the order form. Its submission token is the
 * proposal's, and the orders table keeps one order per token: however many accepts arrive, on
 * however many instances, they all reach the same order and its one checkout.
 *
 * A customer back after that checkout expired (Stripe's session ends after a day; the sandbox's
 * when cancelled) accepts again and gets a fresh one, as a fixed-price buyer orders again: the
 * expired order stays as it is and the next attempt's order (token `proposal:<id>:<n>`, one per
 * attempt, so returns at once still reach one) takes its place on the proposal. An expired
 * checkout can no longer be paid, so the proposal still gives at most one paid order.
 */
export async function acceptAndPay(
  found: { proposal: Proposal; quote: QuoteRequest },
  services: Services & Pick<OrderServices, "provider" | "returnBase" | "fulfil"> & { repo: StoresOf<"orders"> },
  now: Date = new Date(),
): Promise<AcceptOutcome> {
  const { quote } = found;
  let proposal = found.proposal;
  if (proposal.state === "paid") return { ok: false, reason: "paid", proposal };
  if (proposal.state === "sent" || proposal.state === "viewed") {
    if (await services.repo.acceptProposal(proposal.id, now)) services.worker.kick();
    proposal = (await services.repo.findProposal(proposal.id))!;
  }
  if (proposal.state === "paid") return { ok: false, reason: "paid", proposal };
  if (proposal.state !== "accepted") return { ok: false, reason: "closed", proposal };
  const current = proposal.orderId ? await services.repo.findById(proposal.orderId) : undefined;
  const attempt = current ? await checkoutAttempt(current, services) : 1;
  if (attempt === "paid")
    return { ok: false, reason: "paid", proposal: (await services.repo.findProposal(proposal.id))! };
  const outcome = await placeOrder(
    {
      form: { ...splitName(quote.name), email: quote.email, companyName: quote.company },
      offer: quote.page,
      lang: quote.lang,
      submissionToken: attemptToken(proposal.id, attempt),
      // The consents were ticked on the proposal's page, against the terms version it was sent with.
      acceptance: {
        acceptedAt: now.toISOString(),
        termsVersion: proposal.termsVersion,
        termsLang: termsForOrder(quote.lang).doc.lang,
        immediateStart: PROPOSAL_IMMEDIATE_START,
      },
      proposal: orderProposal(proposal),
    },
    services,
  );
  if (outcome.order) await services.repo.linkProposalOrder(proposal.id, outcome.order.id);
  services.webhooksOut?.kick();
  return outcome;
}

/**
 * The back office's view of a request's proposals (newest first) and what its form starts from:
 * the offer's one name in the customer's language, the currency, the datasets' floor, a validity
 * of 14 days. `lang` is the back office's language.
 */
export async function proposalsOfQuote(
  quote: QuoteRequest,
  lang: Language,
  services: Pick<OrderServices, "links" | "returnBase"> & { repo: StoresOf<"proposals"> },
) {
  const proposals = await services.repo.listProposals(quote.id);
  const t = translator(lang, "proposal");
  const tCommon = translator(lang, "common");
  const currency = proposalCurrency(quote.page, quote.lang);
  const open = proposals.find((proposal) => proposal.state === "sent" || proposal.state === "viewed");
  const floor = quote.page === "datasets" ? licenceFloor("one-off") : null;
  return {
    rows: proposals.map((proposal) => ({
      id: proposal.id,
      title: proposal.title,
      state: proposal.state,
      stateLabel: t(`admin.states.${proposal.state}`),
      price: priceLine(tCommon, proposalPrice(proposal), lang).text,
      validUntil: formatDate(new Date(proposal.validUntil), lang, true),
      link: `${services.returnBase}${proposalPath(proposalToken(proposal.id, services), proposal.lang)}`,
      orderId: proposal.orderId,
      withdrawable: proposal.state === "sent" || proposal.state === "viewed",
    })),
    form: {
      title: offerName(quote.page, quote.lang),
      currency,
      floor: floor ? formatMoney(floor.oneTime, currency, lang) : null,
      validUntil: new Date(Date.now() + PROPOSAL_VALID_DAYS * 86_400_000).toISOString().slice(0, 10),
      /** A new proposal replaces the open one, if any (its link then shows the new version). */
      replaces: open?.id ?? null,
    },
  };
}

/** The owner withdraws an open proposal of this request (a second post changes nothing). */
export async function withdrawProposal(quoteId: string, proposalId: string, services: { repo: StoresOf<"proposals"> }) {
  const proposal = await services.repo.findProposal(proposalId);
  if (!proposal || proposal.quoteId !== quoteId) return false;
  return services.repo.withdrawProposal(proposalId);
}
