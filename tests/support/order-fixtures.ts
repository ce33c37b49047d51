import { SandboxProvider } from "../../app/payments/sandbox-provider.server.ts";
import { SandboxSessionStore } from "../../app/payments/sandbox-store.server.ts";
import type { PaymentProvider } from "../../app/payments/provider.ts";
import { checkoutRequest } from "../../app/orders/checkout-request.server.ts";
import { CONFIRMATION_EMAIL, QUOTE_EMAIL_KINDS } from "../../app/mail/email-kinds.ts";
import { OutboxWorker, type OutboxWorkerOptions } from "../../app/mail/outbox-worker.server.ts";
import type { Stores } from "../../app/stores.server.ts";
import type { NewOrder } from "../../app/orders/types.ts";
import type { NewQuoteRequest } from "../../app/quotes/types.ts";

/** The customer of the unit tests on orders: a valid one, in Portugal. */
export const testCustomer: NewOrder["customer"] = {
  firstName: "Ana",
  lastName: "Lima",
  email: "ana@example.com",
  companyName: "",
  address: "Rua 1, 2",
  city: "Porto",
  postalCode: "4000",
  country: "PT",
  phoneNumber: "912345678",
  agentName: "iaBot",
  telegramId: "@ana",
  connectZapier: "non",
  comments: "",
};

/** What the buyer of the unit tests agreed to: the CGV read in Portuguese, with the digital-content waiver. */
export const testAcceptance: NewOrder["acceptance"] = {
  acceptedAt: "2026-11-26T09:00:00.000Z",
  termsVersion: "cgv-2026-11-26",
  termsLang: "pt",
  immediateStart: "digital-content",
};

let n = 0;
/** A new sandbox order of 1 € for the test workflow, with an id and token no other call returns. */
export function newTestOrder(overrides: Partial<NewOrder> = {}): NewOrder {
  n++;
  return {
    id: `ord_${n}`,
    submissionToken: `token-${n}`,
    lang: "pt",
    offer: "test-workflow",
    currency: "EUR",
    amountDueNow: 100,
    monthly: 0,
    customer: testCustomer,
    provider: "sandbox",
    acceptance: testAcceptance,
    ...overrides,
  };
}

/**
 * A Stripe-like provider whose sessions come from `getSession`: what fulfilment reads. Nothing
 * after checkout (webhooks, subscriptions, portal) is answered.
 */
export function stubProvider(
  getSession: PaymentProvider["getSession"],
  createCheckout: PaymentProvider["createCheckout"] = async () => ({ id: "", url: "" }),
): PaymentProvider {
  return {
    name: "stripe",
    createCheckout,
    getSession,
    verifyWebhook: () => null,
    getSubscription: async () => undefined,
    portalUrl: async () => null,
    getCharge: async () => null,
    refund: async () => ({ ok: false, reason: "notPaid" }),
    cancelSubscription: async () => ({ ok: false, reason: "unknown" }),
    documents: async () => null,
  };
}

/** A stored, paid order whose confirmation email waits in the outbox. */
export async function paidTestOrder(repo: Stores, overrides: Partial<NewOrder> = {}) {
  const { order } = await repo.createOrder(newTestOrder(overrides));
  await repo.markPaid(order.id, CONFIRMATION_EMAIL);
  return order;
}

/** A stored quote request (a demo of the WhatsApp agent, from the German page) whose two emails wait in the outbox. */
export async function testQuoteRequest(repo: Stores, overrides: Partial<NewQuoteRequest> = {}) {
  n++;
  const quote = {
    id: `quo_${n}`,
    page: "whatsapp",
    lang: "de",
    name: "Anna Schmidt",
    email: "anna@example.com",
    company: "",
    message: "Eine Demo, bitte.",
    ...overrides,
  } as const;
  return repo.createQuoteRequest(quote, [QUOTE_EMAIL_KINDS.ack, QUOTE_EMAIL_KINDS.owner]);
}

/**
 * An outbox worker on `repo` sending with `deliver`, retrying after 1 ms unless told otherwise.
 * Its own polling is never due within a test: tests call runOnce().
 */
export function testOutboxWorker(
  repo: Stores,
  deliver: OutboxWorkerOptions["deliver"],
  options: Partial<OutboxWorkerOptions> = {},
) {
  return new OutboxWorker({ repo, deliver, backoffMs: 1, maxBackoffMs: 1, pollMs: 1000, ...options });
}

/** A stored order with an open sandbox checkout session, and the sandbox that can pay it. */
export async function orderInSandboxCheckout(repo: Stores, overrides: Partial<NewOrder> = {}) {
  const store = new SandboxSessionStore(repo.db);
  const provider = new SandboxProvider({ store, pageUrl: (id) => `/pay/${id}` });
  const { order } = await repo.createOrder(newTestOrder(overrides));
  const request = checkoutRequest(order, { success: "/ok", cancel: "/no" });
  const session = await provider.createCheckout(request);
  await repo.setCheckout(order.id, session.id, session.url);
  return { store, provider, order, request, session };
}
