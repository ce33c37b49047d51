import type { Order } from "../orders/types.ts";
import type { QuoteRequest } from "../quotes/types.ts";

/** One page of a list: a filter, what changed since, and the row the previous page ended at. */
export interface PageQuery {
  state: string;
  updatedSince: string | null;
  after: { at: string; id: string } | null;
  limit: number;
}

/** A bearer token of the API in, as the back office lists it (never its secret, which is not kept). */
export interface ApiToken {
  id: string;
  name: string;
  /** The secret's first characters ("la_k3Jd…"), so the owner can tell tokens apart. */
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The first answer to a POST with an Idempotency-Key, or a request still under way. */
export type IdempotencyClaim =
  { state: "new" } | { state: "mismatch" } | { state: "pending" } | { state: "done"; status: number; body: string };

/** The API's tables: tokens (hashes only) and the idempotency records (app/api/, docs/api.md). */
export interface ApiStore {
  /**
   * The order whose internal id (`ord_…`, what events name) or readable reference ("LA-1042") is
   * exactly `key`: one indexed read, never a search (another order's name or email cannot match).
   */
  findOrderByIdOrReference(key: string): Promise<Order | undefined>;
  /**
   * Orders by (last change, id), after the cursor: "to-deliver", "any", or one order state. The
   * last change is the order's own or its work's (a brief, a status, a delivery, a revision, an acceptance).
   */
  pageOrders(query: PageQuery): Promise<Array<Order & { changedAt: string }>>;
  /** An order's last change, as pageOrders reads it (null: no such order). */
  orderChangedAt(orderId: string): Promise<string | null>;
  /** Quote requests by their last change (received, answered, a proposal's step) and id: "any", "waiting", "answered". */
  pageQuoteRequests(query: PageQuery): Promise<Array<QuoteRequest & { changedAt: string }>>;
  /** Records a work status on the order's timeline. */
  setWorkStatus(orderId: string, status: string, note: string): Promise<void>;
  /** The latest work status set, or null. */
  workStatus(orderId: string): Promise<{ status: string; note: string; at: string } | null>;
  createApiToken(token: { id: string; name: string; hash: string; hint: string }): Promise<void>;
  listApiTokens(): Promise<ApiToken[]>;
  /** Returns false when no live token has that id. */
  revokeApiToken(id: string): Promise<boolean>;
  /** The live token with that hash (and notes its use), or null. */
  useApiToken(hash: string): Promise<ApiToken | null>;
  /**
   * Claims (token, key) for a request with this hash: one insert decides between concurrent twins
   * on any instance; the others read the first request's hash and answer.
   */
  claimIdempotencyKey(tokenId: string, key: string, requestHash: string): Promise<IdempotencyClaim>;
  /**
   * Whether (token, key) was claimed already (answered, or still being answered): a multipart
   * delivery under a key seen before is read without storing its files, then answered as the first.
   */
  idempotencyKeyExists(tokenId: string, key: string): Promise<boolean>;
  /** Stores the first answer (replayed to every later request with the same key). */
  finishIdempotencyKey(tokenId: string, key: string, status: number, body: string): Promise<void>;
  /** Forgets a claim whose request failed before answering (its twin may then try again). */
  dropIdempotencyKey(tokenId: string, key: string): Promise<void>;
}
