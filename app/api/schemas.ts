import { z } from "../lib/zod.ts";
import { PROPOSAL_MAX } from "../quotes/proposal-schema.ts";
import { PRICE_KINDS, PROPOSAL_STATES } from "../quotes/types.ts";

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

/** A file of the order: a link that downloads it without a token, for a short while (`expiresAt`). */
export const OrderFile = z
  .object({
    id: z.string(),
    name: z.string(),
    contentType: z.string(),
    size: z.number().int().meta({ description: "Bytes" }),
    url: z.string().meta({ description: "A signed download link, valid until expiresAt (no bearer token needed)" }),
    expiresAt: z.string(),
  })
  .meta({ id: "OrderFile" });

export const BillingAddress = z
  .object({
    name: z.string(),
    company: z.string(),
    address: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phone: z.string(),
  })
  .meta({ id: "BillingAddress", description: "Who pays, as the order form and the checkout collected it" });

export const OrderBrief = z
  .object({
    answers: z
      .record(z.string(), z.string())
      .meta({ description: "The brief's questions answered after payment, by field name" }),
    text: z.string().meta({ description: "What the customer wrote in the brief" }),
    files: z.array(OrderFile),
    updatedAt: z.string(),
  })
  .meta({ id: "OrderBrief" });

/** A month of a subscription (a one-time order has one period): its days and its own brief. */
export const OrderPeriod = z
  .object({
    number: z.number().int().meta({ description: "1 from the payment; each renewal opens the next" }),
    current: z.boolean().meta({ description: "The period the work is in now (the last of the list)" }),
    startsAt: z.string(),
    endsAt: z.string().nullable().meta({
      description:
        "The period's end, the next renewal's instant (null for a one-time order); deliveries and revisions name their period by it",
    }),
    brief: z
      .object({
        text: z.string().meta({ description: "The month's topics as the customer wrote them" }),
        files: z.array(OrderFile),
        updatedAt: z.string(),
      })
      .nullable()
      .meta({ description: "The period's brief (the first period's is the order's brief); null until it is sent" }),
  })
  .meta({ id: "OrderPeriod" });

/** Why money ended the work (a full refund, a cancellation now, a subscription ended): the work's state "closed". */
export const WorkClosed = z
  .object({
    reason: z.enum(["refunded", "cancelled"]),
    at: z.string(),
  })
  .meta({ id: "WorkClosed" });

export const DeliveryLink = z.object({ url: z.string(), label: z.string() }).meta({ id: "DeliveryLink" });

export const OrderDelivery = z
  .object({
    id: z.string(),
    round: z
      .number()
      .int()
      .meta({ description: "0 for the first delivery of the period, n for the answer to revision n" }),
    note: z.string(),
    links: z.array(DeliveryLink),
    files: z.array(OrderFile),
    deliveredAt: z.string(),
    acceptedAt: z.string().nullable(),
    periodEndsAt: z.string().nullable().meta({ description: "The period it belongs to (its endsAt; null: one-time)" }),
  })
  .meta({ id: "OrderDelivery" });

export const OrderRevision = z
  .object({
    id: z.string(),
    round: z.number().int(),
    text: z.string(),
    files: z.array(OrderFile),
    askedAt: z.string(),
    periodEndsAt: z.string().nullable().meta({ description: "The period it belongs to (its endsAt; null: one-time)" }),
  })
  .meta({ id: "OrderRevision" });

/** What the owner said of the work under way (`POST …/status`), shown on the customer's page. */
export const WORK_STATUSES = ["in_progress"] as const;

export const WorkStatus = z
  .object({
    status: z.enum(WORK_STATUSES),
    note: z.string().meta({ description: "Shown to the customer with the status (may be empty)" }),
    at: z.string(),
  })
  .meta({ id: "WorkStatus" });

