import { z } from "../lib/zod.ts";
import {
  ApiProposal,
  DELIVER_FORM_SCHEMA,
  DeliverRequest,
  DeliverResult,
  EVENT_BODIES,
  ORDER_FILTERS,
  OrderList,
  OrderSummary,
  PAGE_DEFAULT,
  PAGE_MAX,
  Problem,
  ProposalRequest,
  QUOTE_FILTERS,
  QuoteList,
  QuoteSummary,
  StatusRequest,
} from "./schemas.ts";

type Status = "400" | "401" | "404" | "409" | "410" | "413" | "415" | "422" | "429" | "503";

interface Operation {
  method: "get" | "post";
  path: string;
  id: string;
  summary: string;
  response: z.ZodType | "file";
  /** The success status (200 unless it creates something: 201). */
  status?: "200" | "201";
  request?: z.ZodType;
  /** A multipart/form-data body taken besides the JSON one (files), as JSON Schema. */
  upload?: Record<string, unknown>;
  query?: "orders" | "quotes";
  /** The error answers this operation can give (every one but a public document's also 401 and 429). */
  errors: Status[];
  /** Open to anyone (the document itself, a signed file link): no bearer token. */
  public?: boolean;
}

/**
 * Every operation of the API in: the routes (app/routes.ts) and this list name the same paths
 * (tests/integration/api-in.test.ts), and the Node front answers other methods from it (front.ts).
 */
export const OPERATIONS: readonly Operation[] = [
  {
    method: "get",
    path: "/api/v1/orders",
    id: "listOrders",
    summary: "Orders, a page at a time (default: paid orders still to deliver), oldest change first",
    response: OrderList,
    query: "orders",
    errors: ["400"],
  },
  {
    method: "get",
    path: "/api/v1/orders/{id}",
    id: "getOrder",
    summary: "One order by its id (ord_…, as events name it) or its reference (LA-1042)",
    response: OrderSummary,
    errors: ["404"],
  },
  {
    method: "post",
    path: "/api/v1/orders/{id}/deliveries",
    id: "deliverOrder",
    summary:
      "Deliver the work and email the customer (once): links with labels and a note as JSON, or files too as multipart/form-data",
    request: DeliverRequest,
    upload: DELIVER_FORM_SCHEMA,
    response: DeliverResult,
    errors: ["400", "404", "409", "413", "415", "422", "503"],
  },
  {
    method: "post",
    path: "/api/v1/orders/{id}/status",
    id: "setWorkStatus",
    summary: "Say the work is under way: the customer's order page shows it",
    request: StatusRequest,
    response: OrderSummary,
    errors: ["400", "404", "409", "413", "415", "422"],
  },
  {
    method: "get",
    path: "/api/v1/quotes",
    id: "listQuoteRequests",
    summary: "Quote requests, a page at a time, oldest first",
    response: QuoteList,
    query: "quotes",
    errors: ["400"],
  },
  {
    method: "get",
    path: "/api/v1/quotes/{id}",
    id: "getQuoteRequest",
    summary: "One quote request by its id, with its proposals and their states",
    response: QuoteSummary,
    errors: ["404"],
  },
  {
    method: "post",
    path: "/api/v1/quotes/{id}/proposals",
    id: "proposeForQuote",
    summary:
      "Answer a quote request with a priced proposal (the back office's form and checks): the customer is emailed its link",
    request: ProposalRequest,
    response: ApiProposal,
    status: "201",
    errors: ["400", "404", "409", "413", "415", "422"],
  },
  {
    method: "get",
    path: "/api/v1/files/{link}",
    id: "downloadFile",
    summary: "A file of an order, by the signed link an order's answer gave (no token; the link expires)",
    response: "file",
    errors: ["404", "410"],
    public: true,
  },
  {
    method: "get",
    path: "/api/v1/openapi.json",
    id: "getOpenApiDocument",
    summary: "This document",
    response: z.record(z.string(), z.unknown()),
    errors: [],
    public: true,
  },
];

const ERRORS: Record<Status, string> = {
  "400": "The body or a parameter is refused (issues name the fields)",
  "401": "No token, or a wrong or revoked one",
  "404": "No such order, quote request or file",
  "409":
    "Already delivered, not paid, erased, the work closed by money (work_closed), or the same Idempotency-Key is still being answered",
  "410": "The signed link has expired: read the order again for a fresh one",
  "413": "The body is too large (64 KB of JSON; for files: 200 MB each, 5 files, 400 MB in all)",
  "415":
    "The body is not application/json (or multipart/form-data where files are taken), or a file is not an allowed type",
  "422":
    "The Idempotency-Key was used with another body, a link is not http(s), or a proposal's field is refused (issues name them)",
  "429": "Too many requests (Retry-After says when to retry)",
  "503": "The file storage cannot take files now, or a replay must be sent again (Retry-After says when)",
};

/**
 * zod's JSON Schema of `value`, its named parts (`.meta({ id })`) moved into `schemas` (OpenAPI's
 * components/schemas) with every `#/$defs/…` reference rewritten to point there; the schema
 * returned is a `$ref` when `value` itself is named.
 */
