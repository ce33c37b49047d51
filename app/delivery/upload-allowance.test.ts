import { describe, expect, test } from "vitest";
import { paidTestOrder } from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import { queueBriefReminders } from "./brief-reminder.server.ts";

// The customer's upload allowance and the brief's reminder, each decided by one conditional write,
// so concurrent posts or passes (on one instance or several) cannot pass it or repeat it.
const repo = storesPerTest();
const CAPS = { maxFiles: 10, maxBytes: 50 * 1024 * 1024 };
const allowanceRow = async (orderId: string, scope: string) =>
  repo.db
    .selectFrom("upload_allowances")
    .select(["files", "bytes"])
    .where("order_id", "=", orderId)
    .where("scope", "=", scope)
    .executeTakeFirst();

describe("the upload allowance", () => {
  test("20 concurrent reservations of a file: exactly 10 granted; of bytes: never past the cap; brief and revision apart", async () => {
    const order = await paidTestOrder(repo);
    const files = await Promise.all(
      Array.from({ length: 20 }, () => repo.reserveUpload(order.id, "brief", { files: 1, bytes: 0 }, CAPS)),
    );
    expect(files.filter(Boolean)).toHaveLength(10);
    const bytes = await Promise.all(
      Array.from({ length: 20 }, () =>
        repo.reserveUpload(order.id, "brief", { files: 0, bytes: 9 * 1024 * 1024 }, CAPS),
      ),
    );
    expect(bytes.filter(Boolean)).toHaveLength(5);
    expect(await allowanceRow(order.id, "brief")).toEqual({ files: 10, bytes: 45 * 1024 * 1024 });
    // The revisions' allowance is its own.
    expect(await repo.reserveUpload(order.id, "revision", { files: 1, bytes: 10 }, CAPS)).toBe(true);
  });

  test("a release gives back what was held and never goes below zero; a row starts from the files already stored", async () => {
    const order = await paidTestOrder(repo);
    await repo.addFile({
      id: "f1",
      orderId: order.id,
      kind: "brief",
      deliveryId: null,
      revisionId: null,
      name: "a.png",
      contentType: "image/png",
      size: 1000,
      storageKey: `orders/${order.id}/f1`,
      createdAt: new Date().toISOString(),
    });
    expect(await repo.reserveUpload(order.id, "brief", { files: 9, bytes: 0 }, CAPS)).toBe(true);
    expect(await allowanceRow(order.id, "brief")).toEqual({ files: 10, bytes: 1000 });
    expect(await repo.reserveUpload(order.id, "brief", { files: 1, bytes: 0 }, CAPS)).toBe(false);
    await repo.releaseUpload(order.id, "brief", { files: 50, bytes: 5000 });
    expect(await allowanceRow(order.id, "brief")).toEqual({ files: 0, bytes: 0 });
  });
});

describe("the brief's reminder", () => {
  const paidHoursAgo = async (hours: number) => {
    const order = await paidTestOrder(repo);
    await repo.db
      .updateTable("orders")
      .set({ paid_at: new Date(Date.now() - hours * 3_600_000).toISOString() })
      .where("id", "=", order.id)
      .execute();
    return order;
  };
  const reminders = async (orderId: string) =>
    (await repo.listEmails(orderId)).filter((email) => email.kind === "brief-reminder");

  test("once, to an order paid BRIEF_REMINDER_HOURS ago with no brief and nothing delivered, however many passes run at once", async () => {
    const due = await paidHoursAgo(25);
    const recent = await paidHoursAgo(2);
    const briefed = await paidHoursAgo(25);
    await repo.saveBrief(briefed.id, "Here it is");
    const old = await paidHoursAgo(24 * 30);
    const passes = await Promise.all([1, 2, 3].map(() => queueBriefReminders(repo.db, 24)));
    expect(passes.reduce((sum, queued) => sum + queued, 0)).toBe(1);
    expect(await reminders(due.id)).toHaveLength(1);
    for (const order of [recent, briefed, old]) expect(await reminders(order.id)).toHaveLength(0);
    // Later passes find nothing more to send.
    expect(await queueBriefReminders(repo.db, 24)).toBe(0);
    expect(await reminders(due.id)).toHaveLength(1);
    // 0 turns them off.
    await paidHoursAgo(25);
    expect(await queueBriefReminders(repo.db, 0)).toBe(0);
  });
});
