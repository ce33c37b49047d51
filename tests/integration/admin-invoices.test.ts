// The back office's invoices and receipts, month by month, over HTTP as the owner uses it: each paid
// order of the month with the papers issued for it — the sandbox's own invoice page in demo mode,
// Stripe's hosted invoice, its PDF and the card receipt with Stripe — and a clear 400 for a month
// that is not one, in the owner's language.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { formatMoney } from "../../app/i18n/format.ts";
import { businessDay } from "../../app/stats/page-views.server.ts";
import { monthBefore } from "../../app/admin/dashboard.server.ts";
import { ownerReset, setUpOwner, type AdminClient } from "../support/admin.ts";
import { confirmPost, openScreen } from "../support/money.ts";
import { ines, payInSandbox, postOrder, readStore, waitFor } from "../support/orders.ts";
import { databaseUrlFor } from "../support/store.ts";
import { payThroughStripe } from "../support/stripe-webhooks.ts";
import { suiteServer, suiteStripeShop } from "../support/suite.ts";

const locale = (lang: string) =>
  JSON.parse(fs.readFileSync(path.resolve(`locales/${lang}/back-office.json`), "utf8")).invoices;
const en = locale("en");
const PASSWORD = "correct horse battery staple";
const thisMonth = () => businessDay(new Date()).slice(0, 7);
const decode = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

/** The rows of the list: reference, amount and each paper's kind and address. */
function rowsOf(html: string) {
  return [...html.matchAll(/<li[^>]*data-order-id="([^"]+)"[^>]*>([\s\S]*?)<\/li>/g)].map(([, id, row]) => ({
    id,
    reference: /data-testid="invoice-reference"[^>]*>([^<]+)</.exec(row!)?.[1],
    amount: decode(/data-testid="invoice-amount"[^>]*>([^<]+)</.exec(row!)?.[1] ?? ""),
    papers: [...row!.matchAll(/<a href="([^"]+)"[^>]*data-paper="([^"]+)"/g)].map(([, url, kind]) => ({
      kind,
      url: decode(url!),
    })),
  }));
}

/** One order's row as sent: from its item to its papers (its credit notes are a list inside it). */
const rowHtml = (html: string, orderId: string) =>
  new RegExp(`data-order-id="${orderId}"[\\s\\S]*?data-testid="invoice-papers"[\\s\\S]*?</p>`).exec(html)![0];

async function owner(server: { url: string; dataDir: string }): Promise<AdminClient> {
  return (
    await setUpOwner(server.url, ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)), PASSWORD)
  ).client;
}

