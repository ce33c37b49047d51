import type { TimelinePrivacyStore } from "../admin/timeline-privacy-store.server.ts";
import type { BillingStore } from "../billing/types.ts";
import type { OutboxPrivacyStore } from "../mail/outbox-privacy-store.server.ts";
import type { OutboxStore } from "../mail/types.ts";
import type { OrderPrivacyStore } from "../orders/order-privacy-store.server.ts";
import type { SandboxPrivacyStore } from "../payments/sandbox-privacy-store.server.ts";
import type { QuotePrivacyStore } from "../quotes/quote-privacy-store.server.ts";
import type { DataRequestStore } from "./data-request-store.server.ts";
import type { DeliveryPrivacyStore } from "../delivery/delivery-privacy-store.server.ts";
import type { FileStorage } from "../files/storage.ts";

/**
 * What the privacy room asks of the others: each room finds and erases a person's data in its own
 * tables (`*-privacy-store.server.ts` beside its other store), this room only decides what to ask
 * and records that it was done. No SQL on another room's table is written here (ADR 016).
 */
export type PrivacyStores = OrderPrivacyStore &
  QuotePrivacyStore &
  OutboxPrivacyStore &
  TimelinePrivacyStore &
  SandboxPrivacyStore &
  DeliveryPrivacyStore &
  DataRequestStore &
  Pick<OutboxStore, "listEmails" | "listQuoteEmails"> &
  Pick<BillingStore, "listPaymentEvents">;

export interface PrivacyDeps {
  repo: PrivacyStores;
  /** What was refunded of each charge of an order (billing's inbox), for the export. */
  refundsOf?: (orderId: string) => Promise<Array<{ chargeId: string; amount: number; amountRefunded: number }>>;
  /** Deletes the .eml copies kept without SMTP (mail/outbox-privacy-store.server.ts); returns how many. */
  deleteEmailFiles?: (subjectIds: readonly string[]) => number;
  /** The bytes of briefs' and deliveries' files, under orders/<order id>/ (app/files/storage.ts): erased with the rows. */
  files?: Pick<FileStorage, "list" | "delete">;
}

export type Actor = "owner" | "retention";
