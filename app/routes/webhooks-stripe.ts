import type { Route } from "./+types/webhooks-stripe";
import { bodyCapFor, readRawText } from "../http/read-form.server.ts";
import { servicesOf } from "../services-context.ts";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function loader() {
  return text("Method not allowed", 405);
}

/** Stripe's webhook: the payment adapter checks the signature on the raw body; orders handle the event once. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await readRawText(request, bodyCapFor(new URL(request.url).pathname));
  if (!body.ok) return text(body.reason === "tooLarge" ? "Payload too large" : "Bad request", body.status);
  const answer = await (
    await servicesOf(context, { receiveWebhook: true })
  ).receiveWebhook(body.text, request.headers.get("stripe-signature"));
  return text(answer.body, answer.status);
}
