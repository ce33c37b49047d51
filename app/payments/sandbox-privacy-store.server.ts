import type { Kysely } from "kysely";
import { ERASED } from "../db/erased.ts";
import type { Database } from "../db/schema.ts";
import type { CheckoutRequest } from "./provider.ts";

/** The sandbox checkout keeps the request it was given, with the buyer's email and name, and the billing details it collected: erased with the order (ADR 016). */
export interface SandboxPrivacyStore {
  /** Replaces the customer's email and drops the billing details in the sandbox sessions of these references (order ids); returns how many changed. */
  eraseSandboxRequests(references: readonly string[]): Promise<number>;
}

export function sandboxPrivacyStore(db: Kysely<Database>): SandboxPrivacyStore {
  return {
    async eraseSandboxRequests(references: readonly string[]): Promise<number> {
      if (!references.length) return 0;
      // The billing address the sandbox page collected (the order keeps its own copy, erased there).
      await db
        .updateTable("sandbox_sessions")
        .set({ billing_json: null })
        .where("order_id", "in", references)
        .where("billing_json", "is not", null)
        .execute();
      const rows = await db
        .selectFrom("sandbox_sessions")
        .select(["id", "request_json"])
        .where("order_id", "in", references)
        .where("request_json", "is not", null)
        .execute();
      let changed = 0;
      for (const row of rows) {
        const request = JSON.parse(row.request_json!) as CheckoutRequest;
        // The email and the name the order form handed the checkout to prefill.
        const erased = {
          ...request,
          customerEmail: ERASED,
          ...(request.customerName !== undefined ? { customerName: ERASED } : {}),
        };
        if (JSON.stringify(erased) === row.request_json) continue;
        await db
          .updateTable("sandbox_sessions")
          .set({ request_json: JSON.stringify(erased) })
          .where("id", "=", row.id)
          .execute();
        changed++;
      }
      return changed;
    },
  };
}