describe("in demo mode (the sandbox)", () => {
  const server = suiteServer({ ORDER_RATE_LIMIT: "0", OWNER_LANG: "en", LOG_LEVEL: "silent" });

  test("this month's paid orders with the sandbox's invoice; another month has none; a wrong month is a 400 in the owner's language", async () => {
    const client = await owner(server);
    await payInSandbox(server.url, "veo3-pack", "fr", ines("Facture"));
    // Not paid: not an invoice.
    expect((await postOrder(server.url, "veo3-single", "fr", ines("Panier"))).status).toBe(303);
    const order = (await readStore(server.dataDir)).orders.find((o) => o.customer.lastName === "Facture")!;

    // Linked from the orders list.
    expect(await (await client.get("/admin/orders", { headers: { "Accept-Language": "en" } })).text()).toContain(
      `href="/admin/invoices" data-testid="invoices-link">${en.link}<`,
    );
    const res = await client.get("/admin/invoices", { headers: { "Accept-Language": "en" } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const rows = rowsOf(html);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: order.id,
      reference: order.reference,
      amount: formatMoney(order.amountDueNow, "EUR", "en"),
    });
    expect(rows[0]!.papers.map((paper) => paper.kind)).toEqual(["sandboxInvoice"]);
    // The paper opens: the sandbox's invoice of this order.
    const invoice = await fetch(rows[0]!.papers[0]!.url.replace(/^https?:\/\/[^/]+/, server.url));
    expect(invoice.status).toBe(200);
    const page = await invoice.text();
    expect(page).toContain("Inès Facture");
    // Numbered with the order's reference (LA-…), as every email and the back office name it, not its internal id.
    expect(/data-testid="invoice-number"[^>]*>([^<]+)</.exec(page)?.[1]?.trim()).toBe(order.reference);
    expect(order.reference).toMatch(/^[A-Z0-9]{1,3}-\d+$/);

    // The month before: nothing paid; this month has no "next".
    const before = await (
      await client.get(`/admin/invoices?month=${monthBefore(thisMonth(), 1)}`, { headers: { "Accept-Language": "en" } })
    ).text();
    expect(rowsOf(before)).toEqual([]);
    expect(before).toContain('data-testid="invoices-none"');
    expect(html).not.toContain('rel="next"');

    // Not a month: 400, said in the owner's language (French here), this month shown below.
    const wrong = await client.get("/admin/invoices?month=2026-13&lang=fr");
    expect(wrong.status).toBe(400);
    const wrongHtml = decode(await wrong.text());
    expect(wrongHtml).toContain(locale("fr").badMonth);
    expect(rowsOf(wrongHtml)).toHaveLength(1);
  });
});

describe("a refunded order (the sandbox)", () => {
  const server = suiteServer({ ORDER_RATE_LIMIT: "0", OWNER_LANG: "en", LOG_LEVEL: "silent" });

  /** The back office's refund: its confirmation screen, then Confirm (303 back to the order). */
  async function refund(client: AdminClient, orderId: string, amount: string) {
    const query = new URLSearchParams({ key: crypto.randomUUID(), amount, reason: "requested_by_customer", note: "" });
    const screen = await openScreen(client, `/admin/orders/${orderId}/refund?${query}`);
    expect(screen.status).toBe(200);
    const done = await confirmPost(client, `/admin/orders/${orderId}/refund`, screen.fields);
    expect(done.status).toBe(303);
  }

  test("each refund is a credit note under its invoice (number, date, negative amount); the month's total and the customer's invoice are net", async () => {
    const client = await owner(server);
    await payInSandbox(server.url, "veo3-pack", "fr", ines("Rembourse"));
    await payInSandbox(server.url, "veo3-single", "fr", ines("Garde"));
    const orders = (await readStore(server.dataDir)).orders;
    const refunded = orders.find((o) => o.customer.lastName === "Rembourse")!;
    const kept = orders.find((o) => o.customer.lastName === "Garde")!;
    const paid = refunded.amountDueNow;
    // Part, then the rest: two credit notes.
    await refund(client, refunded.id, "10");
    await refund(client, refunded.id, ((paid - 1_000) / 100).toFixed(2));

    const html = decode(await (await client.get("/admin/invoices")).text());
    const row = rowHtml(html, refunded.id);
    const notes = [
      ...row.matchAll(
        /data-testid="credit-note"[\s\S]*?credit-note-number"[^>]*>([^<]+)<[\s\S]*?<time dateTime="([^"]+)">([^<]+)<[\s\S]*?credit-note-amount"[^>]*>([^<]+)</g,
      ),
    ].map(([, number, at, date, amount]) => ({ number, at, date, amount }));
    expect(notes.map(({ number, amount }) => ({ number, amount }))).toEqual([
      { number: `${refunded.reference}-R1`, amount: formatMoney(-1_000, "EUR", "en") },
      { number: `${refunded.reference}-R2`, amount: formatMoney(-(paid - 1_000), "EUR", "en") },
    ]);
    for (const note of notes) {
      expect(Date.now() - Date.parse(note.at!)).toBeLessThan(10 * 60_000);
      expect(note.date).toMatch(/\d/);
    }
    expect(/data-testid="invoice-net"[^>]*>([^<]+)</.exec(row)?.[1]).toBe(formatMoney(0, "EUR", "en"));
    // The order that was kept has no credit note.
    expect(rowHtml(html, kept.id)).not.toContain("credit-note");
    // The month: gross of both invoices, the refunds, and what was kept.
    const totals = /data-testid="invoices-total"[^>]*>([\s\S]*?)<\/p>/.exec(html)![1]!.replace(/<[^>]+>/g, "");
    expect(totals).toContain(en.total.replace("{{amounts}}", formatMoney(paid + kept.amountDueNow, "EUR", "en")));
    expect(totals).toContain(en.refunded.replace("{{amounts}}", formatMoney(-paid, "EUR", "en")));
    expect(totals).toContain(en.net.replace("{{amounts}}", formatMoney(kept.amountDueNow, "EUR", "en")));

    // The customer's own invoice (the sandbox's, in the order's language) lists both credit notes and the net paid.
    const link = /<a href="([^"]+)"[^>]*data-paper="sandboxInvoice"/.exec(row)![1]!;
    const invoice = decode(await (await fetch(link.replace(/^https?:\/\/[^/]+/, server.url))).text());
    const fr = JSON.parse(fs.readFileSync(path.resolve("locales/fr/subscription.json"), "utf8")).invoice;
    const lines = [
      ...invoice.matchAll(/data-testid="invoice-credit-note"><td[^>]*>([^<]+)<\/td><td[^>]*>([^<]+)</g),
    ].map(([, label, amount]) => ({ label, amount }));
    expect(lines.map((line) => line.amount)).toEqual([
      formatMoney(-1_000, "EUR", "fr"),
      formatMoney(-(paid - 1_000), "EUR", "fr"),
    ]);
    expect(lines[0]!.label).toContain(fr.creditNote.split(" {{")[0]);
    expect(lines[0]!.label).toContain(`${refunded.reference}-R1`);
    expect(/data-testid="invoice-net"[^>]*>([^<]+)</.exec(invoice)?.[1]).toBe(formatMoney(0, "EUR", "fr"));
    expect(invoice).toContain(fr.net);
  });
});

