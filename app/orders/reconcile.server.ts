import { logger } from "../lib/logger.server.ts";
import { createCheckoutFor, STALE_PENDING_MS } from "./place-order.server.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";

/** A pending order older than this has no visitor waiting any more: mark it failed, do not charge. */
export const ABANDON_AFTER_MS = 60 * 60_000;
/** How often the reconciler looks for stuck orders after its start-up pass. */
export const RECONCILE_EVERY_MS = 3 * 60_000;

/**
 * Settles orders left `pending` without a checkout by a request that died between storing the
 * order and storing its checkout (a crash, a kill, a full disk): creates the checkout again with
 * the same idempotency key (the provider returns the same session), or marks the order failed when
 * the provider refuses or the order is too old. Both outcomes show in `npm run orders`.
 */
export async function reconcileStalePending(
  services: Pick<OrderServices, "provider" | "returnBase"> & { repo: StoresOf<"orders"> },
  now = Date.now(),
) {
  const stale = await services.repo.listStalePending(new Date(now - STALE_PENDING_MS).toISOString(), 100);
  let settled = 0;
  for (const order of stale) {
    if (now - Date.parse(order.createdAt) > ABANDON_AFTER_MS) {
      await services.repo.markFailed(order.id, "abandoned: no checkout was created before the server stopped");
      logger().warn({ orderId: order.id }, "stale pending order marked failed");
    } else {
      const result = await createCheckoutFor(order, services);
      logger()[result.ok ? "info" : "warn"](
        { orderId: order.id, outcome: result.ok ? "checkout_created" : result.reason },
        "stale pending order reconciled",
      );
    }
    settled++;
  }
  return settled;
}

/** Runs the reconciler now and every few minutes; returns a stop function. */
export function startReconciler(
  services: Pick<OrderServices, "provider" | "returnBase"> & { repo: StoresOf<"orders"> },
): () => void {
  const pass = () =>
    reconcileStalePending(services).catch((error) => logger().error({ err: error }, "reconciler pass failed"));
  void pass();
  const timer = setInterval(pass, RECONCILE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
