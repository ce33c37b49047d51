import type { Generated } from "kysely";

/**
 * The tables as Kysely sees them, for SQLite and PostgreSQL alike. Timestamps are ISO-8601 UTC
 * strings (they sort as text in both databases); due times for the outbox are epoch milliseconds.
 * Add a table here and its DDL in migrations.server.ts.
 */
export interface OrdersTable {
  id: string;
  submission_token: string;
  state: "pending" | "checkout_created" | "paid" | "expired" | "failed";
  lang: string;
  offer: string;
  currency: string;
  amount_due_now: number;
  monthly: number;
  customer_json: string;
  email: string;
  provider: string;
  session_id: string | null;
  checkout_url: string | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** After checkout (migration 004): the provider's customer and subscription, and their state. */
  customer_ref: string | null;
  subscription_ref: string | null;
  billing_state: "active" | "past_due" | "cancelling" | "cancelled" | "refunded" | "disputed" | null;
  period_end: string | null;
  /** The provider's subscription status as last read (paused, incomplete, trialing…), migration stripe-008. */
  subscription_status: Generated<string | null>;
  /** The buyer's acceptance (008-legal-terms-acceptance): all null for orders placed before it. */
  terms_version: string | null;
  terms_lang: string | null;
  terms_accepted_at: string | null;
  /** "digital-content" | "service" when the buyer asked to start at once and waived the withdrawal right. */
  immediate_start: string | null;
  /** When the customer's personal fields were replaced by ERASED (016-datarights): null while they are held. */
  erased_at: Generated<string | null>;
  /** The readable reference's number (017-order-references): shown as "LA-1042"; null only on a row written before it. */
  reference_number: Generated<number | null>;
  /** The tax inside the amount paid (023-order-tax), from Stripe Tax; null when off or unknown. */
  tax_amount: Generated<number | null>;
  /** The accepted proposal's terms when the order pays one (025): JSON of orders/types.ts `OrderProposal`. */
  proposal_json: Generated<string | null>;
  /** The order page's link version (029-order-link-version): its token signs it; a new link bumps it. */
  link_version: Generated<number>;
  /** The buyer's browser's time zone, as the order form sent it (031-customer-time-zone): null without JavaScript. */
  time_zone: Generated<string | null>;
}

/** Named counters (017-order-references): each value only ever goes up, one atomic step at a time. */
export interface SequencesTable {
  name: string;
  value: number;
}

/** Every provider event handled, by its id: a replay is recognised and ignored. */
export interface PaymentEventsTable {
  id: string;
  type: string;
  order_id: string | null;
  received_at: string;
}

export interface OutboxTable {
  id: Generated<number>;
  /** The order an email is about; null when it is about a quote request (then quote_id is set). */
  order_id: string | null;
  quote_id: Generated<string | null>;
  /** An unlock link's email to the owner (then order_id and quote_id are null). */
  unlock_id: Generated<string | null>;
  /** A system email (the owner's morning email): what it is about, e.g. 'daily'; then the three above are null. */
  system_key: Generated<string | null>;
  kind: string;
  status: Generated<"pending" | "sent" | "failed">;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  message_id: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The sandbox checkout's own sessions (app/payments): order_id holds the request's reference. */
export interface SandboxSessionsTable {
  id: string;
  order_id: string;
  status: "open" | "paid" | "expired";
  created_at: string;
  /** The CheckoutRequest as JSON (what to show and where to return); null for sessions from before it. */
  request_json: string | null;
  /** What the back office refunded of the payment (minor units). */
  amount_refunded: Generated<number>;
  /** The sandbox subscription: null while it runs, then cancelling (at the period's end) or canceled. */
  subscription_state: "cancelling" | "canceled" | null;
  /** The billing details the sandbox checkout collected, as Stripe's customer_details (022); null before payment. */
  billing_json: string | null;
}

/** The back office's refunds and cancellations, one row per confirmation (its idempotency key). */
export interface MoneyActionsTable {
  key: string;
  order_id: string;
  kind: "refund" | "cancel";
  /** refund: minor units; cancel: 0. */
  amount: number;
  currency: string;
  /** refund: a Stripe reason or "other"; cancel: "period_end" or "now". */
  reason: string;
  note: string;
  status: "pending" | "done";
  /** The provider's refund or subscription id, once done. */
  provider_ref: string | null;
  created_at: string;
}

/** "Request a quote or a demo" from the page of an offer without a price. */
/** A priced proposal answering a quote request (025, app/quotes/). */
export interface ProposalsTable {
  id: string;
  quote_id: string;
  /** The offer: the request page's id. */
  page: string;
  lang: string;
  title: string;
  included: string;
  price_kind: "one-off" | "monthly" | "setup-monthly";
  currency: string;
  one_time: number;
  monthly: number;
  delivery_days: number;
  revision_rounds: number;
  valid_until: string;
  terms_version: string;
  state: "sent" | "viewed" | "accepted" | "declined" | "withdrawn" | "replaced";
  replaced_by: Generated<string | null>;
  order_id: Generated<string | null>;
  decline_reason: Generated<string | null>;
  created_at: string;
  viewed_at: Generated<string | null>;
  accepted_at: Generated<string | null>;
  declined_at: Generated<string | null>;
  withdrawn_at: Generated<string | null>;
}

/** A customer's question about a proposal, emailed to the owner (025). */
export interface ProposalQuestionsTable {
  id: string;
  proposal_id: string;
  message: string;
  created_at: string;
}

export interface QuoteRequestsTable {
  id: string;
  page: string;
  lang: string;
  name: string;
  email: string;
  company: string;
  message: string;
  created_at: string;
  /** When the owner marked it answered (013); null while it waits for a reply. */
  answered_at: Generated<string | null>;
  /** When the sender's personal fields were replaced by ERASED (016-datarights). */
  erased_at: Generated<string | null>;
  /** 'visitor' (the site's request form) or 'owner' (a proposal started from the back office, 032). */
  started_by: Generated<string>;
}

// ---- Back office (005-back-office) ----

/** An order's timeline besides its own columns: checkout, each email attempt, owner actions. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: string;
  kind: string;
  detail: string | null;
  created_at: string;
  /** A delivered event's billing period (its end date) for a subscription; null otherwise (013). */
  period: Generated<string | null>;
}

