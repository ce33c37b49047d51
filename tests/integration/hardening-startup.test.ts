import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openLiveDatabase } from "../support/live-db.ts";
import { describe, expect, test } from "vitest";
import { orderForm, postOrder, readStore } from "../support/orders.ts";
import { startExpectingExit, startServer, tempDataDir } from "../support/server.ts";
import { COMPLETE_CONFIG } from "../support/site-config.ts";

// Configurations (PUBLIC_ORIGIN among them) that must stop the start with one
// clear line and exit 1, and a data store that fails while the site runs.

const frOrder = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../locales/fr/order.json"), "utf8"));
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const lines = (output: string) => output.trim().split("\n").filter(Boolean);

describe("start-up refuses a dangerous or broken configuration (one line, exit 1)", () => {
  test("sandbox payments on an https origin with SMTP configured, without DEMO_MODE", async () => {
    // Everything else a live site needs is in place: the missing Stripe key is the one reason.
    const { code, output } = await startExpectingExit({
      PUBLIC_ORIGIN: "https://ateliernova-ia.fr",
      SITE_CONFIG: COMPLETE_CONFIG,
      SMTP_URL: "smtp://user:pass@127.0.0.1:2525",
      MAIL_FROM: "bonjour@ateliernova-ia.fr",
      DATA_DIR: tempDataDir(),
    });
    expect(code).toBe(1);
    expect(output).toMatch(/^Not ready to go live: 1 value\(s\) to set/m);
    expect(output).toMatch(/^ {2}STRIPE_SECRET_KEY: not set/m);
    expect(lines(output)).toHaveLength(2);
    expect(output).not.toMatch(/listening on/);
  });

  test("DEMO_MODE=true runs the sandbox on an https origin on purpose, demo banner shown", async () => {
    const server = await startServer({ LOG_LEVEL: "silent", PUBLIC_ORIGIN: "https://demo.example", DEMO_MODE: "true" });
    try {
      const page = await (await fetch(`${server.url}/en`)).text();
      expect(page).toContain('class="demo-banner"');
    } finally {
      await server.stop();
    }
  });

  test.each([
    ["a path", "https://shop.example/shop"],
    ["a query", "http://shop.example/?x=1"],
    ["a fragment", "http://shop.example/#top"],
  ])("PUBLIC_ORIGIN with %s", async (_what, origin) => {
    const { code, output } = await startExpectingExit({
      PUBLIC_ORIGIN: origin,
      DEMO_MODE: "true",
      DATA_DIR: tempDataDir(),
    });
    expect(code).toBe(1);
    expect(lines(output)).toHaveLength(1);
    expect(output).toContain("PUBLIC_ORIGIN");
  });

  test("several mistakes in the environment: one per line under one heading, as check-live prints them", async () => {
    const { code, output } = await startExpectingExit({
      ORDER_RATE_LIMIT: "-1",
      OWNER_LANG: "xx",
      CONNECTIONS_PER_CLIENT: "many",
    });
    expect(code).toBe(1);
    expect(lines(output)).toEqual([
      "Invalid configuration:",
      expect.stringMatching(/^ {2}ORDER_RATE_LIMIT: /),
      expect.stringMatching(/^ {2}CONNECTIONS_PER_CLIENT: /),
      expect.stringMatching(/^ {2}OWNER_LANG: /),
    ]);
  });

  test("DATA_DIR pointing at a file", async () => {
    const file = path.join(tempDataDir(), "not-a-dir");
    fs.writeFileSync(file, "x");
    const { code, output } = await startExpectingExit({ DATA_DIR: file });
    expect(code).toBe(1);
    expect(lines(output)).toHaveLength(1);
    expect(output).toContain(file);
    expect(output).toMatch(/EEXIST|ENOTDIR/);
  });

  test("DATA_DIR where the process may not write", async () => {
    // sysfs refuses new directories even to root (a chmod would not stop root).
    const { code, output } = await startExpectingExit({ DATA_DIR: "/sys/lumen-data" });
    expect(code).toBe(1);
    expect(lines(output)).toHaveLength(1);
    expect(output).toContain("/sys/lumen-data");
    expect(output).toMatch(/EPERM|EACCES|EROFS/);
  });

  test("DATA_DIR on a path whose mkdir never returns (under /proc): stopped within its time limit, before taking the port", async () => {
    const { code, output } = await startExpectingExit({ DATA_DIR: "/proc/self/lumen-data", LOG_LEVEL: "info" });
    expect(code).toBe(1);
    expect(lines(output)).toHaveLength(1);
    expect(output).toContain("DATA_DIR /proc/self/lumen-data is not usable");
    expect(output).not.toContain("listening");
  });

  test("a database file that does not open", async () => {
    const dir = tempDataDir();
    fs.writeFileSync(
      path.join(dir, "orders.sqlite"),
      "this is not a database, just text long enough to have a header".repeat(20),
    );
    const { code, output } = await startExpectingExit({ DATA_DIR: dir });
    expect(code).toBe(1);
    expect(lines(output)).toHaveLength(1);
    expect(output).toContain(path.join(dir, "orders.sqlite"));
  });
});

