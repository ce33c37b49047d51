import { describe, expect, test } from "vitest";
import { paidTestOrder, testCustomer } from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import type { Stores } from "../stores.server.ts";
import { closeWork } from "../delivery/delivery-store.server.ts";
import { renderOutboxEmail } from "../mail/outbox-emails.server.ts";
import { MORNING_SETTING, morningDigest, morningTick } from "./morning.server.ts";

// The owner's morning email, on the stores of the kind under test (also run on PostgreSQL): what
// the outbox holds after each check, and what the queued email says once rendered for sending.
const repo = storesPerTest();

const timeZone = "Europe/Paris";
const options = { at: 8 * 60, timeZone };
// Saturday 28 November 2026, 10:00 in Paris (09:00 UTC): after the 08:00 email time.
const now = new Date("2026-11-28T09:00:00Z");
const config = {
  contactEmail: "hello@example.com",
  ownerEmail: "owner@example.com",
  ownerLang: "en" as const,
  publicOrigin: "https://shop.example",
};

/** A paid order as of `paidAt` (the fixtures pay "now"). */
async function paidAt(
  stores: Stores,
  at: string,
  offer: "test-workflow" | "short-videos" | "formateur-ia",
  firstName: string,
  lastName: string,
) {
  const order = await paidTestOrder(stores, { offer, lang: "fr", customer: { ...testCustomer, firstName, lastName } });
  await stores.db.updateTable("orders").set({ paid_at: at }).where("id", "=", order.id).execute();
  return order;
}

/** The system emails waiting in the outbox (claimed as the worker claims them). */
async function morningEmails(stores: Stores) {
  return (await stores.claimDueEmails(100, 60_000)).filter((message) => message.systemKey);
}

