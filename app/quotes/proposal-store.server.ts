import { randomBytes } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database, ProposalsTable } from "../db/schema.ts";
import { WEBHOOK_EVENTS } from "../automation/events.ts";
import { recordWebhookEvent } from "../automation/webhook-store.server.ts";
import { PROPOSAL_EMAIL } from "../mail/email-kinds.ts";
import { enqueue } from "../mail/outbox-store.server.ts";
import type { NewProposal, Proposal, ProposalState, ProposalStore } from "./types.ts";

type Row = Selectable<ProposalsTable> & { order_state?: string | null };

/** Still open to the customer: sent or opened, not yet answered, withdrawn or replaced. */
const OPEN_STATES = ["sent", "viewed"] as const;

/** The state as the customer and the owner read it: a stored one, or expired / paid read from the clock and the order. */
export function proposalState(
  row: Pick<Row, "state" | "valid_until" | "order_state">,
  now = Date.now(),
): ProposalState {
  if (row.state === "accepted" && row.order_state === "paid") return "paid";
  if ((row.state === "sent" || row.state === "viewed") && Date.parse(row.valid_until) <= now) return "expired";
  return row.state;
}

const toProposal = (row: Row): Proposal => ({
  id: row.id,
  quoteId: row.quote_id,
  page: row.page as Proposal["page"],
  lang: row.lang as Proposal["lang"],
  title: row.title,
  included: row.included,
  priceKind: row.price_kind,
  currency: row.currency as Proposal["currency"],
  oneTime: Number(row.one_time),
  monthly: Number(row.monthly),
  deliveryDays: Number(row.delivery_days),
  revisionRounds: Number(row.revision_rounds),
  validUntil: row.valid_until,
  termsVersion: row.terms_version,
  state: proposalState(row),
  replacedBy: row.replaced_by ?? null,
  orderId: row.order_id ?? null,
  declineReason: row.decline_reason ?? null,
  createdAt: row.created_at,
  viewedAt: row.viewed_at ?? null,
  acceptedAt: row.accepted_at ?? null,
  declinedAt: row.declined_at ?? null,
  withdrawnAt: row.withdrawn_at ?? null,
});

const now = () => new Date().toISOString();

function selectProposals(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom("proposals")
    .leftJoin("orders", "orders.id", "proposals.order_id")
    .selectAll("proposals")
    .select("orders.state as order_state");
}

