import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { createApiToken } from "../../app/api/tokens.server.ts";
import { openStores } from "../../app/stores.server.ts";
import { formatMoney } from "../../app/i18n/format.ts";
import { AdminClient, ownerReset, setUpOwner, subjectOf } from "../support/admin.ts";
import { asHtml, confirmPost, moneyLocale, openScreen, orderPage } from "../support/money.ts";
import { orderForm, postOrder, readStore, waitFor } from "../support/orders.ts";
import { databaseUrlFor } from "../support/store.ts";
import { suiteStripeShop } from "../support/suite.ts";
import { deliverHandled, payThroughStripe, postEvent } from "../support/stripe-webhooks.ts";

/**
 * Refunds and cancellations with Stripe (the fake of tests/support/fake-stripe.ts): the owner refunds an
 * order (half, then the rest) and cancels a subscription (at the period's end, then now) from the
 * back office. Each action is confirmed on a second screen, goes to Stripe once however often the
 * confirmation is posted, is written in the timeline, tells the customer once in their language,
 * and Stripe's later events about the same change record nothing twice.
 */
const OWNER = "owner@example.com";
const PASSWORD = "correct horse battery staple";
const { stripe, smtp, server } = suiteStripeShop({
  MAIL_FROM: "Lumen Automation <orders@example.com>",
  CONTACT_EMAIL: "hello@example.com",
  OWNER_EMAIL: OWNER,
  OWNER_LANG: "en",
  OUTBOX_POLL_MS: "100",
});
const en = moneyLocale("en");
const de = moneyLocale("de");

let owner: AdminClient;
beforeAll(async () => {
  owner = (
    await setUpOwner(server.url, ownerReset(server.dataDir, server.url, await databaseUrlFor(server.dataDir)), PASSWORD)
  ).client;
});

const mailsTo = (email: string) => smtp.messages.filter((message) => message.to.includes(email));
const orderOf = async (email: string) =>
  (await readStore(server.dataDir)).orders.find((o) => o.customer.email === email)!;
const kindsOf = async (orderId: string) => (await readStore(server.dataDir)).emails.get(orderId)!.map((e) => e.kind);
/** Lets the outbox run, then checks nothing more arrives. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 800));

/** Orders, pays on the fake hosted page, comes back; Stripe's checkout.session.completed arrives. */
async function paidOrder(offer: string, lang: string, email: string) {
  const sessionId = await payThroughStripe(server, stripe, {
    offer,
    lang,
    form: orderForm({ email, firstName: "Rosa", lastName: "Keller" }),
  });
  await waitFor(() => mailsTo(email).length > 0, 15_000, "confirmation");
  return { session: stripe.sessions.get(sessionId)!, order: await orderOf(email) };
}

/** Delivers the events Stripe sent since `from` (what a real account would post to the webhook); their outcomes. */
async function deliverSent(from: number) {
  const outcomes: Array<string | null> = [];
  for (const event of stripe.sent.slice(from)) outcomes.push((await deliverHandled(server, event)).outcome);
  return outcomes;
}

/** The order page's refund form, sent (a GET carrying the key the page gave the form). */
const refundScreen = (orderId: string, amount: string, reason = "requested_by_customer", note = "", lang = "en") =>
  openScreen(
    owner,
    `/admin/orders/${orderId}/refund?${new URLSearchParams({ key: crypto.randomUUID(), amount, reason, note })}`,
    lang,
  );

