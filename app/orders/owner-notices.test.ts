import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { CONFIRMATION_EMAIL, OWNER_PAID_EMAIL, ownerFailureKind } from "./email-kinds.ts";
import { fulfil } from "./fulfil.server.ts";
import { renderOutboxEmail } from "./outbox-emails.server.ts";
import { MAX_PERMANENT_ATTEMPTS } from "./outbox-worker.server.ts";
import type { OutboxMessage } from "./types.ts";
import { newTestOrder, orderInSandboxCheckout, paidTestOrder, testCustomer, testOutboxWorker } from "../../tests/support/order-fixtures.ts";
import { openTestStore } from "../../tests/support/store.ts";
import { KyselyOrderRepository } from "./repository.server.ts";

const config = { contactEmail: "hello@example.com", ownerEmail: "owner@example.com", ownerLang: "fr" as const, publicOrigin: "https://shop.example" };

let repo: KyselyOrderRepository;
const companyCustomer = { ...testCustomer, companyName: "Lima Lda" };
const newOrder = () => newTestOrder({ customer: companyCustomer });

beforeEach(async () => {
  repo = new KyselyOrderRepository(await openTestStore());
});
afterEach(() => repo.close());

describe("owner notices", () => {
  test("an order paid before its owner notice was queued (crash) gets it on the next fulfil, still once", async () => {
    const { store, provider, order, session } = await orderInSandboxCheckout(repo);
    await store.setStatus(session.id, "paid");
    // As if the process died right after markPaid committed.
    await repo.markPaid(order.id, CONFIRMATION_EMAIL);
    expect((await repo.listEmails(order.id)).map((e) => e.kind)).toEqual([CONFIRMATION_EMAIL]);
    await fulfil(session.id, { repo, provider });
    await fulfil(session.id, { repo, provider });
    expect((await repo.listEmails(order.id)).map((e) => e.kind)).toEqual([CONFIRMATION_EMAIL, OWNER_PAID_EMAIL]);
  });

  test("the owner notice goes to OWNER_EMAIL in OWNER_LANG with a link to the order", async () => {
    const { order } = await repo.createOrder(newOrder());
    await repo.markPaid(order.id, OWNER_PAID_EMAIL);
    const [message] = await repo.claimDueEmails(1, 1000);
    const email = await renderOutboxEmail(repo, message!, config);
    expect(email.to).toBe("owner@example.com");
    expect(email.subject).toMatch(/^Nouvelle commande payée : .+ – Ana Lima$/);
    expect(email.text).toContain("Langue: Português");
    expect(email.text).toContain(`https://shop.example/admin/orders/${order.id}`);
  });

  test("an email that finally fails is marked failed, on the timeline, and reported to the owner once", async () => {
    const order = await paidTestOrder(repo, { customer: companyCustomer });
    const gaveUp: string[] = [];
    const refuseConfirmation = async (message: OutboxMessage) => {
      // A permanent SMTP refusal: tried MAX_PERMANENT_ATTEMPTS times, then given up.
      if (message.kind === CONFIRMATION_EMAIL) throw Object.assign(new Error("550 mailbox unavailable"), { responseCode: 550 });
      return "<ok>";
    };
    const worker = testOutboxWorker(repo, refuseConfirmation, {
      onGaveUp: async (message) => {
        gaveUp.push(message.kind);
        await repo.enqueueEmail(message.orderId!, ownerFailureKind(message.id));
      },
    });
    for (let pass = 0; pass < MAX_PERMANENT_ATTEMPTS + 1; pass++) {
      await worker.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const emails = await repo.listEmails(order.id);
    expect(emails[0]).toMatchObject({ kind: CONFIRMATION_EMAIL, status: "failed", attempts: MAX_PERMANENT_ATTEMPTS, lastError: "550 mailbox unavailable" });
    expect(emails[1]).toMatchObject({ kind: ownerFailureKind(emails[0]!.id), status: "sent" });
    expect(gaveUp).toEqual([CONFIRMATION_EMAIL]);
    expect((await repo.listOrderEvents(order.id)).map((e) => e.kind)).toEqual([...Array(MAX_PERMANENT_ATTEMPTS - 1).fill("email_failed"), "email_gave_up", "email_sent"]);
    // Given up means never tried again.
    expect(await repo.claimDueEmails(10, 1000)).toEqual([]);

    const notice = await renderOutboxEmail(repo, { id: emails[1]!.id, orderId: order.id, quoteId: null, kind: emails[1]!.kind, attempts: 1 }, config);
    expect(notice.to).toBe("owner@example.com");
    expect(notice.subject).toBe("Un e-mail à ana@example.com n’a pas pu être remis");
    expect(notice.text).toContain("550 mailbox unavailable");
  });
});
