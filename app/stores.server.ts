import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Kysely } from "kysely";
import { apiStore } from "./api/api-store.server.ts";
import type { ApiStore } from "./api/types.ts";
import { webhookStore } from "./automation/webhook-store.server.ts";
import type { WebhookStore } from "./automation/types.ts";
import { backOfficeStore } from "./admin/back-office-store.server.ts";
import type { BackOfficeStore, DashboardStore } from "./admin/types.ts";
import { dashboardStore } from "./admin/dashboard-store.server.ts";
import { factorStore } from "./auth/factor-store.server.ts";
import { ownerStore } from "./auth/owner-store.server.ts";
import type { FactorStore, OwnerStore } from "./auth/types.ts";
import { billingStore } from "./billing/billing-store.server.ts";
import type { BillingStore } from "./billing/types.ts";
import { openStore, type Dialect, type Store } from "./db/database.server.ts";
import type { Database } from "./db/schema.ts";
import { settingsStore, type SettingsStore } from "./db/settings-store.server.ts";
import { outboxStore } from "./mail/outbox-store.server.ts";
import type { OutboxStore } from "./mail/types.ts";
import { orderStore } from "./orders/order-store.server.ts";
import type { OrderStore } from "./orders/types.ts";
import { quoteStore } from "./quotes/quote-store.server.ts";
import { proposalStore } from "./quotes/proposal-store.server.ts";
import type { ProposalStore, QuoteStore } from "./quotes/types.ts";
import { deliveryStore } from "./delivery/delivery-store.server.ts";
import { deliveryPrivacyStore, type DeliveryPrivacyStore } from "./delivery/delivery-privacy-store.server.ts";
import type { DeliveryStore } from "./delivery/types.ts";
import { statsStore } from "./stats/stats-store.server.ts";
import type { StatsStore } from "./stats/types.ts";
import { timelinePrivacyStore, type TimelinePrivacyStore } from "./admin/timeline-privacy-store.server.ts";
import { outboxPrivacyStore, type OutboxPrivacyStore } from "./mail/outbox-privacy-store.server.ts";
import { orderPrivacyStore, type OrderPrivacyStore } from "./orders/order-privacy-store.server.ts";
import { sandboxPrivacyStore, type SandboxPrivacyStore } from "./payments/sandbox-privacy-store.server.ts";
import { dataRequestStore, type DataRequestStore } from "./privacy/data-request-store.server.ts";
import { quotePrivacyStore, type QuotePrivacyStore } from "./quotes/quote-privacy-store.server.ts";

