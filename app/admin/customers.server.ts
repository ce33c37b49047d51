import { getSiteConfig } from "../config/site.server.ts";
import { ERASED } from "../db/erased.ts";
import type { Currency } from "../content/offers.ts";
import { formatMoney } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { translator } from "../i18n/translator.server.ts";
import { exportPerson } from "../privacy/data-export.server.ts";
import { erasePerson, runningSubscriptions, type EraseOutcome } from "../privacy/data-rights.server.ts";
import { normaliseEmail, subjectDigest } from "../privacy/person.server.ts";
import { getOrderServices } from "../services.server.ts";

/** The back office's page about one person (by email): what the site holds, export, erase, the record of requests. */

export { normaliseEmail };

/** What the site holds about the person at `email` (already normalised), labelled in the back office's language. */
export async function customerSummary(email: string, lang: Language) {
  const { repo } = await getOrderServices();
  const [orders, quotes, requests] = await Promise.all([repo.findOrdersOfPerson(email), repo.findQuotesOfPerson(email), repo.listDataRequests(subjectDigest(email))]);
  const offers = translator(lang, "offers");
  const quoteT = translator(lang, "quote");
  const name = orders.map((order) => `${order.customer.firstName} ${order.customer.lastName}`.trim()).find(Boolean) ?? quotes.find((quote) => quote.name)?.name ?? null;
  return {
    email,
    name: name === `${ERASED} ${ERASED}` ? null : name,
    orders: orders.map((order) => ({
      id: order.id,
      offer: offers(`${order.offer}.name`),
      state: order.state,
      amount: formatMoney(order.amountDueNow, order.currency, lang),
      createdAt: order.createdAt,
    })),
    quotes: quotes.map((quote) => ({ id: quote.id, offer: quoteT(`offers.${quote.page}`), createdAt: quote.createdAt })),
    requests,
    subscriptionRunning: runningSubscriptions(orders).length > 0,
  };
}

/** The JSON file of everything held about the person (recorded as an export). */
export async function exportCustomer(email: string) {
  const services = await getOrderServices();
  return exportPerson(services.privacy, email);
}

/** Erases the person (recorded), unless a subscription of theirs still runs. */
export async function eraseCustomer(email: string): Promise<EraseOutcome> {
  const services = await getOrderServices();
  return erasePerson(services.privacy, email);
}

/** The retention periods the daily job applies and the privacy policy states (site configuration). */
export const retentionPolicy = () => getSiteConfig().retention;

/** Customers per page of the list. */
const CUSTOMERS_PAGE = 25;

/** A page of the customers list (everyone with a paid order), with what each paid in the owner's words. */
export async function customerList(search: string, page: number, lang: Language) {
  const { repo } = await getOrderServices();
  const query = search.trim().slice(0, 100);
  const current = Math.max(1, Math.min(Math.floor(page), 10_000));
  const { customers, total } = await repo.listCustomers({ search: query || undefined, limit: CUSTOMERS_PAGE, offset: (current - 1) * CUSTOMERS_PAGE });
  return {
    search: query,
    total,
    page: current,
    pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE)),
    customers: customers.map((row) => ({ ...row, paid: row.paid.map((sum) => formatMoney(sum.amount, sum.currency as Currency, lang)).join(" · ") })),
  };
}
