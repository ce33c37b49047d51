import { createHash } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import { markDelivered } from "../admin/orders.server.ts";
import { readJson, type JsonRefusal } from "../http/read-form.server.ts";
import { orderDue } from "../orders/due-date.ts";
import type { Order } from "../orders/types.ts";
import { getEnv } from "../lib/env.server.ts";
import { logger } from "../lib/logger.server.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import type { OrderServices } from "../services.server.ts";
import type { z } from "../lib/zod.ts";
import { openApiDocument } from "./openapi.ts";
import { DeliverRequest, type DeliverResult, type OrderSummary, type QuoteSummary } from "./schemas.ts";
import { bearerSecret, hashToken } from "./tokens.server.ts";
import type { ApiToken } from "./types.ts";

type Context = Readonly<RouterContextProvider>;

/** The most orders the to-deliver list returns (far more than one person has open). */
const LIST_MAX = 1000;
/** The most quote requests one call returns. */
const QUOTES_MAX = 100;
/** How long a replay waits for its twin's first answer before saying "still in progress". */
const TWIN_WAIT_MS = 10_000;

const HEADERS = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...HEADERS, "Content-Type": "application/json; charset=utf-8" },
  });

/** An RFC 9457 problem: a small JSON answer with a stable `code` (docs/api.md lists them). */
export function problem(
  status: number,
  code: string,
  title: string,
  extra: { detail?: string; issues?: JsonRefusal["issues"]; headers?: Record<string, string> } = {},
) {
  const body = {
    type: "about:blank",
    title,
    status,
    code,
    ...(extra.detail ? { detail: extra.detail } : {}),
    ...(extra.issues ? { issues: extra.issues } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...HEADERS, "Content-Type": "application/problem+json", ...extra.headers },
  });
}

const unauthorized = () =>
  problem(401, "unauthorized", "A valid bearer token is required", {
    headers: { "WWW-Authenticate": 'Bearer realm="api", error="invalid_token"' },
  });

export const methodNotAllowed = (allow: string) =>
  problem(405, "method_not_allowed", "Method not allowed", { headers: { Allow: allow } });

const REFUSALS: Record<JsonRefusal["reason"], [string, string]> = {
  malformed: ["malformed_json", "The body is not valid JSON"],
  tooLarge: ["too_large", "The body is too large"],
  tooManyFields: ["too_large", "The body is too large"],
  nameTooLong: ["malformed_json", "The body is not valid JSON"],
  unsupportedType: ["unsupported_media_type", "Send application/json"],
  tooDeep: ["too_deep", "The body is nested too deeply"],
  invalid: ["invalid_body", "The body does not match the schema"],
  // The body reader's upload refusals: a JSON body never carries files, so these only name a
  // multipart body sent here by mistake.
  fileTooLarge: ["too_large", "The body is too large"],
  tooManyFiles: ["too_large", "The body is too large"],
  fileType: ["unsupported_media_type", "Send application/json"],
};

const bodyRefusal = (refused: JsonRefusal) =>
  problem(refused.status, REFUSALS[refused.reason][0], REFUSALS[refused.reason][1], { issues: refused.issues });

/** What the API's doors use: the stores, the limits, and the outbox's worker (a delivery's email). */
export type ApiServices = Pick<OrderServices, "repo" | "limits" | "worker">;

/**
 * Every API call: the bearer token (each one presented is counted per IP before the look-up, a
 * right one gives the point back), then the token's own limit, then the handler. A throw is a 500 problem
 * (logged), never an HTML page.
 */
