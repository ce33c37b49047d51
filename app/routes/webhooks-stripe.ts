import type { Route } from "./+types/webhooks-stripe";
import { readRawText } from "../http/read-form.server.ts";
import { getOrderServices } from "../services.server.ts";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function loader() {
  return text("Method not allowed", 405);
}

/** Stripe's events are a few KB; the Node front refuses bodies above 64 KB anyway. */
const WEBHOOK_MAX_BYTES = 64 * 1024;

/** Stripe's webhook: the payment adapter checks the signature on the raw body; orders handle the event once. */
export async function action({ request }: Route.ActionArgs) {
  const body = await readRawText(request, WEBHOOK_MAX_BYTES);
  if (!body.ok) return text(body.reason === "tooLarge" ? "Payload too large" : "Bad request", body.status);
  const answer = await (await getOrderServices()).receiveWebhook(body.text, request.headers.get("stripe-signature"));
  return text(answer.body, answer.status);
}
