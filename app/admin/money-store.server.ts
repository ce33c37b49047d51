import type { Kysely } from "kysely";
import type { Database, MoneyActionsTable } from "../db/schema.ts";
import { billingStateEvents, WEBHOOK_EVENTS } from "../automation/events.ts";
import { recordWebhookEvent } from "../automation/webhook-store.server.ts";
import { enqueue } from "../mail/outbox-store.server.ts";
import { closeWork } from "../delivery/delivery-store.server.ts";
import type { ClosedBy, MoneyEvent } from "../delivery/work-state.ts";
import { applyBillingState } from "../orders/billing-columns.server.ts";
import type { BillingState } from "../orders/types.ts";
import type { StoredEmailKind } from "../mail/email-kinds.ts";

export type MoneyAction = Pick<
  MoneyActionsTable,
  "key" | "kind" | "amount" | "currency" | "reason" | "note" | "status" | "provider_ref"
> & { orderId: string };

/** What a done action changes, written with its "done" mark in one transaction. */
export interface MoneyEffects {
  providerRef: string;
  /** The timeline line (order_events). */
  event: { kind: "refunded" | "subscription_cancelled"; detail: string };
  /** Customer emails (outbox kinds, unique per order: a later webhook asking for the same one adds nothing). */
  emails: StoredEmailKind[];
  billing?: { state: BillingState | null; periodEnd: string | null; providerStatus?: string };
  /** What is refunded of the charge now (the provider's own total), as the webhook records it. */
  charge?: { chargeId: string; amount: number; amountRefunded: number; currency: string };
  /** Money closed the work: the state machine's decision (delivery/work.server.ts `moneyMove`), written with the rest. */
  closeWork?: { why: ClosedBy; event: MoneyEvent };
}

const now = () => new Date().toISOString();

/**
 * The back office's refunds and cancellations (table money_actions). Each confirmation screen
 * carries a fresh key; the row of that key is the one decision: a replayed post, a double click or
 * a second tab finds it and changes nothing (primary key, conditional update).
 */
export class KyselyMoneyStore {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Claims the key for this action: "claimed" the first time, else the row already stored under it. */
  async claim(action: Omit<MoneyAction, "status" | "provider_ref">): Promise<"claimed" | MoneyAction> {
    const inserted = await this.db
      .insertInto("money_actions")
      .values({
        key: action.key,
        order_id: action.orderId,
        kind: action.kind,
        amount: action.amount,
        currency: action.currency,
        reason: action.reason,
        note: action.note,
        status: "pending",
        provider_ref: null,
        created_at: now(),
      })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return "claimed";
    return (await this.find(action.key))!;
  }

  async find(key: string): Promise<MoneyAction | undefined> {
    const row = await this.db.selectFrom("money_actions").selectAll().where("key", "=", key).executeTakeFirst();
    return row ? { ...row, amount: Number(row.amount), orderId: row.order_id } : undefined;
  }

  /** The provider refused or failed: the key is given back, so the owner may confirm again. */
  async release(key: string): Promise<void> {
    await this.db.deleteFrom("money_actions").where("key", "=", key).where("status", "=", "pending").execute();
  }

  /** Marks the action done and applies its effects, once (false when it was done already). */
  async complete(key: string, orderId: string, effects: MoneyEffects): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable("money_actions")
        .set({ status: "done", provider_ref: effects.providerRef })
        .where("key", "=", key)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto("order_events")
        .values({
          order_id: orderId,
          kind: effects.event.kind,
          detail: effects.event.detail.slice(0, 2000),
          created_at: now(),
        })
        .execute();
      // An open dispute outranks what the owner does meanwhile (as mergeBillingState says for events).
      if (effects.billing) await applyBillingState(trx, orderId, { ...effects.billing, disputeWins: true });
      if (effects.charge) {
        const { chargeId, amount, amountRefunded, currency } = effects.charge;
        await trx
          .insertInto("charge_refunds")
          .values({
            charge_id: chargeId,
            order_id: orderId,
            amount,
            amount_refunded: amountRefunded,
            currency,
            updated_at: now(),
          })
          .onConflict((conflict) => conflict.column("charge_id").doNothing())
          .execute();
        // The webhook's rule too: a late answer never lowers what is known refunded.
        await trx
          .updateTable("charge_refunds")
          .set({ amount_refunded: amountRefunded, updated_at: now() })
          .where("charge_id", "=", chargeId)
          .where("amount_refunded", "<", amountRefunded)
          .execute();
      }
      if (effects.closeWork) await closeWork(trx, orderId, effects.closeWork);
      for (const kind of effects.emails) await enqueue(trx, { orderId }, kind);
      // The webhooks the same change sends when Stripe's event brings it (same event keys: once, whoever comes first).
      const webhooks = [
        ...(effects.charge ? [WEBHOOK_EVENTS.orderRefunded(effects.charge)] : []),
        ...billingStateEvents(orderId, effects.billing),
      ];
      for (const spec of webhooks) await recordWebhookEvent(trx, { orderId }, spec);
      return true;
    });
  }

  /** What the back office refunded of an order's checkout payment (minor units, done refunds). */
  async refunded(orderId: string): Promise<number> {
    const { total } = await this.db
      .selectFrom("money_actions")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount"), eb.val(0)).as("total"))
      .where("order_id", "=", orderId)
      .where("kind", "=", "refund")
      .where("status", "=", "done")
      .executeTakeFirstOrThrow();
    return Number(total);
  }
}
