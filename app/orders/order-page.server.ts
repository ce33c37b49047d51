import { orderTerms } from "../content/offers.ts";
import { emailKind } from "../mail/email-kinds.ts";
import { formatMoney, formatZonedDue } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import { customerTimeZone } from "../i18n/time-zone.ts";
import { logger } from "../lib/logger.server.ts";
import { translator } from "../i18n/translator.server.ts";
import type { OrderServices, StoresOf } from "../services.server.ts";
import { dueLabel, dueMark, orderDue } from "./due-date.ts";
import type { Order } from "./types.ts";

/**
 * The customer's page of one order, reached by a signed link (no account): what was bought and
 * paid, where the work stands, and when it is due. The link names one order; a tampered token, an
 * unknown, unpaid or erased order all read as "not found".
 */
export interface OrderPageView {
  reference: string;
  lang: Language;
  offerName: string;
  paid: string;
  monthly: string | null;
  revisionRounds: number;
  /** paid → in progress → delivered: each step done, current or to come, with its time when done. */
  steps: Array<{
    key: "paid" | "inProgress" | "delivered";
    state: "done" | "current" | "upcoming";
    datetime: string | null;
    label: string | null;
  }>;
  due: { datetime: string; label: string; mark: "late" | "today" | null } | null;
  /** The page's one clock, named once on it: the customer's zone where the order recorded it, else the owner's. */
  timeZone: string;
}

type Services = Pick<OrderServices, "links"> & { repo: StoresOf<"orders"> };

/**
 * The token of the order page's link: it signs the order and its link version, so a new link
 * (`issueNewOrderLink`) makes the old one "not found". Version 0 signs the order alone: the links
 * emailed before versions existed go on working until the owner issues a new one.
 */
export function orderPageToken(order: Pick<Order, "id" | "linkVersion">, links: Services["links"]): string {
  const version = order.linkVersion ?? 0;
  // Never expires (the order's address, in every email about it): only the signature and the version count.
  return links.sign(version ? `${order.id}~${version}` : order.id, "order", Number.POSITIVE_INFINITY);
}

export async function orderOfPageToken(token: string, services: Services): Promise<Order | null> {
  const checked = services.links.verify(token, "order");
  if (!checked.ok) return null;
  const [orderId = "", version = "0", ...rest] = checked.orderId.split("~");
  if (rest.length || !/^(0|[1-9]\d{0,8})$/.test(version)) return null;
  const order = await services.repo.findById(orderId);
  if (!order || order.state !== "paid" || order.erasedAt) return null;
  if ((order.linkVersion ?? 0) !== Number(version)) return null;
  return order;
}

/**
 * The owner issues the customer a new link to the order page (the old one leaked, or was
 * forwarded): the old link is "not found" from now on, and the customer is emailed a copy of the
 * order's confirmation, which carries the new one (the same email as "send me my links again").
 */
export async function issueNewOrderLink(
  orderId: string,
  services: Pick<OrderServices, "worker"> & { repo: StoresOf<"orders"> },
): Promise<boolean> {
  const issued = await services.repo.newOrderLink(orderId, orderLinkKind(Date.now().toString(36)));
  if (issued) services.worker.kick();
  return issued;
}

/**
 * A download link of one of the order's files: a token signed for that order's file alone, valid
 * `ttlMs` (FILE_LINK_TTL_SECONDS), and nothing else. It carries no page token: a link that leaks
 * (history, a forwarded screenshot, a proxy's log) stops working at its time and opens nothing
 * more, while the page (which signs new ones at every view) stays reachable only by its own link.
 */
export function orderFilePath(
  orderId: string,
  fileId: string,
  lang: Language,
  links: Services["links"],
  ttlMs: number,
  now = Date.now(),
): string {
  return `/files/${links.sign(`${orderId}~${fileId}`, "file", ttlMs, now)}?lang=${lang}`;
}

/** The order and file a download link names, or why not (a forged or altered token is "invalid", an old one "expired"). */
export function fileOfLink(
  fileToken: string,
  services: Pick<Services, "links">,
  now = Date.now(),
): { ok: true; orderId: string; fileId: string } | { ok: false; reason: "invalid" | "expired" } {
  const checked = services.links.verify(fileToken, "file", now);
  if (!checked.ok) return checked;
  const [orderId = "", fileId = "", ...rest] = checked.orderId.split("~");
  return orderId && fileId && !rest.length ? { ok: true, orderId, fileId } : { ok: false, reason: "invalid" };
}

