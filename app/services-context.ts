import { createContext, type RouterContextProvider } from "react-router";
import type { OrderServices } from "./services.server.ts";

/**
 * How the services reach routes: React Router's context, set once per request by the server
 * (server/app.ts, where each request's load context is built), read by loaders and actions with
 * `servicesOf(context)`. Rooms never look them up: a route hands each call the stores, limits or
 * links it uses.
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

/** The services of this request (opened on first use; a database that was down is tried again). */
export function servicesOf(context: Readonly<RouterContextProvider>): Promise<OrderServices> {
  return context.get(servicesContext)();
}
