import { describe, expect, test } from "vitest";
import {
  BILLING_EMAIL,
  CONFIRMATION_EMAIL,
  OWNER_PAID_EMAIL,
  QUOTE_EMAIL_KINDS,
  ownerFailureKind,
} from "./email-kinds.ts";
import { enqueueOwnerFailureNotice, renderOutboxEmail } from "./outbox-emails.server.ts";
import { MAX_PERMANENT_ATTEMPTS } from "./outbox-worker.server.ts";
import type { OutboxMessage } from "./types.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { formatDate } from "../i18n/format.ts";
import { translator } from "../i18n/translator.server.ts";
import {
  newTestOrder,
  paidTestOrder,
  testCustomer,
  testOutboxWorker,
  testQuoteRequest,
} from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";

const config = {
  contactEmail: "hello@example.com",
  ownerEmail: "owner@example.com",
  ownerLang: "fr" as const,
  publicOrigin: "https://shop.example",
};

const repo = storesPerTest();
const companyCustomer = { ...testCustomer, companyName: "Lima Lda" };
const newOrder = () => newTestOrder({ customer: companyCustomer });

describe("owner notices", () => {
  test("the owner notice goes to OWNER_EMAIL in OWNER_LANG with a link to the order", async () => {
    const { order } = await repo.createOrder(newOrder());
    await repo.markPaid(order.id, OWNER_PAID_EMAIL);
    const [message] = await repo.claimDueEmails(1, 1000);
    const email = await renderOutboxEmail(repo, message!, config);
    expect(email.to).toBe("owner@example.com");
    expect(email.subject).toMatch(/^Nouvelle commande payée\s: .+ – Ana Lima$/);
    expect(email.text).toContain("Langue\u00a0: Português");
    expect(email.text).toContain(`https://shop.example/admin/orders/${order.id}`);
  });

  test("the owner can act on a notice: Reply-To the customer and a link to the order (paid, cancellation)", async () => {
    const { order } = await repo.createOrder(newOrder());
    await repo.markPaid(order.id, OWNER_PAID_EMAIL);
    await repo.enqueueEmail(order.id, BILLING_EMAIL.ownerCancellation);
    const orderUrl = `https://shop.example/admin/orders/${order.id}`;
    for (const kind of [OWNER_PAID_EMAIL, BILLING_EMAIL.ownerCancellation]) {
      const email = await renderOutboxEmail(
        repo,
        { id: 0, orderId: order.id, quoteId: null, kind, attempts: 0 },
        config,
      );
      expect(email.to, kind).toBe("owner@example.com");
      expect(email.replyTo, kind).toBe(order.customer.email);
      expect(email.text, kind).toContain(orderUrl);
      expect(email.html, kind).toContain(`href="${orderUrl}"`);
    }
  });

  test("French emails leave with the pages' spaces: a no-break space before ':' in text and HTML", async () => {
    const order = await paidTestOrder(repo, { lang: "fr", customer: companyCustomer });
    const confirmation = await renderOutboxEmail(
      repo,
      { id: 0, orderId: order.id, quoteId: null, kind: CONFIRMATION_EMAIL, attempts: 0 },
      config,
    );
    expect(confirmation.text).toMatch(/^Prix\u00a0: /m);
    expect(confirmation.html).toContain("<strong>Prix\u00a0:</strong>");
    const owner = await renderOutboxEmail(
      repo,
      { id: 0, orderId: order.id, quoteId: null, kind: OWNER_PAID_EMAIL, attempts: 0 },
      config,
    );
    for (const email of [confirmation, owner]) {
      // Labels glued to their colon ("Prix:") or with a breakable space ("Prix :"): neither is left.
      expect(email.text).not.toMatch(/[\p{L})] ?:(\s|$)/mu);
      expect(email.html.replace(/<[^>]*>/g, "")).not.toMatch(/[\p{L})] ?:(\s|$)/mu);
    }
    // Links are left as they are.
    expect(owner.text).toContain(`https://shop.example/admin/orders/${order.id}`);
  });

  test("emails to customers and visitors answer to the contact address", async () => {
    const order = await paidTestOrder(repo, { customer: companyCustomer });
    const quote = await testQuoteRequest(repo, { email: "visitor@example.com" });
    const customerKinds = [
      CONFIRMATION_EMAIL,
      "delivered",
      BILLING_EMAIL.manageLink("1"),
      BILLING_EMAIL.cancellationConfirmed("2026-12-24T00:00:00Z"),
    ];
    for (const kind of customerKinds) {
      const email = await renderOutboxEmail(
        repo,
        { id: 0, orderId: order.id, quoteId: null, kind, attempts: 0 },
        config,
      );
      expect(email.to, kind).toBe(order.customer.email);
      expect(email.replyTo, kind).toBe("hello@example.com");
    }
    const ack = await renderOutboxEmail(
      repo,
      { id: 0, orderId: null, quoteId: quote.id, kind: QUOTE_EMAIL_KINDS.ack, attempts: 0 },
      config,
    );
    expect(ack).toMatchObject({ to: "visitor@example.com", replyTo: "hello@example.com" });
  });

  test("an email that finally fails is marked failed, on the timeline, and reported to the owner once", async () => {
    const order = await paidTestOrder(repo, { customer: companyCustomer });
    const gaveUp: string[] = [];
    const refuseConfirmation = async (message: OutboxMessage) => {
      // A permanent SMTP refusal: tried MAX_PERMANENT_ATTEMPTS times, then given up.
      if (message.kind === CONFIRMATION_EMAIL)
        throw Object.assign(new Error("550 mailbox unavailable"), { responseCode: 550 });
      return "<ok>";
    };
    const worker = testOutboxWorker(repo, refuseConfirmation, {
      onGaveUp: async (message) => {
        gaveUp.push(message.kind);
        await enqueueOwnerFailureNotice(repo, message);
      },
    });
    for (let pass = 0; pass < MAX_PERMANENT_ATTEMPTS + 1; pass++) {
      await worker.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const emails = await repo.listEmails(order.id);
    expect(emails[0]).toMatchObject({
      kind: CONFIRMATION_EMAIL,
      status: "failed",
      attempts: MAX_PERMANENT_ATTEMPTS,
      lastError: "550 mailbox unavailable",
    });
    expect(emails[1]).toMatchObject({ kind: ownerFailureKind(emails[0]!.id), status: "sent" });
    expect(gaveUp).toEqual([CONFIRMATION_EMAIL]);
    expect((await repo.listOrderEvents(order.id)).map((e) => e.kind)).toEqual([
      ...Array(MAX_PERMANENT_ATTEMPTS - 1).fill("email_failed"),
      "email_gave_up",
      "email_sent",
    ]);
    // Given up means never tried again.
    expect(await repo.claimDueEmails(10, 1000)).toEqual([]);

    const notice = await renderOutboxEmail(
      repo,
      { id: emails[1]!.id, orderId: order.id, quoteId: null, kind: emails[1]!.kind, attempts: 1 },
      config,
    );
    expect(notice.to).toBe("owner@example.com");
    expect(notice.subject).toBe("Un e-mail à ana@example.com n’a pas pu être remis");
    expect(notice.text).toContain("550 mailbox unavailable");
  });

  // The service's onGaveUp, with the gave-up messages recorded.
  const reportingWorker = (deliver: (message: OutboxMessage) => Promise<string>, gaveUp: string[]) =>
    testOutboxWorker(repo, deliver, {
      onGaveUp: async (message) => {
        gaveUp.push(message.kind);
        await enqueueOwnerFailureNotice(repo, message);
      },
    });
  const refused = () => Object.assign(new Error("550 5.1.1 mailbox unavailable"), { responseCode: 550 });
  /** Enough passes for a message, then a notice about it, to be given up. */
  async function drain(worker: ReturnType<typeof testOutboxWorker>) {
    for (let pass = 0; pass < 3 * MAX_PERMANENT_ATTEMPTS + 2; pass++) {
      await worker.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  test("a quote request whose acknowledgement finally fails is reported to the owner once, with the visitor, offer and error", async () => {
    const quote = await testQuoteRequest(repo, { email: "gone@example.com" });
    const gaveUp: string[] = [];
    const worker = reportingWorker(async (message) => {
      if (message.kind === QUOTE_EMAIL_KINDS.ack) throw refused();
      return "<ok>";
    }, gaveUp);
    await drain(worker);
    const emails = await repo.listQuoteEmails(quote.id);
    const ack = emails.find((e) => e.kind === QUOTE_EMAIL_KINDS.ack)!;
    expect(ack).toMatchObject({
      status: "failed",
      attempts: MAX_PERMANENT_ATTEMPTS,
      lastError: "550 5.1.1 mailbox unavailable",
    });
    expect(emails.map((e) => [e.kind, e.status])).toEqual([
      [QUOTE_EMAIL_KINDS.ack, "failed"],
      [QUOTE_EMAIL_KINDS.owner, "sent"],
      [ownerFailureKind(ack.id), "sent"],
    ]);
    expect(gaveUp).toEqual([QUOTE_EMAIL_KINDS.ack]);
    // Reported once: the same give-up seen again (another instance) enqueues nothing.
    expect(await enqueueOwnerFailureNotice(repo, ack)).toBe(false);
    expect(await repo.listQuoteEmails(quote.id)).toHaveLength(3);

    const notice = emails[2]!;
    const email = await renderOutboxEmail(
      repo,
      { id: notice.id, orderId: null, quoteId: quote.id, kind: notice.kind, attempts: 1 },
      config,
    );
    expect(email.to).toBe("owner@example.com");
    expect(email.subject).toBe("Un e-mail à gone@example.com n’a pas pu être remis");
    expect(email.text).toContain("l’accusé de réception d’une demande de devis n’a pas pu être remis");
    for (const line of [
      // When it came in says which request (a quote request has no reference); the language in the owner's words.
      `Reçue le\u00a0: ${formatDate(new Date(quote.createdAt), "fr", true)}`,
      "Visiteur\u00a0: Anna Schmidt <gone@example.com>",
      "Offre\u00a0: Agent IA WhatsApp",
      "Langue\u00a0: allemand",
      "E-mail\u00a0: Accusé de réception de demande de devis",
      `Tentatives\u00a0: ${MAX_PERMANENT_ATTEMPTS}`,
      "Dernière erreur\u00a0: 550 5.1.1 mailbox unavailable",
      `Ouvrir la demande de devis dans le back-office\u00a0: https://shop.example/admin/quotes/${quote.id}`,
    ]) {
      expect(email.text).toContain(line);
    }
    expect(email.html).toContain(`href="https://shop.example/admin/quotes/${quote.id}"`);
  });

  test("a failing owner email about a quote (its copy, or the failure notice itself) is not reported again", async () => {
    const quote = await testQuoteRequest(repo, { email: "gone@example.com" });
    const gaveUp: string[] = [];
    const worker = reportingWorker(async () => {
      throw refused();
    }, gaveUp);
    await drain(worker);
    const emails = await repo.listQuoteEmails(quote.id);
    const ack = emails.find((e) => e.kind === QUOTE_EMAIL_KINDS.ack)!;
    expect(emails.map((e) => [e.kind, e.status])).toEqual([
      [QUOTE_EMAIL_KINDS.ack, "failed"],
      [QUOTE_EMAIL_KINDS.owner, "failed"],
      [ownerFailureKind(ack.id), "failed"],
    ]);
    expect(gaveUp.sort()).toEqual([QUOTE_EMAIL_KINDS.ack, QUOTE_EMAIL_KINDS.owner, ownerFailureKind(ack.id)].sort());
    expect(await repo.claimDueEmails(10, 1000)).toEqual([]);
  });

  describe("a stored kind this version cannot write", () => {
    /** A row written by something else (a newer version, a manual insert): not through the typed enqueue. */
    async function insertRow(about: { order_id: string } | { quote_id: string }, kind: string) {
      const row = await repo.db
        .insertInto("outbox")
        .values({
          order_id: null,
          quote_id: null,
          unlock_id: null,
          ...about,
          kind,
          next_attempt_at: Date.now(),
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    }
    /** The service's worker: the real renderer, a mailer that records what left, the owner told of a give-up. */
    function sendingWorker() {
      const sent: Array<{ kind: string; to: string; subject: string; text: string }> = [];
      const worker = reportingWorker(async (message) => {
        const email = await renderOutboxEmail(repo, message, config);
        sent.push({ kind: message.kind, to: email.to, subject: email.subject, text: email.text });
        return "<ok>";
      }, []);
      return { sent, worker };
    }

    test("is failed at its first try, nothing is sent for it, and the owner is told what it was", async () => {
      const order = await paidTestOrder(repo, { customer: companyCustomer });
      const id = await insertRow({ order_id: order.id }, "loyalty-reward.2026");
      const { sent, worker } = sendingWorker();
      await worker.runOnce();
      await worker.runOnce();
      const rows = await repo.listEmails(order.id);
      expect(rows.find((row) => row.id === id)).toMatchObject({
        status: "failed",
        attempts: 1,
        lastError: 'unknown email kind "loyalty-reward.2026": not sent',
      });
      // Never sent, and no other email sent in its place: only the confirmation and the owner's notice left.
      expect(sent.map((email) => email.kind)).toEqual([CONFIRMATION_EMAIL, ownerFailureKind(id)]);
      expect(sent.filter((email) => email.to === order.customer.email)).toHaveLength(1);
      const notice = sent[1]!;
      expect(notice.to).toBe("owner@example.com");
      expect(notice.text).toContain(translator("fr", "email")("unknownKind.intro", { kind: "loyalty-reward.2026" }));
      expect(notice.text).toContain('Dernière erreur\u00a0: unknown email kind "loyalty-reward.2026": not sent');
      expect((await repo.listOrderEvents(order.id)).map((event) => event.kind)).toContain("email_gave_up");
      expect(await repo.claimDueEmails(10, 1000)).toEqual([]);
    });

    test("about a quote request, or a known kind about the wrong record: failed, the owner told", async () => {
      const quote = await testQuoteRequest(repo, { email: "visitor@example.com" });
      const unknown = await insertRow({ quote_id: quote.id }, "quote-reminder");
      // An order's confirmation, written about a quote request: no order to render it from.
      const misplaced = await insertRow({ quote_id: quote.id }, CONFIRMATION_EMAIL);
      const { sent, worker } = sendingWorker();
      await worker.runOnce();
      await worker.runOnce();
      const rows = await repo.listQuoteEmails(quote.id);
      expect(rows.filter((row) => row.id === unknown || row.id === misplaced).map((row) => row.status)).toEqual([
        "failed",
        "failed",
      ]);
      expect(sent.map((email) => email.kind).sort()).toEqual(
        [QUOTE_EMAIL_KINDS.ack, QUOTE_EMAIL_KINDS.owner, ownerFailureKind(unknown), ownerFailureKind(misplaced)].sort(),
      );
      const notice = sent.find((email) => email.kind === ownerFailureKind(unknown))!;
      expect(notice.to).toBe("owner@example.com");
      expect(notice.text).toContain("«\u00a0quote-reminder\u00a0»");
    });

    test.each(LANGUAGES)("the owner's notice says so in %s", async (ownerLang) => {
      const order = await paidTestOrder(repo, { customer: companyCustomer });
      const id = await insertRow({ order_id: order.id }, "loyalty-reward");
      await repo.markEmailFailed(id, 'unknown email kind "loyalty-reward": not sent');
      await enqueueOwnerFailureNotice(repo, {
        id,
        orderId: order.id,
        quoteId: null,
        kind: "loyalty-reward",
        attempts: 1,
      });
      const notice = (await repo.listEmails(order.id)).find((row) => row.kind === ownerFailureKind(id))!;
      const email = await renderOutboxEmail(repo, notice, { ...config, ownerLang });
      const intro = translator(ownerLang, "email")("unknownKind.intro", { kind: "loyalty-reward" });
      expect(intro).not.toMatch(/^unknownKind\./);
      expect(intro).toContain("loyalty-reward");
      expect(email.text.startsWith(intro)).toBe(true);
      expect(email.html).toContain("loyalty-reward");
      expect(email.text).not.toContain(translator(ownerLang, "admin")("notify.failedIntro"));
    });
  });
});
