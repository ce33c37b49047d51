import { orderTerms } from "../content/offers.ts";
import { formatMoney } from "../i18n/format.ts";
import { formatLongDate, priceStory } from "../content/price-story.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";
import { translator } from "../i18n/translator.server.ts";
import { countryName } from "../content/countries.ts";
import { creditNotesOf } from "./credit-notes.server.ts";

export interface SandboxInvoice {
  number: string;
  lang: string;
  date: string;
  billedTo: string[];
  lines: Array<{ label: string; amount: string }>;
  total: string;
  /** Each refund as a credit note against this invoice ("−45 €"), and what was kept once they are deducted. */
  creditNotes: Array<{ label: string; amount: string }>;
  net: string | null;
}

/**
 * The sandbox's HTML invoice of a paid order (signed link in the confirmation email). With Stripe,
 * Stripe issues the invoice (invoice_creation / subscription invoices) and this page does not exist.
 * A refunded order's invoice says so: each refund as a credit note under the total, and the net paid.
 */
export async function sandboxInvoice(
  token: string,
  services: Pick<OrderServices, "provider" | "links"> & { repo: StoresOf<"orders" | "database"> },
): Promise<SandboxInvoice | undefined> {
  if (services.provider.name !== "sandbox") return undefined;
  const checked = services.links.verify(token, "invoice");
  if (!checked.ok) return undefined;
  const order = await services.repo.findById(checked.orderId);
  if (!order || order.state !== "paid") return undefined;
  const story = priceStory(orderTerms(order).price);
  const money = (minor: number | null) => formatMoney(minor ?? 0, order.currency, order.lang);
  const name = translator(order.lang, "offers")(`${order.offer}.name`);
  const setupLabel = translator(order.lang)("checkout.setupFee", { name });
  const lines =
    story.kind === "setupPlusMonth"
      ? [
          { label: setupLabel, amount: money(story.setup) },
          { label: name, amount: money(story.monthly) },
        ]
      : [{ label: story.kind === "setupThenMonthly" ? setupLabel : name, amount: money(story.today) }];
  const c = order.customer;
  // An erased customer's invoice keeps its number, date and amounts (accounting law) and names no
  // one: the buyer block says the details were erased, with the country the VAT depends on (ADR 016).
  const billedTo = order.erasedAt
    ? [translator(order.lang, "data-rights")("invoiceErased"), c.country && countryName(c.country, order.lang)].filter(
        (line): line is string => Boolean(line),
      )
    : [
        `${c.firstName} ${c.lastName}`,
        c.companyName,
        c.address,
        [c.postalCode, c.city].filter(Boolean).join(" "),
        c.country && countryName(c.country, order.lang),
        c.email,
      ].filter((line): line is string => Boolean(line));
  const notes = (await creditNotesOf(services.repo.db, [order])).get(order.id) ?? [];
  const t = translator(order.lang, "subscription");
  return {
    // The number the customer and the owner read everywhere else (emails, order page, back office): the LA- reference.
    number: order.reference,
    lang: order.lang,
    date: formatLongDate(order.paidAt ?? order.createdAt, order.lang),
    // The billing address the checkout collected (older agent orders: as their form asked it).
    billedTo,
    lines,
    total: money(order.amountDueNow),
    creditNotes: notes.map((note) => ({
      label: t("invoice.creditNote", { number: note.number, date: formatLongDate(note.at, order.lang) }),
      amount: money(-note.amount),
    })),
    net: notes.length ? money(order.amountDueNow - notes.reduce((sum, note) => sum + note.amount, 0)) : null,
  };
}