describe("refunds", () => {
  test("half, then the rest: one Stripe refund per confirmation however often it is posted; timeline; the customer told once each, in German; the webhook after it adds nothing", async () => {
    const email = "refund-half@example.com";
    const { session, order } = await paidOrder("veo3-pack", "de", email);
    const paid = order.amountDueNow;
    const half = paid / 2;
    const money = (minor: number, lang: "en" | "de") => formatMoney(minor, order.currency, lang);

    // First step: the amount as a German owner types it. The second screen says exactly what happens.
    const screen = await refundScreen(order.id, (half / 100).toFixed(2).replace(".", ","));
    expect(screen.status).toBe(200);
    expect(screen.html).toContain(
      asHtml(
        en.confirm.refundQuestion
          .replace("{{amount}}", money(half, "en"))
          .replace("{{name}}", "Rosa Keller")
          .replace("{{email}}", email)
          .replace("{{offer}}", "Pack of 5 Veo3 videos"),
      ),
    );
    expect(screen.html).toContain(asHtml(en.confirm.reason.replace("{{reason}}", en.reasons.requested_by_customer)));
    expect(stripe.refunds.size).toBe(0);
    expect(screen.fields).toMatchObject({ amountMinor: String(half), reason: "requested_by_customer" });

    // Confirm, then the same post again: a reload, a double tap (two at once), a second tab.
    const path = `/admin/orders/${order.id}/refund`;
    const first = await confirmPost(owner, path, screen.fields);
    expect(first).toMatchObject({ status: 303, location: `/admin/orders/${order.id}?money=refunded` });
    const replays = [
      await confirmPost(owner, path, screen.fields),
      ...(await Promise.all([confirmPost(owner, path, screen.fields), confirmPost(owner, path, screen.fields)])),
    ];
    for (const replay of replays)
      expect(replay).toMatchObject({ status: 303, location: `/admin/orders/${order.id}?money=refunded` });
    expect(stripe.refunds.size).toBe(1);
    // Back to the screen (or a second tab on it, or a reload): its key is spent, the order page says it is done.
    const back = await owner.get(screen.url);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/admin/orders/${order.id}?money=refunded`);
    const refund = [...stripe.refunds.values()][0]!;
    expect(refund).toMatchObject({
      amount: half,
      payment_intent: session.payment_intent,
      reason: "requested_by_customer",
      metadata: { order_id: order.id },
    });
    expect(stripe.charges.get(refund.charge)!.amount_refunded).toBe(half);

    // The page says so; the timeline has the refund once.
    const page = await orderPage(owner, order.id);
    expect(page).toContain(asHtml(en.refundedSoFar.replace("{{amount}}", money(half, "en"))));
    expect(page).toContain(asHtml(en.left.replace("{{amount}}", money(paid - half, "en"))));
    const timeline = /data-testid="timeline"[\s\S]*?<\/ol>/.exec(page)![0];
    // One "Refund" line naming the refund (an "Email sent" line may name the email about it too).
    expect(timeline.match(new RegExp(`>Refund</p><p[^>]*>[^<]*${refund.id}`, "g"))).toHaveLength(1);

    // Stripe's events about that refund arrive: recorded, nothing more to anyone.
    const events = stripe.sent.filter((event) => event.type === "charge.refunded" || event.type === "refund.created");
    expect(events.map((event) => event.type)).toEqual(["charge.refunded", "refund.created"]);
    expect((await deliverHandled(server, events[0]!)).outcome).toBe("partially refunded");
    expect((await postEvent(server.url, events[1]!)).body).toBe("Ignored");

    // The rest, typed the English way; its screen's key is a new one.
    const sentBefore = stripe.sent.length;
    const rest = await refundScreen(
      order.id,
      ((paid - half) / 100).toFixed(2),
      "other",
      "Service not delivered in time",
    );
    expect(rest.status).toBe(200);
    expect(rest.fields.key).not.toBe(screen.fields.key);
    expect((await confirmPost(owner, path, rest.fields)).status).toBe(303);
    expect((await confirmPost(owner, path, rest.fields)).status).toBe(303);
    expect(stripe.refunds.size).toBe(2);
    expect([...stripe.refunds.values()][1]).toMatchObject({
      amount: paid - half,
      reason: null,
      metadata: { order_id: order.id, note: "Service not delivered in time" },
    });
    expect((await orderOf(email)).billingState).toBe("refunded");
    expect(await deliverSent(sentBefore)).toEqual(["refunded", "Ignored"]);
    expect((await orderOf(email)).billingState).toBe("refunded");

    // Nothing is left: the form is gone and a third refund is refused.
    expect(await orderPage(owner, order.id)).toContain(asHtml(en.refund.none));
    const third = await refundScreen(order.id, "1");
    expect(third.status).toBe(409);
    expect(third.html).toContain(asHtml(en.errors.nothingLeft));

    // Two emails to the customer about refunds (one per refund), in their language, each once; none to the owner about their own refunds.
    const refundKinds = (await kindsOf(order.id)).filter((kind) => kind.startsWith("refund-issued."));
    expect(refundKinds).toHaveLength(2);
    await waitFor(() => mailsTo(email).length === 3, 15_000, "two refund emails");
    await settle();
    const refundMails = mailsTo(email).slice(1);
    expect(refundMails).toHaveLength(2);
    expect(subjectOf(refundMails[0]!.raw)).toContain(`Ihre Erstattung über ${money(half, "de")}`);
    expect(refundMails[1]!.text).toContain(`Ich habe Ihnen ${money(paid - half, "de")}`);
    expect((await kindsOf(order.id)).filter((kind) => kind.startsWith("owner-refund"))).toEqual([]);
  });

  test("refused with a clear 4xx in the owner's language: over what is left, garbled amounts, a forged confirmation, an unpaid order, a refund Stripe refuses", async () => {
    const email = "refund-refused@example.com";
    const { session, order } = await paidOrder("veo3-single", "en", email);
    const left = formatMoney(order.amountDueNow, order.currency, "de");
    const over = await refundScreen(order.id, ((order.amountDueNow + 1) / 100).toFixed(2), "duplicate", "", "de");
    expect(over.status).toBe(409);
    expect(over.html).toContain(asHtml(de.errors.tooMuch.replace("{{left}}", left)));
    // The form comes back with what was typed, to correct it.
    expect(over.html).toContain('data-testid="refund-form"');
    for (const typed of ["abc", "0", "0,00", "-5", "12,505", "1e3", ""]) {
      const garbled = await refundScreen(order.id, typed);
      expect(garbled.status, typed).toBe(400);
      expect(garbled.html).toContain(asHtml(en.errors.badAmount));
    }
    const noReason = await refundScreen(order.id, "1", "other", "");
    expect(noReason.status).toBe(400);

    // A confirmation forged past the screen is checked again; a key reused for another amount is refused.
    const path = `/admin/orders/${order.id}/refund`;
    const refundsAtStart = stripe.refunds.size;
    const screen = await refundScreen(order.id, "10");
    expect(
      (await confirmPost(owner, path, { ...screen.fields, amountMinor: String(order.amountDueNow + 100) })).status,
    ).toBe(409);
    expect((await confirmPost(owner, path, { ...screen.fields, key: "not-a-key" })).status).toBe(400);
    expect((await confirmPost(owner, path, screen.fields)).status).toBe(303);
    const reused = await confirmPost(owner, path, { ...screen.fields, amountMinor: "500" });
    expect(reused.status).toBe(409);
    expect(reused.html).toContain(asHtml(en.errors.keyReused));
    expect(stripe.refunds.size).toBe(refundsAtStart + 1);

    // Refunded meanwhile in the Stripe dashboard (the site does not know yet): Stripe refuses, the owner is told, nothing recorded.
    stripe.refund(stripe.chargeOf(session.id)!.id);
    const late = await refundScreen(order.id, "5");
    expect(late.status).toBe(200);
    const refused = await confirmPost(owner, path, late.fields);
    expect(refused.status).toBe(409);
    expect(stripe.refusals.at(-1)?.error.code).toBe("charge_already_refunded");
    expect((await kindsOf(order.id)).filter((kind) => kind.startsWith("refund-issued."))).toHaveLength(1);

    // An order not paid has nothing to refund.
    const unpaid = await postOrder(server.url, "veo3-single", "en", orderForm({ email: "unpaid@example.com" }));
    expect(unpaid.status).toBe(303);
    const unpaidOrder = await orderOf("unpaid@example.com");
    const notPaid = await refundScreen(unpaidOrder.id, "5");
    expect(notPaid.status).toBe(409);
    expect(notPaid.html).toContain(asHtml(en.errors.notPaid));

    // Signed out: the screen and the confirmation send to the sign-in page, and nothing is refunded.
    const stranger = new AdminClient(server.url);
    const refundsBefore = stripe.refunds.size;
    expect(
      (await stranger.get(`/admin/orders/${order.id}/refund?amount=1&reason=duplicate`)).headers.get("location"),
    ).toMatch(/^\/admin\/sign-in/);
    const posted = await stranger.post(path, { ...late.fields, key: crypto.randomUUID() });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toMatch(/^\/admin\/sign-in/);
    expect(stripe.refunds.size).toBe(refundsBefore);
  });
});

describe("a refund made in Stripe's dashboard", () => {
  test("once its event arrives, the order page offers only what is left, and a refund over it is refused before Stripe is asked", async () => {
    const email = "dashboard-refund@example.com";
    const { session, order } = await paidOrder("veo3-single", "en", email);
    const paid = order.amountDueNow;
    const part = 500;
    const money = (minor: number, lang: "en") => formatMoney(minor, order.currency, lang);
    // The owner gives some back in the Stripe dashboard: the site learns it from charge.refunded.
    const charge = stripe.refund(stripe.chargeOf(session.id)!.id, part);
    expect((await deliverHandled(server, stripe.objectEvent("charge.refunded", charge))).outcome).toBe(
      "partially refunded",
    );

    const page = await orderPage(owner, order.id);
    expect(page).toContain(asHtml(en.refundedSoFar.replace("{{amount}}", money(part, "en"))));
    expect(page).toContain(asHtml(en.left.replace("{{amount}}", money(paid - part, "en"))));
    const refundsBefore = stripe.refunds.size;
    const refusalsBefore = stripe.refusals.length;
    const over = await refundScreen(order.id, (paid / 100).toFixed(2));
    expect(over.status).toBe(409);
    expect(over.html).toContain(asHtml(en.errors.tooMuch.replace("{{left}}", money(paid - part, "en"))));
    expect(stripe.refunds.size).toBe(refundsBefore);
    expect(stripe.refusals.length).toBe(refusalsBefore);
  });
});

describe("money ends the work, from Stripe too", () => {
  test("a charge refunded in full in Stripe's dashboard (charge.refunded) closes the work through its state machine: stored as refunded, the customer's page read-only saying why in French, a brief, a revision and an acceptance refused 409, off the API's list", async () => {
    const email = "stripe-full-refund@example.com";
    const { session, order } = await paidOrder("veo3-single", "fr", email);
    const link = new RegExp(`${server.url}(/order/[\\w.-]+)\\?lang=\\w\\w`).exec(mailsTo(email)[0]!.text)!;
    const page = `${link[1]}?lang=fr`;
    const repo = await openStores({ DATA_DIR: server.dataDir, DATABASE_URL: await databaseUrlFor(server.dataDir) });
    try {
      const { secret } = await createApiToken(repo, "n8n");
      const listed = async () => {
        const answer = await fetch(`${server.url}/api/v1/orders`, { headers: { Authorization: `Bearer ${secret}` } });
        return ((await answer.json()) as { orders: Array<{ reference: string }> }).orders.map((o) => o.reference);
      };
      expect(await listed()).toContain(order.reference);

      const charge = stripe.refund(stripe.chargeOf(session.id)!.id);
      expect((await deliverHandled(server, stripe.objectEvent("charge.refunded", charge))).outcome).toBe("refunded");
      const closure = await repo.db
        .selectFrom("work_closures")
        .select(["reason", "event"])
        .where("order_id", "=", order.id)
        .executeTakeFirst();
      expect(closure).toEqual({ reason: "refunded", event: "refundFull" });

      const fr = JSON.parse(fs.readFileSync(path.resolve("locales/fr/delivery.json"), "utf8"));
      const closed = await (await fetch(server.url + page)).text();
      expect(closed).toContain('data-testid="work-closed"');
      expect(closed).toContain(asHtml(fr.closed.refunded));
      expect(closed).not.toContain('data-testid="brief-form"');
      const brief = new FormData();
      brief.set("brief", "Mon sujet");
      for (const body of [
        brief,
        new URLSearchParams({ intent: "revision", text: "Plus court" }),
        new URLSearchParams({ intent: "accept" }),
      ]) {
        const late = await fetch(server.url + page, { method: "POST", body, redirect: "manual" });
        expect(late.status).toBe(409);
        expect(await late.text()).toContain(asHtml(fr.errors.workClosed));
      }
      expect(await listed()).not.toContain(order.reference);
    } finally {
      await repo.close();
    }
  });
});

describe("cancelling a subscription", () => {
  test("at the period's end, then now: Stripe updated then cancelled once each, the customer told once in Italian, the later events add nothing, a second cancel refused", async () => {
    const email = "cancel-sub@example.com";
    const { session, order } = await paidOrder("formateur-ia", "it", email);
    const subscriptionId = session.subscription!;
    const path = `/admin/orders/${order.id}/cancel`;

    const screen = await openScreen(owner, `${path}?when=period_end`);
    expect(screen.status).toBe(200);
    expect(screen.html).toContain(asHtml(en.confirm.cancelAtPeriodEndQuestion.split("{{offer}}")[0]!));
    expect(screen.html).toContain("Rosa Keller");
    expect(stripe.subscriptionWrites).toBe(0);
    const sentBefore = stripe.sent.length;
    for (let i = 0; i < 3; i++)
      expect(await confirmPost(owner, path, screen.fields)).toMatchObject({
        status: 303,
        location: `/admin/orders/${order.id}?money=cancelled`,
      });
    expect(stripe.subscriptionWrites).toBe(1);
    expect(stripe.subscriptions.get(subscriptionId)).toMatchObject({ cancel_at_period_end: true, status: "active" });
    const cancelling = await orderOf(email);
    expect(cancelling.billingState).toBe("cancelling");
    // Stripe's customer.subscription.updated arrives: same state, same email kind (not twice), no notice to the owner about their own act.
    expect(stripe.sent.slice(sentBefore).map((event) => event.type)).toEqual(["customer.subscription.updated"]);
    expect(await deliverSent(sentBefore)).toEqual(["cancelling"]);
    const confirmed = (await kindsOf(order.id)).filter((kind) => kind.startsWith("cancellation-confirmed."));
    expect(confirmed).toHaveLength(1);
    expect(await kindsOf(order.id)).not.toContain("owner-cancellation");
    expect((await openScreen(owner, `${path}?when=period_end`)).status).toBe(409);

    // Now, after all: the subscription ends today.
    const now = await openScreen(owner, `${path}?when=now`);
    expect(now.status).toBe(200);
    const sentNow = stripe.sent.length;
    expect(
      (await Promise.all([confirmPost(owner, path, now.fields), confirmPost(owner, path, now.fields)])).map(
        (answer) => answer.status,
      ),
    ).toEqual([303, 303]);
    expect(stripe.subscriptionWrites).toBe(2);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe("canceled");
    expect((await orderOf(email)).billingState).toBe("cancelled");
    expect(await deliverSent(sentNow)).toEqual(["cancelled"]);
    expect((await kindsOf(order.id)).filter((kind) => kind === "subscription-ended")).toHaveLength(1);

    // Cancelled already: refused, in the owner's language, and Stripe is not asked again.
    const again = await openScreen(owner, `${path}?when=now`, "de");
    expect(again.status).toBe(409);
    expect(again.html).toContain(asHtml(de.errors.alreadyCancelled));
    expect((await confirmPost(owner, path, { ...now.fields, key: crypto.randomUUID() })).status).toBe(409);
    expect(stripe.subscriptionWrites).toBe(2);

    // The timeline has both, the customer got both emails once, in Italian.
    const timeline = /data-testid="timeline"[\s\S]*?<\/ol>/.exec(await orderPage(owner, order.id))![0];
    expect(timeline.match(/Subscription cancelled/g)).toHaveLength(2);
    await waitFor(() => mailsTo(email).length === 3, 15_000, "cancellation emails");
    await settle();
    expect(mailsTo(email)).toHaveLength(3);
    expect(subjectOf(mailsTo(email)[1]!.raw)).toContain("disdetta");
  });

  test("a subscription's first payment is refunded through its first invoice's PaymentIntent", async () => {
    const email = "refund-sub@example.com";
    const { session, order } = await paidOrder("formateur-ia", "en", email);
    const screen = await refundScreen(order.id, "10");
    expect((await confirmPost(owner, `/admin/orders/${order.id}/refund`, screen.fields)).status).toBe(303);
    const refund = [...stripe.refunds.values()].at(-1)!;
    expect(refund.charge).toBe(stripe.chargeOf(session.id)!.id);
    expect(refund.amount).toBe(1000);
    // A refunded part of a subscription leaves the subscription's state alone.
    expect((await orderOf(email)).billingState).toBe("active");
  });
});