describe("the owner's morning email", () => {
  test("nothing late, due or new: no email, and none later that day either", async () => {
    expect(await morningTick(repo, options, new Date("2026-11-28T06:59:00Z"))).toBe("early");
    expect(await morningTick(repo, options, now)).toBe("nothing");
    expect(await repo.getSetting(MORNING_SETTING)).toBe("2026-11-28");
    // An order paid at noon is for tomorrow's email.
    await paidAt(repo, "2026-11-28T11:00:00Z", "test-workflow", "Zoé", "Noon");
    expect(await morningTick(repo, options, new Date("2026-11-28T11:30:00Z"))).toBe("done");
    expect(await morningEmails(repo)).toEqual([]);
    expect(await morningTick(repo, { ...options, at: null }, new Date("2026-11-29T09:00:00Z"))).toBe("off");
  });

  test("one late, one due today and one new brief: one email that names each in words, linking to its page; a second check that day sends nothing", async () => {
    // Paid on Thursday morning, promised in 24 hours: late since Friday 11:00.
    const late = await paidAt(repo, "2026-11-26T10:00:00Z", "test-workflow", "Inès", "Durand");
    // Paid on Thursday afternoon, promised in 48 hours: due today at 14:00.
    const today = await paidAt(repo, "2026-11-26T13:00:00Z", "short-videos", "Marc", "Petit");
    // Paid before yesterday's email (due tomorrow); its brief arrived yesterday evening.
    const briefed = await paidAt(repo, "2026-11-27T06:00:00Z", "formateur-ia", "Léa", "Martin");
    await repo.saveBrief(briefed.id, "The agent should answer in Portuguese.");
    await repo.db
      .updateTable("order_briefs")
      .set({ created_at: "2026-11-27T18:00:00.000Z" })
      .where("order_id", "=", briefed.id)
      .execute();

    // Two instances checking at the same moment write one email.
    expect((await Promise.all([morningTick(repo, options, now), morningTick(repo, options, now)])).sort()).toEqual([
      "done",
      "queued",
    ]);
    expect(await morningTick(repo, options, new Date("2026-11-28T15:00:00Z"))).toBe("done");
    const [message, ...more] = await morningEmails(repo);
    expect(more).toEqual([]);
    expect(message!.kind).toBe("owner-morning.2026-11-28");

    const email = await renderOutboxEmail(repo, message!, {
      ...config,
      morningDigest: (day) => morningDigest(repo, day, options, now),
    });
    expect(email.to).toBe("owner@example.com");
    expect(email.subject).toBe("Your day, Saturday, 28 November 2026");
    const lines = email.text.split("\n");
    const after = (heading: string) => lines[lines.indexOf(heading) + 1];
    expect(after("Late (1)")).toBe(
      `- ${late.reference} · Test workflow for Inès Durand · €1, was due Friday, 27 November 2026 at 11:00 CET`,
    );
    expect(after("Due today (1)")).toBe(
      `- ${today.reference} · AI short videos for Marc Petit · €1, due today at 14:00 CET`,
    );
    expect(after("New since yesterday (1)")).toBe(
      `- ${briefed.reference} · AI trainer agent on Telegram for Léa Martin · €1: brief received, due Sunday, 29 November 2026 at 07:00 CET`,
    );
    // Each order once: Marc's, paid within the day before and due today, is not news again.
    expect(email.text.split(today.reference)).toHaveLength(2);
    for (const order of [late, today, briefed])
      expect(email.html).toContain(`href="https://shop.example/admin/orders/${order.id}"`);
  });

  test("each order once: one paid since yesterday and due today is listed under 'Due today' only, with its amount", async () => {
    // Paid yesterday at 14:00 CET, promised in 24 hours: new since yesterday's email and due today.
    const fresh = await paidAt(repo, "2026-11-27T13:00:00Z", "test-workflow", "Noé", "Blanc");
    const digest = await morningDigest(repo, "2026-11-28", options, now);
    expect(digest.dueToday.map((item) => item.orderId)).toEqual([fresh.id]);
    expect([...digest.paid, ...digest.briefs, ...digest.revisions]).toEqual([]);
    const email = await renderOutboxEmail(repo, { kind: "owner-morning.2026-11-28", systemKey: "daily" } as never, {
      ...config,
      morningDigest: async () => digest,
    });
    expect(email.text.split(fresh.reference)).toHaveLength(2);
    expect(email.text).toContain(`${fresh.reference} · Test workflow for Noé Blanc · €1, due today at 14:00 CET`);
  });

  test("money ended the work: an order whose work a full refund closed is neither late nor due (read from the work's closure)", async () => {
    const late = await paidAt(repo, "2026-11-26T10:00:00Z", "test-workflow", "Inès", "Durand");
    const refunded = await paidAt(repo, "2026-11-26T10:00:00Z", "test-workflow", "Paul", "Roux");
    // The state machine's closure, as a full refund writes it with the billing change.
    await closeWork(repo.db, refunded.id, { why: "refunded", event: "refundFull" });
    const digest = await morningDigest(repo, "2026-11-28", options, now);
    expect(digest.late.map((item) => item.orderId)).toEqual([late.id]);
    expect(digest.dueToday).toEqual([]);
  });

  test("a nearly full data volume is news on its own: the email says how much is left, and nothing when there is room", async () => {
    const MB = 1024 * 1024;
    const low = { ...options, dataDir: "/data", space: async () => ({ free: 40 * MB, total: 10 * 1024 * MB }) };
    expect(
      await morningTick(repo, { ...low, space: async () => ({ free: 5 * 1024 * MB, total: 10 * 1024 * MB }) }, now),
    ).toBe("nothing");
    expect(await morningTick(repo, low, new Date("2026-11-29T07:05:00Z"))).toBe("queued");
    const [message] = await morningEmails(repo);
    const email = await renderOutboxEmail(repo, message!, {
      ...config,
      morningDigest: (day) => morningDigest(repo, day, low, new Date("2026-11-29T07:05:00Z")),
    });
    const lines = email.text.split("\n");
    expect(lines[lines.indexOf("Data volume") + 1]).toBe(
      "- Only 41.9 MB free of 10.7 GB: the daily backup is skipped, and orders stop when it is full. Free some space or enlarge the volume.",
    );
    expect(email.text).not.toMatch(/^Late|^Due today|^New since/m);
  });

  test("the next morning is a new day: its email is written again when there is something", async () => {
    await paidAt(repo, "2026-11-26T10:00:00Z", "test-workflow", "Inès", "Durand");
    expect(await morningTick(repo, options, now)).toBe("queued");
    expect(await morningTick(repo, options, new Date("2026-11-29T07:05:00Z"))).toBe("queued");
    expect((await morningEmails(repo)).map((message) => message.kind).sort()).toEqual([
      "owner-morning.2026-11-28",
      "owner-morning.2026-11-29",
    ]);
  });
});
