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
import {
  DeliverRequest,
  ORDER_FILTERS,
  PAGE_DEFAULT,
  PAGE_MAX,
  QUOTE_FILTERS,
  StatusRequest,
  type DeliverResult,
  type OrderFile,
  type OrderList,
  type OrderSummary,
  type QuoteSummary,
} from "./schemas.ts";
import { bearerSecret, hashToken } from "./tokens.server.ts";
import type { ApiToken, PageQuery } from "./types.ts";
import { downloadResponse, openOrderFile } from "../delivery/work.server.ts";
import type { StoredFileRecord } from "../delivery/types.ts";

type Context = Readonly<RouterContextProvider>;

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

const rateLimited = (retryAfterSeconds: number) =>
  problem(429, "rate_limited", "Too many requests", { headers: { "Retry-After": String(retryAfterSeconds) } });

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
export type ApiServices = Pick<OrderServices, "repo" | "limits" | "worker" | "links" | "files">;

/**
 * Every API call: the bearer token is looked up first (one indexed read of its SHA-256), so a live
 * token is never refused for what others sent from its address (Zapier's and Make's shared egress,
 * every client behind a proxy); only a wrong or revoked one is counted against its IP's budget of
 * guesses (a 256-bit secret is not guessed, the budget only slows a scanner down). Then the
 * token's own limit, then the handler. A throw is a 500 problem (logged), never an HTML page.
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
  const token = await repo.useApiToken(hashToken(secret));
  if (!token) {
    const guess = await limits.take(["apiAuthIp", context.get(requestInfoContext).clientIp]);
    return guess.ok ? unauthorized() : rateLimited(guess.retryAfterSeconds);
  }
  const taken = await limits.take(["apiToken", token.id]);
  if (!taken.ok) return rateLimited(taken.retryAfterSeconds);
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

/** The order form's answers that are the billing address (and who the customer is), not the brief. */
const BILLING_KEYS = new Set([
  "firstName",
  "lastName",
  "email",
  "companyName",
  "address",
  "city",
  "postalCode",
  "country",
  "phoneNumber",
]);

/** How long a file link of an answer opens the file (long enough for a workflow's next step). */
const FILE_LINK_TTL_MS = 15 * 60_000;

/** A signed, expiring link to one file of one order (GET /api/v1/files/{link}, no token). */
function fileLink(file: StoredFileRecord, { links }: ApiServices): z.output<typeof OrderFile> {
  const now = Date.now();
  const link = links.sign(`${file.orderId}~${file.id}`, "apiFile", FILE_LINK_TTL_MS, now);
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    url: `${getEnv().PUBLIC_ORIGIN}/api/v1/files/${link}`,
    expiresAt: new Date(Math.floor((now + FILE_LINK_TTL_MS) / 1000) * 1000).toISOString(),
  };
}

