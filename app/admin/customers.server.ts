import { getSiteConfig } from "../config/site.server.ts";
import { ERASED } from "../db/erased.ts";
import type { Currency } from "../content/offers.ts";
import { formatDate, formatFileSize, formatMoney } from "../i18n/format.ts";
import { orderFields } from "../mail/order-fields.server.ts";
import type { Language } from "../i18n/languages.ts";
import { offerNameIn, translator } from "../i18n/translator.server.ts";
import { exportPerson } from "../privacy/data-export.server.ts";
import { erasePerson, runningSubscriptions, type EraseOutcome } from "../privacy/data-rights.server.ts";
import { normaliseEmail, subjectDigest } from "../privacy/person.server.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";

/** The back office's page about one person (by email): what the site holds, export, erase, the record of requests. */

export { normaliseEmail };

/** What the site holds about the person at `email` (already normalised), labelled in the back office's language. */
export async function customerSummary(
  email: string,
  lang: Language,
  { repo }: { repo: StoresOf<"dataRequests" | "orderPrivacy" | "quotePrivacy"> },
) {
  const [orders, quotes, requests] = await Promise.all([
    repo.findOrdersOfPerson(email),
    repo.findQuotesOfPerson(email),
    repo.listDataRequests(subjectDigest(email)),
  ]);
  const offers = translator(lang, "offers");
  const name =
    orders.map((order) => `${order.customer.firstName} ${order.customer.lastName}`.trim()).find(Boolean) ??
    quotes.find((quote) => quote.name)?.name ??
    null;
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
    quotes: quotes.map((quote) => ({
      id: quote.id,
      offer: offerNameIn(lang, quote.page),
      createdAt: quote.createdAt,
    })),
    requests,
    subscriptionRunning: runningSubscriptions(orders).length > 0,
  };
}

/** The JSON file of everything held about the person (recorded as an export). */
export async function exportCustomer(email: string, services: Pick<OrderServices, "privacy">) {
  return exportPerson(services.privacy, email);
}

/** Erases the person (recorded), unless a subscription of theirs still runs. */
export async function eraseCustomer(email: string, services: Pick<OrderServices, "privacy">): Promise<EraseOutcome> {
  return erasePerson(services.privacy, email);
}

/** The retention periods the daily job applies and the privacy policy states (site configuration). */
export const retentionPolicy = () => getSiteConfig().retention;

/** Customers per page of the list. */
const CUSTOMERS_PAGE = 25;

/** A page of the customers list (everyone with a paid order), with what each paid in the owner's words. */
export async function customerList(
  search: string,
  page: number,
  lang: Language,
  { repo }: { repo: StoresOf<"backOffice"> },
) {
  const query = search.trim().slice(0, 100);
  const current = Math.max(1, Math.min(Math.floor(page), 10_000));
  const { customers, total } = await repo.listCustomers({
    search: query || undefined,
    limit: CUSTOMERS_PAGE,
    offset: (current - 1) * CUSTOMERS_PAGE,
  });
  return {
    search: query,
    total,
    page: current,
    pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE)),
    customers: customers.map((row) => ({
      ...row,
      paid: row.paid.map((sum) => formatMoney(sum.amount, sum.currency as Currency, lang)).join(" · "),
    })),
  };
}

/**
 * The same handover as the JSON file, for a person to read and print: each order in words (the
 * readable reference, the offer's name, state, amounts, refunds, every answer of the form, the
 * brief, the files, the deliveries), the quote requests, in the owner's language. Recorded as an
 * export: it shows everything the file holds.
 */
export async function readableCustomerSummary(
  email: string,
  lang: Language,
  services: Pick<OrderServices, "privacy"> & { repo: StoresOf<"delivery" | "orderPrivacy" | "quotePrivacy"> },
) {
  const { repo } = services;
  const { document } = await exportPerson(services.privacy, email);
  const [orders, quotes] = await Promise.all([repo.findOrdersOfPerson(email), repo.findQuotesOfPerson(email)]);
  const admin = translator(lang, "admin");
  const office = translator(lang, "back-office");
  const offers = translator(lang, "offers");
  const day = (at: string) => formatDate(new Date(at), lang, true);
  const name =
    orders.map((order) => `${order.customer.firstName} ${order.customer.lastName}`.trim()).find(Boolean) ??
    quotes.find((quote) => quote.name)?.name ??
    null;
  return {
    email,
    name: name === `${ERASED} ${ERASED}` ? null : name,
    madeAt: day(document.exportedAt),
    orders: await Promise.all(
      orders.map(async (order) => {
        const work = await repo.orderWork(order.id);
        const exported = document.orders.find((entry) => entry.id === order.id);
        const refunded = (exported?.refunds ?? []).reduce((sum, refund) => sum + refund.amountRefunded, 0);
        const money = (minor: number) => formatMoney(minor, order.currency as Currency, lang);
        return {
          id: order.id,
          reference: order.reference,
          offer: offers(`${order.offer}.name`),
          placed: day(order.createdAt),
          paid: order.paidAt ? day(order.paidAt) : null,
          state: admin(`states.${order.state}`),
          billing: order.billingState ? admin(`billing.${order.billingState}`) : null,
          amount: money(order.amountDueNow),
          monthly: order.monthly ? money(order.monthly) : null,
          refunded: refunded > 0 ? money(refunded) : null,
          // Every answer of the form, labelled as the order page labels it: without the reference, offer and
          // amounts (first four) or the state and payments (last two), which the lines above say.
          answers: orderFields(order, lang).slice(4, -2),
          brief: work.brief?.text ?? null,
          files: work.files.map((file) => ({
            name: file.name,
            size: formatFileSize(file.size, lang),
            kind: office(`summary.fileKind.${file.kind}`),
            at: day(file.createdAt),
          })),
          deliveries: work.deliveries.map((delivery) => ({
            at: day(delivery.createdAt),
            note: delivery.note,
            link: delivery.links.map((link) => link.url).join(" ") || null,
          })),
          emails: exported?.emails.length ?? 0,
        };
      }),
    ),
    quotes: quotes.map((quote) => ({
      id: quote.id,
      at: day(quote.createdAt),
      offer: offerNameIn(lang, quote.page),
      company: quote.company,
      message: quote.message,
    })),
  };
}