describe("a data store that fails while the site runs", () => {
  test("/healthz checks the database: 503 while it cannot answer, 200 again after", async () => {
    const server = await startServer({ LOG_LEVEL: "silent" });
    const db = openLiveDatabase(path.join(server.dataDir, "orders.sqlite"));
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      db.exec("ALTER TABLE orders RENAME TO orders_unreachable");
      const down = await fetch(`${server.url}/healthz`);
      expect(down.status).toBe(503);
      expect(await down.text()).not.toMatch(/orders_unreachable|sqlite/i);
      db.exec("ALTER TABLE orders_unreachable RENAME TO orders");
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      db.close();
      await server.stop();
    }
  });

  test("/healthz checks the database takes a write: 503 with one line while it refuses, 200 after", async () => {
    const server = await startServer({ LOG_LEVEL: "silent" });
    const db = openLiveDatabase(path.join(server.dataDir, "orders.sqlite"));
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // Reads still work; every write fails as SQLite's do on a full disk.
      db.exec(
        "CREATE TRIGGER refuse_writes BEFORE INSERT ON app_settings BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;",
      );
      const down = await fetch(`${server.url}/healthz`);
      expect(down.status).toBe(503);
      expect(await down.text()).toBe("database cannot write (disk full)\n");
      db.exec("DROP TRIGGER refuse_writes");
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      // The probe left nothing behind.
      expect(db.prepare("SELECT COUNT(*) AS n FROM app_settings WHERE key LIKE 'health-probe-%'").get()).toEqual({
        n: 0,
      });
    } finally {
      db.close();
      await server.stop();
    }
  });

  test("a full data volume (a small tmpfs, filled): /healthz 503 saying so, 200 when space frees", async () => {
    // Needs root (mount): the machines and CI of this project run the tests as root.
    const volume = tempDataDir("site-volume-");
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=40m", "tmpfs", volume]);
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      server = await startServer({ LOG_LEVEL: "silent", DATA_DIR: volume });
      const health = async () => {
        const res = await fetch(`${server!.url}/healthz`);
        return { status: res.status, body: await res.text() };
      };
      expect((await health()).status).toBe(200);
      // Fill the volume as a growing backup or log would, until the kernel says no space.
      const filler = path.join(volume, "filler.bin");
      const fd = fs.openSync(filler, "w");
      const chunk = Buffer.alloc(1024 * 1024, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
      } finally {
        fs.closeSync(fd);
      }
      const full = await health();
      expect(full.status).toBe(503);
      expect(full.body).toMatch(/^data volume full: \d+ MB free, 16 MB needed\n$/);
      fs.rmSync(filler);
      expect(await health()).toEqual({ status: 200, body: "ok\n" });
    } finally {
      await server?.stop();
      execFileSync("umount", [volume]);
      fs.rmSync(volume, { recursive: true, force: true });
    }
  });

  test("storage full while ordering: a translated 503 on the form with the visitor's values kept", async () => {
    const server = await startServer({ LOG_LEVEL: "silent", ORDER_RATE_LIMIT: "0" });
    const db = openLiveDatabase(path.join(server.dataDir, "orders.sqlite"));
    try {
      // What SQLite does on a full disk: the INSERT fails with "database or disk is full".
      db.exec(
        "CREATE TRIGGER disk_full BEFORE INSERT ON orders BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;",
      );
      const form = orderForm({ firstName: "Rémi", email: "full@example.com" });
      const res = await postOrder(server.url, "test-workflow", "fr", form, { headers: { Origin: server.url } });
      const body = await res.text();
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBeTruthy();
      expect(body).toContain(html(frOrder.errors.storage));
      expect(body).toContain('value="Rémi"');
      expect(body).toContain('value="full@example.com"');
      db.exec("DROP TRIGGER disk_full");
      // Space is back: the same form (same token) goes through.
      const token = /name="token" value="([^"]+)"/.exec(body)![1]!;
      form.set("token", token);
      const retried = await postOrder(server.url, "test-workflow", "fr", form, { headers: { Origin: server.url } });
      expect(retried.status).toBe(303);
      expect((await readStore(server.dataDir)).orders).toHaveLength(1);
    } finally {
      db.close();
      await server.stop();
    }
  });
});
