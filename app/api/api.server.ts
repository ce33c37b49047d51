import { createHash } from "node:crypto";
import { Transform, type Readable } from "node:stream";
import type { RouterContextProvider } from "react-router";
import { markDelivered, type ActionOutcome } from "../admin/orders.server.ts";
import { markQuoteAnswered } from "../admin/quotes.server.ts";
import { translator } from "../i18n/translator.server.ts";
import { proposalPath } from "../i18n/site-map.ts";
import { proposalToken, proposeForQuote } from "../quotes/proposals.server.ts";
import type { Proposal, QuoteRequest } from "../quotes/types.ts";
import {
  checkJsonText,
  isMultipart,
  readJson,
  readUpload,
  type BodyRefusalReason,
  type JsonRefusal,
} from "../http/read-form.server.ts";
import { orderDue } from "../orders/due-date.ts";
import type { Order } from "../orders/types.ts";
import { getEnv } from "../lib/env.server.ts";
import { logger } from "../lib/logger.server.ts";
import { requestInfoContext } from "../lib/request-context.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";
import type { z } from "../lib/zod.ts";
import { openApiDocument } from "./openapi.ts";
import {
  DeliverFormFields,
  DeliverLinks,
  DeliverRequest,
  ORDER_FILTERS,
  PAGE_DEFAULT,
  PAGE_MAX,
  QUOTE_FILTERS,
  ProposalRequest,
  StatusRequest,
  type ApiProposal,
  type DeliverResult,
  type OrderFile,
  type OrderList,
  type OrderSummary,
  type QuoteSummary,
} from "./schemas.ts";
import { bearerSecret, hashToken } from "./tokens.server.ts";
import type { ApiToken, PageQuery } from "./types.ts";
import {
  deliver,
  downloadResponse,
  openOrderFile,
  receiveDelivery,
  workClosedBy,
  workPeriods,
  type WorkOutcome,
} from "../delivery/work.server.ts";
import type { OrderWork, StoredFileRecord } from "../delivery/types.ts";
import type { FileStorage } from "../files/storage.ts";

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

/**
 * What each API door uses, named by its route (`servicesOf(context, { repo: ["api", …], limits: true })`):
 * every door checks its token and limit (`Door`); an order is shown with its work and signed file
 * links (`Shown`), found by id or reference (`Found`).
 */
type Door = Pick<OrderServices, "limits"> & { repo: StoresOf<"api"> };
type Links = Pick<OrderServices, "links">;
type Shown = Links & { repo: StoresOf<"api" | "delivery"> };
type Found = { repo: StoresOf<"api" | "backOffice"> };
/** A delivery through the API: the back office's markDelivered, or the work's deliver with the files. */
type Delivering = Door & Shown & Found & Pick<OrderServices, "files" | "worker"> & { repo: StoresOf<"orders"> };
/** A proposal through the API: the back office's proposeForQuote, and the request marked answered. */
type Proposing = Door &
  Links &
  Pick<OrderServices, "worker"> &
  Partial<Pick<OrderServices, "webhooksOut">> & { repo: StoresOf<"quotes" | "proposals" | "backOffice"> };

/**
 * Every API call: the bearer token is looked up first (one indexed read of its SHA-256), so a live
 * token is never refused for what others sent from its address (Zapier's and Make's shared egress,
 * every client behind a proxy); only a wrong or revoked one is counted against its IP's budget of
 * guesses (a 256-bit secret is not guessed, the budget only slows a scanner down). Then the
 * token's own limit, then the handler. A throw is a 500 problem (logged), never an HTML page.
 */
