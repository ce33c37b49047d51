import type { Currency } from "../content/offers.ts";
import { COUNTRY_CODES, countryOptions, likelyCountry } from "../content/countries.ts";
import * as z from "../lib/zod-mini.ts";
import { BILLING_MIN } from "./form-constraints.ts";
import type { BillingDetails } from "../payments/provider.ts";
import { formatMoney } from "../i18n/format.ts";
import { dueToday } from "../payments/provider.ts";
import { successUrl } from "../payments/sandbox-provider.server.ts";
import type { OrderServices } from "../services.server.ts";

/** What the sandbox checkout page shows; undefined when there is no such sandbox session (or no sandbox). */
export async function sandboxCheckoutView(
  sessionId: string,
  services: Pick<OrderServices, "sandbox">,
  acceptLanguage?: string | null,
) {
  const session = await services.sandbox?.findSession(sessionId);
  if (!session) return undefined;
  const { request, status } = session;
  const currency = request.currency as Currency;
  return {
    status,
    product: request.monthly?.name ?? request.oneTime?.name ?? "",
    email: request.customerEmail,
    dueNow: formatMoney(dueToday(request), currency, request.locale),
    monthly: request.monthly ? formatMoney(request.monthly.amount, currency, request.locale) : null,
    /** The price story the request carries (sessions from before it have none). */
    summary: request.summary ?? null,
    thankYou: successUrl(session),
    orderAgain: request.cancelUrl,
    /** The billing address is asked before paying, as Stripe Checkout asks it (`billing_address_collection: "required"`). */
    billing:
      request.billingAddress === "required" && status === "open"
        ? {
            countries: countryOptions(request.locale),
            // Nothing typed twice: the order form's name, and the country the browser suggests.
            prefill: {
              billingName: request.customerName ?? "",
              country: likelyCountry(request.locale, acceptLanguage) ?? "",
            },
          }
        : null,
  };
}

/** The sandbox page's billing questions, as Stripe Checkout's address form asks them. */
export const SANDBOX_BILLING_FIELDS = ["billingName", "line1", "line2", "postalCode", "city", "country"] as const;
export type SandboxBillingField = (typeof SANDBOX_BILLING_FIELDS)[number];

const line = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const BILLING_SCHEMA = z.object({
  billingName: line(120),
  line1: z.string().check(z.trim(), z.minLength(BILLING_MIN.line1!), z.maxLength(200)),
  line2: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  postalCode: line(20),
  city: line(100),
  country: z.enum(COUNTRY_CODES as [string, ...string[]]),
});

/** The billing details posted on the sandbox page, in Stripe's customer_details shape; or the fields to fix. */
export function readSandboxBilling(
  form: FormData,
): { ok: true; billing: BillingDetails } | { ok: false; invalid: SandboxBillingField[] } {
  const values: Record<string, string | undefined> = {};
  for (const name of SANDBOX_BILLING_FIELDS) {
    const value = form.get(name);
    values[name] = typeof value === "string" && value.trim() !== "" ? value : undefined;
  }
  const result = BILLING_SCHEMA.safeParse(values);
  if (!result.success)
    return {
      ok: false,
      invalid: SANDBOX_BILLING_FIELDS.filter((name) => result.error.issues.some((issue) => issue.path[0] === name)),
    };
  const value = result.data;
  return {
    ok: true,
    billing: {
      name: value.billingName,
      address: {
        line1: value.line1,
        line2: value.line2 || null,
        postal_code: value.postalCode,
        city: value.city,
        state: null,
        country: value.country,
      },
    },
  };
}

/**
 * The visitor pays or cancels in the sandbox. Returns where to send them, as Stripe does (the
 * success URL; or the cancel URL, after the order is marked expired), or undefined for an unknown
 * session, "bad-intent" for anything else, and the billing fields to fix when the session asks a
 * billing address and the post lacks a valid one (nothing is paid).
 *
 * Paying fulfils the order here, before the redirect, through the one fulfilment step Stripe's
 * webhook worker runs (`services.fulfil`: marks paid and queues the confirmation in one
 * transaction): a customer who closes the tab, or whose thank-you page is refused under load, has
 * paid all the same. The thank-you page's own call then finds the order paid and changes nothing.
 */
export async function sandboxCheckoutDecision(
  sessionId: string,
  form: FormData,
  services: Pick<OrderServices, "sandbox" | "fulfil">,
): Promise<string | "bad-intent" | { invalid: SandboxBillingField[] } | undefined> {
  const sandbox = services.sandbox;
  const session = await sandbox?.findSession(sessionId);
  if (!sandbox || !session) return undefined;
  const intent = form.get("intent");
  if (intent === "pay") {
    let next: string;
    if (session.request.billingAddress !== "required" || session.status !== "open")
      next = await sandbox.pay(session, null);
    else {
      const billing = readSandboxBilling(form);
      if (!billing.ok) return { invalid: billing.invalid };
      next = await sandbox.pay(session, billing.billing);
    }
    // A replayed "Pay" finds the order paid: fulfil changes nothing and queues nothing twice.
    await services.fulfil(session.id);
    return next;
  }
  if (intent === "cancel") {
    const back = await sandbox.cancel(session);
    await services.fulfil(session.id);
    return back;
  }
  return "bad-intent";
}
