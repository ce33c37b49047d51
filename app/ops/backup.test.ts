import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "vitest";
import { BACKUPS_KEPT, backupFileName, backupIfDue, backupsSize, listBackups } from "./backup.server.ts";
import { isLowSpace, lowSpaceThreshold } from "./disk-space.server.ts";

const MB = 1024 * 1024;
const day = 24 * 60 * 60_000;
const start = Date.parse("2026-01-01T03:00:00Z");

/** A live database of about `mb` megabytes, and `count` older daily backups of `backupBytes` each. */
function setUp(count: number, backupBytes: number, mb = 1) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "daily-backups-"));
  const db = new DatabaseSync(path.join(dir, "live.sqlite"));
  db.exec("CREATE TABLE t (x); PRAGMA wal_checkpoint(TRUNCATE)");
  db.prepare("INSERT INTO t VALUES (?)").run(Buffer.alloc(mb * MB, 7));
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  const backups = path.join(dir, "backups");
  fs.mkdirSync(backups);
  for (let i = 0; i < count; i++) {
    const file = path.join(backups, backupFileName(new Date(start + i * day)));
    fs.writeFileSync(file, Buffer.alloc(backupBytes));
    fs.utimesSync(file, new Date(start + i * day), new Date(start + i * day));
  }
  return { db, backups, now: new Date(start + count * day) };
}

test("the daily backup runs once a day and keeps the newest 14", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "daily-backups-"));
  const db = new DatabaseSync(path.join(dir, "live.sqlite"));
  db.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)");
  const backups = path.join(dir, "backups");
  // Twenty days of older backups.
  fs.mkdirSync(backups);
  const day = 24 * 60 * 60_000;
  const start = Date.parse("2026-01-01T03:00:00Z");
  for (let i = 0; i < 20; i++) {
    const file = path.join(backups, backupFileName(new Date(start + i * day)));
    fs.writeFileSync(file, "old");
    fs.utimesSync(file, new Date(start + i * day), new Date(start + i * day));
  }
  const now = new Date(start + 20 * day);
  const outcome = await backupIfDue(db, backups, now);
  const made = outcome && "file" in outcome ? outcome.file : undefined;
  expect(made).toBe(path.join(backups, backupFileName(now)));
  const kept = listBackups(backups);
  expect(kept).toHaveLength(BACKUPS_KEPT);
  expect(kept.at(-1)!.file).toBe(made);
  expect(kept[0]!.file).toBe(path.join(backups, backupFileName(new Date(start + 7 * day))));
  // The copy is a database with the live rows.
  const copy = new DatabaseSync(made!, { readOnly: true });
  expect(copy.prepare("SELECT x FROM t").all()).toEqual([{ x: 1 }]);
  copy.close();
  // Less than a day later: nothing new.
  expect(await backupIfDue(db, backups, new Date(now.getTime() + day / 2))).toBeNull();
  db.close();
});

test("the backups stay within their budget: the oldest go first, the newest always stays", async () => {
  // Ten 2 MB backups (20 MB) under a 9 MB budget, and a live database of about 1 MB.
  const { db, backups, now } = setUp(10, 2 * MB);
  const outcome = await backupIfDue(db, backups, now, { budgetBytes: 9 * MB });
  expect(outcome).toEqual({ file: path.join(backups, backupFileName(now)) });
  expect(backupsSize(backups)).toBeLessThanOrEqual(9 * MB);
  const kept = listBackups(backups);
  // Today's copy and the three newest older ones (3 × 2 MB + ~1 MB).
  expect(kept.map(({ file }) => path.basename(file))).toEqual(
    [7, 8, 9, 10].map((i) => backupFileName(new Date(start + i * day))),
  );
  db.close();
});

test("a database larger than the budget is not copied, and the reason says so; the old copy stays", async () => {
  const { db, backups, now } = setUp(2, 1024, 3);
  const outcome = await backupIfDue(db, backups, now, { budgetBytes: 2 * MB });
  expect(outcome).toEqual({
    skipped: expect.stringMatching(/^the database \(3 MB\) is larger than the backup budget \(2 MB, BACKUPS_MAX_MB\)$/),
  });
  // Pruning keeps the newest older copy, whatever the budget.
  expect(listBackups(backups)).toHaveLength(1);
  db.close();
});

test("on a nearly full volume the day's copy is skipped rather than filling the disk the orders need", async () => {
  const { db, backups, now } = setUp(3, 1024);
  const total = 10_000 * MB;
  const threshold = lowSpaceThreshold(total);
  // Room for the copy, but it would leave the volume low.
  const outcome = await backupIfDue(db, backups, now, { space: async () => ({ free: threshold + MB / 2, total }) });
  expect(outcome).toEqual({
    skipped: expect.stringMatching(/^\d+ MB free on the data volume: a 1 MB copy would leave less than 1000 MB$/),
  });
  expect(listBackups(backups)).toHaveLength(3);
  // With room to spare it is written.
  expect(await backupIfDue(db, backups, now, { space: async () => ({ free: threshold + 10 * MB, total }) })).toEqual({
    file: path.join(backups, backupFileName(now)),
  });
  db.close();
});

test("low space: a tenth of the volume, at most 1 GiB, at least 64 MB", () => {
  expect(lowSpaceThreshold(200 * 1024 * MB)).toBe(1024 * MB);
  expect(lowSpaceThreshold(5 * 1024 * MB)).toBe(512 * MB);
  expect(lowSpaceThreshold(100 * MB)).toBe(64 * MB);
  expect(isLowSpace({ free: 600 * MB, total: 5 * 1024 * MB })).toBe(false);
  expect(isLowSpace({ free: 500 * MB, total: 5 * 1024 * MB })).toBe(true);
});
