import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { formatMoney } from "../../app/i18n/format.ts";
import { openStores } from "../../app/stores.server.ts";
import { ownerReset, setUpOwner, type AdminClient } from "../support/admin.ts";
import { asHtml, confirmPost, moneyLocale, openScreen, orderPage } from "../support/money.ts";
import { decodeMail, orderForm, postForm, postOrder, readStore, waitFor, SANDBOX_PAY } from "../support/orders.ts";
import { databaseUrlFor } from "../support/store.ts";
import { suiteServer } from "../support/suite.ts";

/**
 * Refunds and cancellations without a Stripe key: the sandbox checkout refunds and cancels on its own records
 * as Stripe would — never more than was paid, once per confirmation, a cancelled subscription not
 * cancelled twice — and the customer's email is written once, in their language.
 */
const PASSWORD = "correct horse battery staple";
const server = suiteServer({
  LOG_LEVEL: "silent",
  ORDER_RATE_LIMIT: "0",
  OUTBOX_POLL_MS: "100",
  OWNER_EMAIL: "owner@example.com",
  OWNER_LANG: "en",
  CONTACT_EMAIL: "hello@example.com",
});
const en = moneyLocale("en");

let owner: AdminClient;
beforeAll(async () => {
  owner = (
    await setUpOwner(server.url, ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)), PASSWORD)
  ).client;
});

/** Order → sandbox checkout → paid; the stored order. */
async function paidOrder(offer: string, lang: string, email: string) {
  const created = await postOrder(server.url, offer, lang, orderForm({ email, firstName: "Léa", lastName: "Durand" }));
  expect(created.status).toBe(303);
  const paid = await postForm(server.url + created.headers.get("location")!, SANDBOX_PAY);
  expect(paid.status).toBe(303);
  expect((await fetch(server.url + paid.headers.get("location")!)).status).toBe(200);
  return (await readStore(server.dataDir)).orders.find((order) => order.customer.email === email)!;
}

/** What the sandbox itself recorded for an order's session: refunded amount, subscription state. */
async function sandboxRecord(orderId: string) {
  const repo = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
  try {
    return await repo.db
      .selectFrom("sandbox_sessions")
      .select(["amount_refunded", "subscription_state"])
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
  } finally {
    await repo.close();
  }
}

const outboxFiles = (orderId: string, prefix: string) =>
  fs
    .readdirSync(path.join(server.dataDir, "outbox"))
    .filter((file) => file.startsWith(`${orderId}-${prefix}`) && file.endsWith(".eml"));
const kindsOf = async (orderId: string) => (await readStore(server.dataDir)).emails.get(orderId)!.map((e) => e.kind);
const refundScreen = (orderId: string, amount: string) =>
  openScreen(
    owner,
    `/admin/orders/${orderId}/refund?${new URLSearchParams({ key: crypto.randomUUID(), amount, reason: "requested_by_customer", note: "" })}`,
  );

