import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { BillingDetails, CheckoutRequest } from "./provider.ts";

export type SandboxSessionStatus = "open" | "paid" | "expired";
export interface SandboxSession {
  id: string;
  reference: string;
  status: SandboxSessionStatus;
  request: CheckoutRequest;
  /** What the visitor gave on the sandbox page when paying (null before, or when it asked nothing). */
  billing: BillingDetails | null;
}

/** The sandbox checkout's sessions, in the site's database (shared by every instance). */
export class SandboxSessionStore {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Stores a new open session unless the reference has one; returns the reference's session id. */
  async create(id: string, request: CheckoutRequest): Promise<string> {
    const inserted = await this.db
      .insertInto("sandbox_sessions")
      .values({
        id,
        order_id: request.reference,
        status: "open",
        created_at: new Date().toISOString(),
        request_json: JSON.stringify(request),
      })
      .onConflict((conflict) => conflict.column("order_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted) return inserted.id;
    const row = await this.db
      .selectFrom("sandbox_sessions")
      .select("id")
      .where("order_id", "=", request.reference)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async find(id: string): Promise<SandboxSession | undefined> {
    const row = await this.db
      .selectFrom("sandbox_sessions")
      .select(["id", "order_id", "status", "request_json", "billing_json"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row?.request_json) return undefined;
    return {
      id: row.id,
      reference: row.order_id,
      status: row.status,
      request: JSON.parse(row.request_json),
      billing: row.billing_json ? (JSON.parse(row.billing_json) as BillingDetails) : null,
    };
  }

  /**
   * Refunds `amount` of a paid session's `total` unless that would refund more than was paid: one
   * conditional UPDATE, so two concurrent refunds cannot both pass. The new refunded total, or null.
   */
  async refund(id: string, amount: number, total: number): Promise<number | null> {
    const updated = await this.db
      .updateTable("sandbox_sessions")
      .set((eb) => ({ amount_refunded: eb("amount_refunded", "+", amount) }))
      .where("id", "=", id)
      .where("status", "=", "paid")
      .where("amount_refunded", "<=", total - amount)
      .returning("amount_refunded")
      .executeTakeFirst();
    return updated ? Number(updated.amount_refunded) : null;
  }

  /** The subscription of the session of `reference` moves forward (active → cancelling → canceled), never back; false when it is canceled already. */
  async cancelSubscription(reference: string, to: "cancelling" | "canceled"): Promise<boolean> {
    const updated = await this.db
      .updateTable("sandbox_sessions")
      .set({ subscription_state: to })
      .where("order_id", "=", reference)
      .where("status", "=", "paid")
      .where((eb) =>
        to === "cancelling"
          ? eb("subscription_state", "is", null)
          : eb.or([eb("subscription_state", "is", null), eb("subscription_state", "=", "cancelling")]),
      )
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** The visitor paid, giving these billing details: open → paid, once (as Stripe completes a session once). */
  async pay(id: string, billing: BillingDetails | null): Promise<void> {
    await this.db
      .updateTable("sandbox_sessions")
      .set({ status: "paid", billing_json: billing ? JSON.stringify(billing) : null })
      .where("id", "=", id)
      .where("status", "=", "open")
      .execute();
  }

  /** Paid and expired are final, as at Stripe. */
  async setStatus(id: string, status: SandboxSessionStatus): Promise<void> {
    await this.db
      .updateTable("sandbox_sessions")
      .set({ status })
      .where("id", "=", id)
      .where("status", "=", "open")
      .execute();
  }
}
