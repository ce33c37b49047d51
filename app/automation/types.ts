/** The events the site sends (docs/automation.md shows the JSON of each). */
export const WEBHOOK_EVENT_TYPES = [
  "order.paid",
  "order.refunded",
  "order.brief_received",
  "order.delivered",
  "subscription.renewed",
  "subscription.cancelled",
  "quote.requested",
  "quote.proposed",
  "quote.accepted",
  "quote.declined",
  "webhook.test",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What an event adds to its order's or quote's data: small, never personal (amounts, ids, dates). */
export type WebhookDetail = Record<string, string | number | boolean | null>;

/**
 * One thing that happened. `key` names it once ("order.paid:<order id>"), so a replayed provider
 * event or a second fulfilment records nothing new: the unique key is the "exactly once".
 */
export interface WebhookEventSpec {
  type: WebhookEventType;
  key: string;
  detail?: WebhookDetail;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  enabled: boolean;
  failingSince: string | null;
  pausedAt: string | null;
  /** Added in the back office (its secret in the database), not the env endpoint. */
  managed: boolean;
  /** Until when the previous secret still signs (ISO), after a rotation. */
  previousSecretUntil: string | null;
}

/** A delivery claimed by the worker, with what it needs to render and sign the request. */
export interface ClaimedDelivery {
  id: number;
  attempts: number;
  eventId: string;
  type: WebhookEventType;
  orderId: string | null;
  quoteId: string | null;
  detail: WebhookDetail;
  createdAt: string;
  endpointId: string;
  url: string;
  /** The endpoint's stored secrets, newest first (empty for the env endpoint: its secret is in the environment). */
  secrets: string[];
}

/** A row of the back office's log. */
export interface DeliveryRow {
  id: number;
  eventId: string;
  type: string;
  orderId: string | null;
  quoteId: string | null;
  endpointId: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  /** Epoch ms; meaningful while pending. */
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface AttemptRow {
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  createdAt: string;
}

/**
 * The webhook outbox: endpoints, events, deliveries claimed with a lease (as the email outbox),
 * attempts. Events are recorded by the rooms that emit them inside their own transactions with
 * `recordWebhookEvent` (webhook-store.server.ts).
 */
export interface WebhookStore {
  /** Creates or updates an endpoint (its URL changed: the pause and failure streak are cleared); `null` disables it. */
  syncWebhookEndpoint(id: string, url: string | null): Promise<void>;
  listWebhookEndpoints(): Promise<WebhookEndpoint[]>;
  /**
   * Records the back office's test event (about nothing stored), sent as a made-up sample of
   * `sample`'s type (app/automation/payload.server.ts); returns its id.
   */
  recordTestWebhookEvent(sample?: WebhookEventType): Promise<string>;
  /** Leases due deliveries of endpoints that are enabled and not paused, except those of `busy` endpoints. */
  claimDueWebhooks(limit: number, leaseMs: number, busy?: readonly string[]): Promise<ClaimedDelivery[]>;
  releaseWebhooks(ids: number[]): Promise<void>;
  /** Records the attempt; "sent" also clears the endpoint's failure streak. */
  recordWebhookAttempt(
    delivery: ClaimedDelivery,
    outcome: {
      statusCode: number | null;
      error: string | null;
      durationMs: number;
      result: { status: "sent" } | { status: "retry"; delayMs: number } | { status: "failed" };
    },
  ): Promise<void>;
  /**
   * After a failure: starts the endpoint's failure streak if none, and pauses it when the streak
   * is older than `pauseAfterMs`. Returns true for the one call that paused it.
   */
  noteWebhookFailure(endpointId: string, pauseAfterMs: number): Promise<{ paused: boolean; failingSince: string }>;
  resumeWebhookEndpoint(endpointId: string): Promise<boolean>;
  /** The owner pauses an endpoint: its deliveries wait until it is resumed. False when none or already paused. */
  pauseWebhookEndpoint(endpointId: string): Promise<boolean>;
  /** An endpoint the owner adds in the back office, with its secret. */
  addWebhookEndpoint(id: string, url: string, secret: string): Promise<void>;
  /** A new URL for an owner's endpoint (its failure streak and pause cleared). False for none or the env endpoint. */
  setWebhookEndpointUrl(endpointId: string, url: string): Promise<boolean>;
  /** A new secret for an owner's endpoint; the previous one keeps signing until `previousUntil`. */
  rotateWebhookSecret(endpointId: string, secret: string, previousUntil: string): Promise<boolean>;
  /**
   * Makes a delivery due now, whatever its state: a failed one is tried again, a sent one is sent
   * again (same `webhook-id`: a receiver that kept it can tell). False when there is no such delivery.
   */
  retryWebhookNow(deliveryId: number): Promise<boolean>;
  listWebhookDeliveries(limit: number): Promise<DeliveryRow[]>;
  listWebhookAttempts(deliveryId: number): Promise<AttemptRow[]>;
}