describe("with Stripe", () => {
  const { stripe, server, smtp } = suiteStripeShop({ OWNER_LANG: "en" });

  test("each paid order links Stripe's hosted invoice, its PDF and the card receipt", async () => {
    const client = await owner(server);
    const sessionId = await payThroughStripe(server, stripe, {
      offer: "veo3-pack",
      lang: "en",
      form: ines("Stripe", { email: "stripe.papers@example.com" }),
    });
    await waitFor(() => smtp.messages.some((m) => m.to.includes("stripe.papers@example.com")), 15_000, "confirmation");

    const session = stripe.sessions.get(sessionId)!;
    const charge = stripe.chargeOf(sessionId)!;
    const invoiceId = typeof session.invoice === "string" ? session.invoice : null;
    expect(invoiceId, "a one-time payment's invoice (invoice_creation)").toBeTruthy();
    const rows = rowsOf(await (await client.get("/admin/invoices", { headers: { "Accept-Language": "en" } })).text());
    expect(rows).toHaveLength(1);
    expect(rows[0]!.papers).toEqual([
      { kind: "invoice", url: `https://invoice.stripe.com/i/${invoiceId}` },
      { kind: "invoicePdf", url: `https://pay.stripe.com/invoice/${invoiceId}/pdf` },
      { kind: "receipt", url: charge.receipt_url },
    ]);
    // A paid order's papers do not change: opening the page again asks Stripe nothing.
    const asked = stripe.apiRequests;
    const again = rowsOf(await (await client.get("/admin/invoices", { headers: { "Accept-Language": "en" } })).text());
    expect(again[0]!.papers).toEqual(rows[0]!.papers);
    expect(stripe.apiRequests).toBe(asked);
  });
});
