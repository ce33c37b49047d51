import { formatDate, formatMoney } from "../i18n/format.ts";
import { customerTimeZone } from "../i18n/time-zone.ts";
import { ProviderError } from "../payments/provider.ts";
import { BILLING_EMAIL } from "../mail/email-kinds.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";
import type { Order } from "../orders/types.ts";
import { logger } from "../lib/logger.server.ts";
import { cancellationConfirmation } from "./payment-events.server.ts";
import { moneyMove } from "../delivery/work.server.ts";

export type ManagePage =
  | { kind: "invalid" | "expired" | "unavailable" }
  | { kind: "redirect"; url: string }
  | { kind: "sandbox"; order: Order; view: SandboxPortalView };

export interface SandboxPortalView {
  offer: Order["offer"];
  lang: Order["lang"];
  email: string;
  state: NonNullable<Order["billingState"]>;
  monthly: string;
  /** The next renewal, or the last day of a cancelled subscription. */
  periodEnd: string | null;
  canCancel: boolean;
}

async function orderOfToken(
  token: string,
  services: Pick<OrderServices, "links"> & { repo: StoresOf<"orders"> },
): Promise<{ order: Order } | { kind: "invalid" | "expired" }> {
  const checked = services.links.verify(token, "manage");
  if (!checked.ok) return { kind: checked.reason };
  const order = await services.repo.findById(checked.orderId);
  if (!order || order.state !== "paid" || !order.monthly) return { kind: "invalid" };
  return { order };
}

/**
 * The signed "manage my subscription" link: Stripe's Billing Portal for the customer, or (sandbox)
 * the site's own portal page. No account: the link itself is the proof, and it expires.
 */
export async function openManageLink(
  token: string,
  services: Pick<OrderServices, "links" | "provider" | "publicOrigin"> & { repo: StoresOf<"orders"> },
): Promise<ManagePage> {
  const found = await orderOfToken(token, services);
  if (!("order" in found)) return found;
  const { order } = found;
  if (order.customerRef) {
    try {
      const url = await services.provider.portalUrl(order.customerRef, `${services.publicOrigin}/`, order.lang);
      if (url) return { kind: "redirect", url };
    } catch (error) {
      if (error instanceof ProviderError) return { kind: "unavailable" };
      throw error;
    }
  }
  if (services.provider.name !== "sandbox") return { kind: "unavailable" };
  const state = order.billingState ?? "active";
  return {
    kind: "sandbox",
    order,
    view: {
      offer: order.offer,
      lang: order.lang,
      email: order.customer.email,
      state,
      monthly: formatMoney(order.monthly, order.currency, order.lang),
      // The customer's day (their zone where the order recorded it): a period ending at 23:30 in Paris ends the next day in Tokyo.
      periodEnd: order.periodEnd
        ? formatDate(new Date(order.periodEnd), order.lang, false, { timeZone: customerTimeZone(order.timeZone) })
        : null,
      canCancel: state === "active" || state === "past_due",
    },
  };
}

/**
 * The sandbox portal's "cancel at the end of the period": the customer's `cancelAtPeriodEnd`
 * through the work's state machine (it leaves the work going: the period's end closes it, through
 * the sandbox's renewals), recorded like a provider event (once per order); the customer gets the
 * confirmation with the end date, the owner is told once. 404 when the link is not valid for it,
 * 409 when the state machine refuses the event.
 */
export async function cancelFromSandboxPortal(
  token: string,
  services: Pick<OrderServices, "links" | "provider" | "worker" | "webhooksOut"> & {
    repo: StoresOf<"orders" | "billing" | "delivery">;
  },
): Promise<{ ok: true } | { ok: false; status: 404 | 409 }> {
  if (services.provider.name !== "sandbox") return { ok: false, status: 404 };
  const found = await orderOfToken(token, services);
  if (!("order" in found)) return { ok: false, status: 404 };
  const { order } = found;
  if (order.billingState !== "active" && order.billingState !== "past_due") return { ok: true };
  const move = await moneyMove(order, "cancelAtPeriodEnd", "customer", services.repo);
  if (!move.ok) return { ok: false, status: 409 };
  const recorded = await services.repo.recordPaymentEvent(
    { id: `sbx_cancel_${order.id}`, type: "subscription.updated", orderId: order.id },
    {
      orderId: order.id,
      billing: { state: "cancelling", periodEnd: order.periodEnd },
      emails: [
        BILLING_EMAIL.ownerCancellation,
        ...cancellationConfirmation({ status: "active", cancelAtPeriodEnd: true, periodEnd: order.periodEnd }),
      ],
      ...(move.close ? { closeWork: move.close } : {}),
    },
  );
  if (recorded) {
    services.worker.kick();
    services.webhooksOut.kick();
  }
  return { ok: true };
}

const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/**
 * "Send me a fresh link": the same answer whether or not the address has a subscription (nothing
 * to learn by trying addresses), rate-limited per IP and per address.
 *
 * The same work too, or the answer's timing tells (a known address took measurably
 * longer, its email being enqueued before the answer). What the request waits for is identical for
 * every address: the checks and the two limiter counts. Looking the address up and enqueueing the
 * link happen after, off the request's path (`followUp`, started on the next turn of the event
 * loop); a failure there is logged, and the visitor can ask again.
 */
export async function requestManageLink(
  email: string,
  clientIp: string,
  services: Pick<OrderServices, "limits" | "worker"> & { repo: StoresOf<"billing" | "outbox"> },
  followUp: (work: () => Promise<void>) => void = runDetached,
): Promise<"sent" | "invalid" | "rateLimited"> {
  const address = email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(address) || address.length > 254) return "invalid";
  if (
    !(await services.limits.take(["manageLink", `ip:${clientIp || "unknown"}`], ["manageLink", `email:${address}`])).ok
  )
    return "rateLimited";
  followUp(() => sendManageLink(address, services));
  return "sent";
}

/** The link to the address's latest live subscription, if it has one; nothing otherwise. */
async function sendManageLink(
  address: string,
  services: Pick<OrderServices, "worker"> & { repo: StoresOf<"billing" | "outbox"> },
): Promise<void> {
  const [latest] = await services.repo.findSubscriptionsByEmail(address);
  if (latest && latest.billingState !== "cancelled" && latest.billingState !== "refunded") {
    // One row per request (the limiter bounds how many); the stamp makes each kind unique.
    await services.repo.enqueueEmail(latest.id, BILLING_EMAIL.manageLink(Date.now().toString(36)));
    services.worker.kick();
  }
}

function runDetached(work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((error) => logger().error({ err: error }, "manage link request failed"));
  });
}
