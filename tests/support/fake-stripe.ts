import { randomBytes } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import Stripe from "stripe";

/**
 * A small stand-in for the Stripe API, enough for Checkout and what follows it: create and retrieve
 * sessions (with idempotency keys), a "hosted checkout" page that pays and redirects like Stripe
 * does, the customers, subscriptions, invoices and charges a paid checkout creates, Billing Portal
 * sessions with a hosted portal page, switches to simulate an outage, and webhook events signed
 * with the SDK's own test helper. The app's Stripe SDK points at it through STRIPE_API_BASE.
 */
export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  mode: string;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  customer: string | null;
  subscription: string | null;
  amount_total: number;
  currency: string;
  /** Every form parameter the SDK sent, flat (`line_items[0][price_data][unit_amount]`). */
  params: Record<string, string>;
  idempotencyKey: string | null;
}

export interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: "active" | "trialing" | "past_due" | "unpaid" | "canceled";
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  items: { object: "list"; data: Array<{ id: string; object: "subscription_item"; current_period_start: number; current_period_end: number }> };
  /** Monthly amount (minor units), for invoices. */
  amount: number;
  currency: string;
}

export interface FakeInvoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "paid" | "open";
  billing_reason: "subscription_create" | "subscription_cycle";
  amount_due: number;
  amount_paid: number;
  currency: string;
  metadata: Record<string, string>;
  parent: { type: "subscription_details"; subscription_details: { subscription: string; metadata: Record<string, string> } };
}

export interface FakeCharge {
  id: string;
  object: "charge";
  customer: string | null;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  disputed: boolean;
}

export interface SignedEvent {
  id: string;
  body: string;
  signature: string;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  charges: Map<string, FakeCharge>;
  /** Billing Portal sessions created (customer, return_url). */
  portalSessions: Array<{ id: string; customer: string; return_url: string; url: string }>;
  /** Create-session requests received (including idempotent replays). */
  createRequests: number;
  /** Retrieve-session requests received. */
  retrieveRequests: number;
  /** Every API request received (/v1/…), whatever it asked. */
  apiRequests: number;
  /** When true, every API call answers 500. */
  down: boolean;
  /** When true, create-session requests are received (counted) but never answered. */
  hangCreate: boolean;
  complete(sessionId: string, paymentStatus?: FakeSession["payment_status"]): FakeSession;
  expire(sessionId: string): FakeSession;
  /** A signed webhook request (body + Stripe-Signature header) for an event about a session. */
  signedEvent(type: string, sessionId: string, options?: { secret?: string }): { body: string; signature: string };
  /** A signed event carrying a snapshot of any object (subscription, invoice, charge, dispute). */
  objectEvent(type: string, object: object): SignedEvent;
  /** A month passes: the subscription renews (paid) or its payment fails (past due). Returns the invoice. */
  renew(subscriptionId: string, outcome?: "paid" | "failed"): FakeInvoice;
  /** What the hosted portal's cancel button does: cancel at the end of the period. */
  cancelAtPeriodEnd(subscriptionId: string): FakeSubscription;
  /** The period ends (or Stripe gives up retrying): the subscription is over. */
  endSubscription(subscriptionId: string): FakeSubscription;
  refund(chargeId: string, amount?: number): FakeCharge;
  dispute(chargeId: string): { id: string; object: "dispute"; charge: string; amount: number; currency: string; reason: string; status: string };
  /** The first charge of a checkout session (its payment). */
  chargeOf(sessionId: string): FakeCharge | undefined;
  close(): Promise<void>;
}

const stripe = new Stripe("sk_test_fake");

function sessionAmount(params: Record<string, string>): number {
  let total = 0;
  for (let i = 0; params[`line_items[${i}][quantity]`]; i++) {
    const recurring = params[`line_items[${i}][price_data][recurring][interval]`];
    const trial = params["subscription_data[trial_period_days]"];
    if (recurring && trial) continue;
    total += Number(params[`line_items[${i}][price_data][unit_amount]`] ?? 0) * Number(params[`line_items[${i}][quantity]`]);
  }
  return total;
}

