// A restore never loses an order. Refused while the site runs (it would go on
// writing into the file being replaced); every database a restore replaces is kept under its own
// name; each input mistake is one line.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openLiveDatabase } from "../support/live-db.ts";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { orderForm, postOrder } from "../support/orders.ts";
import { startServer, tempDataDir, type RunningServer } from "../support/server.ts";

const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

/** `node scripts/backup.ts ARGS` with DATA_DIR: exit code, stdout, stderr (never throws). */
async function backup(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, ["scripts/backup.ts", ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

const tokensIn = (file: string) => {
  const db = openLiveDatabase(file, { readOnly: true });
  try {
    return new Set(
      (db.prepare("SELECT submission_token FROM orders").all() as Array<{ submission_token: string }>).map(
        (row) => row.submission_token,
      ),
    );
  } finally {
    db.close();
  }
};

async function placeOrder(server: RunningServer, token: string) {
  const res = await postOrder(server.url, "test-workflow", "en", orderForm({ token, email: `${token}@example.com` }));
  expect(res.status, token).toBe(303);
}

/** One query on a closed database file (opened and closed again: a restore refuses a file someone holds). */
function all(file: string, sql: string, ...args: string[]) {
  const db = openLiveDatabase(file, { readOnly: true });
  try {
    return db.prepare(sql).all(...args);
  } finally {
    db.close();
  }
}
const one = (file: string, sql: string, ...args: string[]) => all(file, sql, ...args)[0];

/** One line on stderr, no stack trace. */
function expectOneLine(stderr: string) {
  expect(stderr.trim().split("\n"), stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe("npm run backup -- --restore", () => {
  test("is refused while the site runs, changing nothing; once stopped, each restore keeps the database it replaces under its own name", async () => {
    const server = await startServer({ LOG_LEVEL: "silent" });
    servers.push(server);
    const live = path.join(server.dataDir, "orders.sqlite");
    await placeOrder(server, "restore-before-backup");
    const copy = path.join(tempDataDir("restore-copy-"), "copy.sqlite");
    expect((await backup(server.dataDir, copy)).code).toBe(0);
    await placeOrder(server, "restore-after-backup");

    const refused = await backup(server.dataDir, "--restore", copy);
    expect(refused.code).toBe(1);
    expectOneLine(refused.stderr);
    expect(refused.stderr).toMatch(/in use/);
    expect(refused.stderr).toMatch(/stop the site/i);
    expect(fs.readdirSync(server.dataDir).filter((name) => name.startsWith("orders-replaced-"))).toEqual([]);
    // The site goes on taking orders into the same database.
    await placeOrder(server, "restore-after-refusal");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(tokensIn(live)).toEqual(new Set(["restore-before-backup", "restore-after-backup", "restore-after-refusal"]));

    expect(await server.stop()).toBe(0);
    // Stopped: the two orders taken after the backup are named, and nothing happens without a choice.
    const asked = await backup(server.dataDir, "--restore", copy);
    expect(asked.code).toBe(1);
    expectOneLine(asked.stderr);
    expect(asked.stderr).toContain("has 2 order(s) (0 paid)");
    expect(asked.stderr).toMatch(/--merge-newer.*--force/);
    expect(fs.readdirSync(server.dataDir).filter((name) => name.startsWith("orders-replaced-"))).toEqual([]);
    expect(tokensIn(live)).toEqual(new Set(["restore-before-backup", "restore-after-backup", "restore-after-refusal"]));
    const first = await backup(server.dataDir, "--restore", copy, "--force");
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain("2 newer order(s) (0 paid) dropped");
    const kept = () =>
      fs
        .readdirSync(server.dataDir)
        .filter((name) => /^orders-replaced-\d{8}T\d{6}Z(-\d+)?\.sqlite$/.test(name))
        .sort();
    expect(kept()).toHaveLength(1);
    expect(first.stdout).toContain(kept()[0]);
    expect(tokensIn(live)).toEqual(new Set(["restore-before-backup"]));
    expect(tokensIn(path.join(server.dataDir, kept()[0]!))).toEqual(
      new Set(["restore-before-backup", "restore-after-backup", "restore-after-refusal"]),
    );

    // A second restore keeps the first restore's database too, and overwrites nothing.
    const again = await startServer({ LOG_LEVEL: "silent", DATA_DIR: server.dataDir });
    servers.push(again);
    await placeOrder(again, "restore-between-restores");
    expect(await again.stop()).toBe(0);
    expect((await backup(server.dataDir, "--restore", copy, "--force")).code).toBe(0);
    expect(kept()).toHaveLength(2);
    const [older, newer] = kept().map((name) => tokensIn(path.join(server.dataDir, name)));
    expect(older).toEqual(new Set(["restore-before-backup", "restore-after-backup", "restore-after-refusal"]));
    expect(newer).toEqual(new Set(["restore-before-backup", "restore-between-restores"]));

    const restarted = await startServer({ LOG_LEVEL: "silent", DATA_DIR: server.dataDir });
    servers.push(restarted);
    await placeOrder(restarted, "restore-after-restart");
    expect(tokensIn(live)).toEqual(new Set(["restore-before-backup", "restore-after-restart"]));
  }, 300_000);

  test("--merge-newer keeps the orders taken after the backup (with what is about them), and an email the replaced database had sent is not sent again", async () => {
    const server = await startServer({ LOG_LEVEL: "silent" });
    servers.push(server);
    const live = path.join(server.dataDir, "orders.sqlite");
    await placeOrder(server, "merge-before-backup");
    const copy = path.join(tempDataDir("restore-copy-"), "copy.sqlite");
    expect((await backup(server.dataDir, copy)).code).toBe(0);
    await placeOrder(server, "merge-after-backup-1");
    await placeOrder(server, "merge-after-backup-2");
    expect(await server.stop()).toBe(0);
    // An email pending in the backup that the live site had sent since.
    const orderOf = (file: string, token: string) =>
      (one(file, "SELECT id FROM orders WHERE submission_token = ?", token) as { id: string }).id;
    const before = orderOf(live, "merge-before-backup");
    const write = (file: string, status: string) => {
      const db = openLiveDatabase(file);
      db.prepare(
        "INSERT INTO outbox (order_id, kind, status, attempts, next_attempt_at, created_at, sent_at) VALUES (?, 'confirmation', ?, 0, 0, '2026-11-28T08:00:00Z', ?)",
      ).run(before, status, status === "sent" ? "2026-11-28T08:01:00Z" : null);
      db.close();
    };
    write(copy, "pending");
    write(live, "sent");
    const after = orderOf(live, "merge-after-backup-2");
    const events = (file: string, id: string) =>
      (one(file, "SELECT count(*) AS n FROM order_events WHERE order_id = ?", id) as { n: number }).n;
    const eventsBefore = events(live, after);

    const merged = await backup(server.dataDir, "--restore", copy, "--merge-newer");
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toContain("2 newer order(s) (0 paid) copied in");
    expect(merged.stdout).toContain("1 email(s) the replaced database had sent are marked sent");
    expect(tokensIn(live)).toEqual(new Set(["merge-before-backup", "merge-after-backup-1", "merge-after-backup-2"]));
    expect(events(live, after)).toBe(eventsBefore);
    const status = one(live, "SELECT status FROM outbox WHERE order_id = ? AND kind = 'confirmation'", before) as {
      status: string;
    };
    expect(status.status).toBe("sent");
    // The site starts on it and takes the next order with the next reference.
    const restarted = await startServer({ LOG_LEVEL: "silent", DATA_DIR: server.dataDir });
    servers.push(restarted);
    await placeOrder(restarted, "merge-after-restart");
    const numbers = all(live, "SELECT reference_number AS n FROM orders WHERE reference_number IS NOT NULL") as Array<{
      n: number;
    }>;
    expect(new Set(numbers.map((row) => row.n)).size).toBe(numbers.length);
    expect(await restarted.stop()).toBe(0);
  }, 300_000);

  test("a missing file, a file that is not a database, --restore without a value and an unknown option: one line each, nothing changed", async () => {
    const dataDir = tempDataDir();
    const live = path.join(dataDir, "orders.sqlite");
    const db = openLiveDatabase(live);
    db.exec(
      "CREATE TABLE orders (id TEXT PRIMARY KEY, submission_token TEXT); INSERT INTO orders VALUES ('a', 'kept')",
    );
    db.close();
    const text = path.join(dataDir, "notes.txt");
    fs.writeFileSync(text, "not a database at all, just some words to fill a page ".repeat(100));
    const cases: Array<[string[], RegExp]> = [
      [["--restore", path.join(dataDir, "missing.sqlite")], /No file at .*missing\.sqlite/],
      [["--restore", text], /notes\.txt is not an SQLite database/],
      [["--restore"], /--restore.*(missing|needs)/],
      [["--bogus"], /Unknown option '--bogus'.*Usage/],
    ];
    for (const [args, message] of cases) {
      const result = await backup(dataDir, ...args);
      expect(result.code, args.join(" ")).not.toBe(0);
      expectOneLine(result.stderr);
      expect(result.stderr).toMatch(message);
    }
    expect(tokensIn(live)).toEqual(new Set(["kept"]));
    expect(fs.readdirSync(dataDir).sort()).toEqual(["notes.txt", "orders.sqlite"]);
  }, 300_000);
});