export const OrderSummary = z
  .object({
    reference: Reference,
    id: z
      .string()
      .meta({ description: "The order's id (what events name as orderId); opens it too", example: "ord_…" }),
    offer: z.string().meta({ description: "The offer's id", example: "video-ai" }),
    state: z.string().meta({ example: "paid" }),
    language: z.string().meta({ example: "fr" }),
    createdAt: z.string(),
    updatedAt: z.string().meta({
      description:
        "The order's last change, its own or its work's (a brief, a status, a delivery, a revision, an acceptance): what updated_since compares",
    }),
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
    billingAddress: BillingAddress.nullable(),
    brief: OrderBrief.nullable().meta({
      description: "The order's brief: the questions answered and the first period's text and files (null until sent)",
    }),
    periods: z.array(OrderPeriod).meta({
      description:
        "Every billing period, oldest first, each with its own brief (a subscription's months; one for a one-time order); empty once the customer is erased",
    }),
    closed: WorkClosed.nullable().meta({
      description:
        "Money ended the work (refunded in full, cancelled now, ended): nothing more is due; null while open",
    }),
    workStatus: WorkStatus.nullable(),
    deliveries: z.array(OrderDelivery),
    revisions: z.array(OrderRevision),
  })
  .meta({ id: "Order" });

export const OrderList = z
  .object({
    orders: z.array(OrderSummary),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the next page; null on the last page" }),
  })
  .meta({ id: "OrderList" });

export const ORDER_FILTERS = ["to-deliver", "any", "pending", "checkout_created", "paid", "expired", "failed"] as const;
export const QUOTE_FILTERS = ["any", "waiting", "answered"] as const;
/** The most rows a page holds (`limit`), and its default. */
export const PAGE_MAX = 100;
export const PAGE_DEFAULT = 50;

export const StatusRequest = z
  .object({
    status: z.enum(WORK_STATUSES).meta({ description: "in_progress: the work has started" }),
    note: z.string().max(API_NOTE_MAX).optional().meta({ description: "A line for the customer's page" }),
  })
  .meta({ id: "StatusRequest" });

/** The links of a delivery: each shown on the order page and in the delivery email, by its label. */
export const DeliverLinks = z
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
  .meta({
    description: "Where the customer gets the result: each link is shown on the order page and in the delivery email",
  });

export const DeliverRequest = z
  .object({
    links: DeliverLinks.optional(),
    link: z
      .url({ protocol: /^https?$/ })
      .max(API_LINK_MAX)
      .optional()
      .meta({ description: "One unlabelled link (kept for older clients: the same as links: [{url}])" }),
    note: z.string().max(API_NOTE_MAX).optional().meta({ description: "A note for the customer (the delivery email)" }),
  })
  .meta({ id: "DeliverRequest" });

/** The most characters of the multipart body's `links` field (20 links of 500 + 200 characters, as JSON). */
export const LINKS_FIELD_MAX = 16_000;

/**
 * The text fields of a delivery with files (multipart/form-data; empty fields count as absent):
 * `links` is DeliverLinks as a JSON text, or one `link` with its `linkLabel` (the back office's
 * form's names). The files go in `files` (any part with a file name), at most 5, 200 MB each.
 */
export const DeliverFormFields = z.object({
  links: z.string().max(LINKS_FIELD_MAX).optional(),
  link: z
    .url({ protocol: /^https?$/ })
    .max(API_LINK_MAX)
    .optional(),
  linkLabel: z.string().max(200).optional(),
  note: z.string().max(API_NOTE_MAX).optional(),
});

