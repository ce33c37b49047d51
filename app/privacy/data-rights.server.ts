import type { Order } from "../orders/types.ts";
import { subjectDigest } from "./person.server.ts";
import type { Actor, PrivacyDeps } from "./types.ts";

/** Billing states of a subscription still running: its customer must be able to manage it. */
const RUNNING: ReadonlySet<string> = new Set(["active", "past_due", "cancelling"]);

/** What one erasure or retention pass erased (rows changed or matched in each room). */
export interface ErasureCounts {
  orders: number;
  quotes: number;
  emails: number;
}

/**
 * Erases the personal data of these orders and quote requests in every room that holds some: the
 * records that point at them first (emails, timeline, sandbox checkout, .eml copies), the orders and
 * requests themselves last — so an erasure stopped halfway (a crash) is found and finished by the
 * next one, which matches the same records by the same email or the same age. Each step is
 * idempotent, so two instances erasing the same records at once end where one would.
 */
export async function eraseRecords(
  deps: PrivacyDeps,
  orderIds: readonly string[],
  quoteIds: readonly string[],
): Promise<ErasureCounts> {
  const { repo } = deps;
  const emails = await repo.eraseEmailsAbout({ orderIds, quoteIds });
  await repo.eraseEventDetails(orderIds);
  await repo.eraseSandboxRequests(orderIds);
  // The bytes before the rows naming them: a crash in between leaves rows the next pass finds again.
  if (deps.files) await deleteOrderFiles(deps.files, orderIds);
  await repo.eraseOrderWork(orderIds);
  deps.deleteEmailFiles?.([...orderIds, ...quoteIds]);
  const orders = await repo.eraseOrders(orderIds);
  const quotes = await repo.eraseQuotes(quoteIds);
  return { orders, quotes, emails };
}

/** Every stored file under each order's prefix (the storage, not the rows, is the truth here: a file whose row was lost goes too). */
async function deleteOrderFiles(files: NonNullable<PrivacyDeps["files"]>, orderIds: readonly string[]): Promise<void> {
  for (const orderId of orderIds) {
    for (const key of await files.list(`orders/${orderId}/`)) await files.delete(key);
  }
}

export type EraseOutcome =
  { status: "erased"; counts: ErasureCounts } | { status: "subscriptionRunning"; orderIds: string[] };

/** Orders of a person whose subscription still runs: erasing them would break its renewals and emails. */
export const runningSubscriptions = (orders: readonly Order[]) =>
  orders.filter((order) => order.state === "paid" && order.billingState && RUNNING.has(order.billingState));

/**
 * The owner erases a person (a customer's request under GDPR art. 17): every order and quote
 * request sent with this address. Refused while one of their subscriptions runs (cancel it first:
 * the contract is still being performed, art. 17(3)(b) and 6(1)(b)). Recorded, even when nothing was held.
 */
export async function erasePerson(deps: PrivacyDeps, email: string, actor: Actor = "owner"): Promise<EraseOutcome> {
  const [orders, quotes] = await Promise.all([
    deps.repo.findOrdersOfPerson(email),
    deps.repo.findQuotesOfPerson(email),
  ]);
  const running = runningSubscriptions(orders);
  if (running.length) return { status: "subscriptionRunning", orderIds: running.map((order) => order.id) };
  const erased = await eraseRecords(
    deps,
    orders.map((order) => order.id),
    quotes.map((quote) => quote.id),
  );
  // What the person had, not only what this call changed: a repeated request reads the same.
  const counts = { orders: orders.length, quotes: quotes.length, emails: erased.emails };
  await deps.repo.recordDataRequest({ kind: "erase", subjectDigest: subjectDigest(email), actor, ...counts });
  return { status: "erased", counts };
}