/** Page views per day (YYYY-MM-DD, UTC), page and language (013): counts only, nothing about the visitor. */
export interface PageViewsTable {
  day: string;
  /** A marketing page id, or `order-form:{offer}` for the order form. */
  page: string;
  lang: string;
  views: number;
}

/** The one owner (id = 1): credentials, and the version that `npm run owner -- reset` bumps. */
export interface OwnerTable {
  id: number;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enabled: Generated<number>;
  session_version: Generated<number>;
  setup_token_hash: string | null;
  /** The back office's language the owner picked there (025); null: OWNER_LANG. */
  lang: string | null;
  updated_at: string;
}

/** Back-office sessions (the cookie holds the signed id); expires_at in epoch milliseconds. */
export interface AdminSessionsTable {
  id: string;
  data_json: string;
  expires_at: number;
}

/** TOTP time steps already used: a code is accepted once. */
export interface TotpUsedStepsTable {
  step: number;
  used_at: string;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

/** Unlock links sent to the owner: single use (used_at), expiring. */
export interface OwnerUnlocksTable {
  id: string;
  expires_at: number;
  used_at: string | null;
  created_at: string;
  /** What the emailed link does (015): lift the sign-in lock, set the owner up, reset the password. */
  purpose: Generated<"unlock" | "setup" | "reset">;
}

/** The owner's one-time recovery codes: only the SHA-256 of each (high-entropy) code. */
export interface OwnerRecoveryCodesTable {
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** The owner's passkeys (WebAuthn credentials): id and public key in base64url. */
export interface OwnerPasskeysTable {
  id: string;
  public_key: string;
  counter: Generated<number>;
  /** JSON array of the authenticator's transports ("internal", "hybrid"…). */
  transports: Generated<string>;
  device_type: string;
  backed_up: Generated<number>;
  created_at: string;
  last_used_at: string | null;
}

/** A passkey ceremony's challenge, stored under the hash of its browser's nonce; single use, expiring. */
export interface WebauthnChallengesTable {
  id: string;
  purpose: "register" | "authenticate";
  challenge: string;
  expires_at: number;
}

/** Verified provider events waiting to be handled (or handled, or unreadable). Times in epoch ms. */
export interface WebhookInboxTable {
  id: string;
  kind: string;
  event_json: string;
  status: Generated<"queued" | "done" | "unhandled">;
  attempts: Generated<number>;
  next_attempt_at: number;
  outcome: string | null;
  last_error: string | null;
  order_id: string | null;
  received_at: string;
}

/** What has been refunded of each charge of an order. */
export interface ChargeRefundsTable {
  charge_id: string;
  order_id: string;
  amount: number;
  amount_refunded: number;
  currency: string;
  updated_at: string;
}

/**
 * Every export and erasure of a person's data (016-datarights): who, when, what (counts), never the
 * data itself. The person is named by a SHA-256 digest of the normalised email address only.
 */
export interface DataRequestsTable {
  id: Generated<number>;
  kind: "export" | "erase" | "retention";
  /** null for a retention pass (it erases records of many people at once). */
  subject_digest: string | null;
  /** "owner" (the back office) or "retention" (the daily job). */
  actor: string;
  orders: number;
  quotes: number;
  emails: number;
  created_at: string;
}

/** An endpoint that receives the site's webhooks (018-webhooks-out); `env` is AUTOMATION_WEBHOOK_URL. */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** 0: no longer configured (no new deliveries are made for it). */
  enabled: number;
  /** When its first failure since its last success happened (ISO); null while it answers. */
  failing_since: string | null;
  /** Paused after failing for too long, or by the owner: nothing is sent until the owner resumes it. */
  paused_at: string | null;
  /** The whsec_ secret of an endpoint added in the back office (null: the env endpoint's is in the environment). */
  secret?: string | null;
  /** The secret before the last rotation, still signing until previous_secret_until (ISO). */
  previous_secret?: string | null;
  previous_secret_until?: string | null;
  created_at: string;
  updated_at: string;
}

/** Something that happened, once (`event_key`); its id is the webhook-id of every request about it. */
export interface WebhookEventsTable {
  id: string;
  event_key: string;
  type: string;
  order_id: string | null;
  quote_id: string | null;
  /** What the event adds to its order's data (a refund's amount, a renewal's invoice): never personal data. */
  detail_json: string;
  created_at: string;
}

/** One event to one endpoint: the outbox row the webhook worker claims with a lease. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_id: string;
  endpoint_id: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  next_attempt_at: number;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Every request made for a delivery and what came back (the back office's log). */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  created_at: string;
}