/** An order as every answer shows it: who pays (billingAddress), the brief, the work delivered and asked. */
async function orderSummary(
  order: Order,
  delivered: boolean,
  services: ApiServices,
): Promise<z.output<typeof OrderSummary>> {
  const erased = Boolean(order.erasedAt);
  const c = order.customer as unknown as Record<string, unknown>;
  const field = (key: string) => (typeof c[key] === "string" ? (c[key] as string) : "");
  const [work, status] = erased
    ? [{ brief: null, files: [], deliveries: [], revisions: [] }, null]
    : await Promise.all([services.repo.orderWork(order.id), services.repo.workStatus(order.id)]);
  // The order form's own questions for the offer, then the brief's answers after payment.
  const formAnswers = Object.fromEntries(
    Object.entries(c).filter(([key, value]) => !BILLING_KEYS.has(key) && typeof value === "string" && value !== ""),
  ) as Record<string, string>;
  const filesOf = (match: (file: StoredFileRecord) => boolean) =>
    work.files.filter(match).map((file) => fileLink(file, services));
  const due = order.state === "paid" && !delivered && !erased ? orderDue(order, getEnv().OWNER_TIME_ZONE) : null;
  return {
    reference: order.reference,
    id: order.id,
    offer: order.offer,
    state: order.state,
    language: order.lang,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    paidAt: order.paidAt,
    due: due?.datetime ?? null,
    delivered,
    subscription: order.monthly > 0,
    price: { amount: order.amountDueNow, currency: order.currency },
    monthly: order.monthly,
    customer: erased
      ? { name: "", email: "" }
      : { name: `${field("firstName")} ${field("lastName")}`.trim(), email: field("email") },
    billingAddress: erased
      ? null
      : {
          name: `${field("firstName")} ${field("lastName")}`.trim(),
          company: field("companyName"),
          address: field("address"),
          city: field("city"),
          postalCode: field("postalCode"),
          country: field("country"),
          phone: field("phoneNumber"),
        },
    brief: erased
      ? null
      : {
          answers: { ...formAnswers, ...work.brief?.answers },
          text: work.brief?.text ?? "",
          files: filesOf((file) => file.kind === "brief"),
          updatedAt: work.brief?.updatedAt ?? order.createdAt,
        },
    workStatus: status ? { status: status.status as "in_progress", note: status.note, at: status.at } : null,
    deliveries: work.deliveries.map((delivery) => ({
      id: delivery.id,
      round: delivery.round,
      note: delivery.note,
      links: delivery.links.map((link) => ({ url: link.url, label: link.label ?? "" })),
      files: filesOf((file) => file.kind === "delivery" && file.deliveryId === delivery.id),
      deliveredAt: delivery.createdAt,
      acceptedAt: delivery.acceptedAt,
    })),
    revisions: work.revisions.map((revision) => ({
      id: revision.id,
      round: revision.round,
      text: revision.text,
      files: filesOf((file) => file.kind === "revision" && file.revisionId === revision.id),
      askedAt: revision.createdAt,
    })),
  };
}

/** A page's position: the last row's (change time, id), opaque to the caller. */
const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString("base64url");
function decodeCursor(cursor: string): { at: string; id: string } | null {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((part) => typeof part === "string" && part.length <= 200)
    )
      return { at: value[0] as string, id: value[1] as string };
  } catch {
    // Not ours: refused below.
  }
  return null;
}

/** `state`, `updated_since`, `limit` and `cursor` of a list, or the problem naming what is wrong. */
function pageQuery(request: Request, states: readonly string[], fallback: string): PageQuery | Response {
  const params = new URL(request.url).searchParams;
  const issues: Array<{ path: string; message: string }> = [];
  const state = params.get("state") ?? fallback;
  if (!states.includes(state)) issues.push({ path: "state", message: `must be one of ${states.join(", ")}` });
  const limitText = params.get("limit");
  const limit = limitText === null ? PAGE_DEFAULT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX)
    issues.push({ path: "limit", message: `must be an integer from 1 to ${PAGE_MAX}` });
  const since = params.get("updated_since");
  const sinceDate = since === null ? null : new Date(since);
  if (sinceDate && (Number.isNaN(sinceDate.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(since!)))
    issues.push({ path: "updated_since", message: "must be an ISO 8601 date or instant" });
  const cursor = params.get("cursor");
  const after = cursor ? decodeCursor(cursor) : null;
  if (cursor && !after) issues.push({ path: "cursor", message: "must be a next_cursor this API gave" });
  if (issues.length) return problem(400, "invalid_query", "A query parameter is refused", { issues });
  return { state, limit, after, updatedSince: sinceDate ? sinceDate.toISOString() : null };
}

/**
 * GET /api/v1/orders: a page of orders by their last change (oldest first), filtered by state
 * ("to-deliver" by default: the back office's one rule) and `updated_since`; `next_cursor` until
 * the last page, so nothing is ever cut off silently.
 */
