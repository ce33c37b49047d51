import { redirect } from "react-router";
import type { Route } from "./+types/admin-sign-out";
import { endSession } from "../auth/session.server.ts";

/** Sign-out is a POST (a link or an image cannot sign the owner out); GET just goes home. */
export function loader() {
  throw redirect("/admin", 303);
}

export async function action({ context }: Route.ActionArgs) {
  await endSession(context);
  throw redirect("/admin/sign-in", 303);
}