/** The customer's brief after payment (019, app/delivery/). */
export interface OrderBriefsTable {
  order_id: string;
  text: string;
  /** The brief's questions answered (BRIEF_FIELDS), JSON by field name (022); null for briefs from before. */
  answers_json: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** One delivery of an order: round 0, then one per revision asked, per billing period ('' for a one-time order) (019). */
export interface OrderDeliveriesTable {
  id: string;
  order_id: string;
  period: Generated<string>;
  round: number;
  note: string;
  link_url: string | null;
  link_label: string | null;
  /** Every link of the delivery, [{url, label}] as JSON (025); link_url/link_label keep the first for older readers. */
  links_json: string | null;
  created_at: string;
  accepted_at: string | null;
}

/** A revision the customer asked: round n follows delivery n - 1 (019). */
export interface OrderRevisionsTable {
  id: string;
  order_id: string;
  period: Generated<string>;
  round: number;
  text: string;
  created_at: string;
}

/** A file of a brief or a delivery: its bytes in the file storage under `storage_key` (019). */
export interface OrderFilesTable {
  id: string;
  order_id: string;
  kind: "brief" | "delivery" | "revision";
  delivery_id: string | null;
  /** The revision request a customer's file came with (kind revision). */
  revision_id: string | null;
  name: string;
  content_type: string;
  size: number;
  storage_key: string;
  created_at: string;
  /** A brief file's billing period (031): null for the order's brief, a later period's key for that month's. */
  period: Generated<string | null>;
}

/**
 * A subscription's billing period after the first, opened by a renewal (030): its number, its start,
 * its own brief (the month's topics). `period` is the period's end, the key of its deliveries.
 */
export interface WorkPeriodsTable {
  order_id: string;
  period: string;
  number: number;
  starts_at: string;
  brief_text: string | null;
  brief_created_at: string | null;
  brief_updated_at: string | null;
  created_at: string;
}

/**
 * Money ended an order's work (035): a full refund or an immediate cancellation, written through the
 * work's state machine with the billing change (app/delivery/delivery-store.server.ts closeWork);
 * the work's state reads "closed" from here. One row per order: the first closure stays.
 */
export interface WorkClosuresTable {
  order_id: string;
  reason: "refunded" | "cancelled";
  event: string;
  closed_at: string;
}

/**
 * A customer's upload allowance in use (025): files and bytes stored plus those reserved by uploads
 * in flight, per order and scope ("brief", "revision"). Grown only by a conditional UPDATE that keeps
 * it within the caps (app/delivery/delivery-store.server.ts, reserveUpload).
 */
export interface UploadAllowancesTable {
  order_id: string;
  scope: string;
  files: number;
  bytes: number;
}

/** A bearer token of the API in (app/api/): only its hash is kept. */
export interface ApiTokensTable {
  id: string;
  name: string;
  token_hash: string;
  /** The secret's first characters, so the owner can tell tokens apart. */
  hint: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** One POST per token and Idempotency-Key: the request's hash, then its answer. */
export interface ApiIdempotencyTable {
  token_id: string;
  idempotency_key: string;
  request_hash: string;
  response_status: number | null;
  response_body: string | null;
  created_at: string;
}

export interface Database {
  order_briefs: OrderBriefsTable;
  order_deliveries: OrderDeliveriesTable;
  order_revisions: OrderRevisionsTable;
  order_files: OrderFilesTable;
  upload_allowances: UploadAllowancesTable;
  work_periods: WorkPeriodsTable;
  work_closures: WorkClosuresTable;
  api_tokens: ApiTokensTable;
  api_idempotency: ApiIdempotencyTable;
  sequences: SequencesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  page_views: PageViewsTable;
  data_requests: DataRequestsTable;
  webhook_inbox: WebhookInboxTable;
  charge_refunds: ChargeRefundsTable;
  owner_unlocks: OwnerUnlocksTable;
  owner_recovery_codes: OwnerRecoveryCodesTable;
  owner_passkeys: OwnerPasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  order_events: OrderEventsTable;
  owner: OwnerTable;
  admin_sessions: AdminSessionsTable;
  totp_used_steps: TotpUsedStepsTable;
  app_settings: AppSettingsTable;
  orders: OrdersTable;
  quote_requests: QuoteRequestsTable;
  proposals: ProposalsTable;
  proposal_questions: ProposalQuestionsTable;
  outbox: OutboxTable;
  sandbox_sessions: SandboxSessionsTable;
  payment_events: PaymentEventsTable;
  money_actions: MoneyActionsTable;
}
