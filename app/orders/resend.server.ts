import { confirmationCopyKind } from "../mail/email-kinds.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";

/** Resends allowed per order on top of the first confirmation. */
export const MAX_RESENDS = 3;

export type ResendOutcome = "sent" | "error" | "rateLimited";

/**
 * The thank-you page's "send my confirmation again": per-IP rate limit, only for a paid order,
 * at most MAX_RESENDS copies (each its own outbox row).
 */
export async function resendConfirmation(
  sessionId: string,
  clientIp: string,
  services: Pick<OrderServices, "limits" | "fulfil" | "worker"> & { repo: StoresOf<"outbox"> },
): Promise<{ outcome: ResendOutcome; status: number }> {
  if (!(await services.limits.take(["resend", clientIp])).ok) return { outcome: "rateLimited", status: 429 };
  let result;
  try {
    // Provider look-ups from a visitor's link are rate-limited per IP, as on the page itself.
    result = await services.fulfil(sessionId, {
      allowLookup: async () => (await services.limits.take(["lookup", clientIp])).ok,
    });
  } catch {
    return { outcome: "error", status: 503 };
  }
  if (result.status !== "paid" || !("order" in result) || !result.order) return { outcome: "error", status: 409 };
  const order = result.order;
  const resends = (await services.repo.listEmails(order.id)).filter((email) => email.kind.startsWith("resend-")).length;
  if (resends >= MAX_RESENDS) return { outcome: "rateLimited", status: 429 };
  await services.repo.enqueueEmail(order.id, confirmationCopyKind("resend", resends + 1));
  services.worker.kick();
  return { outcome: "sent", status: 200 };
}