export async function withToken<S extends Door>(
  request: Request,
  context: Context,
  // Opened only once a token was sent: a request without one is answered without the database.
  open: () => Promise<S>,
  handler: (token: ApiToken, services: S) => Promise<Response>,
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
  { repo }: Door,
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
function fileLink(file: StoredFileRecord, { links }: Links): z.output<typeof OrderFile> {
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

/** An erased customer's order: its work (the person's words and files) is gone. */
const NO_WORK: OrderWork = { brief: null, files: [], deliveries: [], revisions: [] };

/** An order as every answer shows it: who pays (billingAddress), the brief, the work delivered and asked. */
async function orderSummary(
  order: Order,
  delivered: boolean,
  services: Shown,
  changedAt?: string,
): Promise<z.output<typeof OrderSummary>> {
  const erased = Boolean(order.erasedAt);
  const c = order.customer as unknown as Record<string, unknown>;
  const field = (key: string) => (typeof c[key] === "string" ? (c[key] as string) : "");
  const [work, status, updatedAt] = await Promise.all([
    erased ? NO_WORK : services.repo.orderWork(order.id),
    erased ? null : services.repo.workStatus(order.id),
    // The last change of the order or its work: what `updated_since` and the lists' order read.
    changedAt ?? services.repo.orderChangedAt(order.id),
  ]);
  // The order form's own questions for the offer, then the brief's answers after payment.
  const formAnswers = Object.fromEntries(
    Object.entries(c).filter(([key, value]) => !BILLING_KEYS.has(key) && typeof value === "string" && value !== ""),
  ) as Record<string, string>;
  const filesOf = (match: (file: StoredFileRecord) => boolean) =>
    work.files.filter(match).map((file) => fileLink(file, services));
  const closure = work.closure ?? null;
  const due =
    order.state === "paid" && !delivered && !erased && !closure ? orderDue(order, getEnv().OWNER_TIME_ZONE) : null;
  const periodEndsAt = (period: string) => period || null;
  return {
    reference: order.reference,
    id: order.id,
    offer: order.offer,
    state: order.state,
    language: order.lang,
    createdAt: order.createdAt,
    updatedAt: updatedAt ?? order.updatedAt,
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
          // The first period's files: a later month's brief files are that month's (`periods`).
          files: filesOf((file) => file.kind === "brief" && !file.period),
          updatedAt: work.brief?.updatedAt ?? order.createdAt,
        },
    periods: erased
      ? []
      : workPeriods(order, work).map((period) => ({
          number: period.number,
          current: period.current,
          startsAt: period.start.toISOString(),
          endsAt: periodEndsAt(period.period),
          brief:
            period.brief || period.files.length
              ? {
                  text: period.brief?.text ?? "",
                  files: period.files.map((file) => fileLink(file, services)),
                  updatedAt: period.brief?.updatedAt ?? period.files.at(-1)!.createdAt,
                }
              : null,
        })),
    closed: closure ? { reason: closure.why, at: closure.at } : null,
    workStatus: status ? { status: status.status as "in_progress", note: status.note, at: status.at } : null,
    deliveries: work.deliveries.map((delivery) => ({
      id: delivery.id,
      round: delivery.round,
      note: delivery.note,
      links: delivery.links.map((link) => ({ url: link.url, label: link.label ?? "" })),
      files: filesOf((file) => file.kind === "delivery" && file.deliveryId === delivery.id),
      deliveredAt: delivery.createdAt,
      acceptedAt: delivery.acceptedAt,
      periodEndsAt: periodEndsAt(delivery.period),
    })),
    revisions: work.revisions.map((revision) => ({
      id: revision.id,
      round: revision.round,
      text: revision.text,
      files: filesOf((file) => file.kind === "revision" && file.revisionId === revision.id),
      askedAt: revision.createdAt,
      periodEndsAt: periodEndsAt(revision.period),
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
export async function listOrders(request: Request, services: Shown & Found): Promise<Response> {
  const query = pageQuery(request, ORDER_FILTERS, "to-deliver");
  if (query instanceof Response) return query;
  // One more than asked tells whether another page follows.
  const rows = await services.repo.pageOrders({ ...query, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const { delivered } = page.length ? await services.repo.listDetails(page) : { delivered: new Set<string>() };
  const orders = await Promise.all(
    page.map((order) => orderSummary(order, delivered.has(order.id), services, order.changedAt)),
  );
  const last = page.at(-1);
  const result: z.output<typeof OrderList> = {
    orders,
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.changedAt, last.id) : null,
  };
  return json(result);
}

/**
 * The order named by `key`: its id (`ord_…`, as events name it) or its reference ("LA-1042"), by
 * exact look-up only (ApiStore.findOrderByIdOrReference), so no number of look-alike orders can
 * hide it.
 */
async function findOrder(key: string, { repo }: Found): Promise<{ order: Order; delivered: boolean } | null> {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(key)) return null;
  const order = await repo.findOrderByIdOrReference(key);
  if (!order) return null;
  const { delivered } = await repo.listDetails([order]);
  return { order, delivered: delivered.has(order.id) };
}

const notFound = () => problem(404, "not_found", "No order has this id or reference");

export async function getOrder(key: string, services: Shown & Found): Promise<Response> {
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
  services: Door & Shown & Found & { repo: StoresOf<"orders"> },
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
    // Money ended the work (its state is closed): no work is under way to tell the customer about.
    if (workClosedBy(await services.repo.orderWork(found.order.id))) return deliveryProblem("workClosed");
    await services.repo.setWorkStatus(found.order.id, body.value.status, body.value.note?.trim() ?? "");
    const order = (await services.repo.findById(found.order.id)) ?? found.order;
    return json(await orderSummary(order, false, services));
  });
}

/** GET /api/v1/files/{link}: the file a signed link of an answer names, until the link expires. */
export async function downloadFile(
  link: string,
  services: Pick<OrderServices, "files" | "links"> & { repo: StoresOf<"delivery"> },
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
 * POST /api/v1/orders/{id}/deliveries: the back office's delivery (one `deliver`, one conditional
 * write per order, period and round; the customer's email queued with it, so it is sent once).
 * A JSON body carries links and a note; a multipart body files too (deliverWithFiles).
 */
export async function deliverOrder(
  request: Request,
  token: ApiToken,
  reference: string,
  services: Delivering,
): Promise<Response> {
  if (isMultipart(request)) return deliverWithFiles(request, token, reference, services);
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
    if (outcome === "delivered") return delivered(found.order);
    if (outcome === "notFound") return notFound();
    if (outcome === "alreadyDelivered" || outcome === "alreadyDeliveredPeriod")
      return deliveryProblem("alreadyDelivered");
    return deliveryProblem(outcome);
  });
}

function delivered(order: Order): Response {
  const result: z.output<typeof DeliverResult> = {
    reference: order.reference,
    delivered: true,
    deliveredAt: new Date().toISOString(),
  };
  return json(result);
}

/** A delivery refused, by its reason (the state machine's, or the body reader's for a multipart body). */
function deliveryProblem(reason: WorkOutcome | BodyRefusalReason | ActionOutcome): Response {
  switch (reason) {
    case "alreadyDelivered":
      return problem(409, "already_delivered", "This order is already delivered");
    case "workClosed":
      return problem(409, "work_closed", "The work on this order has stopped (refunded in full or cancelled)");
    case "erased":
      return problem(409, "erased", "The customer's data was erased: there is no one to deliver to");
    case "notPaid":
      return problem(409, "not_paid", "This order is not paid");
    case "badLink":
      return problem(422, "bad_link", "A link must be an http(s) address");
    case "empty":
      return problem(400, "empty", "Send a link, a file or a note");
    case "malformed":
    case "nameTooLong":
      return problem(400, "malformed_body", "The multipart body cannot be read");
    case "tooLarge":
    case "tooManyFields":
      return problem(413, "too_large", "The body is too large (400 MB of files at most, 200 fields)");
    case "fileTooLarge":
      return problem(413, "file_too_large", "A file is larger than 200 MB");
    case "tooManyFiles":
      return problem(413, "too_many_files", "At most 5 files per delivery");
    case "fileType":
      return problem(
        415,
        "unsupported_file_type",
        "A file is empty or not an allowed type (PNG, JPEG, WebP, PDF, MP4, MOV, WebM, ZIP; read from its bytes)",
      );
    case "unsupportedType":
      return problem(415, "unsupported_media_type", "Send application/json or multipart/form-data");
    case "unavailable":
      return problem(503, "storage_unavailable", "The file storage cannot take files now: try again in a moment", {
        headers: { "Retry-After": "30" },
      });
    default:
      return problem(409, "refused", "The order cannot be delivered now");
  }
}

/**
 * A file storage that notes the SHA-256 of each file's bytes as they pass (by storage key): what
 * an Idempotency-Key compares for a multipart delivery, whose boundary and framing differ between
 * two sends of the same request.
 */
function hashingStorage(inner: FileStorage, hashes: Map<string, string>): FileStorage {
  return {
    kind: inner.kind,
    get: (key) => inner.get(key),
    delete: (key) => inner.delete(key),
    list: (prefix) => inner.list(prefix),
    async put(key: string, body: Readable, contentType: string) {
      const hash = createHash("sha256");
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      // The upload's refusal errors `body`: the storage's put must see it to reject and keep nothing.
      body.once("error", (error) => counted.destroy(error));
      const stored = await inner.put(key, body.pipe(counted), contentType);
      hashes.set(key, hash.digest("hex"));
      return stored;
    },
  };
}

/** What a multipart delivery's Idempotency-Key compares: its links, its note and its files' bytes. */
const multipartHash = (key: string, links: unknown, note: string, files: string[]) =>
  createHash("sha256")
    .update(`POST ${key} multipart\n${JSON.stringify({ links, note, files })}`)
    .digest("hex");

/** The text fields of a multipart delivery, checked with the JSON body's rules; an empty field is absent. */
function deliveryFields(form: FormData) {
  const fields = Object.fromEntries(
    (["links", "link", "linkLabel", "note"] as const).flatMap((name) => {
      const value = form.get(name);
      return typeof value === "string" && value.trim() !== "" ? [[name, value]] : [];
    }),
  );
  const checked = DeliverFormFields.safeParse(fields);
  if (!checked.success)
    return {
      ok: false as const,
      issues: checked.error.issues
        .slice(0, 10)
        .map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message.slice(0, 200) })),
    };
  const { links: linksText, link, linkLabel, note } = checked.data;
  const listed = linksText === undefined ? { ok: true as const, value: [] } : checkJsonText(linksText, DeliverLinks);
  if (!listed.ok)
    return {
      ok: false as const,
      issues: listed.issues?.map((issue) => ({ ...issue, path: `links.${issue.path}` })) ?? [
        { path: "links", message: "must be a JSON array of {url, label}, nested at most 8 deep" },
      ],
    };
  const links = [
    ...listed.value.map((entry) => ({ url: entry.url, label: entry.label ?? "" })),
    ...(link ? [{ url: link, label: linkLabel ?? "" }] : []),
  ];
  return { ok: true as const, links, note: note ?? "" };
}

