import { expect, test } from "vitest";
import { paidTestOrder } from "../../tests/support/order-fixtures.ts";
import { storesPerTest } from "../../tests/support/store.ts";
import { BRIEF_REMINDER_KIND, queueBriefReminders } from "./brief-reminder.server.ts";
import { closeWork } from "./delivery-store.server.ts";

const repo = storesPerTest();

test("the brief's reminder: once for an order paid a day ago with no brief; none for one whose work money closed (read from the work's closure)", async () => {
  const open = await paidTestOrder(repo);
  const refunded = await paidTestOrder(repo);
  // The state machine's closure, as a full refund writes it with the billing change.
  await closeWork(repo.db, refunded.id, { why: "refunded", event: "refundFull" });
  const dayLater = new Date(Date.now() + 25 * 3_600_000);
  expect(await queueBriefReminders(repo.db, 24, dayLater)).toBe(1);
  expect(await queueBriefReminders(repo.db, 24, dayLater)).toBe(0);
  const reminded = async (orderId: string) =>
    (await repo.listEmails(orderId)).some((email) => email.kind === BRIEF_REMINDER_KIND);
  expect(await reminded(open.id)).toBe(true);
  expect(await reminded(refunded.id)).toBe(false);
});
