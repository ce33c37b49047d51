import { z } from "../lib/zod.ts";

/**
 * The API's shapes, once: the handlers validate bodies with them (app/http/read-form.server.ts
 * `readJson`) and the OpenAPI document (openapi.ts) is generated from the same objects, so the two
 * cannot drift.
 */

/** The most characters of a note and a link: together they fit the back office's note (1,000). */
export const API_NOTE_MAX = 480;
export const API_LINK_MAX = 500;

export const Reference = z
  .string()
  .min(1)
  .max(40)
  .meta({ description: "The order's readable reference", example: "LA-1042" });

export const Money = z.object({
  amount: z.number().int().meta({ description: "Minor units (cents)" }),
  currency: z.string().meta({ example: "EUR" }),
});

export const OrderSummary = z
  .object({
    reference: Reference,
    id: z.string(),
    offer: z.string().meta({ description: "The offer's id", example: "video-ai" }),
    state: z.string().meta({ example: "paid" }),
    language: z.string().meta({ example: "fr" }),
    paidAt: z.string().nullable(),
    due: z
      .string()
      .nullable()
      .meta({ description: "When the work is due (ISO instant, or the owner's calendar day for business days)" }),
    delivered: z.boolean(),
    subscription: z.boolean(),
    price: Money,
    monthly: z.number().int().meta({ description: "Monthly amount in minor units (0: one-time)" }),
    customer: z.object({ name: z.string(), email: z.string() }),
    brief: z.record(z.string(), z.string()).meta({ description: "What the customer answered on the order form" }),
  })
  .meta({ id: "Order" });

export const OrderList = z.object({ orders: z.array(OrderSummary) }).meta({ id: "OrderList" });

export const DeliverRequest = z
  .object({
    links: z
      .array(
        z.object({
          url: z.url({ protocol: /^https?$/ }).max(API_LINK_MAX),
          label: z
            .string()
            .max(200)
            .optional()
            .meta({ description: "The words the customer clicks (the URL when absent)" }),
        }),
      )
      .max(20)
      .optional()
      .meta({
        description:
          "Where the customer gets the result: each link is shown on the order page and in the delivery email",
      }),
    link: z
      .url({ protocol: /^https?$/ })
      .max(API_LINK_MAX)
      .optional()
      .meta({ description: "One unlabelled link (kept for older clients: the same as links: [{url}])" }),
    note: z.string().max(API_NOTE_MAX).optional().meta({ description: "A note for the customer (the delivery email)" }),
  })
  .meta({ id: "DeliverRequest" });

export const DeliverResult = z
  .object({ reference: Reference, delivered: z.literal(true), deliveredAt: z.string() })
  .meta({ id: "DeliverResult" });

export const QuoteSummary = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    answeredAt: z.string().nullable(),
    offer: z.string().meta({ description: "The offer's page" }),
    language: z.string(),
    name: z.string(),
    email: z.string(),
    company: z.string(),
    message: z.string(),
  })
  .meta({ id: "QuoteRequest" });

export const QuoteList = z.object({ quotes: z.array(QuoteSummary) }).meta({ id: "QuoteList" });

/** RFC 9457 problem details, with a stable `code` a workflow can branch on. */
export const Problem = z
  .object({
    type: z.string().meta({ example: "about:blank" }),
    title: z.string(),
    status: z.number().int(),
    code: z.string().meta({ example: "unauthorized" }),
    detail: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Problem" });