/**
 * A delivery with files (multipart/form-data), through the back office's own path: the one body
 * reader with the delivery's caps (read-form.server.ts UPLOADS.delivery), each file's type read
 * from its bytes and stored as it arrives (receiveDelivery), then the one `deliver`. Under an
 * Idempotency-Key: a key seen before is a replay (or another request under the same key), so the
 * body is read without storing a byte, its fingerprint compared, and the first answer given; a new
 * key is claimed once the files are stored, and a twin that lost the claim deletes its copies.
 */
async function deliverWithFiles(
  request: Request,
  token: ApiToken,
  key: string,
  services: Delivering,
): Promise<Response> {
  const idempotency = idempotencyKey(request);
  if (idempotency === false)
    return problem(400, "invalid_idempotency_key", "Idempotency-Key must be 1 to 255 visible ASCII characters");
  /**
   * A key seen before: its body read without storing a byte (the same reader and caps), its
   * fingerprint compared, the first answer given (or 422 for another body). Should the first have
   * failed and let its claim go meanwhile, this body is gone: the client is asked to send it again.
   */
  const replay = async () => {
    const read = await readUpload(request, "delivery", ["links", "link", "linkLabel", "note"], async (file) => {
      const hash = createHash("sha256");
      for await (const chunk of file.stream) hash.update(chunk as Buffer);
      // A part with no file name (an empty file input) is no file, as when it is stored.
      return file.filename ? hash.digest("hex") : null;
    });
    if (!read.ok) return deliveryProblem(read.reason);
    const fields = deliveryFields(read.form);
    if (!fields.ok)
      return problem(400, "invalid_body", "The body does not match the schema", { issues: fields.issues });
    const files = read.files.filter((hash): hash is string => hash !== null);
    return idempotent(token, request, multipartHash(key, fields.links, fields.note, files), services, async () =>
      problem(503, "retry", "Send the request again", { headers: { "Retry-After": "1" } }),
    );
  };
  const seen = async () => idempotency !== null && (await services.repo.idempotencyKeyExists(token.id, idempotency));
  if (await seen()) return replay();
  const found = await findOrder(key, services);
  if (!found) return notFound();
  const hashes = new Map<string, string>();
  const received = await receiveDelivery(
    request,
    found.order,
    { ...services, files: hashingStorage(services.files, hashes) },
    "api",
    ["links"],
  );
  if (!received.ok) {
    // Refused before its body was read (already delivered): by a twin under the same key that has
    // just finished? Then this is its replay.
    if (received.status === 409 && (await seen())) return replay();
    return deliveryProblem(received.reason);
  }
  const fields = deliveryFields(received.form);
  if (!fields.ok) {
    await received.discard();
    return problem(400, "invalid_body", "The body does not match the schema", { issues: fields.issues });
  }
  const files = received.input.files ?? [];
  const requestHash = multipartHash(
    key,
    fields.links,
    fields.note,
    files.map((file) => hashes.get(file.storageKey) ?? ""),
  );
  let ran = false;
  const answer = await idempotent(token, request, requestHash, services, async () => {
    ran = true;
    let outcome;
    try {
      // A note alone is a delivery (the work was handed over elsewhere), as in the JSON body; nothing at all is not.
      const input = { ...received.input, links: fields.links, note: fields.note, noteAlone: fields.note.trim() !== "" };
      outcome = await deliver(found.order, input, services);
    } catch (error) {
      await received.discard();
      throw error;
    }
    if (outcome.ok) return delivered(found.order);
    await received.discard();
    return deliveryProblem(outcome.reason);
  });
  // A twin under the same key delivered (or another body holds it): these copies are not kept.
  if (!ran) await received.discard();
  return answer;
}

