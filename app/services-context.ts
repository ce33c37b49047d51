import { createContext, type RouterContextProvider } from "react-router";
import type { OrderServices } from "./services.server.ts";
import { storesFor, type RoomName, type StoresOf } from "./stores.server.ts";

/**
 * How the services reach routes: React Router's context, set once per request by the server
 * (server/app.ts, where each request's load context is built), read by loaders and actions with
 * `servicesOf(context, needs)`. Rooms never look them up: a route hands each call the stores, limits
 * or links it uses.
 *
 * The value is a function that yields the services, not the services themselves. They are opened at
 * start-up (entry.server.tsx's start()) but may be absent: PostgreSQL down at start is tried again by
 * the next request that asks (getOrderServices forgets a failed attempt). A value fixed when the
 * server starts could never retry, and opening them while building every request's context would
 * make marketing pages, which ask for nothing, wait on the database or fail with it. Only a loader
 * or action that calls servicesOf() touches the database.
 */
export type OpenServices = () => Promise<OrderServices>;

// No default value: a request context built without the services is a wiring mistake, and
// `context.get` says so at once instead of reaching for a global.
export const servicesContext = createContext<OpenServices>();

/** Puts the services' opener in a request's context (the server does this as it builds the context). */
export function provideServices<T extends RouterContextProvider>(context: T, open: OpenServices): T {
  context.set(servicesContext, open);
  return context;
}

/** The services a route asks for by name; the database is asked for by room (`repo`). */
export type ServiceName = Exclude<keyof OrderServices, "repo">;

/**
 * What a loader or action declares it uses: the rooms whose stores it reads or writes
 * (`repo: ["orders", "delivery"]`), and each other service by name (`links: true`).
 */
export type Needs = { readonly repo?: readonly RoomName[] } & { readonly [K in ServiceName]?: true };

/** What a route gets for its needs: the services it named, and a repo of the named rooms' stores only. */
export type Granted<N extends Needs> = { [K in keyof N & ServiceName]: OrderServices[K] } & (N extends {
  readonly repo: readonly (infer R extends RoomName)[];
}
  ? { repo: StoresOf<R> }
  : unknown);

/**
 * Refuses, at compile time, a needs list that is the whole bag in disguise: every service, or every
 * room's store (the reason is the type's one property, shown in the error), and a name that is no service.
 */
type Checked<N> = (ServiceName extends keyof N
  ? { "a route names the services it uses, not every one": never }
  : unknown) &
  (N extends { readonly repo: readonly (infer R)[] }
    ? RoomName extends R
      ? { "a route names the rooms whose stores it uses, not every room": never }
      : unknown
    : unknown) & { readonly [K in Exclude<keyof N, keyof Needs>]: never };

/**
 * The services this request's loader or action declared it uses, and only those, at run time as
 * well as in its type: `await servicesOf(context, { repo: ["orders"], links: true })` is an object
 * with `repo` (the orders room's store, nothing else) and `links`. Opened on first use; a database
 * that was down is tried again. There is no form without needs: a route's needs are read from its code.
 */
export async function servicesOf<const N extends Needs>(
  context: Readonly<RouterContextProvider>,
  needs: N & Checked<N>,
): Promise<Granted<N>> {
  const services = await context.get(servicesContext)();
  const granted: Record<string, unknown> = {};
  for (const [name, wanted] of Object.entries(needs)) {
    // The repo only ever as a list of rooms: `repo: true` (an untyped caller) gets no database at all.
    if (name === "repo") {
      if (Array.isArray(wanted)) granted.repo = storesFor(services.repo, wanted as readonly RoomName[]);
    } else if (wanted === true && Object.hasOwn(services, name)) granted[name] = services[name as ServiceName];
  }
  return granted as Granted<N>;
}