/** The proposals and proposal_questions tables over the one Kysely database. */
export function proposalStore(db: Kysely<Database>): ProposalStore {
  const find = async (id: string, trx: Kysely<Database> | Transaction<Database> = db) => {
    const row = await selectProposals(trx).where("proposals.id", "=", id).executeTakeFirst();
    return row ? toProposal(row) : undefined;
  };

  return {
    async createProposal(proposal: NewProposal, replaces: string | null): Promise<Proposal> {
      return db.transaction().execute(async (trx) => {
        const stamp = now();
        await trx
          .insertInto("proposals")
          .values({
            id: proposal.id,
            quote_id: proposal.quoteId,
            page: proposal.page,
            lang: proposal.lang,
            title: proposal.title,
            included: proposal.included,
            price_kind: proposal.priceKind,
            currency: proposal.currency,
            one_time: proposal.oneTime,
            monthly: proposal.monthly,
            delivery_days: proposal.deliveryDays,
            revision_rounds: proposal.revisionRounds,
            valid_until: proposal.validUntil,
            terms_version: proposal.termsVersion,
            state: "sent",
            created_at: stamp,
          })
          .execute();
        // A new version retires the open one: its link then leads to this one (replaced_by).
        if (replaces)
          await trx
            .updateTable("proposals")
            .set({ state: "replaced", replaced_by: proposal.id })
            .where("id", "=", replaces)
            .where("quote_id", "=", proposal.quoteId)
            .where("state", "in", [...OPEN_STATES, "declined", "withdrawn"])
            .execute();
        await enqueue(trx, { quoteId: proposal.quoteId }, PROPOSAL_EMAIL.sent(proposal.id), stamp);
        await recordWebhookEvent(trx, { quoteId: proposal.quoteId }, WEBHOOK_EVENTS.quoteProposed(proposal), stamp);
        return (await find(proposal.id, trx))!;
      });
    },

    findProposal: (id: string) => find(id),

    async listProposals(quoteId: string): Promise<Proposal[]> {
      const rows = await selectProposals(db)
        .where("proposals.quote_id", "=", quoteId)
        .orderBy("proposals.created_at", "desc")
        .orderBy("proposals.id", "desc")
        .execute();
      return rows.map(toProposal);
    },

    async markProposalViewed(id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const stamp = now();
        const row = await trx
          .updateTable("proposals")
          .set({ state: "viewed", viewed_at: stamp })
          .where("id", "=", id)
          .where("state", "=", "sent")
          .returning(["quote_id"])
          .executeTakeFirst();
        if (!row) return false;
        await enqueue(trx, { quoteId: row.quote_id }, PROPOSAL_EMAIL.viewed(id), stamp);
        return true;
      });
    },

    async acceptProposal(id: string, at: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const stamp = at.toISOString();
        // The one write that decides: only an open, unexpired proposal becomes accepted, once.
        const row = await trx
          .updateTable("proposals")
          .set({ state: "accepted", accepted_at: stamp })
          .where("id", "=", id)
          .where("state", "in", [...OPEN_STATES])
          .where("valid_until", ">", stamp)
          .returningAll()
          .executeTakeFirst();
        if (!row) return false;
        const proposal = toProposal(row);
        await enqueue(trx, { quoteId: row.quote_id }, PROPOSAL_EMAIL.accepted(id), stamp);
        await recordWebhookEvent(trx, { quoteId: row.quote_id }, WEBHOOK_EVENTS.quoteAccepted(proposal), stamp);
        return true;
      });
    },

    async linkProposalOrder(id: string, orderId: string): Promise<void> {
      // Its first order, or the next checkout attempt's in place of one that expired: never in
      // place of one that can still be paid, or was (a late request cannot put an old one back).
      await db
        .updateTable("proposals")
        .set({ order_id: orderId })
        .where("id", "=", id)
        .where((eb) =>
          eb.or([
            eb("order_id", "is", null),
            eb("order_id", "in", eb.selectFrom("orders").select("id").where("state", "=", "expired")),
          ]),
        )
        .execute();
    },

    async declineProposal(id: string, reason: string, at: Date): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const stamp = at.toISOString();
        const row = await trx
          .updateTable("proposals")
          .set({ state: "declined", declined_at: stamp, decline_reason: reason || null })
          .where("id", "=", id)
          .where("state", "in", [...OPEN_STATES])
          .returningAll()
          .executeTakeFirst();
        if (!row) return false;
        await enqueue(trx, { quoteId: row.quote_id }, PROPOSAL_EMAIL.declined(id), stamp);
        await recordWebhookEvent(trx, { quoteId: row.quote_id }, WEBHOOK_EVENTS.quoteDeclined(toProposal(row)), stamp);
        return true;
      });
    },

    async withdrawProposal(id: string): Promise<boolean> {
      const result = await db
        .updateTable("proposals")
        .set({ state: "withdrawn", withdrawn_at: now() })
        .where("id", "=", id)
        .where("state", "in", [...OPEN_STATES])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async askProposalQuestion(id: string, message: string): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const stamp = now();
        const proposal = await trx
          .selectFrom("proposals")
          .select("quote_id")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        const questionId = `pq_${randomBytes(8).toString("hex")}`;
        await trx
          .insertInto("proposal_questions")
          .values({ id: questionId, proposal_id: id, message, created_at: stamp })
          .execute();
        await enqueue(trx, { quoteId: proposal.quote_id }, PROPOSAL_EMAIL.question(questionId), stamp);
        return questionId;
      });
    },

    async findProposalQuestion(id: string) {
      const row = await db.selectFrom("proposal_questions").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? { id: row.id, proposalId: row.proposal_id, message: row.message } : undefined;
    },
  };
}