/** A proposal as the API shows it: its public state (expired, paid read as the customer's page reads them) and its link. */
function apiProposal(proposal: Proposal, services: Links): z.output<typeof ApiProposal> {
  return {
    id: proposal.id,
    quoteId: proposal.quoteId,
    state: proposal.state,
    title: proposal.title,
    included: proposal.included,
    priceKind: proposal.priceKind,
    currency: proposal.currency,
    oneTime: proposal.oneTime,
    monthly: proposal.monthly,
    deliveryDays: proposal.deliveryDays,
    revisionRounds: proposal.revisionRounds,
    validUntil: proposal.validUntil,
    termsVersion: proposal.termsVersion,
    language: proposal.lang,
    url: `${getEnv().PUBLIC_ORIGIN}${proposalPath(proposalToken(proposal.id, services), proposal.lang)}`,
    replacedBy: proposal.replacedBy,
    orderId: proposal.orderId,
    declineReason: proposal.declineReason,
    createdAt: proposal.createdAt,
    viewedAt: proposal.viewedAt,
    acceptedAt: proposal.acceptedAt,
    declinedAt: proposal.declinedAt,
    withdrawnAt: proposal.withdrawnAt,
  };
}

/** A quote request with its proposals (newest first), as the list and the single read show it. */
async function quoteSummary(
  quote: QuoteRequest,
  services: Links & { repo: StoresOf<"proposals"> },
): Promise<z.output<typeof QuoteSummary>> {
  const proposals = await services.repo.listProposals(quote.id);
  return {
    id: quote.id,
    createdAt: quote.createdAt,
    answeredAt: quote.answeredAt ?? null,
    offer: quote.page,
    language: quote.lang,
    name: quote.name,
    email: quote.email,
    company: quote.company,
    message: quote.message,
    startedBy: quote.startedBy ?? "visitor",
    proposals: proposals.map((proposal) => apiProposal(proposal, services)),
  };
}

