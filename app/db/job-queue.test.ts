import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { storeKind, testPostgres } from "../../tests/support/store.ts";
import { openStore, type Store } from "./database.server.ts";
import { JOB_QUEUES, jobQueue } from "./job-queue.server.ts";

// The one claimed-job queue, on the kind of database under test (this file runs on SQLite and
// again on PostgreSQL: vitest.config.ts). "Two instances" are two stores over one database, each
// with its own connections, as two containers of the site would be.

const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

/** Two stores over one fresh database of the kind under test. */
async function twoInstances(): Promise<[Store, Store]> {
  const target =
    storeKind === "postgres"
      ? { databaseUrl: await (await testPostgres()).createDatabase() }
      : { sqliteFile: path.join(fs.mkdtempSync(path.join(os.tmpdir(), "job-queue-")), "orders.sqlite") };
  const a = await openStore(target);
  opened.push(a);
  const b = await openStore(target);
  opened.push(b);
  return [a, b];
}

async function queueEmails(store: Store, count: number, due = Date.now()): Promise<void> {
  const created = new Date().toISOString();
  for (let start = 0; start < count; start += 200) {
    const rows = Array.from({ length: Math.min(200, count - start) }, (_, i) => ({
      order_id: null,
      system_key: `job-${start + i}`,
      kind: "owner-daily",
      next_attempt_at: due,
      last_error: null,
      message_id: null,
      created_at: created,
      sent_at: null,
    }));
    await store.db.insertInto("outbox").values(rows).execute();
  }
}

test("two instances claim 1,000 jobs side by side: each job is claimed once, and both do work", async () => {
  const [a, b] = await twoInstances();
  await queueEmails(a, 1000);
  const claimedBy = new Map<number, string>();
  const twice: number[] = [];
  // Four workers per instance, each claiming batches of 25 until nothing is due: the lease (a
  // minute) outlasts the test, so a job claimed twice can only be a claim that was not atomic.
  const worker = async (store: Store, name: string) => {
    const queue = jobQueue(store.db, store.dialect, JOB_QUEUES.outbox);
    for (;;) {
      const batch = await queue.claim(25, 60_000);
      if (!batch.length) return;
      for (const job of batch) {
        if (claimedBy.has(job.id)) twice.push(job.id);
        claimedBy.set(job.id, name);
        expect(job.attempts).toBe(1);
      }
    }
  };
  await Promise.all([
    ...Array.from({ length: 4 }, () => worker(a, "a")),
    ...Array.from({ length: 4 }, () => worker(b, "b")),
  ]);
  expect(twice).toEqual([]);
  expect(claimedBy.size).toBe(1000);
  const byA = [...claimedBy.values()].filter((name) => name === "a").length;
  expect(byA).toBeGreaterThan(0);
  expect(byA).toBeLessThan(1000);
  const counted = await a.db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("attempts", "=", 1)
    .executeTakeFirstOrThrow();
  expect(Number(counted.n)).toBe(1000);
});

test("a lease that runs out gives the job to the next claim; retry waits, release gives back, give up ends it", async () => {
  const [a, b] = await twoInstances();
  await queueEmails(a, 3);
  const onA = jobQueue(a.db, a.dialect, JOB_QUEUES.outbox);
  const onB = jobQueue(b.db, b.dialect, JOB_QUEUES.outbox);

  // A crashed instance: claimed with a lease already over, never finished.
  const crashed = await onA.claim(1, -1);
  expect(crashed).toHaveLength(1);
  const again = await onB.claim(10, 60_000);
  expect(again.map((job) => job.id)).toContain(crashed[0]!.id);
  expect(again.find((job) => job.id === crashed[0]!.id)!.attempts).toBe(2);
  expect(again).toHaveLength(3);

  // Released (a worker stopping mid-batch): due at once, the attempt not counted.
  await onB.release([again[1]!.id]);
  const released = await onA.claim(10, 60_000);
  expect(released).toEqual([{ id: again[1]!.id, attempts: 1 }]);

  // A retry is not due before its delay; a given-up job is never claimed again.
  await onA.retry(again[1]!.id, 60_000, "421 try later");
  await onA.giveUp(again[2]!.id, "550 no such mailbox");
  await onA.retry(again[0]!.id, -1, "timeout");
  expect(await onB.claim(10, 60_000)).toEqual([{ id: again[0]!.id, attempts: 3 }]);
  const rows = await a.db.selectFrom("outbox").select(["id", "status", "last_error"]).orderBy("id").execute();
  expect(rows.map((row) => [row.status, row.last_error])).toEqual([
    ["pending", "timeout"],
    ["pending", "421 try later"],
    ["failed", "550 no such mailbox"],
  ]);
  // A give-up is final: a late retry of the failed job changes nothing.
  await onB.retry(again[2]!.id, -1, "late");
  expect(await onB.claim(10, 60_000)).toEqual([]);
  // Only the owner's "send again" brings it back, due at once.
  expect(await onA.requeue(again[2]!.id)).toBe(true);
  expect(await onB.claim(10, 60_000)).toEqual([{ id: again[2]!.id, attempts: 2 }]);
  expect(await onA.requeue(999_999)).toBe(false);
});

test("the payment events' inbox is the same queue: its waiting and given-up states are its own words", async () => {
  const [a] = await twoInstances();
  const queue = jobQueue(a.db, a.dialect, JOB_QUEUES.paymentEvents);
  const received = new Date().toISOString();
  await a.db
    .insertInto("webhook_inbox")
    .values(
      ["evt_1", "evt_2"].map((id) => ({
        id,
        kind: "checkout.session.completed",
        event_json: "{}",
        next_attempt_at: Date.now(),
        outcome: null,
        last_error: null,
        order_id: null,
        received_at: received,
      })),
    )
    .execute();
  const claimed = await queue.claim(10, 60_000);
  expect(claimed).toEqual([
    { id: "evt_1", attempts: 1 },
    { id: "evt_2", attempts: 1 },
  ]);
  await queue.giveUp("evt_2", "no order for this session");
  await queue.retry("evt_1", -1, "Stripe answered 500");
  expect(await queue.claim(10, 60_000)).toEqual([{ id: "evt_1", attempts: 2 }]);
  const statuses = await a.db.selectFrom("webhook_inbox").select(["id", "status"]).orderBy("id").execute();
  expect(statuses).toEqual([
    { id: "evt_1", status: "queued" },
    { id: "evt_2", status: "unhandled" },
  ]);
});
