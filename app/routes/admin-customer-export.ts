import { data, redirect } from "react-router";
import type { Route } from "./+types/admin-customer-export";
import { exportCustomer, normaliseEmail } from "../admin/customers.server.ts";
import { adminLang } from "../admin/request.server.ts";
import { requireOwner } from "../auth/session.server.ts";
import { requireForm, field } from "../http/read-form.server.ts";
import { getInstance, getLocale } from "../i18n/middleware.server.ts";
import { servicesOf } from "../services-context.ts";

/** Nothing to show here: the export is a POST from the customer's page (it is recorded, so never a GET). */
export async function loader({ context }: Route.LoaderArgs) {
  await requireOwner(context);
  throw redirect("/admin/customers", 303);
}

/** Everything held about the person, as one JSON file to download; recorded as an export. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await requireForm(request, ["email"], adminLang(context));
  await requireOwner(context);
  const email = normaliseEmail(field(form, "email", 300));
  if (!email)
    throw data(getInstance(context).getFixedT(getLocale(context), "data-rights")("invalidEmail"), { status: 400 });
  const { fileName, json } = await exportCustomer(email, await servicesOf(context, { privacy: true }));
  return new Response(json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
