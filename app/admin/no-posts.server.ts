import { data, type ActionFunctionArgs } from "react-router";
import { requireOwner } from "../auth/session.server.ts";
import { requireForm } from "../http/read-form.server.ts";
import { adminLang } from "./request.server.ts";

/**
 * The action of a back-office page nothing posts to (a list, a report, /admin itself): the body is
 * still read through the one guarded reader (no field expected), then the owner gets 405 and
 * anyone else the sign-in page, as every back-office address answers.
 */
export async function noPostsHere({ request, context }: ActionFunctionArgs): Promise<never> {
  await requireForm(request, [], adminLang(context));
  await requireOwner(context);
  throw data(null, { status: 405 });
}