/** What the bundle answers itself: the database it is over, and the health checks. */
export interface OwnParts {
  readonly store: Store;
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** A cheap query; throws when the database cannot answer (health check). */
  ping(): Promise<void>;
  /** A one-row write in a transaction, rolled back; throws when the database refuses writes (health check). */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Each room's store by name: what a route or a room asks for (`servicesOf(context, { repo: ["orders",
 * "delivery"] })`, app/services-context.ts) is a list of these names, and what it gets is those
 * stores only. `database` is the bundle's own part (the Kysely handle, the health checks), for the few
 * that build a query of their own. The privacy stores are how each room finds and erases a person's
 * data in its own tables (app/privacy/, ADR 016).
 */
export interface Rooms {
  orders: OrderStore;
  outbox: OutboxStore;
  quotes: QuoteStore;
  proposals: ProposalStore;
  billing: BillingStore;
  owner: OwnerStore;
  factors: FactorStore;
  backOffice: BackOfficeStore;
  settings: SettingsStore;
  dashboard: DashboardStore;
  stats: StatsStore;
  webhooks: WebhookStore;
  delivery: DeliveryStore;
  api: ApiStore;
  orderPrivacy: OrderPrivacyStore;
  quotePrivacy: QuotePrivacyStore;
  outboxPrivacy: OutboxPrivacyStore;
  timelinePrivacy: TimelinePrivacyStore;
  sandboxPrivacy: SandboxPrivacyStore;
  deliveryPrivacy: DeliveryPrivacyStore;
  dataRequests: DataRequestStore;
  database: OwnParts;
}

export type RoomName = keyof Rooms;

/** The stores of the named rooms as one type: `StoresOf<"orders" | "delivery">` is `OrderStore & DeliveryStore`. */
export type StoresOf<R extends RoomName> = (R extends RoomName ? (room: Rooms[R]) => void : never) extends (
  room: infer All,
) => void
  ? All
  : never;

/**
 * The interface of each store `storesOver` spreads, once. `Stores` is made of this list, so a
 * store's methods reach the rooms only once it is listed here, where its names are checked
 * against the others'.
 */
type Parts = [
  Rooms["orders"],
  Rooms["outbox"],
  Rooms["quotes"],
  Rooms["proposals"],
  Rooms["billing"],
  Rooms["owner"],
  Rooms["factors"],
  Rooms["backOffice"],
  Rooms["settings"],
  Rooms["dashboard"],
  Rooms["stats"],
  Rooms["webhooks"],
  Rooms["delivery"],
  Rooms["api"],
  Rooms["orderPrivacy"],
  Rooms["quotePrivacy"],
  Rooms["outboxPrivacy"],
  Rooms["timelinePrivacy"],
  Rooms["sandboxPrivacy"],
  Rooms["deliveryPrivacy"],
  Rooms["dataRequests"],
  Rooms["database"],
  { readonly rooms: Rooms },
];

/** Every part's members in one type. */
type AllOf<P extends readonly object[]> = P extends readonly [infer First, ...infer Rest extends readonly object[]]
  ? First & AllOf<Rest>
  : unknown;

/** The names two parts both declare (each part against those before it); never when every name has one owner. */
export type SharedNames<P extends readonly object[], Seen extends PropertyKey = never> = P extends readonly [
  infer First extends object,
  ...infer Rest extends readonly object[],
]
  ? (keyof First & Seen) | SharedNames<Rest, Seen | keyof First>
  : never;

/**
 * Adds nothing to a type (`X | unknown` is unknown); its constraint is the check: it compiles only
 * when `Names` is never. Two rooms answering the same method would be a layout mistake, and in the
 * spread of `storesOver` the later one would silently win, so `npm run typecheck` fails instead,
 * naming the method: "Type '"findById"' does not satisfy the constraint 'never'".
 */
type NoneOf<Names extends never> = Names | unknown;

/**
 * Every room's store over the one database, as one object, for the composition root
 * (services.server.ts), the operator scripts and the tests. Each room's code asks only for the
 * store types it uses (`OrderStore & OutboxStore`…), so a room never sees another's tables; this
 * bundle only saves the root from passing twenty objects around.
 */
export type Stores = AllOf<Parts> & NoneOf<SharedNames<Parts>>;

/** Thrown inside the health probe's transaction to roll it back. */
const ROLLED_BACK = Symbol("rolled back");

/**
 * The stores over an opened (migrated) database. Each room's store is a plain object of closures
 * over `db`, built by a factory typed with the room's interface, so this spread is checked by the
 * compiler against `Stores` member by member: a store left out, or a method whose signature
 * drifted from its interface, fails `npm run typecheck` (copying prototype methods at start-up, as
 * before, needed a cast that checked nothing). No method uses `this`: `const { findById } = repo`
 * works.
 */
export function storesOver(store: Store): Stores {
  const { db, dialect } = store;
  const database: OwnParts = {
    store,
    db,
    dialect,
    async ping() {
      await db.selectFrom("orders").select("id").limit(1).execute();
    },
    async probeWrite() {
      try {
        await db.transaction().execute(async (trx) => {
          // A key of its own each time: two instances probing at once never wait on each other.
          await trx
            .insertInto("app_settings")
            .values({ key: `health-probe-${randomUUID()}`, value: "" })
            .execute();
          throw ROLLED_BACK;
        });
      } catch (error) {
        if (error !== ROLLED_BACK) throw error;
      }
    },
    close: () => store.close(),
  };
  const rooms: Rooms = {
    orders: orderStore(db),
    outbox: outboxStore(db, dialect),
    quotes: quoteStore(db),
    proposals: proposalStore(db),
    billing: billingStore(db),
    owner: ownerStore(db),
    factors: factorStore(db),
    backOffice: backOfficeStore(db, dialect),
    settings: settingsStore(db),
    dashboard: dashboardStore(db),
    stats: statsStore(db),
    webhooks: webhookStore(db, dialect),
    delivery: deliveryStore(db),
    api: apiStore(db),
    orderPrivacy: orderPrivacyStore(db),
    quotePrivacy: quotePrivacyStore(db),
    outboxPrivacy: outboxPrivacyStore(db),
    timelinePrivacy: timelinePrivacyStore(db),
    sandboxPrivacy: sandboxPrivacyStore(db),
    deliveryPrivacy: deliveryPrivacyStore(db),
    dataRequests: dataRequestStore(db),
    database,
  };
  return {
    ...rooms.orders,
    ...rooms.outbox,
    ...rooms.quotes,
    ...rooms.proposals,
    ...rooms.billing,
    ...rooms.owner,
    ...rooms.factors,
    ...rooms.backOffice,
    ...rooms.settings,
    ...rooms.dashboard,
    ...rooms.stats,
    ...rooms.webhooks,
    ...rooms.delivery,
    ...rooms.api,
    ...rooms.orderPrivacy,
    ...rooms.quotePrivacy,
    ...rooms.outboxPrivacy,
    ...rooms.timelinePrivacy,
    ...rooms.sandboxPrivacy,
    ...rooms.deliveryPrivacy,
    ...rooms.dataRequests,
    ...database,
    rooms,
  };
}

/**
 * The stores of the named rooms only, as one object (what `servicesOf` hands a route that asks for
 * `repo: [...]`): a method of a room not named is not there at run time either, so a cast cannot
 * reach it. Built once per list of names and bundle.
 */
export function storesFor<const R extends RoomName>(stores: Pick<Stores, "rooms">, names: readonly R[]): StoresOf<R> {
  const key = [...new Set(names)].sort().join(",");
  let built = narrowed.get(stores.rooms);
  if (!built) narrowed.set(stores.rooms, (built = new Map()));
  let view = built.get(key);
  if (!view) {
    view = Object.freeze(Object.assign({}, ...names.map((name) => stores.rooms[name])) as object);
    built.set(key, view);
  }
  return view as StoresOf<R>;
}

const narrowed = new WeakMap<Rooms, Map<string, object>>();

/** The stores over the configured database, migrated: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export async function openStores(env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<Stores> {
  return storesOver(
    await openStore({ databaseUrl: env.DATABASE_URL, sqliteFile: path.resolve(env.DATA_DIR, "orders.sqlite") }),
  );
}
