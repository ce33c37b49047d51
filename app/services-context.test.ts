// A route gets from the request's context what it names and nothing else (app/services-context.ts):
// at run time (the object has only those keys, its repo only the named rooms' methods, so a cast
// reaches nothing more) and in its type (`npm run typecheck` runs the @ts-expect-error lines below:
// each refused call must stay refused, or the typecheck fails on an unused directive).
import { RouterContextProvider } from "react-router";
import { afterAll, describe, expect, expectTypeOf, test } from "vitest";
import { openStore } from "./db/database.server.ts";
import type { OrderStore } from "./orders/types.ts";
import type { DeliveryStore } from "./delivery/types.ts";
import type { OrderServices } from "./services.server.ts";
import { provideServices, servicesOf } from "./services-context.ts";
import { storesOver, type Rooms } from "./stores.server.ts";

const stores = storesOver(await openStore({ sqliteFile: ":memory:" }));
afterAll(() => stores.close());

// The whole bag as the server opens it; only the members these tests ask for are real.
const bag = {
  repo: stores,
  links: { sign: () => "signed", verify: () => ({ ok: false, reason: "invalid" }) },
  worker: { kick: () => undefined },
  limits: { take: async () => ({ ok: true }) },
  contactEmail: "owner@example.com",
} as unknown as OrderServices;
const context = provideServices(new RouterContextProvider(), async () => bag);

const methodsOf = (...rooms: (keyof Rooms)[]) => rooms.flatMap((room) => Object.keys(stores.rooms[room])).sort();

describe("servicesOf hands a route what it names", () => {
  test("only the named services, and a repo of the named rooms' stores only", async () => {
    const granted = await servicesOf(context, { repo: ["orders", "delivery"], links: true });
    expect(Object.keys(granted).sort()).toEqual(["links", "repo"]);
    expect(granted.links).toBe(bag.links);
    expect(Object.keys(granted.repo).sort()).toEqual(methodsOf("orders", "delivery"));
    // Another room's method, the database handle, the bundle's rooms: absent, so a cast finds nothing.
    const reached = granted.repo as unknown as Record<string, unknown>;
    expect(reached.getOwner).toBeUndefined();
    expect(reached.db).toBeUndefined();
    expect(reached.rooms).toBeUndefined();
    expect((granted as unknown as Record<string, unknown>).worker).toBeUndefined();
    // The methods are the stores' own, and work.
    expect(await granted.repo.findById("ord_none")).toBeUndefined();
    expectTypeOf(granted.repo).toEqualTypeOf<OrderStore & DeliveryStore>();
  });

  test("a route that names no room gets no repo; one view per list of rooms, frozen", async () => {
    const granted = await servicesOf(context, { worker: true, contactEmail: true });
    expect(Object.keys(granted).sort()).toEqual(["contactEmail", "worker"]);
    expect("repo" in granted).toBe(false);
    const first = await servicesOf(context, { repo: ["owner", "settings"] });
    const again = await servicesOf(context, { repo: ["settings", "owner"] });
    expect(again.repo).toBe(first.repo);
    expect(Object.isFrozen(first.repo)).toBe(true);
  });

  test("the whole bag cannot be asked for", async () => {
    const every = Object.fromEntries(Object.keys(bag).map((name) => [name, true]));
    const allRooms = Object.keys(stores.rooms) as (keyof Rooms)[];
    const refused = async () => {
      // @ts-expect-error a route names what it uses: there is no form without needs
      await servicesOf(context);
      // @ts-expect-error no such service
      await servicesOf(context, { repo: ["orders"], everything: true });
      // @ts-expect-error no such room
      await servicesOf(context, { repo: ["everything"] });
      // @ts-expect-error every room's store is the whole database API
      await servicesOf(context, { repo: allRooms });
      // @ts-expect-error every service is the whole bag
      await servicesOf(context, {
        provider: true,
        sandbox: true,
        returnBase: true,
        mailer: true,
        worker: true,
        limits: true,
        inbox: true,
        webhookWorker: true,
        webhooksOut: true,
        links: true,
        files: true,
        contactEmail: true,
        publicOrigin: true,
        fulfil: true,
        stopReconciler: true,
        receiveWebhook: true,
        manageUrl: true,
        invoiceUrl: true,
        orderPageUrl: true,
        stopBackups: true,
        pageViewFlusher: true,
        privacy: true,
        retentionWorker: true,
        morningWorker: true,
        briefReminders: true,
        sandboxRenewals: true,
      });
    };
    expect(refused).toBeTypeOf("function");
    // Even an untyped caller gets no more than the services it named, and no repo without rooms.
    const untyped = servicesOf as (context: unknown, needs: unknown) => Promise<Record<string, unknown>>;
    const got = await untyped(context, { ...every, nonsense: true });
    expect(Object.keys(got).sort()).toEqual(
      Object.keys(every)
        .filter((name) => name !== "repo")
        .sort(),
    );
  });
});
