import { data, Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { requireForm } from "../http/read-form.server.ts";
import { adminSessionMiddleware, requireOwner } from "../auth/session.server.ts";
import { servicesOf } from "../services-context.ts";

/**
 * The back office's layout: every /admin URL goes through the session middleware (no-store,
 * noindex, idle expiry). Pages ship no client JavaScript; plain forms do everything.
 */
export const middleware: Route.MiddlewareFunction[] = [
  adminSessionMiddleware(async (context) => (await servicesOf(context)).repo),
];

// No public header and no public footer: the site's links mean nothing to the owner at work.
export const handle = { bare: true, backOffice: true };

/** A POST to /admin itself (no form posts there): the owner gets 405, anyone else the sign-in page. */
export async function action({ request, context }: Route.ActionArgs) {
  // No field, but the body is still checked like every other (app/http/read-form.server.ts).
  await requireForm(request, []);
  await requireOwner(context);
  throw data(null, { status: 405 });
}

export default function AdminLayout() {
  return <Outlet />;
}
