import { randomBytes } from "node:crypto";
import { amountDueNow, getOffer, type OfferId } from "../content/offers.ts";
import { THANK_YOU_PATHS, type Language } from "../i18n/languages.ts";
import { checkoutRequest } from "./checkout-request.server.ts";
import type { OrderForm } from "./order-schema.ts";
import { orderFormPath } from "./paths.ts";
import type { OrderServices } from "./services.server.ts";
import type { Order } from "./types.ts";

export type PlaceOrderResult = { ok: true; order: Order; url: string } | { ok: false; reason: "provider"; order: Order };

export function newOrderId(): string {
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, "");
  return `ord_${date}_${randomBytes(6).toString("hex")}`;
}


/**
 * Stores the order (pending) before anything else, then asks the provider for a checkout and
 * records it (checkout_created). A provider failure leaves the order `failed` (retryable) and is
 * reported to the caller, never thrown. The same submission token posted twice gives the same
 * order and the same checkout URL.
 */
export async function placeOrder(
  input: { form: OrderForm; offer: OfferId; lang: Language; submissionToken: string },
  services: Pick<OrderServices, "repo" | "provider" | "returnBase">,
): Promise<PlaceOrderResult> {
  const { repo, provider, returnBase } = services;
  const price = getOffer(input.offer).price(input.lang);
  const { order, created } = await repo.createOrder({
    id: newOrderId(),
    submissionToken: input.submissionToken,
    lang: input.lang,
    offer: input.offer,
    currency: price.currency,
    amountDueNow: amountDueNow(price),
    monthly: price.monthly ?? 0,
    customer: input.form,
    provider: provider.name,
  });

  if (!created) {
    // A double submit: wait briefly for the first request to get its checkout URL, then reuse it.
    // Still none after that: the first request's instance died (or the provider failed), so this
    // one asks for the checkout itself; providers are idempotent per order, so nothing doubles.
    for (let i = 0; i < 40; i++) {
      const current = (await repo.findById(order.id))!;
      if (current.checkoutUrl) return { ok: true, order: current, url: current.checkoutUrl };
      if (current.state === "paid") return { ok: true, order: current, url: `${THANK_YOU_PATHS[current.lang]}?session_id=${encodeURIComponent(current.sessionId ?? "")}` };
      if (current.state === "failed") break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  try {
    const session = await provider.createCheckout(
      checkoutRequest(order, {
        success: `${returnBase}${THANK_YOU_PATHS[input.lang]}?session_id={CHECKOUT_SESSION_ID}`,
        cancel: `${returnBase}${orderFormPath(input.offer, input.lang, "&cancelled=1")}`,
      }),
    );
    await repo.setCheckout(order.id, session.id, session.url);
    const stored = (await repo.findById(order.id))!;
    // Another request may have recorded its checkout first: everyone uses the recorded one.
    return { ok: true, order: stored, url: stored.checkoutUrl || session.url };
  } catch (error) {
    await repo.markFailed(order.id, String((error as Error)?.message ?? error));
    return { ok: false, reason: "provider", order: (await repo.findById(order.id))! };
  }
}