/**
 * The page in `lang` (the visitor's choice of the site's languages; the link itself carries the
 * order's), with the order it read: the loader needs nothing read twice.
 */
export async function orderPage(
  token: string,
  services: Pick<OrderServices, "links"> & { repo: StoresOf<"orders" | "backOffice"> },
  timeZone: string,
  lang?: Language,
  now = new Date(),
): Promise<(OrderPageView & { orderLang: Language; order: Order }) | null> {
  // The one read of the order for the page: the view, and the order itself for the rest of the loader.
  const order = await orderOfPageToken(token, services);
  if (!order) return null;
  lang ??= order.lang;
  const events = await services.repo.listOrderEvents(order.id);
  // A subscription is delivered once per billing period: this period's delivery counts.
  const period = order.monthly ? order.periodEnd : null;
  const delivered = events.find((event) => event.kind === "delivered" && (event.period ?? null) === period);
  // Due dates are counted on the owner's clock (`timeZone`, their business days) and told on the
  // customer's, unnamed: the page names its zone once.
  const shownIn = customerTimeZone(order.timeZone, timeZone);
  const at = (iso: string) => ({
    datetime: iso,
    label: formatZonedDue(new Date(iso), lang, shownIn, true, false),
  });
  const due = delivered ? null : orderDue(order, timeZone);
  return {
    reference: order.reference,
    lang,
    orderLang: order.lang,
    order,
    offerName: translator(lang, "offers")(`${order.offer}.name`),
    paid: formatMoney(order.amountDueNow, order.currency, lang),
    monthly: order.monthly ? formatMoney(order.monthly, order.currency, lang) : null,
    revisionRounds: orderTerms(order).revisionRounds,
    steps: [
      { key: "paid", state: "done", ...at(order.paidAt ?? order.updatedAt) },
      { key: "inProgress", state: delivered ? "done" : "current", datetime: null, label: null },
      delivered
        ? { key: "delivered", state: "done", ...at(delivered.createdAt) }
        : { key: "delivered", state: "upcoming", datetime: null, label: null },
    ],
    due: due
      ? {
          datetime: due.datetime,
          label: dueLabel(due, lang, timeZone, { timeZone: shownIn, named: false }),
          mark: dueMark(due, timeZone, now) === "late" ? "late" : null,
        }
      : null,
    timeZone: shownIn,
  };
}

const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}$/;
/** The most recent paid orders of an address whose links one request sends. */
export const ORDER_LINKS_MAX = 5;
/** The outbox kind of one "send me my links again" copy of an order's confirmation (which carries its page's link). */
export const orderLinkKind = (stamp: string) => emailKind("order-link", { stamp });

/**
 * "Send me my order links again", as /subscription does for its links: the same answer whether or
 * not the address has orders, and the same work on the request's path (the checks and the two
 * limiter counts); the look-up and the emails happen after, off the request's path.
 */
export async function requestOrderLinks(
  email: string,
  clientIp: string,
  services: Pick<OrderServices, "limits" | "worker"> & { repo: StoresOf<"orders" | "outbox"> },
  followUp: (work: () => Promise<void>) => void = runDetached,
): Promise<"sent" | "invalid" | "rateLimited"> {
  const address = email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(address) || address.length > 254) return "invalid";
  if (!(await services.limits.take(["orderLink", `ip:${clientIp || "unknown"}`], ["orderLink", `email:${address}`])).ok)
    return "rateLimited";
  followUp(async () => {
    const orders = await services.repo.findPaidByEmail(address, ORDER_LINKS_MAX);
    const stamp = Date.now().toString(36);
    // A copy of each order's confirmation: the link to its page with everything it refers to.
    for (const order of orders) await services.repo.enqueueEmail(order.id, orderLinkKind(stamp));
    if (orders.length) services.worker.kick();
  });
  return "sent";
}

function runDetached(work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((error) => logger().error({ err: error }, "order links request failed"));
  });
}
