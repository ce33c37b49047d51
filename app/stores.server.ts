import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Kysely } from "kysely";
import { KyselyApiStore } from "./api/api-store.server.ts";
import type { ApiStore } from "./api/types.ts";
import { KyselyWebhookStore } from "./automation/webhook-store.server.ts";
import type { WebhookStore } from "./automation/types.ts";
import { KyselyBackOfficeStore } from "./admin/back-office-store.server.ts";
import type { BackOfficeStore, DashboardStore } from "./admin/types.ts";
import { KyselyDashboardStore } from "./admin/dashboard-store.server.ts";
import { KyselyFactorStore } from "./auth/factor-store.server.ts";
import { KyselyOwnerStore } from "./auth/owner-store.server.ts";
import type { FactorStore, OwnerStore } from "./auth/types.ts";
import { KyselyBillingStore } from "./billing/billing-store.server.ts";
import type { BillingStore } from "./billing/types.ts";
import { openStore, type Dialect, type Store } from "./db/database.server.ts";
import type { Database } from "./db/schema.ts";
import { KyselySettingsStore, type SettingsStore } from "./db/settings-store.server.ts";
import { KyselyOutboxStore } from "./mail/outbox-store.server.ts";
import type { OutboxStore } from "./mail/types.ts";
import { KyselyOrderStore } from "./orders/order-store.server.ts";
import type { OrderStore } from "./orders/types.ts";
import { KyselyQuoteStore } from "./quotes/quote-store.server.ts";
import type { QuoteStore } from "./quotes/types.ts";
import { KyselyDeliveryStore } from "./delivery/delivery-store.server.ts";
import { KyselyDeliveryPrivacyStore } from "./delivery/delivery-privacy-store.server.ts";
import type { DeliveryStore } from "./delivery/types.ts";
import { KyselyStatsStore } from "./stats/stats-store.server.ts";
import type { StatsStore } from "./stats/types.ts";
import { KyselyTimelinePrivacyStore } from "./admin/timeline-privacy-store.server.ts";
import { KyselyOutboxPrivacyStore } from "./mail/outbox-privacy-store.server.ts";
import { KyselyOrderPrivacyStore } from "./orders/order-privacy-store.server.ts";
import { KyselySandboxPrivacyStore } from "./payments/sandbox-privacy-store.server.ts";
import { KyselyDataRequestStore } from "./privacy/data-request-store.server.ts";
import type { PrivacyStores } from "./privacy/types.ts";
import { KyselyQuotePrivacyStore } from "./quotes/quote-privacy-store.server.ts";

/**
 * Every room's store over the one database, as one object, for the composition root
 * (services.server.ts), the operator scripts and the tests. Each room's code asks only for the
 * store types it uses (`OrderStore & OutboxStore`…), so a room never sees another's tables; this
 * bundle only saves the root from passing seven objects around.
 */
export type Stores = OrderStore &
  OutboxStore &
  QuoteStore &
  BillingStore &
  OwnerStore &
  FactorStore &
  BackOfficeStore &
  DashboardStore &
  StatsStore &
  SettingsStore &
  WebhookStore &
  DeliveryStore &
  ApiStore &
  PrivacyStores & {
    readonly store: Store;
    readonly db: Kysely<Database>;
    readonly dialect: Dialect;
    /** A cheap query; throws when the database cannot answer (health check). */
    ping(): Promise<void>;
    /** A one-row write in a transaction, rolled back; throws when the database refuses writes (health check). */
    probeWrite(): Promise<void>;
    close(): Promise<void>;
  };

/** Thrown inside the health probe's transaction to roll it back. */
const ROLLED_BACK = Symbol("rolled back");

/** The stores over an opened (migrated) database. */
export function storesOver(store: Store): Stores {
  const { db, dialect } = store;
  const parts: object[] = [
    new KyselyOrderStore(db),
    new KyselyOutboxStore(db, dialect),
    new KyselyQuoteStore(db),
    new KyselyBillingStore(db),
    new KyselyOwnerStore(db),
    new KyselyFactorStore(db),
    new KyselyBackOfficeStore(db, dialect),
    new KyselySettingsStore(db),
    new KyselyDashboardStore(db),
    new KyselyStatsStore(db),
    new KyselyWebhookStore(db, dialect),
    new KyselyDeliveryStore(db),
    new KyselyApiStore(db),
    // A person's data, found and erased by each room in its own tables (app/privacy/, ADR 016).
    new KyselyOrderPrivacyStore(db),
    new KyselyQuotePrivacyStore(db),
    new KyselyOutboxPrivacyStore(db),
    new KyselyTimelinePrivacyStore(db),
    new KyselySandboxPrivacyStore(db),
    new KyselyDeliveryPrivacyStore(db),
    new KyselyDataRequestStore(db),
  ];
  const bundle: Record<string, unknown> = {
    store,
    db,
    dialect,
    ping: async () => {
      await db.selectFrom("orders").select("id").limit(1).execute();
    },
    probeWrite: async () => {
      try {
        await db.transaction().execute(async (trx) => {
          // A key of its own each time: two instances probing at once never wait on each other.
          await trx.insertInto("app_settings").values({ key: `health-probe-${randomUUID()}`, value: "" }).execute();
          throw ROLLED_BACK;
        });
      } catch (error) {
        if (error !== ROLLED_BACK) throw error;
      }
    },
    close: () => store.close(),
  };
  for (const part of parts) {
    for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(part))) {
      if (name === "constructor") continue;
      // Two rooms answering the same method would be a layout mistake: say so at start-up.
      if (name in bundle) throw new Error(`stores: ${name} is defined twice`);
      const method = (part as Record<string, unknown>)[name];
      if (typeof method === "function") bundle[name] = method.bind(part);
    }
  }
  return bundle as unknown as Stores;
}

/** The stores over the configured database, migrated: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export async function openStores(env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Stores> {
  return storesOver(await openStore({ databaseUrl: env.DATABASE_URL, sqliteFile: path.resolve(env.DATA_DIR, "orders.sqlite") }));
}