/** The multipart body as the OpenAPI document describes it (files are bytes, which zod does not describe). */
export const DELIVER_FORM_SCHEMA = {
  type: "object",
  properties: {
    links: {
      type: "string",
      contentMediaType: "application/json",
      maxLength: LINKS_FIELD_MAX,
      description:
        'The links with their labels, as JSON: [{"url":"https://…","label":"Your video"}] (at most 20). Or use link and linkLabel for one.',
      example: '[{"url":"https://files.example.com/final.mp4","label":"Your video (MP4)"}]',
    },
    link: { type: "string", format: "uri", maxLength: API_LINK_MAX, description: "One link (http or https)" },
    linkLabel: { type: "string", maxLength: 200, description: "The words the customer clicks for `link`" },
    note: { type: "string", maxLength: API_NOTE_MAX, description: "A note for the customer (the delivery email)" },
    files: {
      type: "array",
      maxItems: 5,
      description:
        "The files (PNG, JPEG, WebP, PDF, MP4, MOV, WebM or ZIP, read from their bytes; 200 MB each, 400 MB in all). Any part with a file name is a file, whatever its field name.",
      items: { type: "string", contentMediaType: "application/octet-stream" },
    },
  },
} as const;

export const DeliverResult = z
  .object({ reference: Reference, delivered: z.literal(true), deliveredAt: z.string() })
  .meta({ id: "DeliverResult" });

/** A proposal as the API answers it: its public state (expired and paid are read, never stored). */
export const ApiProposal = z
  .object({
    id: z.string().meta({ example: "prp_20261202_0a1b2c3d4e5f" }),
    quoteId: z.string(),
    state: z.enum(PROPOSAL_STATES).meta({
      description:
        "sent, viewed (the customer opened it), accepted, paid (its order is), declined, expired (past validUntil), withdrawn, replaced (by a newer version: replacedBy)",
    }),
    title: z.string(),
    included: z.string(),
    priceKind: z.enum(PRICE_KINDS),
    currency: z.string().meta({ description: "The catalogue's currency for the request's language", example: "EUR" }),
    oneTime: z
      .number()
      .int()
      .meta({ description: "Minor units: the price (one-off) or the set-up fee; 0 when monthly" }),
    monthly: z.number().int().meta({ description: "Minor units a month; 0 when one-off" }),
    deliveryDays: z.number().int(),
    revisionRounds: z.number().int(),
    validUntil: z.string(),
    termsVersion: z.string(),
    language: z.string(),
    url: z.string().meta({ description: "The customer's proposal page (signed; the email carries the same link)" }),
    replacedBy: z.string().nullable(),
    orderId: z
      .string()
      .nullable()
      .meta({ description: "The order placed when it was accepted: GET /api/v1/orders/{orderId}" }),
    declineReason: z.string().nullable(),
    createdAt: z.string(),
    viewedAt: z.string().nullable(),
    acceptedAt: z.string().nullable(),
    declinedAt: z.string().nullable(),
    withdrawnAt: z.string().nullable(),
  })
  .meta({ id: "Proposal" });

/**
 * A proposal sent through the API: the back office's form's fields, checked by the same
 * `readProposal` (the datasets licence's floor, valid-until between tomorrow and 90 days), with
 * amounts in minor units as everywhere in the API. The currency is the request's language's.
 */
export const ProposalRequest = z
  .object({
    title: z
      .string()
      .max(PROPOSAL_MAX.title)
      .optional()
      .meta({ description: "Default: the offer's one name in the customer's language" }),
    included: z
      .string()
      .max(PROPOSAL_MAX.included)
      .meta({ description: "What is included, in the customer's language (10 characters at least)" }),
    priceKind: z.enum(PRICE_KINDS),
    oneTime: z
      .number()
      .int()
      .min(0)
      .max(1_000_000_000)
      .optional()
      .meta({ description: "Minor units: the price (one-off) or the set-up fee (setup-monthly)", example: 35000 }),
    monthly: z
      .number()
      .int()
      .min(0)
      .max(1_000_000_000)
      .optional()
      .meta({ description: "Minor units a month (monthly, setup-monthly)", example: 4900 }),
    deliveryDays: z
      .number()
      .int()
      .meta({ description: `Business days, 1 to ${PROPOSAL_MAX.days}` }),
    revisionRounds: z
      .number()
      .int()
      .meta({ description: `0 to ${PROPOSAL_MAX.rounds}` }),
    validUntil: z
      .string()
      .max(10)
      .optional()
      .meta({ description: "YYYY-MM-DD (the end of that day, UTC), tomorrow to 90 days; default 14 days" }),
  })
  .meta({ id: "ProposalRequest" });

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
    startedBy: z.enum(["visitor", "owner"]).meta({
      description:
        "Who started it: a visitor's request from the site's form, or the owner's proposal for an email address (no request, no message; nothing waits for an answer)",
    }),
    proposals: z.array(ApiProposal).meta({ description: "Its proposals, newest first" }),
  })
  .meta({ id: "QuoteRequest" });