export async function listOrders(request: Request, services: ApiServices): Promise<Response> {
  const query = pageQuery(request, ORDER_FILTERS, "to-deliver");
  if (query instanceof Response) return query;
  // One more than asked tells whether another page follows.
  const rows = await services.repo.pageOrders({ ...query, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const { delivered } = page.length ? await services.repo.listDetails(page) : { delivered: new Set<string>() };
  const orders = await Promise.all(page.map((order) => orderSummary(order, delivered.has(order.id), services)));
  const last = page.at(-1);
  const result: z.output<typeof OrderList> = {
    orders,
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.updatedAt, last.id) : null,
  };
  return json(result);
}

/**
 * The order named by `key`: its id (`ord_…`, as events name it) or its reference ("LA-1042"), by
 * exact look-up only (ApiStore.findOrderByIdOrReference), so no number of look-alike orders can
 * hide it.
 */
async function findOrder(key: string, { repo }: ApiServices): Promise<{ order: Order; delivered: boolean } | null> {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(key)) return null;
  const order = await repo.findOrderByIdOrReference(key);
  if (!order) return null;
  const { delivered } = await repo.listDetails([order]);
  return { order, delivered: delivered.has(order.id) };
}

const notFound = () => problem(404, "not_found", "No order has this id or reference");

export async function getOrder(key: string, services: ApiServices): Promise<Response> {
  const found = await findOrder(key, services);
  return found ? json(await orderSummary(found.order, found.delivered, services)) : notFound();
}

/**
 * POST /api/v1/orders/{id}/status: the owner's automation says the work is under way; the order's
 * timeline keeps it and the customer's order page shows the latest. Only a paid order still to
 * deliver can be in progress.
 */
export async function setWorkStatus(
  request: Request,
  token: ApiToken,
  key: string,
  services: ApiServices,
): Promise<Response> {
  const body = await readJson(request, StatusRequest);
  if (!body.ok) return bodyRefusal(body);
  const requestHash = createHash("sha256")
    .update(`POST status ${key}\n${JSON.stringify(body.value)}`)
    .digest("hex");
  return idempotent(token, request, requestHash, services, async () => {
    const found = await findOrder(key, services);
    if (!found) return notFound();
    if (found.order.erasedAt) return problem(409, "erased", "The customer's data was erased: there is no one to tell");
    if (found.order.state !== "paid") return problem(409, "not_paid", "This order is not paid");
    if (found.delivered) return problem(409, "already_delivered", "This order is already delivered");
    await services.repo.setWorkStatus(found.order.id, body.value.status, body.value.note?.trim() ?? "");
    const order = (await services.repo.findById(found.order.id)) ?? found.order;
    return json(await orderSummary(order, false, services));
  });
}

/** GET /api/v1/files/{link}: the file a signed link of an answer names, until the link expires. */
export async function downloadFile(
  link: string,
  services: Pick<OrderServices, "repo" | "files" | "links">,
): Promise<Response> {
  const checked = services.links.verify(link, "apiFile");
  if (!checked.ok && checked.reason === "expired")
    return problem(410, "link_expired", "This file link has expired: read the order again for a fresh one");
  const [orderId, fileId] = checked.ok ? checked.orderId.split("~") : [];
  const file = orderId && fileId ? await openOrderFile(orderId, fileId, services) : null;
  if (!file) return problem(404, "not_found", "No such file");
  return downloadResponse(file.record, file.stored);
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
    const found = await findOrder(reference, services);
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

/** GET /api/v1/quotes: a page of quote requests by their last change, with the same cursor as orders. */
export async function listQuotes(request: Request, { repo }: ApiServices): Promise<Response> {
  const query = pageQuery(request, QUOTE_FILTERS, "any");
  if (query instanceof Response) return query;
  const found = await repo.pageQuoteRequests({ ...query, limit: query.limit + 1 });
  const page = found.slice(0, query.limit);
  const quotes: Array<z.output<typeof QuoteSummary>> = page.map((quote) => ({
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
  const last = page.at(-1);
  return json({
    quotes,
    next_cursor: found.length > query.limit && last ? encodeCursor(last.changedAt, last.id) : null,
  });
}

/** The document names PUBLIC_ORIGIN as its server, never the request's Host (which anyone can set). */
export const openApi = () => json(openApiDocument(getEnv().PUBLIC_ORIGIN));
