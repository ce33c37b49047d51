import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "vitest";
import { BACKUPS_KEPT, backupFileName, backupIfDue, listBackups } from "./backup.server.ts";

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
  const made = await backupIfDue(db, backups, now);
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
