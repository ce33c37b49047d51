import { z } from "../lib/zod.ts";
import { DeliverRequest, DeliverResult, OrderList, OrderSummary, Problem, QuoteList } from "./schemas.ts";

/** Every operation of the API in: the routes (app/routes.ts) and this list name the same paths (tests/integration/api-in.test.ts). */
export const OPERATIONS = [
  {
    method: "get",
    path: "/api/v1/orders",
    id: "listOrdersToDeliver",
    summary: "Paid orders still to deliver, soonest due first",
    response: OrderList,
    query: true,
  },
  {
    method: "get",
    path: "/api/v1/orders/{reference}",
    id: "getOrder",
    summary: "One order by its readable reference",
    response: OrderSummary,
  },
  {
    method: "post",
    path: "/api/v1/orders/{reference}/deliveries",
    id: "deliverOrder",
    summary: "Mark the order delivered and email the customer (once)",
    request: DeliverRequest,
    response: DeliverResult,
  },
  {
    method: "get",
    path: "/api/v1/quotes",
    id: "listQuoteRequests",
    summary: "Quote requests, newest first",
    response: QuoteList,
  },
] as const;

const ERRORS: Record<string, string> = {
  "400": "The body or a parameter is refused (issues name the fields)",
  "401": "No token, or a wrong or revoked one",
  "404": "No such order",
  "409": "Already delivered, not paid, or the same Idempotency-Key is still being answered",
  "413": "The body is larger than 64 KB",
  "415": "The body is not JSON",
  "422": "The Idempotency-Key was used with another body",
  "429": "Too many requests for this token (Retry-After says when to retry)",
};

const schema = (value: z.ZodType) =>
  z.toJSONSchema(value, { target: "draft-2020-12", io: "output", unrepresentable: "any" });

/** The OpenAPI 3.1 document, generated from the schemas the handlers validate with. */
export function openApiDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters: unknown[] = [];
    if (op.path.includes("{reference}"))
      parameters.push({
        name: "reference",
        in: "path",
        required: true,
        schema: { type: "string" },
        example: "LA-1042",
      });
    if ("query" in op)
      parameters.push({
        name: "state",
        in: "query",
        required: false,
        schema: { type: "string", enum: ["to-deliver"] },
      });
    if (op.method === "post")
      parameters.push({
        name: "Idempotency-Key",
        in: "header",
        required: false,
        schema: { type: "string", maxLength: 255 },
        description:
          "Repeating a POST with the same key returns the first answer; another body with the same key gets 422.",
      });
    const errors = Object.fromEntries(
      Object.entries(ERRORS)
        .filter(([status]) => op.method === "post" || !["413", "415", "422"].includes(status))
        .map(([status, description]) => [
          status,
          {
            description,
            content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
          },
        ]),
    );
    paths[op.path] = {
      ...paths[op.path],
      [op.method]: {
        operationId: op.id,
        summary: op.summary,
        parameters,
        ...("request" in op
          ? { requestBody: { required: false, content: { "application/json": { schema: schema(op.request) } } } }
          : {}),
        responses: {
          "200": { description: "OK", content: { "application/json": { schema: schema(op.response) } } },
          ...errors,
        },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Automation API",
      version: "1.0.0",
      description: "The owner's automation (n8n, Make, Zapier) reads orders and delivers them. See docs/api.md.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: { Problem: schema(Problem) },
    },
    paths,
  };
}