export const QuoteList = z
  .object({
    quotes: z.array(QuoteSummary),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the next page; null on the last page" }),
  })
  .meta({ id: "QuoteList" });

const EventOrder = z.object({
  orderId: z.string().meta({ description: "Opens the order: GET /api/v1/orders/{orderId}" }),
  reference: Reference,
  offerId: z.string(),
  offerName: z.string(),
  language: z.string(),
  state: z.string(),
  billingState: z.string().nullable(),
  currency: z.string(),
  amountDueNow: z.number().int(),
  monthly: z.number().int(),
  paidAt: z.string().nullable(),
  periodEnd: z.string().nullable(),
  customer: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  adminUrl: z.string(),
});

/** What each event adds to its order's data (app/automation/events.ts). */
const EVENT_DETAILS = {
  "order.paid": z.object({}),
  "order.refunded": z.object({
    chargeAmount: z.number().int(),
    refundedTotal: z.number().int(),
    refundCurrency: z.string(),
    fullyRefunded: z.boolean(),
  }),
  "order.brief_received": z.object({}),
  "order.delivered": z.object({
    deliveryId: z.string(),
    deliveryRound: z.number().int(),
    deliveredFiles: z.number().int(),
    deliveredLink: z.boolean(),
  }),
  "subscription.renewed": z.object({ invoiceId: z.string(), renewedUntil: z.string().nullable() }),
  "subscription.cancelled": z.object({ endsAt: z.string().nullable(), endedNow: z.boolean() }),
} as const;

const EventQuote = z.object({
  quoteId: z.string(),
  offerId: z.string(),
  offerName: z.string(),
  language: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  createdAt: z.string(),
  adminUrl: z.string(),
});

/** What a proposal's events add to the request (app/automation/events.ts): ids, the price and dates, never the owner's words. */
const EventProposal = z.object({
  proposalId: z.string().meta({ description: "GET /api/v1/quotes/{quoteId} lists it with its state" }),
  proposalPriceKind: z.enum(PRICE_KINDS),
  proposalCurrency: z.string(),
  proposalOneTime: z.number().int(),
  proposalMonthly: z.number().int(),
  proposalValidUntil: z.string(),
});

const envelope = (type: string, data: z.ZodType, id: string) =>
  z
    .object({
      type: z.literal(type),
      apiVersion: z.literal("v1"),
      timestamp: z.string().meta({ description: "When it happened (ISO)" }),
      test: z
        .literal(true)
        .optional()
        .meta({ description: "A sample sent from the back office: its ids open nothing" }),
      data,
    })
    .meta({ id });

/** Every event's body, by type (the OpenAPI document's `webhooks`; the payload test parses real ones with them). */
export const EVENT_BODIES = {
  ...Object.fromEntries(
    Object.entries(EVENT_DETAILS).map(([type, detail]) => [
      type,
      envelope(type, EventOrder.extend(detail.shape), `Event_${type.replace(".", "_")}`),
    ]),
  ),
  "quote.requested": envelope("quote.requested", EventQuote, "Event_quote_requested"),
  ...Object.fromEntries(
    (["quote.proposed", "quote.accepted", "quote.declined"] as const).map((type) => [
      type,
      envelope(type, EventQuote.extend(EventProposal.shape), `Event_${type.replace(".", "_")}`),
    ]),
  ),
} as Record<string, z.ZodType>;

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