const DAY = 24 * 60 * 60;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const charges = new Map<string, FakeCharge>();
  const chargeBySession = new Map<string, string>();
  const portalSessions: FakeStripe["portalSessions"] = [];
  const byIdempotencyKey = new Map<string, FakeSession>();
  const sockets = new Set<net.Socket>();
  let base = "";

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${randomBytes(6).toString("hex")}` });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, message: string, type = "invalid_request_error") =>
    json(res, status, { error: { type, message } });

  const fake: FakeStripe = {
    url: "",
    secretKey: "sk_test_fake123",
    webhookSecret: "whsec_fake123",
    sessions,
    subscriptions,
    charges,
    portalSessions,
    createRequests: 0,
    retrieveRequests: 0,
    apiRequests: 0,
    down: false,
    hangCreate: false,
    complete(sessionId, paymentStatus = "paid") {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "complete";
      session.payment_status = paymentStatus;
      if (paymentStatus === "paid" && !session.customer) settle(session);
      return session;
    },
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "expired";
      return session;
    },
    objectEvent(type, object) {
      const id = newId("evt");
      const body = JSON.stringify({
        id,
        object: "event",
        type,
        api_version: "2026-10-28.endive",
        created: nowSeconds(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
      });
      return { id, body, signature: stripe.webhooks.generateTestHeaderString({ payload: body, secret: fake.webhookSecret }) };
    },
    renew(subscriptionId, outcome = "paid") {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const item = subscription.items.data[0]!;
      if (outcome === "paid") {
        item.current_period_start = item.current_period_end;
        item.current_period_end += 30 * DAY;
        subscription.status = "active";
        newCharge(subscription.customer, subscription.amount, subscription.currency);
      } else {
        subscription.status = "past_due";
      }
      return {
        id: newId("in"),
        object: "invoice",
        customer: subscription.customer,
        status: outcome === "paid" ? "paid" : "open",
        billing_reason: "subscription_cycle",
        amount_due: subscription.amount,
        amount_paid: outcome === "paid" ? subscription.amount : 0,
        currency: subscription.currency,
        metadata: {},
        parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } } },
      };
    },
    cancelAtPeriodEnd(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      subscription.cancel_at_period_end = true;
      subscription.cancel_at = subscription.items.data[0]!.current_period_end;
      return subscription;
    },
    endSubscription(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      subscription.status = "canceled";
      subscription.ended_at = subscription.cancel_at ?? nowSeconds();
      return subscription;
    },
    refund(chargeId, amount) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`no charge ${chargeId}`);
      charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + (amount ?? charge.amount));
      charge.refunded = charge.amount_refunded === charge.amount;
      return charge;
    },
    dispute(chargeId) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`no charge ${chargeId}`);
      charge.disputed = true;
      return { id: newId("dp"), object: "dispute", charge: charge.id, amount: charge.amount, currency: charge.currency, reason: "fraudulent", status: "needs_response" };
    },
    chargeOf(sessionId) {
      const id = chargeBySession.get(sessionId);
      return id ? charges.get(id) : undefined;
    },
    signedEvent(type, sessionId, options = {}) {
      const session = sessions.get(sessionId);
      const { params: _params, idempotencyKey: _key, ...object } = session ?? ({ id: sessionId, object: "checkout.session" } as FakeSession);
      const body = JSON.stringify({
        id: `evt_${randomBytes(8).toString("hex")}`,
        object: "event",
        type,
        api_version: "2026-10-28.endive",
        created: Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
      });
      const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: options.secret ?? fake.webhookSecret });
      return { body, signature };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  function newCharge(customer: string | null, amount: number, currency: string): FakeCharge {
    const charge: FakeCharge = { id: newId("ch"), object: "charge", customer, amount, amount_refunded: 0, refunded: false, currency, disputed: false };
    charges.set(charge.id, charge);
    return charge;
  }

  /** What a paid Checkout creates: a customer (subscriptions, or customer_creation=always), the subscription, the charge. */
  function settle(session: FakeSession) {
    const p = session.params;
    if (session.mode === "subscription" || p.customer_creation === "always") session.customer = newId("cus");
    if (session.mode === "subscription") {
      let monthly = 0;
      for (let i = 0; p[`line_items[${i}][quantity]`]; i++) {
        if (p[`line_items[${i}][price_data][recurring][interval]`]) monthly += Number(p[`line_items[${i}][price_data][unit_amount]`]);
      }
      const trialDays = Number(p["subscription_data[trial_period_days]"] ?? 0);
      const start = nowSeconds();
      const subscription: FakeSubscription = {
        id: newId("sub"),
        object: "subscription",
        customer: session.customer!,
        status: trialDays ? "trialing" : "active",
        cancel_at_period_end: false,
        cancel_at: null,
        ended_at: null,
        metadata: Object.fromEntries(
          Object.entries(p)
            .filter(([name]) => /^subscription_data\[metadata\]\[[^\]]+\]$/.test(name))
            .map(([name, value]) => [name.slice("subscription_data[metadata][".length, -1), value]),
        ),
        items: { object: "list", data: [{ id: newId("si"), object: "subscription_item", current_period_start: start, current_period_end: start + (trialDays || 30) * DAY }] },
        amount: monthly,
        currency: session.currency,
      };
      subscriptions.set(subscription.id, subscription);
      session.subscription = subscription.id;
    }
    chargeBySession.set(session.id, newCharge(session.customer, session.amount_total, session.currency).id);
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", base);

    // The hosted checkout page: paying redirects to success_url like Stripe does.
    const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    if (pay) {
      const session = sessions.get(pay[1]!);
      if (!session) return error(res, 404, "No such checkout page");
      if (req.method === "POST" || url.searchParams.get("action") === "pay") fake.complete(session.id);
      const target = url.searchParams.get("action") === "cancel" ? session.cancel_url : session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id);
      res.writeHead(303, { Location: target });
      return res.end();
    }

    // The hosted Billing Portal: a POST cancels the customer's subscription at the period end.
    const portal = /^\/portal\/([\w-]+)$/.exec(url.pathname);
    if (portal) {
      const found = portalSessions.find((p) => p.id === portal[1]);
      if (!found) return error(res, 404, "No such portal session");
      const owned = [...subscriptions.values()].filter((sub) => sub.customer === found.customer);
      if (req.method === "POST") for (const sub of owned) fake.cancelAtPeriodEnd(sub.id);
      res.writeHead(200, { "Content-Type": "text/html" });
      return res.end(`<h1>Portal</h1>${owned.map((sub) => `<p data-sub="${sub.id}">${sub.status}${sub.cancel_at_period_end ? " cancels" : ""}</p>`).join("")}`);
    }

    if (url.pathname.startsWith("/v1/")) fake.apiRequests++;
    if (fake.down) return error(res, 500, "Stripe is having a bad day", "api_error");
    if (!String(req.headers.authorization ?? "").includes(fake.secretKey)) return error(res, 401, "Invalid API key", "authentication_error");

    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      fake.createRequests++;
      // Left open: the caller is killed (or times out) while "Stripe" is still creating the session.
      if (fake.hangCreate) return;
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      if (key && byIdempotencyKey.has(key)) return json(res, 200, publicView(byIdempotencyKey.get(key)!));
      const params = Object.fromEntries(new URLSearchParams(body));
      if (!params.success_url || !params.mode) return error(res, 400, "Missing required param: success_url or mode");
      const id = `cs_test_${randomBytes(12).toString("hex")}`;
      const session: FakeSession = {
        id,
        object: "checkout.session",
        url: `${base}/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
        mode: params.mode,
        client_reference_id: params.client_reference_id ?? null,
        customer_email: params.customer_email ?? null,
        locale: params.locale ?? null,
        success_url: params.success_url,
        cancel_url: params.cancel_url ?? "",
        metadata: Object.fromEntries(
          Object.entries(params)
            .filter(([name]) => /^metadata\[[^\]]+\]$/.test(name))
            .map(([name, value]) => [name.slice(9, -1), value]),
        ),
        customer: null,
        subscription: null,
        amount_total: sessionAmount(params),
        currency: params["line_items[0][price_data][currency]"] ?? "eur",
        params,
        idempotencyKey: key,
      };
      sessions.set(id, session);
      if (key) byIdempotencyKey.set(key, session);
      return json(res, 200, publicView(session));
    }

    const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
    if (req.method === "GET" && retrieve) {
      fake.retrieveRequests++;
      const session = sessions.get(retrieve[1]!);
      if (!session) return error(res, 404, `No such checkout.session: '${retrieve[1]}'`);
      return json(res, 200, publicView(session));
    }
    const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
    if (req.method === "GET" && subscription) {
      const found = subscriptions.get(subscription[1]!);
      if (!found) return error(res, 404, `No such subscription: '${subscription[1]}'`);
      const { amount: _amount, currency: _currency, ...view } = found;
      return json(res, 200, view);
    }
    const charge = /^\/v1\/charges\/([\w-]+)$/.exec(url.pathname);
    if (req.method === "GET" && charge) {
      const found = charges.get(charge[1]!);
      return found ? json(res, 200, found) : error(res, 404, `No such charge: '${charge[1]}'`);
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      const params = Object.fromEntries(new URLSearchParams(body));
      if (!params.customer) return error(res, 400, "Missing required param: customer");
      const id = newId("bps");
      const portal = { id, customer: params.customer, return_url: params.return_url ?? "", url: `${base}/portal/${id}` };
      portalSessions.push(portal);
      return json(res, 200, { object: "billing_portal.session", ...portal });
    }
    return error(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  base = `http://127.0.0.1:${port}`;
  fake.url = base;
  return fake;
}

function publicView(session: FakeSession) {
  const { params: _params, idempotencyKey: _key, ...rest } = session;
  return rest;
}
