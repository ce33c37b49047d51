import { randomBytes } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import Stripe from "stripe";

/**
 * A small stand-in for the Stripe API, enough for Checkout: create and retrieve sessions (with
 * idempotency keys), a "hosted checkout" page that pays and redirects like Stripe does, switches to
 * simulate an outage, and signed webhook events. The app's Stripe SDK points at it through
 * STRIPE_API_BASE.
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
  amount_total: number;
  currency: string;
  /** Every form parameter the SDK sent, flat (`line_items[0][price_data][unit_amount]`). */
  params: Record<string, string>;
  idempotencyKey: string | null;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  /** Create-session requests received (including idempotent replays). */
  createRequests: number;
  /** Retrieve-session requests received. */
  retrieveRequests: number;
  /** When true, every API call answers 500. */
  down: boolean;
  /** When true, create-session requests are received (counted) but never answered. */
  hangCreate: boolean;
  complete(sessionId: string, paymentStatus?: FakeSession["payment_status"]): FakeSession;
  expire(sessionId: string): FakeSession;
  /** A signed webhook request (body + Stripe-Signature header) for an event about a session. */
  signedEvent(type: string, sessionId: string, options?: { secret?: string }): { body: string; signature: string };
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

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
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
    createRequests: 0,
    retrieveRequests: 0,
    down: false,
    hangCreate: false,
    complete(sessionId, paymentStatus = "paid") {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "complete";
      session.payment_status = paymentStatus;
      return session;
    },
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = "expired";
      return session;
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
