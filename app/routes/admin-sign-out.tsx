import { redirect } from "react-router";
import type { Route } from "./+types/admin-sign-out";
import { requireForm } from "../http/read-form.server.ts";
import { endSession } from "../auth/session.server.ts";
import { adminLang } from "../admin/request.server.ts";

/** Sign-out is a POST (a link or an image cannot sign the owner out); GET just goes home. */
export function loader() {
  throw redirect("/admin", 303);
}

export async function action({ request, context }: Route.ActionArgs) {
  // No field, but the body is still checked like every other (app/http/read-form.server.ts).
  await requireForm(request, [], adminLang(context));
  await endSession(context);
  throw redirect("/admin/sign-in", 303);
}
