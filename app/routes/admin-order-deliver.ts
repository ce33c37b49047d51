import { redirect } from "react-router";
import type { Route } from "./+types/admin-order-deliver";
import { requireOwner } from "../auth/session.server.ts";
import { deliverWork } from "../delivery/work.server.ts";
import { adminLang } from "../admin/request.server.ts";
import { isMultipart, plainRefusal } from "../http/read-form.server.ts";
import { translator } from "../i18n/translator.server.ts";
import { servicesOf } from "../services-context.ts";

/**
 * The owner delivers (a link and/or files, with a note): multipart, streamed to storage through the
 * one body reader. Checked before a byte is stored: the body is a multipart form, the owner is
 * signed in (a session that ended gets a 403 saying so, not a redirect that would drop the files),
 * the order is paid and not erased. Then one conditional write decides (a replay: 409).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = adminLang(context);
  const say = (status: number, key: string) =>
    new Response(`${translator(lang, "delivery")(key)}\n`, {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  if (!isMultipart(request)) return plainRefusal({ ok: false, status: 415, reason: "unsupportedType" }, lang);
  try {
    await requireOwner(context);
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) return say(403, "errors.signIn");
    throw error;
  }
  const services = await servicesOf(context, { repo: ["orders", "delivery"], files: true, worker: true });
  const order = await services.repo.findById(params.orderId);
  if (!order || order.state !== "paid" || order.erasedAt)
    return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const answer = await deliverWork(request, order, services);
  if (!answer.ok) return say(answer.status, `errors.${answer.reason}`);
  throw redirect(`/admin/orders/${encodeURIComponent(order.id)}?done=workDelivered`, 303);
}
