import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openLiveDatabase } from "../support/live-db.ts";
import { promisify } from "node:util";
import { afterAll, describe, expect, test } from "vitest";
import { orderForm, postOrder } from "../support/orders.ts";
import { startServer, tempDataDir, type RunningServer } from "../support/server.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

const referencesIn = (file: string) => {
  const db = openLiveDatabase(file, { readOnly: true });
  try {
    const integrity = (db.prepare("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
    const tokens = (db.prepare("SELECT submission_token FROM orders").all() as Array<{ submission_token: string }>).map(
      (row) => row.submission_token,
    );
    return { integrity, tokens: new Set(tokens) };
  } finally {
    db.close();
  }
};

describe("backups", () => {
  test("npm run backup during a write load: a consistent copy with every order committed before it started; restore puts it back", async () => {
    const server = await startServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0" });
    servers.push(server);
    const committed: Array<{ token: string; at: number }> = [];
    let writing = true;
    let n = 0;
    // Four clients creating orders as fast as the server takes them, for a bounded time.
    // Count-based, not time-based: a loaded machine (load 30 seen) takes a few orders a second.
    const writers = Array.from({ length: 4 }, async () => {
      const deadline = Date.now() + 90_000;
      while (writing && Date.now() < deadline) {
        const token = `backup-load-${n++}-${Math.random().toString(36).slice(2)}`;
        const res = await postOrder(
          server.url,
          "test-workflow",
          "en",
          orderForm({ token, email: `load${n}@example.com` }),
        );
        if (res.status === 303) committed.push({ token, at: Date.now() });
      }
    });
    for (const deadline = Date.now() + 60_000; committed.length <= 10 && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const file = path.join(tempDataDir("backup-copy-"), "copy.sqlite");
    const started = Date.now();
    const { stdout } = await run(process.execPath, ["scripts/backup.ts", file], {
      cwd: root,
      env: { ...process.env, DATA_DIR: server.dataDir },
    });
    const finished = Date.now();
    writing = false;
    await Promise.all(writers);
    expect(stdout).toContain(file);

    const before = committed.filter((order) => order.at < started);
    const during = committed.filter((order) => order.at >= started && order.at <= finished);
    expect(before.length).toBeGreaterThan(10);
    const copy = referencesIn(file);
    expect(copy.integrity).toBe("ok");
    for (const order of before) expect(copy.tokens.has(order.token), order.token).toBe(true);
    // Writes went on while the copy was made (the server was not blocked).
    expect(committed.length).toBeGreaterThan(before.length + during.length - 1);
    console.log(
      `backup: ${before.length} orders before, ${during.length} during (${finished - started} ms), ${committed.length} in all`,
    );

    // Restore: stop the server, one command, start again: the copy's orders are served.
    expect(await server.stop()).toBe(0);
    // The orders written during and after the copy are dropped on purpose here (--force): the copy alone is put back.
    const restored = await run(process.execPath, ["scripts/backup.ts", "--restore", file, "--force"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: server.dataDir },
    });
    expect(restored.stdout).toContain("Restored");
    expect(referencesIn(path.join(server.dataDir, "orders.sqlite")).tokens).toEqual(copy.tokens);
    const again = await startServer({ LOG_LEVEL: "silent", DATA_DIR: server.dataDir });
    servers.push(again);
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
  }, 300_000);

  test("without a path the backup goes to DATA_DIR/backups; a broken file is never restored", async () => {
    const dataDir = tempDataDir();
    const db = openLiveDatabase(path.join(dataDir, "orders.sqlite"));
    db.exec("CREATE TABLE orders (id TEXT PRIMARY KEY, submission_token TEXT); INSERT INTO orders VALUES ('a', 't')");
    db.close();
    // Two files of an order on disk: the copy holds the database only, and says in one line what else to copy.
    for (const name of ["f1", "f2"]) {
      fs.mkdirSync(path.join(dataDir, "files", "orders", "a"), { recursive: true });
      fs.writeFileSync(path.join(dataDir, "files", "orders", "a", name), name);
    }
    const { stdout } = await run(process.execPath, ["scripts/backup.ts"], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, FILES_STORAGE: "" },
    });
    const written = fs.readdirSync(path.join(dataDir, "backups"));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^orders-\d{8}T\d{6}Z\.sqlite$/);
    expect(stdout).toContain(written[0]);
    expect(stdout.split("\n").filter((line) => line.startsWith("Files:"))).toEqual([
      `Files: this backup holds the database only; copy ${path.join(dataDir, "files")} (2 files) along with it, e.g. rsync -a ${path.join(dataDir, "files")}/ /elsewhere/files/.`,
    ]);
    // With the files in a bucket: where they are, and that the bucket is backed up on its own.
    const inBucket = await run(process.execPath, ["scripts/backup.ts", path.join(dataDir, "elsewhere.sqlite")], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, FILES_STORAGE: "s3", FILES_S3_BUCKET: "shop-files" },
    });
    expect(inBucket.stdout).toMatch(
      /^Files: .*2 files are still in .* while FILES_STORAGE=s3: copy them into the bucket \(aws s3 sync .*\/files\/orders s3:\/\/shop-files\/orders\)\.$/m,
    );
    fs.rmSync(path.join(dataDir, "files"), { recursive: true });
    const onlyBucket = await run(process.execPath, ["scripts/backup.ts", path.join(dataDir, "elsewhere.sqlite")], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, FILES_STORAGE: "s3", FILES_S3_BUCKET: "shop-files" },
    });
    expect(onlyBucket.stdout).toMatch(
      /^Files: this backup holds the database only; briefs' and deliveries' files are in the S3 bucket shop-files: keep its versioning or your provider's backups on\.$/m,
    );

    const broken = path.join(dataDir, "broken.sqlite");
    fs.writeFileSync(broken, "not a database");
    const refused = await run(process.execPath, ["scripts/backup.ts", "--restore", broken], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    }).catch((error) => error);
    expect(refused.code).not.toBe(0);
    expect(referencesIn(path.join(dataDir, "orders.sqlite")).tokens).toEqual(new Set(["t"]));
  });
});