/** GET /api/v1/quotes: a page of quote requests by their last change, with the same cursor as orders. */
export async function listQuotes(
  request: Request,
  services: Links & { repo: StoresOf<"api" | "proposals"> },
): Promise<Response> {
  const query = pageQuery(request, QUOTE_FILTERS, "any");
  if (query instanceof Response) return query;
  const found = await services.repo.pageQuoteRequests({ ...query, limit: query.limit + 1 });
  const page = found.slice(0, query.limit);
  const quotes = await Promise.all(page.map((quote) => quoteSummary(quote, services)));
  const last = page.at(-1);
  return json({
    quotes,
    next_cursor: found.length > query.limit && last ? encodeCursor(last.changedAt, last.id) : null,
  });
}

/** The quote request `id` names, exactly (ids are opaque: no search). */
async function findQuote(id: string, { repo }: { repo: StoresOf<"quotes"> }): Promise<QuoteRequest | undefined> {
  return /^[A-Za-z0-9_-]{1,80}$/.test(id) ? repo.findQuoteRequest(id) : undefined;
}

const quoteNotFound = () => problem(404, "not_found", "No quote request has this id");

/** GET /api/v1/quotes/{id}: one request, with its proposals and their states. */
export async function getQuote(
  id: string,
  services: Links & { repo: StoresOf<"quotes" | "proposals"> },
): Promise<Response> {
  const quote = await findQuote(id, services);
  return quote ? json(await quoteSummary(quote, services)) : quoteNotFound();
}