export async function withToken(
  request: Request,
  context: Context,
  // Opened only once a token was sent: a request without one is answered without the database.
  open: () => Promise<ApiServices>,
  handler: (token: ApiToken, services: ApiServices) => Promise<Response>,
): Promise<Response> {
  // No token at all is no guess: answered at once, nothing counted or looked up.
  const secret = bearerSecret(request.headers.get("authorization"));
  if (!secret) return unauthorized();
  const services = await open();
  const { repo, limits } = services;
  const guess = await limits.take(["apiAuthIp", context.get(requestInfoContext).clientIp]);
  if (!guess.ok)
    return problem(429, "rate_limited", "Too many requests", {
      headers: { "Retry-After": String(guess.retryAfterSeconds) },
    });
  const token = await repo.useApiToken(hashToken(secret));
  if (!token) return unauthorized();
  await guess.refund();
  const taken = await limits.take(["apiToken", token.id]);
  if (!taken.ok)
    return problem(429, "rate_limited", "Too many requests", {
      headers: { "Retry-After": String(taken.retryAfterSeconds) },
    });
  try {
    return await handler(token, services);
  } catch (error) {
    logger().error({ err: error, path: new URL(request.url).pathname }, "api request failed");
    return problem(500, "internal", "Something went wrong on our side");
  }
}

const idempotencyKey = (request: Request): string | null | false => {
  const key = request.headers.get("idempotency-key");
  if (key === null) return null;
  return /^[\x21-\x7e]{1,255}$/.test(key) ? key : false;
};

/**
 * A POST under an Idempotency-Key: one row per (token, key) decides, on any instance. The first
 * request runs and its answer is stored; a repeat with the same body gets that answer (a twin still
 * running is waited for); the same key with another body gets 422.
 */
