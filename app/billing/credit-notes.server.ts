import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * The credit notes of paid orders: every refund, whole or part, as the paper an accountant books
 * against the order's invoice. The back office's invoices page and the sandbox's invoice both read
 * them here, so the owner and the customer see the same refunds, numbered alike.
 *
 * Two records tell what was refunded. Each refund the owner made from the back office is a done row
 * of `money_actions` (its amount, its time, the provider's refund id). A refund made elsewhere
 * (Stripe's dashboard, a month of a subscription) reaches the site only as the running total of its
 * charge in `charge_refunds`: what those totals hold beyond the back office's refunds is one more
 * credit note, dated when the total last rose. The back office's refunds are in `charge_refunds`
 * too (written in the same transaction), so nothing is counted twice.
 */

export interface CreditNote {
  /** "LA-1042-R1": the order's reference, then the refund's rank (the invoice is numbered with the reference). */
  number: string;
  /** When the refund was made (ISO). */
  at: string;
  /** Minor units refunded (positive; the papers write it negative). */
  amount: number;
  currency: string;
  /** The payment provider's refund id, where the site made the refund. */
  providerRef: string | null;
}

/** SQL parameters per query stay well under SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

export async function creditNotesOf(
  db: Kysely<Database>,
  orders: ReadonlyArray<{ id: string; reference: string; currency: string }>,
): Promise<Map<string, CreditNote[]>> {
  const notes = new Map<string, CreditNote[]>();
  for (let at = 0; at < orders.length; at += CHUNK) {
    const part = orders.slice(at, at + CHUNK);
    const ids = part.map((order) => order.id);
    const [actions, charges] = await Promise.all([
      db
        .selectFrom("money_actions")
        .select(["order_id", "amount", "currency", "provider_ref", "created_at"])
        .where("order_id", "in", ids)
        .where("kind", "=", "refund")
        .where("status", "=", "done")
        .orderBy("created_at")
        .execute(),
      db
        .selectFrom("charge_refunds")
        .select(["order_id", "amount_refunded", "currency", "updated_at"])
        .where("order_id", "in", ids)
        .where("amount_refunded", ">", 0)
        .execute(),
    ]);
    for (const order of part) {
      const own = actions.filter((row) => row.order_id === order.id);
      const lines: Omit<CreditNote, "number">[] = own.map((row) => ({
        at: row.created_at,
        amount: Number(row.amount),
        currency: row.currency,
        providerRef: row.provider_ref,
      }));
      const charged = charges.filter((row) => row.order_id === order.id);
      const elsewhere =
        charged.reduce((sum, row) => sum + Number(row.amount_refunded), 0) -
        own.reduce((sum, row) => sum + Number(row.amount), 0);
      if (elsewhere > 0)
        lines.push({
          at: charged.map((row) => row.updated_at).sort()[charged.length - 1]!,
          amount: elsewhere,
          currency: charged[0]!.currency,
          providerRef: null,
        });
      if (!lines.length) continue;
      lines.sort((a, b) => a.at.localeCompare(b.at));
      notes.set(
        order.id,
        lines.map((line, index) => ({
          ...line,
          currency: line.currency.toUpperCase(),
          number: `${order.reference}-R${index + 1}`,
        })),
      );
    }
  }
  return notes;
}
