import { data, Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { requireForm } from "../http/read-form.server.ts";
import { adminSessionMiddleware, requireOwner } from "../auth/session.server.ts";
import { servicesOf } from "../services-context.ts";
import { localeChosenByUrl, setSectionLocale } from "../i18n/middleware.server.ts";
import { getEnv } from "../lib/env.server.ts";

/**
 * The back office's layout: every /admin URL goes through the session middleware (no-store,
 * noindex, idle expiry). Pages ship no client JavaScript; plain forms do everything.
 */
export const middleware: Route.MiddlewareFunction[] = [
  adminSessionMiddleware(async (context) => (await servicesOf(context, { repo: ["owner", "settings"] })).repo),
  // The owner's language (picked on the security page, else OWNER_LANG), not the browser's nor the
  // site's cookie: a French owner with an English browser works in French. A `?lang=` in the URL
  // still shows one page in another language.
  async ({ context }, next) => {
    if (!localeChosenByUrl(context)) {
      const owner = await (await servicesOf(context, { repo: ["owner"] })).repo.getOwner();
      await setSectionLocale(context, owner?.lang ?? getEnv().OWNER_LANG);
    }
    return next();
  },
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