function schemaOf(value: z.ZodType, schemas: Record<string, unknown>): unknown {
  const generated = z.toJSONSchema(value, { target: "draft-2020-12", io: "output", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  const rewritten = JSON.parse(JSON.stringify(generated).replaceAll('"#/$defs/', '"#/components/schemas/')) as Record<
    string,
    unknown
  >;
  const {
    $schema: _schema,
    $defs,
    ...root
  } = rewritten as {
    $schema?: string;
    $defs?: Record<string, unknown>;
    [key: string]: unknown;
  };
  for (const [name, definition] of Object.entries($defs ?? {})) {
    const { id: _id, ...rest } = definition as Record<string, unknown>;
    schemas[name] = rest;
  }
  if (typeof root.id === "string") {
    const { id, ...rest } = root;
    schemas[id as string] = rest;
    return { $ref: `#/components/schemas/${id as string}` };
  }
  return root;
}

const problemResponse = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
});

function queryParameters(kind: "orders" | "quotes") {
  return [
    {
      name: "state",
      in: "query",
      required: false,
      description:
        kind === "orders"
          ? "to-deliver (default): paid, its work not closed by money, not delivered this period; any: every order; or one order state"
          : "any (default), waiting (a visitor's request not answered yet; not one the owner started) or answered",
      schema: { type: "string", enum: kind === "orders" ? [...ORDER_FILTERS] : [...QUOTE_FILTERS] },
    },
    {
      name: "updated_since",
      in: "query",
      required: false,
      description:
        kind === "orders"
          ? "Only orders that changed at or after this instant (ISO 8601): payment, refunds, billing, and the work (the brief, a status, a delivery, a revision asked, an acceptance)"
          : "Only requests that changed at or after this instant (ISO 8601): received, answered, a proposal sent, viewed, accepted, paid, declined or withdrawn",
      schema: { type: "string", format: "date-time" },
    },
    {
      name: "limit",
      in: "query",
      required: false,
      description: `Rows per page, 1 to ${PAGE_MAX} (default ${PAGE_DEFAULT})`,
      schema: { type: "integer", minimum: 1, maximum: PAGE_MAX, default: PAGE_DEFAULT },
    },
    {
      name: "cursor",
      in: "query",
      required: false,
      description: "The previous page's next_cursor",
      schema: { type: "string" },
    },
  ];
}

/** The OpenAPI 3.1 document, generated from the schemas the handlers validate with; `serverUrl` is PUBLIC_ORIGIN. */
export function openApiDocument(serverUrl: string) {
  const schemas: Record<string, unknown> = {};
  schemaOf(Problem, schemas);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters: unknown[] = [];
    const named = /\{(\w+)\}/.exec(op.path)?.[1];
    if (named)
      parameters.push({
        name: named,
        in: "path",
        required: true,
        schema: { type: "string" },
        ...(named === "id" && op.path.startsWith("/api/v1/orders/")
          ? { description: "The order's id (ord_…) or its reference (LA-1042)", example: "LA-1042" }
          : named === "id"
            ? { description: "The quote request's id (quoteId in its events)" }
            : {}),
      });
    if (op.query) parameters.push(...queryParameters(op.query));
    if (op.method === "post")
      parameters.push({
        name: "Idempotency-Key",
        in: "header",
        required: false,
        schema: { type: "string", maxLength: 255 },
        description:
          "Repeating a POST with the same key returns the first answer; another body with the same key gets 422.",
      });
    const statuses: string[] = [...op.errors, ...(op.public ? [] : ["401", "429"])];
    const errors = Object.fromEntries(
      statuses.sort().map((status) => [status, problemResponse(ERRORS[status as Status])]),
    );
    const ok =
      op.response === "file"
        ? {
            description:
              "The file's bytes, in its own type (Content-Type: image/png, application/pdf…), always a download",
            content: { "*/*": { schema: { type: "string", description: "The file's bytes" } } },
          }
        : {
            description: op.status === "201" ? "Created" : "OK",
            content: { "application/json": { schema: schemaOf(op.response, schemas) } },
          };
    paths[op.path] = {
      ...paths[op.path],
      [op.method]: {
        operationId: op.id,
        summary: op.summary,
        ...(op.public ? { security: [] } : {}),
        ...(parameters.length ? { parameters } : {}),
        ...(op.request
          ? {
              requestBody: {
                required: true,
                content: {
                  "application/json": { schema: schemaOf(op.request, schemas) },
                  ...(op.upload
                    ? {
                        "multipart/form-data": {
                          schema: op.upload,
                          // Each file part says its own type; the site reads the real one from the bytes.
                          encoding: { files: { contentType: "application/octet-stream" } },
                        },
                      }
                    : {}),
                },
              },
            }
          : {}),
        responses: { [op.status ?? "200"]: ok, ...errors },
      },
    };
  }
  // The events sent the other way (docs/automation.md), signed with Standard Webhooks.
  const webhooks = Object.fromEntries(
    Object.entries(EVENT_BODIES).map(([type, body]) => [
      type,
      {
        post: {
          operationId: `event_${type.replace(".", "_")}`,
          summary: `The ${type} event, signed (webhook-id, webhook-timestamp, webhook-signature)`,
          requestBody: { required: true, content: { "application/json": { schema: schemaOf(body, schemas) } } },
          responses: { "200": { description: "Any 2xx: received (anything else is retried with backoff)" } },
        },
      },
    ]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "Automation API",
      version: "1.0.0",
      description:
        "The owner's automation (n8n, Make, Zapier) reads orders and delivers them (links, files, a note), answers quote requests with priced proposals; events come the other way as signed webhooks. See docs/api.md.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas,
    },
    paths,
    webhooks,
  };
}
