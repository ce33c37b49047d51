import { ORDER_STATES, type OrderState } from "../orders/types.ts";

/** The orders list's filter (query string), shared by the page and its links. */
export interface OrderFilter {
  state?: OrderState;
  /** `?state=to-deliver`: paid orders not yet delivered (for their current period), the front page's tile. */
  toDeliver: boolean;
  search: string;
  page: number;
}

const SEARCH_MAX = 100;
/** The filter's value for orders still to deliver: offered beside the states, never one of them. */
export const TO_DELIVER = "to-deliver";

/** Longest delivery note the owner may send to a customer. */
export const NOTE_MAX = 1000;

/** The list's filter from the query string; anything unknown is ignored, never an error. */
export function readFilter(url: URL): OrderFilter {
  const state = url.searchParams.get("state") ?? "";
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    state: (ORDER_STATES as readonly string[]).includes(state) ? (state as OrderState) : undefined,
    toDeliver: state === TO_DELIVER,
    search: (url.searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX),
    page: Number.isFinite(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The filter as a query string (for page links and the CSV export of the same list). */
export function filterQuery(
  filter: Omit<OrderFilter, "page" | "toDeliver"> & { page?: number; toDeliver?: boolean },
): string {
  const params = new URLSearchParams();
  if (filter.state) params.set("state", filter.state);
  else if (filter.toDeliver) params.set("state", TO_DELIVER);
  if (filter.search) params.set("q", filter.search);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