/** Minor units as the back office's form types an amount ("350.00"), for its one check. */
const typedAmount = (minor: number | undefined) => (minor === undefined ? undefined : (minor / 100).toFixed(2));

/**
 * POST /api/v1/quotes/{id}/proposals: the back office's proposal form, by the same function
 * (proposeForQuote: readProposal's checks, the currency of the request's language, the terms in
 * force, its email and `quote.proposed` in one transaction). Like the form, a new proposal replaces
 * the open one (whose link then shows the new version) and marks the request answered.
 */
export async function proposeQuote(
  request: Request,
  token: ApiToken,
  id: string,
  services: Proposing,
): Promise<Response> {
  const body = await readJson(request, ProposalRequest);
  if (!body.ok) return bodyRefusal(body);
  const requestHash = createHash("sha256")
    .update(`POST proposals ${id}\n${JSON.stringify(body.value)}`)
    .digest("hex");
  return idempotent(token, request, requestHash, services, async () => {
    const quote = await findQuote(id, services);
    if (!quote) return quoteNotFound();
    const open = (await services.repo.listProposals(quote.id)).find(
      (proposal) => proposal.state === "sent" || proposal.state === "viewed",
    );
    const v = body.value;
    const sent = await proposeForQuote(
      quote.id,
      {
        title: v.title,
        included: v.included,
        priceKind: v.priceKind,
        oneTime: typedAmount(v.oneTime),
        monthly: typedAmount(v.monthly),
        deliveryDays: String(v.deliveryDays),
        revisionRounds: String(v.revisionRounds),
        validUntil: v.validUntil,
      },
      services,
      open?.id ?? null,
    );
    if ("reason" in sent) return quoteNotFound();
    if (!sent.ok) {
      // The back office's messages, in English (the API's language), by field.
      const t = translator("en", "proposal");
      const issues = Object.entries(sent.errors).map(([path, key]) => ({
        path,
        message:
          (path === "oneTime" || path === "monthly") && key !== "errors.floor"
            ? "Give the amount in minor units, more than 0 (35000 for 350.00)."
            : t(key ?? ""),
      }));
      return problem(422, "invalid_proposal", "The proposal is refused (issues name the fields)", { issues });
    }
    await markQuoteAnswered(quote.id, services);
    const stored = (await services.repo.findProposal(sent.proposal.id)) ?? sent.proposal;
    return json(apiProposal(stored, services), 201);
  });
}

/** The document names PUBLIC_ORIGIN as its server, never the request's Host (which anyone can set). */
export const openApi = () => json(openApiDocument(getEnv().PUBLIC_ORIGIN));
