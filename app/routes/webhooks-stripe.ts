import type Stripe from "stripe";
import type { Route } from "./+types/webhooks-stripe";
import { getEnv } from "../lib/env.server.ts";
import { logger } from "../lib/logger.server.ts";
import { getOrderServices } from "../orders/services.server.ts";
import { StripeProvider } from "../payments/stripe-provider.server.ts";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

const HANDLED = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

export function loader() {
  return text("Method not allowed", 405);
}

/**
 * Stripe's webhook. The signature is checked on the raw body; the event only names the session:
 * fulfil() asks Stripe for its current state, so replays and out-of-order events are harmless.
 */
export async function action({ request }: Route.ActionArgs) {
  const env = getEnv();
  const services = await getOrderServices();
  if (!(services.provider instanceof StripeProvider) || !env.STRIPE_WEBHOOK_SECRET) return text("Not found", 404);
  const raw = await request.text();
  const signature = request.headers.get("stripe-signature");
  if (!signature) return text("Missing signature", 400);
  let event: Stripe.Event;
  try {
    event = services.provider.stripe.webhooks.constructEvent(raw, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch {
    return text("Invalid signature", 400);
  }
  if (!HANDLED.has(event.type)) return text("Ignored", 200);
  const session = event.data.object as Stripe.Checkout.Session;
  if (typeof session?.id !== "string") return text("Ignored", 200);
  try {
    // The event is signed: its order reference may attach a session we never stored (crash).
    const orderId = session.client_reference_id ?? session.metadata?.order_id ?? undefined;
    const result = await services.fulfil(session.id, { orderId });
    if (event.type === "checkout.session.async_payment_failed" && result.order && result.status !== "paid") {
      await services.repo.markFailed(result.order.id, "async payment failed");
    }
    return text(`ok ${result.status}`, 200);
  } catch (error) {
    // Stripe retries non-2xx deliveries: a provider hiccup here is retried later.
    logger().error({ event: event.id, err: error }, "webhook fulfilment failed");
    return text("Temporarily unavailable", 503);
  }
}