async function idempotent(
  token: ApiToken,
  request: Request,
  requestHash: string,
  { repo }: ApiServices,
  run: () => Promise<Response>,
): Promise<Response> {
  const key = idempotencyKey(request);
  if (key === false)
    return problem(400, "invalid_idempotency_key", "Idempotency-Key must be 1 to 255 visible ASCII characters");
  if (key === null) return run();
  const deadline = Date.now() + TWIN_WAIT_MS;
  for (;;) {
    const claim = await repo.claimIdempotencyKey(token.id, key, requestHash);
    if (claim.state === "mismatch")
      return problem(422, "idempotency_key_reused", "This Idempotency-Key was used with another request");
    if (claim.state === "done") return replayed(claim.status, claim.body);
    if (claim.state === "new") {
      let answer: Response;
      try {
        answer = await run();
      } catch (error) {
        await repo.dropIdempotencyKey(token.id, key);
        throw error;
      }
      if (answer.status >= 500) {
        await repo.dropIdempotencyKey(token.id, key);
        return answer;
      }
      const body = await answer.text();
      await repo.finishIdempotencyKey(token.id, key, answer.status, body);
      return replayed(answer.status, body, false);
    }
    if (Date.now() > deadline)
      return problem(409, "idempotency_in_progress", "A request with this Idempotency-Key is still being answered");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function replayed(status: number, body: string, replay = true) {
  const type = body.includes('"type":"about:blank"') ? "application/problem+json" : "application/json; charset=utf-8";
  return new Response(body, {
    status,
    headers: { ...HEADERS, "Content-Type": type, ...(replay ? { "Idempotent-Replayed": "true" } : {}) },
  });
}

function orderSummary(order: Order, delivered: boolean): z.output<typeof OrderSummary> {
  const { firstName, lastName, email, ...answers } = order.customer;
  const brief = Object.fromEntries(
    Object.entries(answers).filter(([, value]) => typeof value === "string" && value !== ""),
  ) as Record<string, string>;
  const due =
    order.state === "paid" && !delivered && !order.erasedAt ? orderDue(order, getEnv().OWNER_TIME_ZONE) : null;
  return {
    reference: order.reference,
    id: order.id,
    offer: order.offer,
    state: order.state,
    language: order.lang,
    paidAt: order.paidAt,
    due: due?.datetime ?? null,
    delivered,
    subscription: order.monthly > 0,
    price: { amount: order.amountDueNow, currency: order.currency },
    monthly: order.monthly,
    customer: order.erasedAt ? { name: "", email: "" } : { name: `${firstName} ${lastName}`.trim(), email },
    brief: order.erasedAt ? {} : brief,
  };
}

/** GET /api/v1/orders?state=to-deliver: the back office's one "to deliver" rule, soonest due first. */
export async function listOrdersToDeliver(request: Request, { repo }: ApiServices): Promise<Response> {
  const state = new URL(request.url).searchParams.get("state");
  if (state !== null && state !== "to-deliver") return problem(400, "invalid_query", "state must be to-deliver");
  const { orders } = await repo.searchOrders({ toDeliver: true, foldAttempts: false, limit: LIST_MAX, offset: 0 });
  const zone = getEnv().OWNER_TIME_ZONE;
  const sorted = orders
    .map((order) => ({ order, due: orderDue(order, zone)?.at.getTime() ?? Infinity }))
    .sort((a, b) => a.due - b.due);
  return json({ orders: sorted.map(({ order }) => orderSummary(order, false)) });
}

/** The order with exactly this reference (the search also matches names and emails: keep the exact one). */
async function findByReference(
  reference: string,
  { repo }: ApiServices,
): Promise<{ order: Order; delivered: boolean } | null> {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(reference)) return null;
  const { orders } = await repo.searchOrders({ search: reference, foldAttempts: false, limit: 20, offset: 0 });
  const order = orders.find((candidate) => candidate.reference.toLowerCase() === reference.toLowerCase());
  if (!order) return null;
  const { delivered } = await repo.listDetails([order]);
  return { order, delivered: delivered.has(order.id) };
}

const notFound = () => problem(404, "not_found", "No order has this reference");

export async function getOrder(reference: string, services: ApiServices): Promise<Response> {
  const found = await findByReference(reference, services);
  return found ? json(orderSummary(found.order, found.delivered)) : notFound();
}

/**
 * POST /api/v1/orders/{reference}/deliveries: the back office's "mark delivered" (one conditional
 * write per order and period; the customer's email queued with it, so it is sent once).
 */
export async function deliverOrder(
  request: Request,
  token: ApiToken,
  reference: string,
  services: ApiServices,
): Promise<Response> {
  const body = await readJson(request, DeliverRequest);
  if (!body.ok) return bodyRefusal(body);
  const requestHash = createHash("sha256")
    .update(`POST ${reference}\n${JSON.stringify(body.value)}`)
    .digest("hex");
  return idempotent(token, request, requestHash, services, async () => {
    const found = await findByReference(reference, services);
    if (!found) return notFound();
    // The back office's own delivery (one deliver function): a delivery record with its links and note.
    const links = [...(body.value.links ?? []), ...(body.value.link ? [{ url: body.value.link }] : [])];
    const outcome = await markDelivered(found.order.id, body.value.note ?? "", services, links, "api");
    if (outcome === "delivered") {
      const result: z.output<typeof DeliverResult> = {
        reference: found.order.reference,
        delivered: true,
        deliveredAt: new Date().toISOString(),
      };
      return json(result);
    }
    if (outcome === "notFound") return notFound();
    if (outcome === "alreadyDelivered" || outcome === "alreadyDeliveredPeriod")
      return problem(409, "already_delivered", "This order is already delivered");
    if (outcome === "workClosed")
      return problem(409, "work_closed", "The work on this order has stopped (refunded in full or cancelled)");
    if (outcome === "badLink") return problem(422, "bad_link", "A link must be an http(s) address");
    if (outcome === "erased")
      return problem(409, "erased", "The customer's data was erased: there is no one to deliver to");
    return problem(409, "not_paid", "This order is not paid");
  });
}

/** GET /api/v1/quotes: the latest quote requests. */
export async function listQuotes({ repo }: ApiServices): Promise<Response> {
  const quotes = await repo.listQuoteRequests(QUOTES_MAX, 0);
  const rows: Array<z.output<typeof QuoteSummary>> = quotes.map((quote) => ({
    id: quote.id,
    createdAt: quote.createdAt,
    answeredAt: quote.answeredAt ?? null,
    offer: quote.page,
    language: quote.lang,
    name: quote.name,
    email: quote.email,
    company: quote.company,
    message: quote.message,
  }));
  return json({ quotes: rows });
}

export const openApi = (request: Request) => json(openApiDocument(`${new URL(request.url).origin}`));