describe("sandbox refunds", () => {
  test("half then the rest, replays refund once, more than was paid refused; one email per refund in the customer's language", async () => {
    const order = await paidOrder("veo3-single", "es", "sandbox-refund@example.com");
    const paid = order.amountDueNow;
    const half = Math.floor(paid / 2);
    const refundPath = `/admin/orders/${order.id}/refund`;

    const screen = await refundScreen(order.id, (half / 100).toFixed(2).replace(".", ","));
    expect(screen.status).toBe(200);
    expect(screen.html).toContain(asHtml(formatMoney(half, order.currency, "en")));
    const answers = [
      await confirmPost(owner, refundPath, screen.fields),
      ...(await Promise.all([1, 2, 3].map(() => confirmPost(owner, refundPath, screen.fields)))),
    ];
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 303, location: `/admin/orders/${order.id}?money=refunded` });
    expect(Number((await sandboxRecord(order.id)).amount_refunded)).toBe(half);

    // The rest is more than half: one cent too many is refused before anything moves.
    const tooMuch = await refundScreen(order.id, ((paid - half + 1) / 100).toFixed(2));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.html).toContain(
      asHtml(en.errors.tooMuch.replace("{{left}}", formatMoney(paid - half, order.currency, "en"))),
    );

    // Two tabs, each with its own confirmation of the whole rest: one refunds, the other is refused.
    const tabs = [
      await refundScreen(order.id, ((paid - half) / 100).toFixed(2)),
      await refundScreen(order.id, ((paid - half) / 100).toFixed(2)),
    ];
    const results = await Promise.all(tabs.map((tab) => confirmPost(owner, refundPath, tab.fields)));
    expect(results.map((result) => result.status).sort()).toEqual([303, 409]);
    expect(Number((await sandboxRecord(order.id)).amount_refunded)).toBe(paid);
    expect((await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!.billingState).toBe("refunded");

    const page = await orderPage(owner, order.id);
    expect(page).toContain(asHtml(en.refund.none));
    const timeline = /data-testid="timeline"[\s\S]*?<\/ol>/.exec(page)![0];
    expect(timeline.match(/>Refund</g)).toHaveLength(2);

    expect((await kindsOf(order.id)).filter((kind) => kind.startsWith("refund-issued."))).toHaveLength(2);
    await waitFor(() => outboxFiles(order.id, "refund-issued.").length === 2, 15_000, "refund emails");
    const mail = decodeMail(
      fs.readFileSync(path.join(server.dataDir, "outbox", outboxFiles(order.id, "refund-issued.")[0]!), "utf8"),
    );
    expect(mail).toContain("Le he reembolsado");
  });

  test("an unpaid order and an unknown order are refused, nothing recorded", async () => {
    const created = await postOrder(
      server.url,
      "veo3-single",
      "en",
      orderForm({ email: "sandbox-unpaid@example.com" }),
    );
    expect(created.status).toBe(303);
    const unpaid = (await readStore(server.dataDir)).orders.find(
      (o) => o.customer.email === "sandbox-unpaid@example.com",
    )!;
    const screen = await refundScreen(unpaid.id, "5");
    expect(screen.status).toBe(409);
    expect(screen.html).toContain(asHtml(en.errors.notPaid));
    expect((await refundScreen("no-such-order", "5")).status).toBe(404);
    const forged = await confirmPost(owner, `/admin/orders/${unpaid.id}/refund`, {
      key: crypto.randomUUID(),
      amountMinor: "500",
      reason: "duplicate",
      note: "",
    });
    expect(forged.status, `${forged.location}`).toBe(409);
    expect(Number((await sandboxRecord(unpaid.id)).amount_refunded)).toBe(0);
  });
});

describe("sandbox subscriptions", () => {
  test("cancel at the period's end, then now; the customer told once each; a cancelled one is not cancelled again", async () => {
    const order = await paidOrder("formateur-ia", "pt", "sandbox-cancel@example.com");
    const cancelPath = `/admin/orders/${order.id}/cancel`;
    const later = await openScreen(owner, `${cancelPath}?when=period_end`);
    expect(later.status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await confirmPost(owner, cancelPath, later.fields)).status).toBe(303);
    expect((await sandboxRecord(order.id)).subscription_state).toBe("cancelling");
    const cancelling = (await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!;
    expect(cancelling.billingState).toBe("cancelling");
    expect((await kindsOf(order.id)).filter((kind) => kind.startsWith("cancellation-confirmed."))).toHaveLength(1);

    const now = await openScreen(owner, `${cancelPath}?when=now`);
    expect(now.status).toBe(200);
    const twice = await Promise.all([
      confirmPost(owner, cancelPath, now.fields),
      confirmPost(owner, cancelPath, now.fields),
    ]);
    expect(twice.map((answer) => answer.status)).toEqual([303, 303]);
    expect((await sandboxRecord(order.id)).subscription_state).toBe("canceled");
    expect((await readStore(server.dataDir)).orders.find((o) => o.id === order.id)!.billingState).toBe("cancelled");
    expect((await kindsOf(order.id)).filter((kind) => kind === "subscription-ended")).toHaveLength(1);

    const again = await openScreen(owner, `${cancelPath}?when=now`);
    expect(again.status).toBe(409);
    expect(again.html).toContain(asHtml(en.errors.alreadyCancelled));
    expect((await confirmPost(owner, cancelPath, { key: crypto.randomUUID(), when: "now" })).status).toBe(409);
    await waitFor(() => outboxFiles(order.id, "subscription-ended").length === 1, 15_000, "ended email");
    const mail = decodeMail(
      fs.readFileSync(path.join(server.dataDir, "outbox", outboxFiles(order.id, "subscription-ended")[0]!), "utf8"),
    );
    expect(mail).toMatch(/assinatura/i);
  });
});
